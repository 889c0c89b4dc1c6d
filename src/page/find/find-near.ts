/** findNear: find, ranked by closeness to a known element (the smallest shared container, then distance). */
import { closestDeep, contextOf, ROW } from '../perceive/context';
import * as dom from '../dom/members';
import { hoverHolder } from '../perceive/hover-css';
import type { ElementStore } from '../ids/store';
import { resolveTarget, type Target } from '../ids/target';
import { INTERACTIVE_SELECTOR } from '../dom/types';
import { containsDeep, parentOf } from '../dom/walk';
import { patternAndOptions } from './find';
import { search } from './search';
import { finish, toMatch } from './matches';
import type { Candidate, FindOptions, Matches } from './types';
import { atOnce, runAtOnce, type Pace, type Steps } from '../dom/slices';

interface Nearness {
  /** Steps from the anchor up to the smallest container both share. */
  shared: number;
  distance: number;
  relation: string;
}

function nearness(anchor: Element, el: Element, anchorUp: Map<Element, number>): Nearness {
  let lca: Element | null = null;
  for (let n: Element | null = el; n; n = parentOf(n))
    if (anchorUp.has(n)) {
      lca = n;
      break;
    }
  const shared = lca ? anchorUp.get(lca)! : 1e6;
  const a = dom.rect(anchor);
  const b = dom.rect(el);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const relations: string[] = [];
  if (lca === anchor) relations.push('inside');
  else if (lca === el) relations.push('contains');
  else if (lca) {
    const row = closestDeep(anchor, ROW);
    if (row && containsDeep(row, el)) relations.push('same row');
    else {
      const ctx = contextOf(anchor);
      if (ctx && containsDeep(ctx.element, el)) relations.push(`same ${ctx.kind}`);
    }
  }
  // A control with no box yet (shown on hover) is nowhere to the side of anything.
  if (lca !== anchor && lca !== el && (b.width || b.height)) {
    const horizontal = Math.abs(dx) > Math.abs(dy) || (b.bottom > a.top && b.top < a.bottom);
    relations.push(horizontal ? (dx >= 0 ? 'right of' : 'left of') : dy >= 0 ? 'below' : 'above');
  }
  return { shared, distance: Math.round(Math.hypot(dx, dy)), relation: relations.join(', ') };
}

/**
 * findNear(id, pattern?, options?): find, ranked by closeness to element `id`, each saying how it
 * relates; as steps that may pause (dom/slices.ts).
 */
export function* findNearSteps(
  store: ElementStore,
  id: Target,
  pattern: string | RegExp | FindOptions | null | undefined,
  given: FindOptions = {},
  pace: Pace,
): Steps<Matches> {
  const [p, options] = patternAndOptions(pattern, given, INTERACTIVE_SELECTOR);
  const anchor = resolveTarget(store, id, 'findNear anchor').element;
  const result = yield* search(store, p, { ...options, within: undefined }, pace);
  const anchorUp = new Map<Element, number>();
  let steps = 0;
  for (let n: Element | null = anchor; n; n = parentOf(n)) anchorUp.set(n, steps++);
  // The anchor's own controls the page shows only on hover of its item (a row's delete button): what a
  // person means by "this row's Delete", nearer than any shown control outside the item.
  const hover = onHoverOf(anchor, result.hidden);
  const scored = [...result.candidates, ...hover]
    .filter((c) => c.el !== anchor)
    .map((c) => ({ c, n: nearness(anchor, c.el, anchorUp) }))
    .sort((x, y) => x.n.shared - y.n.shared || x.n.distance - y.n.distance || y.c.score - x.c.score);
  const byCandidate = new Map(scored.map((s) => [s.c, s.n]));
  const out = yield* finish(
    store,
    result,
    scored.map((s) => s.c),
    options.limit ?? store.config.findLimit,
    options,
    pace,
    (c, m) => {
      m.relation = byCandidate.get(c)!.relation;
      if (m.row && m.relation.startsWith('same row')) delete m.row;
    },
  );
  // Said too: how it shows (on CSS :hover, so hover() alone does not show it; a click by ID hovers first).
  const onHover = hoverOnlyNote(store, anchor, result.hidden);
  if (onHover) out.note = out.note ? `${out.note} ${onHover}` : onHover;
  return out;
}

/** Of the hidden candidates, those shown on hover of an element that holds the anchor, marked so. */
function onHoverOf(anchor: Element, hidden: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of hidden.slice(0, 30)) {
    const over = hoverHolder(c.el);
    if (over && containsDeep(over, anchor)) out.push({ ...c, onHover: over });
  }
  return out;
}

/** findNear, at once. */
export const findNear = (
  store: ElementStore,
  id: Target,
  pattern?: string | RegExp | FindOptions | null,
  given: FindOptions = {},
): Matches => runAtOnce(findNearSteps(store, id, pattern, given, atOnce()));

/**
 * The anchor's own controls that the page shows only while the pointer is over its item (CSS :hover):
 * hidden to a search, and the ones a person means by "this item's Delete".
 */
function hoverOnlyNote(store: ElementStore, anchor: Element, hidden: Candidate[]): string {
  // `[12] button "Delete"`, as a match says it.
  const ref = (c: Candidate) => {
    const m = toMatch(store, c);
    return `[${m.id}] ${m.role ?? m.tag}${m.text ? ` "${m.text}"` : ''}`;
  };
  const shown: string[] = [];
  let holder: Element | null = null;
  for (const c of hidden.slice(0, 30)) {
    const over = hoverHolder(c.el);
    if (!over || !containsDeep(over, anchor)) continue;
    holder ??= over;
    shown.push(ref(c));
  }
  return holder
    ? `Shown only on hover of ${ref({ el: holder, source: holder, matched: '' } as Candidate)} (CSS :hover): ${shown.slice(0, 5).join('; ')}; a click by ID works.`
    : '';
}

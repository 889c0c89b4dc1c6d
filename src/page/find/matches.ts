/** Candidates made into the matches find returns: one line's facts each, within the listing's budget, with notes. */
import { closestDeep, ROW, rowLabel, whereIs } from '../perceive/context';
import { disabledReason } from '../perceive/disabled';
import { elsewhereMark } from '../perceive/elsewhere-link';
import * as dom from '../dom/members';
import { nameOf } from '../perceive/name';
import { inputType, roleOf, tagOf } from '../perceive/role';
import { textOf } from '../perceive/text-of';
import { fieldValue } from '../perceive/redact';
import type { ElementStore } from '../ids/store';
import { truncate } from '../dom/text';
import { TYPE_SELECTORS, typeSelector } from '../dom/types';
import { visibility } from '../perceive/visible';
import { queryAllDeep } from '../dom/roots';
import { MAX_HITS } from './budget';
import { due, type Pace, type Steps } from '../dom/slices';
import { closedFoldersNote, hiddenNote, unrenderedNote } from './notes';
import type { Candidate, FindOptions, Match, Matches, SearchResult } from './types';

/** The full visibility check, run only on the few candidates about to be returned. */
function confirmVisible(c: Candidate, opts: FindOptions): boolean {
  if (opts.visible === false || c.onHover) return true;
  if (visibility(c.el).visible) return true;
  return c.source !== c.el && visibility(c.source).visible;
}

export function toMatch(store: ElementStore, c: Candidate): Match {
  const el = c.el;
  const role = roleOf(el);
  const tag = tagOf(el).toLowerCase();
  // A match far into a long text is shown with the text around it, not the text's start.
  const at = c.at ?? 0;
  const cut = c.matched.indexOf(' ', at - 30);
  const text =
    at > 50 && c.matched.length > 80
      ? `…${truncate(c.matched.slice(cut >= 0 && cut < at ? cut + 1 : at), 79)}`
      : c.phrase || nameOf(el, 80) || truncate(textOf(el, 200), 80);
  const m: Match = { id: store.idFor(el), tag, text };
  if (role && role !== tag) m.role = role;
  if (tag === 'input') m.type = inputType(el);
  const value = fieldValue(el);
  if (value) m.value = truncate(value, 80);
  const href = (tag === 'a' || tag === 'area') && dom.hasHref(el) ? shortHref(el) : '';
  if (href) m.href = href;
  const opens = elsewhereMark(el);
  if (opens) m.opens = opens;
  if ((el as HTMLInputElement).checked === true || dom.attr(el, 'aria-checked') === 'true') m.checked = true;
  if ((el as HTMLOptionElement).selected === true || dom.attr(el, 'aria-selected') === 'true')
    m.selected = true;
  if (disabledReason(el)) m.disabled = true;
  const expanded = dom.attr(el, 'aria-expanded');
  if (expanded) m.expanded = expanded === 'true';
  if (!dom.matches(el, ROW)) {
    const row = closestDeep(el, ROW);
    if (row) {
      const label = rowLabel(row);
      if (label && label !== m.text) m.row = label;
      // A tree grid's row says whether it is open (Ext JS's tree, whose text a click does not open).
      const open = m.expanded === undefined && dom.attr(row, 'aria-expanded');
      if (open) m.expanded = open === 'true';
    }
  }
  if (c.onHover) m.onHover = true;
  else if (c.hidden) m.hidden = c.hidden;
  else if (!c.inViewport) m.offscreen = true;
  return m;
}

/** Where a link goes, shortened; '' for one that goes nowhere a person would call a place (#, javascript:). */
export function shortHref(a: Element): string {
  // Not a.href: an SVG link's is an SVGAnimatedString.
  const raw = dom.linkHref(a) ?? '';
  // Ext JS's menu items are a[href="#"]: "→ /index.html" would promise a page the click does not open.
  if (/^\s*(#!?|javascript:[^]*)?\s*$/i.test(raw)) return '';
  try {
    const url = new URL(raw, dom.doc(a).baseURI);
    if (url.origin === location.origin) return truncate(url.pathname + url.search + url.hash, 100);
    return truncate(url.href, 100);
  } catch {
    return truncate(raw, 100);
  }
}

export function* finish(
  store: ElementStore,
  result: SearchResult,
  list: Candidate[],
  limit: number,
  opts: FindOptions,
  pace: Pace,
  extra?: (c: Candidate, m: Match) => void,
): Steps<Matches> {
  let picked: Match[] = [];
  const pickedEls: Element[] = [];
  let used = 0;
  let cut = 0;
  const budget = store.config.findBudget - 300; // room for the notes
  const dropped: Candidate[] = [];
  // Matches that read alike (a trash icon in each list item) say where each is, the first one too.
  const firstOf = new Map<string, [Match, Element?]>();
  for (const c of list) {
    if (picked.length >= limit) break;
    if (due(pace)) yield;
    // What the page removed during a pause is no match.
    if (pace.paused && !dom.connected(c.el)) continue;
    if (!confirmVisible(c, opts)) {
      dropped.push(c);
      continue;
    }
    const m = toMatch(store, c);
    extra?.(c, m);
    const key = `${m.role ?? m.tag} ${m.text} ${m.row}`;
    const first = firstOf.get(key);
    if (!first) firstOf.set(key, [m, c.el]);
    else if (!m.row) {
      const at = whereIs(c.el);
      if (at) m.in = at;
      const before = first[1] && whereIs(first[1]);
      if (before) {
        first[0].in = before;
        used += before.length + 8;
      }
      first[1] = undefined;
    }
    const size = JSON.stringify(m).length + 1;
    if (used + size > budget) {
      cut++;
      break;
    }
    used += size;
    picked.push(m);
    pickedEls.push(c.el);
  }
  // What the page removed during a later pause is no match either (this runs with no pause after it).
  if (pace.paused) picked = picked.filter((_, i) => dom.connected(pickedEls[i]!));
  // Nameless look-alikes in the same place (three bare checkboxes) say which of them each is.
  const alike = new Map<string, Match[]>();
  for (const m of picked)
    if (!m.text && !m.row) {
      const key = `${m.role ?? m.tag} ${m.in ?? ''}`;
      alike.set(key, [...(alike.get(key) ?? []), m]);
    }
  for (const group of alike.values())
    if (group.length > 1)
      group.forEach((m, i) => (m.in = `${i + 1} of ${group.length}${m.in ? ` in ${m.in}` : ''}`));
  const out = picked as Matches; // scrubbed at the exit (helper.ts), with everything else
  const notes = [result.note];
  if (result.stopped === 'time')
    notes.push(
      `The search stopped after ${result.ms} ms (a large page or a slow pattern), so these matches come from the part of the page read by then: narrow with within or type, or simplify the pattern.`,
    );
  else if (result.stopped === 'hits')
    notes.push(
      `More than ${MAX_HITS} places match, so these are the best of the first ${MAX_HITS}; use a more specific pattern, within or type.`,
    );
  const hidden = result.hidden.length ? result.hidden : dropped;
  if (!picked.length && hidden.length) notes.push(hiddenNote(store, hidden));
  else if (!picked.length && opts.type && !matchesAnything(opts.type))
    notes.push(
      `type ${JSON.stringify(truncate(opts.type, 40))} matches nothing on this page: it is not one of the kinds (${Object.keys(TYPE_SELECTORS).join(', ')}), a role here, or a selector of anything here. A typo?`,
    );
  else if (!picked.length) notes.push(unrenderedNote(store) || closedFoldersNote(store));
  if (cut)
    notes.push(
      `Stopped at ${picked.length} matches to stay within ${store.config.findBudget} characters; narrow with within or type for more.`,
    );
  if (notes.some(Boolean)) out.note = notes.filter(Boolean).join(' ');
  if (result.unreachable.length)
    out.unreachable = result.unreachable.map((f) => {
      const src = dom.attr(f, 'src');
      return `iframe${src ? ` "${truncate(src, 80)}"` : ''} is cross-origin; its contents cannot be searched`;
    });
  return out;
}

/** Whether a type's selector matches any element of the page (its shadow roots and frames too). */
const matchesAnything = (type: string): boolean => queryAllDeep(document, typeSelector(type)).length > 0;

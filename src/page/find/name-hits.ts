/** Places where an element's name matched, not its text: labels, placeholders, titles, alt, icons, tooltips. */
import * as dom from '../dom/members';
import { elementIndex } from '../dom/index-range';
import type { IndexedTag } from '../dom/element-index';
import { labelsOf } from '../perceive/labels';
import { nameOf, TOOLTIP_ATTRS } from '../perceive/name';
import { roleOf } from '../perceive/role';
import { CLOSE_BOXES } from '../dom/types';
import { docOrder, type SearchRoot } from '../dom/walk';
import { normalize } from '../dom/text';
import { searchText, type Pattern } from './pattern';
import { verify } from './scan-text';
import { overBudget, type Budget } from './budget';
import { due, type Steps } from '../dom/slices';
import type { Hit } from './types';

/** Elements matched by an attribute or computed name; fields are named by labels, also unattached ones. */
/** Read only when nothing else matched: a page-wide query for them cost find 10-20% on every search. */
const TOOLTIP_SELECTOR = TOOLTIP_ATTRS.map((a) => `[${a}]`).join(',');

/** Texts an element is known by besides its content; `computed` adds its full name (labels, neighbours). */
function attributeTexts(el: Element, computed: boolean, pattern: Pattern): string[] {
  const out: string[] = [];
  // Only what the pattern's scan could match is made ready for the exact test (most names of a page
  // cannot: thousands of fields named "Qty 1", "Qty 2"… are passed over at the cost of one regex each).
  const { scan } = pattern;
  const keep = (v: string) => {
    scan.lastIndex = 0;
    if (scan.test(searchText(pattern, v))) out.push(normalize(v));
  };
  for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
    const v = dom.attr(el, a);
    if (v) keep(v);
  }
  if (computed || dom.hasAttr(el, 'aria-labelledby')) keep(nameOf(el, 200));
  return out;
}

/** A field needs its full name computed when no label or naming attribute already covers it. */
const needsComputedName = (f: Element): boolean =>
  !dom.hasAttr(f, 'aria-label') &&
  !dom.hasAttr(f, 'aria-labelledby') &&
  !dom.hasAttr(f, 'title') &&
  (f as HTMLInputElement).type !== 'hidden' &&
  !labelsOf(f).length;

/**
 * The elements of a root known by a name that is not their text, each with whether its full name is
 * computed. Fields and images come from the root's element index (fast); only close boxes need a query.
 */
function* namedElements(
  root: SearchRoot,
  seen: Set<Element>,
  close: boolean,
): Generator<[el: Element, computed: boolean], void, void> {
  // The root's index, asked once (a page of 30,000 shadow roots asks each).
  const index = elementIndex(root);
  const byTag = (tags: IndexedTag[]) => tags.flatMap((t) => index.tag(t));
  // Fields: placeholder, and for unlabelled ones (and input buttons, named by value) the full name.
  for (const f of byTag(['input', 'select', 'textarea'])) if (!seen.has(f)) yield [f, needsComputedName(f)];
  // And fields drawn from other elements (an editor's contenteditable, a role textbox or combobox), by
  // the name the listing shows for them.
  const kinded = index.kinded;
  for (let i = 0; i < kinded.length; i++) {
    const f = kinded[i]!;
    if (dom.hasAttr(f, 'contenteditable') || /^(textbox|searchbox|combobox)$/.test(dom.attr(f, 'role') ?? ''))
      yield [f, needsComputedName(f)];
  }
  for (const img of byTag(['img', 'area'])) if (dom.hasAttr(img, 'alt')) yield [img, false];
  // Icon buttons and links, by the name their icon gives them ("close", "next page"): found from their
  // icons, as a page has far fewer icons than buttons and links. An icon with text (an <i> in a
  // sentence, a ligature icon) is in a button with text, which is found by its text.
  for (const icon of byTag(['svg', 'i'])) {
    if (dom.text(icon)?.trim()) continue;
    // Or the icon itself when it shows a pointer of its own (roleOf calls it a button).
    const b = dom.closest(icon, 'button,a,[role=button]') ?? (roleOf(icon) === 'button' ? icon : null);
    if (b && !seen.has(b) && !dom.text(b)?.trim()) yield [b, true];
  }
  // And close boxes with no role (TDesign's span.t-dialog__close, Layui's icon-font span), by their icon.
  // Their names say close (from class or shape): the page-wide query runs only for a pattern that could
  // match one (`close`, decided once per search), as it costs a 100,000-element page several milliseconds.
  if (close) for (const box of dom.qsa(root, CLOSE_BOXES)) if (roleOf(box) === 'button') yield [box, true];
  for (const el of index.named) yield [el, false];
}

/** Places where an element's name matched (namedElements), within the search's budget and pace. */
export function* attributeHits(
  root: SearchRoot,
  pattern: Pattern,
  budget: Budget,
  close: boolean,
): Steps<Hit[]> {
  const hits: Hit[] = [];
  const seen = new Set<Element>();
  let tested = 0;
  for (const [el, computed] of namedElements(root, seen, close)) {
    if (overBudget(budget)) break;
    if (seen.has(el)) continue;
    seen.add(el);
    for (const text of attributeTexts(el, computed, pattern))
      if (verify(pattern, text)) {
        hits.push({ source: el, matched: text, byName: true });
        break;
      }
    if (!(++tested & 63) && due(budget.pace)) yield;
  }
  return hits;
}

/** Elements known by what a tooltip library keeps of their title (TOOLTIP_ATTRS). */
export function tooltipHits(root: SearchRoot, pattern: Pattern, budget: Budget): Hit[] {
  const hits: Hit[] = [];
  for (const el of dom.qsa(root, TOOLTIP_SELECTOR)) {
    if (overBudget(budget)) break;
    const text = TOOLTIP_ATTRS.map((a) => normalize(dom.attr(el, a) ?? '')).find((t) => verify(pattern, t));
    if (text) hits.push({ source: el, matched: text, byName: true });
  }
  return hits;
}

/** Merges two lists that are each in document order (same root) into one. */
export function mergeInOrder(a: Hit[], b: Hit[]): Hit[] {
  if (!a.length) return b.sort((x, y) => docOrder(x.source, y.source));
  if (!b.length) return a;
  b.sort((x, y) => docOrder(x.source, y.source));
  const out: Hit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length)
    out.push(docOrder(a[i]!.source, b[j]!.source) <= 0 ? a[i++]! : b[j++]!);
  return out.concat(a.slice(i), b.slice(j));
}

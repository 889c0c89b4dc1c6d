/**
 * What an action showed and took away that no single change says: controls hidden before and shown now
 * (a class or style change), and list items or rows gone (removed or hidden) beyond those that came.
 */
import { isInteractive } from '../perceive/role';
import { textOf } from '../perceive/text-of';
import { INTERACTIVE_SELECTOR } from '../dom/types';
import { isVisible, quickVisibility } from '../perceive/visible';
import { collectRootsSteps } from '../dom/roots';
import { atOnce, due, runAtOnce, type Pace, type Steps } from '../dom/slices';
import { elementIndex } from '../dom/index-range';
import * as dom from '../dom/members';
import { parentOf } from '../dom/walk';

/** Past this many controls in the page's trees, an action does not note which are hidden before it. */
const REVEAL_MAX = 3000;
const CONTROL_TAGS = ['a', 'button', 'input', 'select', 'textarea', 'summary'] as const;

/**
 * The controls hidden before an action (display, visibility, hidden), so that one a class or style change
 * shows is reported as new; none on a page of more controls than REVEAL_MAX.
 */
export const hiddenControls = (): Set<Element> => runAtOnce(hiddenControlsSteps(atOnce()));

/** hiddenControls as steps that may pause (dom/slices.ts): between roots, and every few hundred controls. */
export function* hiddenControlsSteps(pace: Pace): Steps<Set<Element>> {
  const hidden = new Set<Element>();
  const check = dom.checkVisibility;
  if (!check) return hidden;
  const lists: (readonly Element[])[] = [];
  let total = 0;
  // Lists with elements only: a page of 30,000 shadow roots has 240,000 lists, nearly all empty.
  const keep = (l: readonly Element[]) => {
    total += l.length;
    if (l.length) lists.push(l);
  };
  const roots = (yield* collectRootsSteps(document, pace)).roots;
  for (let r = 0; r < roots.length; r++) {
    if (!(r & 63) && due(pace)) yield;
    const index = elementIndex(roots[r]!);
    for (const tag of CONTROL_TAGS) keep(index.tag(tag));
    keep(index.kinded);
  }
  if (total > REVEAL_MAX) return hidden;
  // Judged as the report judges what shows after (a transparent input its widget draws is shown).
  for (const l of lists)
    for (let i = 0; i < l.length; i++) {
      if (!(i & 63) && due(pace)) yield;
      if (!quickVisibility(l[i]!).visible) hidden.add(l[i]!);
    }
  return hidden;
}

/** Of the controls hidden before, those shown now inside an element the action changed (not added). */
export function revealed(hidden: Set<Element>, touched: Set<Element>, added: Set<Element>): Element[] {
  const out: Element[] = [];
  if (!touched.size) return out;
  for (const el of hidden) {
    if (!dom.connected(el) || !isInteractive(el)) continue;
    let changed = false;
    for (let n: Element | null = el, i = 0; n && i < 40 && !changed; n = parentOf(n), i++)
      changed = touched.has(n) && !added.has(n);
    if (changed && isVisible(el)) out.push(el);
  }
  return out;
}

/** What a list or table is made of. */
const ITEMS = 'li:not([role]),tr:not([role]),[role=row],[role=listitem]';

/**
 * The list items or rows an action took away: removed from the page, or hidden by a style or class
 * change, beyond as many that came (a re-render that redraws the same rows takes none away), with the
 * first few by their text.
 */
export function goneItems(
  removed: Set<Element>,
  added: Set<Element>,
  touched: Set<Element>,
  inLayer: (el: Element) => boolean,
): { count: number; what: string; sample: string[] } | null {
  const gone: Element[] = [];
  const items = (el: Element) => (dom.matches(el, ITEMS) ? [el] : [...dom.qsa(el, ITEMS)]);
  for (const el of removed) if (!dom.connected(el) && !inLayer(el)) gone.push(...items(el));
  for (const el of touched)
    if (!added.has(el) && dom.connected(el) && dom.matches(el, ITEMS) && !isVisible(el) && !inLayer(el))
      gone.push(el);
  // Said by what they read, not by their controls' words (a row's "Delete").
  const said = (el: Element) => textOf(el, 60, (e) => dom.matches(e, INTERACTIVE_SELECTOR));
  let came = 0;
  const texts = new Set<string>();
  for (const el of added)
    if (dom.connected(el))
      for (const item of items(el)) {
        if (removed.has(item)) continue; // put back where it was (a list redrawn from the same items)
        came++;
        if (texts.size < 1000) texts.add(said(item));
      }
  const count = gone.length - came;
  // Items drawn again with the same words (a list redrawn) did not go; others did, whatever came.
  const left = gone.filter((el) => !texts.has(said(el)));
  if (count <= 0) return null;
  const rows = gone.filter((el) => dom.matches(el, 'tr,[role=row]')).length * 2 > gone.length;
  const sample = [...new Set(left.map(said).filter(Boolean))].slice(0, 3);
  return { count: Math.max(count, left.length), what: rows ? 'row' : 'list item', sample };
}

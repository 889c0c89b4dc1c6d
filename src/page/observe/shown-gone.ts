/**
 * What an action showed and took away that no single change says: controls hidden before and shown now
 * (a class or style change), and list items or rows gone (removed or hidden) beyond those that came.
 */
import { isInteractive } from '../perceive/role';
import { textOf } from '../perceive/text-of';
import { INTERACTIVE_SELECTOR } from '../dom/types';
import { clippedAway, isVisible, quickVisibility, type Clip } from '../perceive/visible';
import { collectRootsSteps } from '../dom/roots';
import { atOnce, due, runAtOnce, type Pace, type Steps } from '../dom/slices';
import { elementIndex } from '../dom/index-range';
import * as dom from '../dom/members';
import { parentOf, type SearchRoot } from '../dom/walk';
import { pointerBoxes } from '../perceive/pointer-box';

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
  // Judged as the report judges what shows after (a transparent input its widget draws is shown; a
  // link in a section collapsed to no height is not).
  const clips = new Map<Element, Clip>();
  for (const l of lists)
    for (let i = 0; i < l.length; i++) {
      if (!(i & 63) && due(pace)) yield;
      if (!quickVisibility(l[i]!).visible || clippedAway(l[i]!, clips)) hidden.add(l[i]!);
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

/**
 * The pointer boxes (perceive/pointer-box.ts) an action showed: inside the element it changed around
 * controls it showed (a tree's group opened: its folders drawn as spans), and inside a few small
 * subtrees it added.
 */
export function boxesShown(shown: Element[], touched: Set<Element>, added: Set<Element>): Element[] {
  const around = new Set<Element>();
  for (const el of shown) {
    for (let n = parentOf(el), i = 0; n && i < 40; n = parentOf(n), i++)
      if (touched.has(n) && !added.has(n)) {
        around.add(n);
        break;
      }
    if (around.size >= 5) break;
  }
  const tops = [...added].filter((el) => dom.connected(el) && !added.has(dom.parentEl(el)!));
  if (tops.length <= 5) for (const t of tops) around.add(t);
  const out: Element[] = [];
  for (const root of around) for (const box of pointerBoxes(root, 500)) if (isVisible(box)) out.push(box);
  return out;
}

/** What a list or table is made of. */
const ITEMS = 'li:not([role]),tr:not([role]),[role=row],[role=listitem]';

/** Past this many list items and rows in the page's trees, an action does not note which are shown. */
const ITEMS_MAX = 3000;

/** Said by what they read, not by their controls' words (a row's "Delete"). */
const said = (el: Element): string => textOf(el, 60, (e) => dom.matches(e, INTERACTIVE_SELECTOR));

/**
 * The list items and rows shown now, each with what it says: what a person sees, so that what went
 * away is counted by what they saw leave (not items already hidden, nor items drawn again alike). Null
 * on a page of more than ITEMS_MAX of them (goneItems then judges by the mutations alone).
 */
export function* shownItemsSteps(pace: Pace): Steps<Map<Element, string> | null> {
  const items: Element[] = [];
  const roots = (yield* collectRootsSteps(document, pace)).roots;
  for (let r = 0; r < roots.length; r++) {
    if (!(r & 63) && due(pace)) yield;
    if (!itemsOf(roots[r]!, items)) return null;
  }
  const shown = new Map<Element, string>();
  const read = new Set<Element>();
  let paused = false;
  for (let i = 0; i < items.length; i++) {
    if (!(i & 63) && due(pace)) {
      paused = true;
      yield;
    }
    read.add(items[i]!);
    if (quickVisibility(items[i]!).visible) shown.set(items[i]!, said(items[i]!));
  }
  if (!paused) return shown;
  // The page ran between the slices (a list drawn again): without the items it took out meanwhile, with
  // those it put in, read at once.
  for (const el of [...shown.keys()]) if (!dom.connected(el)) shown.delete(el);
  const now: Element[] = [];
  for (const root of roots) if (dom.connected(root) && !itemsOf(root, now)) return null;
  for (const el of now) if (!read.has(el) && quickVisibility(el).visible) shown.set(el, said(el));
  return shown;
}

/** Adds the list items and rows of one root (its own tree, not its shadow roots'); false past ITEMS_MAX. */
function itemsOf(root: SearchRoot, into: Element[]): boolean {
  const index = elementIndex(root);
  // Tag lists from the browser (a collection, counted before any is read), roles from the index.
  const tagged =
    dom.nodeType(root) === 9
      ? [dom.byTag(root as Document, 'li'), dom.byTag(root as Document, 'tr')]
      : dom.qs(root, 'li,tr')
        ? [dom.qsa(root, 'li,tr')]
        : [];
  for (const list of tagged) {
    if (into.length + list.length > ITEMS_MAX) return false;
    for (let i = 0; i < list.length; i++) if (!dom.hasAttr(list[i]!, 'role')) into.push(list[i]!);
  }
  const kinded = index.kinded;
  for (let i = 0; i < kinded.length; i++)
    if (/^(row|listitem)$/.test(dom.attr(kinded[i]!, 'role') ?? '')) into.push(kinded[i]!);
  return into.length <= ITEMS_MAX;
}

/**
 * What a person saw go away: the items shown before and not now, matched by what they say, not by
 * element: a list that reuses its elements (Lit's and Mithril's unkeyed lists) shows "C" in the element
 * that showed "B", and to a person B went and C stayed; an item drawn again alike did not go. An item
 * whose words were edited in place (its element now says what no item said before) stays. In a list
 * `moved` (scrolled or sorted), as many as newly shown are the list moving. The first few by their text;
 * null when none went.
 */
export function goneShown(
  before: Map<Element, string>,
  now: Map<Element, string>,
  inLayer: (el: Element) => boolean,
  target?: Element | null,
  moved = false,
): { count: number; what: string; sample: string[] } | null {
  // The list the clicked item is in, gone or hidden with the item still in it: a list a widget draws,
  // closed by the choice, not items taken away (a deleted last row leaves its list, not its item).
  const item = target && dom.closest(target, ITEMS);
  const list = item && dom.parentEl(item);
  const closed =
    !!list &&
    (!dom.connected(list) || (dom.connected(item) && ![...now.keys()].some((el) => dom.contains(list, el))));
  // An item still in the page whose list is hidden as a whole went with it (a tab panel switched, a
  // section collapsed): the panel is what changed, not the list. Hidden by its own or an ancestor's
  // style, or clipped away; not a list of no height because its items are all hidden (a filter).
  const clips = new Map<Element, Clip>();
  const hiddenWhole = (el: Element) => {
    const up = dom.connected(el) && dom.parentEl(el);
    if (!up) return false;
    const check = dom.checkVisibility;
    return (
      (check ? !check(up, { visibilityProperty: true, opacityProperty: true }) : !isVisible(up)) ||
      clippedAway(up, clips)
    );
  };
  const saidBefore = new Set(before.values());
  const counted = new Map<string, { before: Element[]; now: number }>();
  const entry = (text: string) => {
    let e = counted.get(text);
    if (!e) counted.set(text, (e = { before: [], now: 0 }));
    return e;
  };
  for (const [el, text] of before) {
    if (inLayer(el) || (closed && dom.contains(list!, el))) continue;
    const later = now.get(el);
    // Edited in place: the same item, whatever its words now.
    if (later !== undefined && later !== text && !saidBefore.has(later)) continue;
    if (later === undefined && hiddenWhole(el)) continue;
    entry(text).before.push(el);
  }
  for (const [el, text] of now) {
    if (inLayer(el)) continue;
    const earlier = before.get(el);
    if (earlier !== undefined && earlier !== text && !saidBefore.has(text)) continue;
    entry(text).now++;
  }
  const gone: Element[] = [];
  const texts: string[] = [];
  let came = 0;
  for (const [text, e] of counted) {
    const left = e.before.length - e.now;
    if (left > 0) {
      gone.push(...e.before.slice(0, left));
      for (let i = 0; i < left; i++) texts.push(text);
    } else came -= left;
  }
  // A grid scrolled or sorted draws other rows near its view: as many new ones shown as went are the
  // list moved, not rows taken away; beyond them, what went is what a person sees leave. A page turned
  // or a filter applied took its rows away, whatever came.
  const count = gone.length - (moved ? came : 0);
  if (count <= 0) return null;
  const rows = gone.filter((el) => dom.matches(el, 'tr,[role=row]')).length * 2 > gone.length;
  return {
    count,
    what: rows ? 'row' : 'list item',
    sample: [...new Set(texts.filter(Boolean))].slice(0, 3),
  };
}

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

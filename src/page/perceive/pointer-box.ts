/**
 * What a person clicks that no markup calls a control: a tab, a tree's folder or a filter drawn as a
 * span, div or list item that a script listens on. What shows it to a person is the pointer: a box whose
 * own cursor is the pointer (its parent's is not, so not every part of a clickable card), with a short
 * text, no role and no control inside or around it.
 */
import { roleOf } from './role';
import { normalize } from '../dom/text';
import * as dom from '../dom/members';

/** Not a label: beside a checkbox a widget hides, it is that checkbox's stand-in. */
const BOX_TAGS = new Set(['SPAN', 'DIV', 'LI', 'DT']);
const CONTROLS = 'a,button,input,select,textarea,summary,[role],[tabindex]';
/** Longer than this, a box is content (a paragraph a page made clickable), not a control. */
const MAX_TEXT = 40;

/** A box a person would take for a control by its pointer (see above). */
export function pointerBox(el: Element): boolean {
  if (!BOX_TAGS.has(dom.tag(el)) || roleOf(el)) return false;
  const text = dom.text(el) ?? '';
  if (!text.trim() || text.length > MAX_TEXT * 4 || normalize(text).length > MAX_TEXT) return false;
  if (dom.qs(el, CONTROLS)) return false;
  const up = dom.parentEl(el);
  if (up && dom.closest(up, 'a,button,summary,[role=button],[role=link],[role=tab],[role=treeitem]'))
    return false;
  const win = dom.view(dom.doc(el));
  if (!win || win.getComputedStyle(el).cursor !== 'pointer') return false;
  return !up || win.getComputedStyle(up).cursor !== 'pointer';
}

/**
 * The pointer boxes under `root`, in document order; none when it holds more than `max` elements (a
 * large page's are found by find, not listed).
 */
export function pointerBoxes(root: Element | Document, max = 3000): Element[] {
  const start = dom.nodeType(root) === 9 ? dom.html(root as Document) : (root as Element);
  const out: Element[] = [];
  let seen = 0;
  for (let el: Element | null = start; el;) {
    if (++seen > max) return [];
    // A box with a child or two at most (a tab's label and count): a wrapper of more is no control.
    if (BOX_TAGS.has(dom.tag(el)) && dom.children(el).length <= 2 && pointerBox(el)) out.push(el);
    const child = dom.firstElementChild(el);
    if (child) {
      el = child;
      continue;
    }
    while (el && el !== start && !dom.nextEl(el)) el = dom.parentEl(el);
    el = el && el !== start ? dom.nextEl(el) : null;
  }
  return out;
}

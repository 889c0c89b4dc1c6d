/**
 * elementIndex(): the lists of a document or shadow root (element-index.ts keeps them), or of what is
 * inside one element: a range of its tree's lists, found by halving.
 */
import { type SearchRoot } from './walk';
import * as dom from './members';

import {
  Lists,
  IndexRoot,
  ElementIndex,
  NONE,
  collect,
  insertionPoint,
  rootIndex,
  viewOf,
} from './element-index';

/** The elements of a document-ordered list inside `el` (not `el` itself): a range, found by halving. */
function inside(list: readonly Element[], el: Element): readonly Element[] {
  let start = insertionPoint(list, el);
  if (list[start] === el) start++;
  let lo = start;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dom.contains(el, list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return start === lo ? NONE : list.slice(start, lo);
}

/**
 * The element index of a document, a shadow root, or what is inside an element (not the element
 * itself): a range of its tree's lists, found by halving; for an element in no document, one walk of
 * it, kept for nothing.
 */
export function elementIndex(root: SearchRoot): ElementIndex {
  const type = dom.nodeType(root);
  return type === 9 || type === 11 ? rootIndex(root as IndexRoot) : elementRange(root as Element);
}

/**
 * What is inside an element. A function apart from elementIndex: the closures here would make each call
 * of elementIndex allocate their context, 5,000 times a pass over the shadow roots.
 */
function elementRange(el: Element): ElementIndex {
  if (!dom.connected(el)) {
    const lists: Lists = new Map();
    collect(el, lists);
    for (const [k, list] of lists) if (list[0] === el) lists.set(k, list.slice(1));
    return viewOf(lists);
  }
  const whole = rootIndex(dom.root(el) as IndexRoot);
  // Each range found when asked: a caller that wants the labels should not copy the named elements.
  return {
    tag: (name) => inside(whole.tag(name), el),
    get present() {
      return whole.present.filter((t) => inside(whole.tag(t), el).length);
    },
    get kinded() {
      return inside(whole.kinded, el);
    },
    get named() {
      return inside(whole.named, el);
    },
    get hosts() {
      return inside(whole.hosts, el);
    },
  };
}

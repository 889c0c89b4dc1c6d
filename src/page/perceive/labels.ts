/**
 * The labels of a control (`control.labels`) without the browser's cost: `control.labels` walks the
 * whole document again for every control after any DOM change, which on a page of 50,000 labelled rows
 * made one snapshot take half a second. Here one pass over a root's labels, memoised for the task.
 */
import * as dom from '../dom/members';
import { elementIndex } from '../dom/index-range';
import { partlyIndexed } from '../dom/index-slices';
import type { SearchRoot } from '../dom/walk';

let labelMemo: Map<Node, Map<Element, HTMLLabelElement[]>> | null = null;

/** The labels of a control, like `control.labels`, in document order. */
export function labelsOf(el: Element): HTMLLabelElement[] {
  // A document, a shadow root, or the top of a tree in no document.
  const root = dom.root(el) as SearchRoot;
  if (!labelMemo) {
    labelMemo = new Map();
    queueMicrotask(() => {
      labelMemo = null;
    });
  }
  let byControl = labelMemo.get(root);
  if (!byControl) {
    byControl = new Map();
    let labels: ArrayLike<Element> = elementIndex(root).tag('label');
    // Where a call's budget left the index unfinished, the browser's query, which is whole: a field
    // walked may have its label past where the walk stopped, and its name says whether it is secret.
    if (partlyIndexed(root)) labels = dom.qsa(root, 'label');
    for (let i = 0; i < labels.length; i++) {
      const label = labels[i] as HTMLLabelElement;
      const control = label.control;
      if (!control) continue;
      const list = byControl.get(control);
      if (list) list.push(label);
      else byControl.set(control, [label]);
    }
    labelMemo.set(root, byControl);
  }
  return byControl.get(el) ?? [];
}

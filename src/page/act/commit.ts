/**
 * When a text field's `change` fires: as with a person's typing, when the edit is committed (Enter in
 * the field, or focus leaving it), once, and only if the value differs from what it held before the
 * edit. An app that adds an entry on `change` then adds it once, when a person's would.
 */
import { plainEvent } from '../dom/events';
import * as dom from '../dom/members';

/** Fields typed into whose edit is not committed yet, with the value each held before it. */
const due = new WeakMap<Element, string>();
const watched = new WeakSet<Window>();

const valueOf = (el: Element): string => (el as HTMLInputElement).value ?? '';

/** Notes an edit of `field`, which held `before`: its change comes when it is committed. */
export function edited(field: Element, before: string): void {
  if (!due.has(field)) due.set(field, before);
  const win = dom.view(dom.doc(field));
  if (!win || watched.has(win)) return;
  watched.add(win);
  // Captured at the window, so the change comes before the page's own blur handlers, as in browsers.
  win.addEventListener('blur', (e) => commit(e.composedPath()[0] as Element), true);
}

/** Commits an edit of `field` (Enter, or focus leaving it): `change` if its value is new. */
export function commit(field: Element): void {
  if (!due.has(field)) return;
  const before = due.get(field);
  due.delete(field);
  if (valueOf(field) !== before) plainEvent(field, 'change');
}

/** The panel's elements, built as text (never HTML), whose handlers hear the person's own events only. */
import * as dom from '../page/dom/members';
import { isPersons, on } from './natives';

/** A handler that acts on the person's own events only: a page script's synthetic event does nothing. */
export const trusted =
  <E extends Event>(fn: (e: E) => void) =>
  (e: E): void => {
    if (isPersons(e)) fn(e);
  };

type Attrs = Record<string, string | boolean | ((e: Event) => void)>;

/** An element; its event handlers (function attributes) hear trusted events only. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = dom.create(document, tag) as HTMLElementTagNameMap[K];
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') on(el, k, trusted(v));
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false) el.setAttribute(k, v);
  }
  el.append(...kids);
  return el;
}

/** The panel's elements, built as text (never HTML), whose handlers hear the person's own events only. */
import * as dom from '../page/dom/members';
import { isPersons, on, stopPropagation } from './natives';

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

/**
 * The panel is not the page: a press or a key inside `host` never reaches the page's own listeners above
 * it (a "click outside" that closes the page's open menu while the person allows a call, a keyboard
 * shortcut while they type a task). Moves and releases go on: dragging the panel hears them on the window.
 */
export function keepEventsIn(host: HTMLElement): void {
  for (const type of [
    'pointerdown',
    'mousedown',
    'mouseup',
    'click',
    'dblclick',
    'auxclick',
    'contextmenu',
    'touchstart',
    'touchend',
    'keydown',
    'keyup',
    'keypress',
    'beforeinput',
    'input',
    'change',
    'focusin',
    'focusout',
  ])
    on(host, type, (e: Event) => stopPropagation(e));
}

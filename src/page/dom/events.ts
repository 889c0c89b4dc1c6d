/**
 * The one place events are made and dispatched: pointer, mouse, keyboard and input events with the
 * fields real pages read (coordinates, buttons, key/code and the legacy keyCode/which/charCode),
 * constructed in the element's own window so that same-origin frames work.
 */
import * as dom from './members';

export type Modifier = 'Alt' | 'Control' | 'Meta' | 'Shift';

export interface Point {
  x: number;
  y: number;
}

const NO_BUBBLE = new Set(['mouseenter', 'mouseleave', 'pointerenter', 'pointerleave', 'focus', 'blur']);

const winOf = (el: Element): Window & typeof globalThis =>
  (dom.view(dom.doc(el)) ?? window) as Window & typeof globalThis;

const modifierInit = (mods: Modifier[] = []) => ({
  altKey: mods.includes('Alt'),
  ctrlKey: mods.includes('Control'),
  metaKey: mods.includes('Meta'),
  shiftKey: mods.includes('Shift'),
});

export interface MouseOptions {
  button?: number;
  buttons?: number;
  detail?: number;
  modifiers?: Modifier[];
}

/** HTMLElement.prototype.click, read when the SDK loads (or at the call, where there was no DOM then). */
const loadedClick = typeof HTMLElement === 'undefined' ? undefined : HTMLElement.prototype.click;
const htmlClick = () =>
  loadedClick ?? (typeof HTMLElement === 'undefined' ? undefined : HTMLElement.prototype.click);

/**
 * What el.click() does (the click event, then a link followed or a box checked), for any element: an
 * SVG element has no click(), so it gets the click event at its centre (which follows an SVG link).
 */
export function activate(el: Element): void {
  try {
    const click = htmlClick();
    if (click) return void Reflect.apply(click, el, []);
  } catch {
    // Not an HTML element: the DOM refused before doing anything.
  }
  const r = dom.rect(el);
  mouseEvent(el, 'click', { x: r.left + r.width / 2, y: r.top + r.height / 2 }, { detail: 1 });
}

/** Dispatches one pointer or mouse event at a point; returns false when the page cancelled it. */
export function mouseEvent(el: Element, type: string, at: Point, opts: MouseOptions = {}): boolean {
  const win = winOf(el);
  const init = {
    bubbles: !NO_BUBBLE.has(type),
    cancelable: !NO_BUBBLE.has(type) && type !== 'pointermove',
    composed: true,
    view: win,
    clientX: at.x,
    clientY: at.y,
    screenX: at.x + (win.screenX || 0),
    screenY: at.y + (win.screenY || 0),
    button: opts.button ?? 0,
    buttons: opts.buttons ?? 0,
    detail: opts.detail ?? 0,
    ...modifierInit(opts.modifiers),
  };
  const event = type.startsWith('pointer')
    ? new win.PointerEvent(type, {
        ...init,
        pointerId: 1,
        pointerType: 'mouse',
        isPrimary: true,
        width: 1,
        height: 1,
      })
    : new win.MouseEvent(type, init);
  return el.dispatchEvent(event);
}

export interface KeyInfo {
  key: string;
  code: string;
  keyCode: number;
  /** The character typed, for keypress and insertion; empty for keys that type nothing. */
  text: string;
}

/** Named keys and their legacy keyCodes; each one's code is its name (modifiers: the left key's). */
const NAMED: Record<string, number> = {
  Enter: 13,
  Tab: 9,
  Escape: 27,
  Backspace: 8,
  Delete: 46,
  ArrowUp: 38,
  ArrowDown: 40,
  ArrowLeft: 37,
  ArrowRight: 39,
  Home: 36,
  End: 35,
  PageUp: 33,
  PageDown: 34,
  Space: 32,
  Insert: 45,
  Shift: 16,
  Control: 17,
  Alt: 18,
  Meta: 91,
};

/** US-layout punctuation in pairs (unshifted, shifted), each pair's code and legacy keyCode. */
const PUNCTUATION = '-_=+,<.>/?;:\'"[{]}\\|`~';
const PUNCTUATION_CODES =
  'Minus Equal Comma Period Slash Semicolon Quote BracketLeft BracketRight Backslash Backquote'.split(' ');
const PUNCTUATION_KEYCODES = [189, 187, 188, 190, 191, 186, 222, 219, 221, 220, 192];
const SHIFTED_DIGITS = ')!@#$%^&*(';

/** key, code and legacy keyCode for a key name ("Enter", "ArrowDown", "F5") or one character (US layout). */
export function keyInfo(key: string): KeyInfo {
  const name = key === ' ' ? 'Space' : key;
  if (Object.hasOwn(NAMED, name))
    return {
      key: name === 'Space' ? ' ' : key,
      code: name + (/^(Shift|Control|Alt|Meta)$/.test(name) ? 'Left' : ''),
      keyCode: NAMED[name]!,
      text: name === 'Enter' ? '\r' : name === 'Space' ? ' ' : '',
    };
  const fn = /^F(\d{1,2})$/.exec(key);
  if (fn) return { key, code: key, keyCode: 111 + Number(fn[1]), text: '' };
  if (key.length !== 1) return { key, code: '', keyCode: 0, text: '' };
  const upper = key.toUpperCase();
  if (/[A-Z]/.test(upper)) return { key, code: `Key${upper}`, keyCode: upper.charCodeAt(0), text: key };
  if (/\d/.test(key)) return { key, code: `Digit${key}`, keyCode: key.charCodeAt(0), text: key };
  const shiftedDigit = SHIFTED_DIGITS.indexOf(key);
  if (shiftedDigit >= 0) return { key, code: `Digit${shiftedDigit}`, keyCode: 48 + shiftedDigit, text: key };
  const p = PUNCTUATION.indexOf(key) >> 1;
  if (p >= 0) return { key, code: PUNCTUATION_CODES[p]!, keyCode: PUNCTUATION_KEYCODES[p]!, text: key };
  return { key, code: '', keyCode: 0, text: key };
}

/** Dispatches keydown, keypress or keyup; returns false when the page cancelled it. */
export function keyEvent(
  el: Element,
  type: 'keydown' | 'keypress' | 'keyup',
  info: KeyInfo,
  mods: Modifier[] = [],
): boolean {
  const win = winOf(el);
  const event = new win.KeyboardEvent(type, {
    key: info.key,
    code: info.code,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: win,
    repeat: false,
    ...modifierInit(mods),
  });
  // Many pages (jQuery UI, spinners, terminals) still read the legacy fields, which the constructor leaves at 0.
  const charCode = type === 'keypress' ? info.text.charCodeAt(0) || info.keyCode : 0;
  const legacyKey = type === 'keypress' ? charCode : info.keyCode;
  Object.defineProperties(event, {
    keyCode: { get: () => legacyKey },
    which: { get: () => legacyKey },
    charCode: { get: () => charCode },
  });
  return el.dispatchEvent(event);
}

/** beforeinput (cancelable) or input, as an InputEvent with inputType and data. */
export function inputEvent(
  el: Element,
  type: 'beforeinput' | 'input',
  inputType: string,
  data: string | null,
): boolean {
  const win = winOf(el);
  return el.dispatchEvent(
    new win.InputEvent(type, {
      bubbles: true,
      cancelable: type === 'beforeinput',
      composed: true,
      inputType,
      data,
    }),
  );
}

export function plainEvent(el: Element, type: string): boolean {
  const win = winOf(el);
  return el.dispatchEvent(new win.Event(type, { bubbles: true, cancelable: true }));
}

/** Sets a form control's value through its prototype's setter, so that React/Vue trackers see a change. */
export function setNativeValue(el: Element, value: string): void {
  const win = winOf(el);
  const proto =
    dom.tag(el) === 'TEXTAREA'
      ? win.HTMLTextAreaElement.prototype
      : dom.tag(el) === 'SELECT'
        ? win.HTMLSelectElement.prototype
        : win.HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The next frame, or 50 ms when none comes: a tab in the background draws no frames (its
 * requestAnimationFrame waits until it is shown), and a page may have replaced requestAnimationFrame.
 */
export const nextFrame = (): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Sets a field's value through the prototype's setter, then fires input and change, as a person's edit does. */
export function setValueWithEvents(el: HTMLInputElement, value: string): void {
  setNativeValue(el, value);
  plainEvent(el, 'input');
  plainEvent(el, 'change');
}

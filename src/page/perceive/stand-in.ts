/**
 * Widget libraries hide a native control and show their own widget in its place, keeping the native one
 * in sync for the form: Choices, Tom Select, Select2, bootstrap-select for a <select>; CodeMirror,
 * EasyMDE for a <textarea>. A person operates the widget, and so do the tools: a label or ID that names
 * the hidden control leads to its stand-in, and a stand-in with no name of its own goes by the control's.
 */
import { isVisible, toggleOwner } from './visible';
import * as dom from '../dom/members';

/**
 * What stands in for a select: a combobox, listbox or popup button (Choices, Tom Select, Select2,
 * bootstrap-select), or a focusable box whose class says select (Fomantic UI's selection dropdown).
 */
const CHOOSER =
  '[role=combobox],[role=listbox],[aria-haspopup]:not([aria-haspopup=false]),button,[tabindex][class*=select i]';
/** What stands in for a text field: an editor's own input (CodeMirror's textarea, an editable div). */
const EDITOR = 'textarea,[contenteditable=""],[contenteditable=true],[role=textbox],input:not([type=hidden])';
const TEXT_INPUT = /^(text|search|email|url|tel|number)$/;

const upper = (el: Element): string => dom.tag(el).toUpperCase();

/** The first visible element matching `selector` in `el` (itself included). */
function visibleIn(el: Element, selector: string): Element | null {
  if (dom.matches(el, selector) && isVisible(el)) return el;
  for (const c of dom.qsa(el, selector)) if (isVisible(c)) return c;
  return null;
}

/** A native control a widget may replace: a select, a textarea, a text input. */
function replaceable(el: Element): boolean {
  const tag = upper(el);
  if (tag === 'INPUT') return TEXT_INPUT.test((el as HTMLInputElement).type);
  return tag === 'SELECT' || tag === 'TEXTAREA';
}

/**
 * How the libraries hide a control (cheap to tell, before the full visibility check): not rendered or
 * transparent (Choices' hidden attribute, CodeMirror's display: none, bootstrap-select's opacity), or
 * squeezed to a pixel (Tom Select's and Select2's visually hidden class).
 */
function concealed(el: Element): boolean {
  const r = dom.rect(el);
  if (r.width <= 1 || r.height <= 1) return true;
  return (
    !!dom.checkVisibility && !dom.checkVisibility(el, { opacityProperty: true, visibilityProperty: true })
  );
}

/**
 * The visible widget standing in for a hidden native <select>, <textarea> or text <input>, or null
 * (the control is visible, or nothing stands in for it). Looked for where the libraries put it: around
 * the control (up to two levels, as Choices wraps it) and in the element right after it (Tom Select,
 * Select2, bootstrap-select's button, CodeMirror's wrapper). A plain field that merely follows a hidden
 * one is not a stand-in: after a select it must be a combobox, listbox or popup button, after a text
 * field a wrapper around the editor's input.
 */
export function standIn(el: Element): Element | null {
  if (!replaceable(el) || !concealed(el) || isVisible(el)) return null;
  const select = upper(el) === 'SELECT';
  let up: Element | null = dom.parentEl(el);
  for (let level = 0; up && level < 2; level++, up = dom.parentEl(up))
    if (dom.matches(up, select ? CHOOSER : EDITOR) && isVisible(up)) return up;
  const next = el.nextElementSibling;
  if (!next || upper(next) === upper(el)) return null;
  if (select) return dom.matches(next, CHOOSER) ? (isVisible(next) ? next : null) : visibleIn(next, CHOOSER);
  return dom.matches(next, EDITOR) ? null : visibleIn(next, EDITOR);
}

/**
 * The combobox that `el` is only the drawn value of, or null: Select2's read-only textbox inside its
 * combobox, and Choices' listbox of the chosen item inside its closed combobox. A person sees one
 * control there, and the tools list and operate the combobox. A listbox that lists anything but the
 * chosen items (an open list inside a combobox that never says it expanded) stays a control.
 */
export function comboboxOf(el: Element): Element | null {
  const role = dom.attr(el, 'role');
  if (role !== 'textbox' && role !== 'listbox' && role !== 'option') return null;
  const up = dom.parentEl(el);
  const box = up && dom.closest(up, '[role=combobox]');
  if (!box) return null;
  if (role === 'textbox') return dom.attr(el, 'aria-readonly') === 'true' ? box : null;
  if (dom.attr(box, 'aria-expanded') !== 'false') return null;
  const list = role === 'listbox' ? el : dom.closest(el, '[role=listbox]');
  const options = list ? [...dom.qsa(list, '[role=option]')] : [el];
  return options.every((o) => dom.attr(o, 'aria-selected') === 'true') ? box : null;
}

/**
 * The element to operate for `el`: its stand-in when a widget replaced it, the switch, checkbox or radio
 * it is the hidden input of (Element UI's), the combobox it draws the value of, else itself.
 */
export const operated = (el: Element): Element => standIn(el) ?? toggleOwner(el) ?? comboboxOf(el) ?? el;

/**
 * The hidden control `widget` stands in for, or null: looked for just before the widget or one of its
 * first ancestors (CodeMirror's wrapper follows its textarea), and inside it (Choices keeps the select).
 */
export function replacedBy(widget: Element): Element | null {
  for (let n: Element | null = widget, depth = 0; n && depth < 3; n = dom.parentEl(n), depth++) {
    const before = n.previousElementSibling;
    if (before && replaceable(before) && standIn(before) === widget) return before;
  }
  const inner = dom.qs(widget, 'select');
  return inner && standIn(inner) === widget ? inner : null;
}

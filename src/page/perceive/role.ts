/**
 * What a person sees an element as: its role (ARIA's, or what the page draws: a box whose class says
 * button or switch, a calendar's day, a row's clickable icon), whether it is a control, and checked.
 */
import { ownShadow } from '../dom/walk';
import * as dom from '../dom/members';
import { INPUT_ROLES, INTERACTIVE_SELECTOR, TAG_ROLES, typeName } from '../dom/types';
import { drawnBox } from './visible';

export const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'treeitem',
]);

/** Roles whose name comes from their content. */
export const NAME_FROM_CONTENT = new Set([
  ...INTERACTIVE_ROLES,
  'heading',
  'cell',
  'columnheader',
  'rowheader',
  'gridcell',
  'tooltip',
  'listitem',
  'row',
]);

export const tagOf = (el: Element): string => dom.tag(el).toUpperCase();

const PROPOSED = new Set(['A', 'DIV', 'SPAN', 'I', 'SVG']);

/** Roles that say an element is a picture or nothing at all (an svg logo inside a link). */
const NOT_CONTROL = new Set(['img', 'image', 'presentation', 'none', 'graphics-symbol', 'graphics-document']);

/** The types of control a person operates, whose selectors propose icons (find's `type`). */
const CONTROL_TYPES = new Set(['button', 'link', 'input', 'select', 'checkbox', 'radio', 'menuitem', 'tab']);

/** A role the page gave that is not a control's, on what is not a sorting header either. */
const layoutRole = (el: Element): boolean => dom.hasAttr(el, 'role') && !dom.hasAttr(el, 'aria-sort');

/**
 * An element a type's selector only proposes (a link with no href, a box whose class says switch or
 * close, an icon) and its role turns down: not of that type. For controls (`type` one of them, or none:
 * what a person operates), a role that is not a control's turns it down too: a picture or nothing (an
 * svg logo inside a link), or a part of a layout (Ext JS's focusable grid body, role rowgroup, whose
 * class x-unselectable a selector reads as select).
 */
export const onlyProposed = (el: Element, type?: string): boolean => {
  const tag = tagOf(el);
  // Dijit's drawn ▼ and ✗: inputs marked presentation and kept out of the tab order.
  if (tag === 'INPUT') return dom.attr(el, 'tabindex') === '-1' && NOT_CONTROL.has(roleOf(el));
  if (!PROPOSED.has(tag) && !wrapsControl(el)) return false;
  const role = roleOf(el);
  // An ARIA 1.0 combobox (Dijit's): the box holds the text field that is the control; and the option a
  // select's button shows as its value is no option to pick.
  if (role === 'combobox' && dom.qs(el, 'input[role=textbox]')) return true;
  if (role === 'option') {
    const up = dom.parentEl(el);
    const holder = up && dom.closest(up, '[role=listbox],[role=combobox]');
    if (holder && roleOf(holder) === 'combobox') return true;
  }
  return (
    !role ||
    ((NOT_CONTROL.has(role) || (!INTERACTIVE_ROLES.has(role) && layoutRole(el))) &&
      (type === undefined || CONTROL_TYPES.has(typeName(type))))
  );
};

/**
 * A custom element whose control is in its shadow tree (Material Web's md-menu-item holds
 * li[role=menuitem]): focusable as a whole, but that control is what a person operates.
 */
const SHADOW_CONTROL =
  'button,input,select,textarea,a[*|href],[role=button],[role=link],[role^=menuitem],[role=option],[role=checkbox],[role=switch],[role=radio],[role=tab],[role=combobox],[role=textbox],[role=slider]';
const wrapsControl = (el: Element): boolean => {
  const shadow = tagOf(el).includes('-') && ownShadow(el);
  return !!shadow && !!dom.qs(shadow, SHADOW_CONTROL);
};

/** What a person can operate inside `root`, in document order, past what the selector only proposed. */
export const controlsIn = (root: ParentNode): Element[] =>
  [...dom.qsa(root, INTERACTIVE_SELECTOR)].filter((e) => !onlyProposed(e));

export function roleOf(el: Element): string {
  const explicit = dom.attr(el, 'role');
  const tag = tagOf(el);
  if (explicit) {
    const role = explicit.trim().split(/\s+/)[0]!.toLowerCase();
    // Dijit: its Select is a listbox that says it has a popup (the button that opens the list), and
    // its FilteringSelect an ARIA 1.0 combobox, a box around an input of role textbox.
    if (role === 'listbox' && !/^(false|)$/.test(dom.attr(el, 'aria-haspopup') ?? '')) return 'combobox';
    if (role === 'textbox' && tag === 'INPUT' && dom.closest(el, '[role=combobox]')) return 'combobox';
    // A link marked presentation (older jQuery UI's tab anchors) is still a link a person clicks: ARIA
    // drops presentation on what can be focused.
    if ((role === 'presentation' || role === 'none') && tag === 'A' && dom.hasHref(el)) return 'link';
    return role;
  }
  if (tag === 'A' || tag === 'AREA') return dom.hasHref(el) ? 'link' : tag === 'A' ? scripted(el) : '';
  if (tag === 'INPUT') {
    const type = inputType(el);
    if (type in INPUT_ROLES) return INPUT_ROLES[type]!;
    return dom.hasAttr(el, 'list') || drawnSelect(el) ? 'combobox' : 'textbox';
  }
  if (tag === 'SELECT') {
    const s = el as HTMLSelectElement;
    return s.multiple || s.size > 1 ? 'listbox' : 'combobox';
  }
  if (tag === 'IMG') return dom.attr(el, 'alt') === '' ? 'presentation' : 'img';
  if (tag === 'TH') return dom.attr(el, 'scope') === 'row' ? 'rowheader' : 'columnheader';
  if (tag === 'SECTION')
    return dom.hasAttr(el, 'aria-label') || dom.hasAttr(el, 'aria-labelledby') ? 'region' : '';
  if ((el as HTMLElement).isContentEditable && !parentIsEditable(el)) return 'textbox';
  const role = TAG_ROLES[tag];
  if (role) return role;
  const custom = customRole(el, tag);
  if (custom) return custom;
  // A box whose class says switch (View Design's focusable span.ivu-switch, TDesign's div.t-switch that
  // only shows a pointer) is a switch.
  const tabindex = dom.attr(el, 'tabindex');
  const focusable = tabindex !== null && Number(tabindex) >= 0;
  if (focusable && drawnSelect(el)) return 'combobox';
  if (closeBox(el, tag) || classButton(el, tag, focusable)) return 'button';
  if (
    SWITCH.test(dom.attr(el, 'class') ?? '') &&
    (focusable || dom.view(dom.doc(el))?.getComputedStyle(el).cursor === 'pointer') &&
    // Not the box drawn for a hidden checkbox, which is the control (Layui's), nor one holding it
    // (Material Web's div.switch around its input).
    !(el.previousElementSibling && drawnBox(el.previousElementSibling) === el) &&
    !dom.qs(el, 'input:not([type=hidden]),[role=switch],[role=checkbox]')
  )
    return 'switch';
  return pointerIcon(el, tag) || calendarDay(el, tag) ? 'button' : '';
}

/** A class token that says day (Air Datepicker's -day-, flatpickr-day, vanillajs-datepicker's day). */
const DAY = /(^|[\s_-])day([\s_-]|$)/i;

/**
 * A calendar's day drawn without a role (Air Datepicker's div, flatpickr's and vanillajs-datepicker's
 * span): a box whose class says day or that carries its date (data-date), holding only the day's
 * number, showing a pointer, not inside a control. A person clicks it as a button.
 */
function calendarDay(el: Element, tag: string): boolean {
  if (
    (tag !== 'DIV' && tag !== 'SPAN') ||
    !(DAY.test(dom.attr(el, 'class') ?? '') || dom.hasAttr(el, 'data-date'))
  )
    return false;
  const day = Number((dom.text(el) ?? '').trim() || NaN);
  const up = dom.parentEl(el);
  return (
    // Inside a link or button, that is the control (a date shown in a link's text).
    !(up && dom.closest(up, CONTROLS)) &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= 31 &&
    dom.view(dom.doc(el))?.getComputedStyle(el).cursor === 'pointer'
  );
}

/** A class token that ends in close: t-dialog__close, modal-close, close; not closed or close-wrapper. */
const CLOSE = /close(\s|$)/i;
const CONTROLS = 'button,a,input,select,textarea,[role=button],[role=link]';

/**
 * A close control drawn as a bare box holding an icon or a ×, with no role (TDesign's dialog's
 * span.t-dialog__close, the hand-made modal's span.close): a button, unless a control is around it or in
 * it (Element UI's icon inside its close button).
 */
function closeBox(el: Element, tag: string): boolean {
  if ((tag !== 'SPAN' && tag !== 'DIV' && tag !== 'I') || !CLOSE.test(dom.attr(el, 'class') ?? ''))
    return false;
  if ((dom.text(el) ?? '').trim().length > 2) return false;
  const up = dom.parentEl(el);
  return !(up && dom.closest(up, CONTROLS)) && !dom.qs(el, CONTROLS);
}

/**
 * A box whose class is button or btn, drawn as one and clickable (Fomantic UI's div.ui.button in its
 * modals, a dropdown button, Bootstrap's span.btn): a button, unless it holds a control (a wrapper).
 */
function classButton(el: Element, tag: string, focusable: boolean): boolean {
  if ((tag !== 'DIV' && tag !== 'SPAN') || !/(^|\s)(button|btn)(\s|$)/i.test(dom.attr(el, 'class') ?? ''))
    return false;
  if (dom.qs(el, CONTROLS)) return false;
  return (
    focusable || dom.view(dom.doc(el))?.getComputedStyle(el).cursor === 'pointer' || classSays(el, 'disabled')
  );
}

/**
 * A row's action icon a page made clickable by itself (a table cell's or list item's i.el-icon-delete or
 * i.fa-trash with a click handler): an i, svg or icon span with no text, in a cell or list item with no
 * field, that shows a pointer its parent does not (its own, not one inherited from a clickable row), with
 * no control around it. Icons that are parts of a widget (a select's caret, a header's sort arrows) are
 * not in such a place.
 */
function pointerIcon(el: Element, tag: string): boolean {
  if (tag !== 'I' && tag !== 'SVG' && !(tag === 'SPAN' && /icon/i.test(dom.attr(el, 'class') ?? '')))
    return false;
  if (tag !== 'SVG' && (dom.text(el) ?? '').trim()) return false;
  const up = dom.parentEl(el);
  const cell = up && dom.closest(up, 'td,[role=gridcell],[role=cell],li,[role=listitem]');
  const win = dom.view(dom.doc(el));
  if (!cell || !win || dom.closest(up, CONTROLS)) return false;
  if (dom.qs(cell, 'input,select,textarea,[role=combobox],[role=textbox]')) return false;
  // The styles last: this runs for every icon a search or snapshot meets.
  return win.getComputedStyle(el).cursor === 'pointer' && win.getComputedStyle(up).cursor !== 'pointer';
}

/** A custom element's tag that names a toggle or slider (md-radio, x-checkbox). */
const CUSTOM_TOGGLE = /-(radio|checkbox|switch|slider)$/;

/**
 * The role of a form control drawn as a custom element that keeps its role in ElementInternals, out of
 * a script's reach (Material Web's md-radio): what its tag says, when it is form-associated and its
 * shadow tree holds no control of its own (md-checkbox's input is the checkbox).
 */
export function customRole(el: Element, tag: string): string {
  const m = tag.includes('-') ? CUSTOM_TOGGLE.exec(tag.toLowerCase()) : null;
  if (!m || !formAssociated(el)) return '';
  const shadow = ownShadow(el);
  return shadow && dom.qs(shadow, 'input,button,[role]') ? '' : m[1]!;
}

/** A form-associated custom element: labels name it, as they name an input. */
export const formAssociated = (el: Element): boolean => {
  const name = dom.localName(el);
  if (!name.includes('-')) return false;
  const def = dom.view(dom.doc(el))?.customElements?.get(name) as { formAssociated?: boolean } | undefined;
  return def?.formAssociated === true;
};

/** The form-associated custom element whose shadow tree `el` is in (md-checkbox for its input), or null. */
export const faceHost = (el: Element): Element | null => {
  const host = (dom.root(el) as ShadowRoot).host;
  return host && formAssociated(host) ? host : null;
};

/** A class that says switch, not one of its parts (t-switch, not t-switch__handle). */
const SWITCH = /(^|[\s_-])switch(\s|$)/i;

/** Whether a word of `el`'s class tokens is one of `words` (ivu-switch-checked says switch and checked). */
export function classSays(el: Element, words: string): boolean {
  const cls = dom.attr(el, 'class');
  if (!cls) return false;
  let rx = wordRegExps.get(words);
  if (!rx) wordRegExps.set(words, (rx = new RegExp(`(^|[\\s_-])(${words})($|[\\s_-])`, 'i')));
  return rx.test(cls);
}
const wordRegExps = new Map<string, RegExp>();

/**
 * A class token that says select: el-select, n-base-selection, layui-form-select, ivu-select; not the
 * select's popup (n-base-select-menu, el-select-dropdown) or its parts.
 */
const SELECT_TOKEN =
  /(^|[\s_-])select(ion|or)?($|\s|[_-](?!menu|option|dropdown|list|popup|panel|item|tag))/i;

/**
 * A select a widget library draws without ARIA roles (Element UI, Naive UI, Layui, iView): a text input
 * or focusable box in (or itself) an element whose class says select. It is a combobox, as a person
 * reads it: click it and pick from the list it opens, or `select` it.
 */
function drawnSelect(el: Element): boolean {
  for (let n: Element | null = el, i = 0; n && i < 4; n = dom.parentEl(n), i++)
    if (SELECT_TOKEN.test(dom.attr(n, 'class') ?? '')) return true;
  return false;
}

/** A link with no href that the page draws as clickable works as a button (Layui's dialog buttons). */
const scripted = (el: Element): string =>
  dom.view(dom.doc(el))?.getComputedStyle(el).cursor === 'pointer' ? 'button' : '';

const parentIsEditable = (el: Element): boolean => {
  const p = dom.parentEl(el) as HTMLElement | null;
  return !!p && p.isContentEditable;
};

export const inputType = (el: Element): string => (dom.attr(el, 'type') ?? 'text').toLowerCase();

export function isInteractive(el: Element, role = roleOf(el)): boolean {
  if (INTERACTIVE_ROLES.has(role)) return true;
  const tag = tagOf(el);
  // A focusable label is its control's stand-in for the keyboard (TDesign's radios): the control counts.
  if (tag === 'LABEL' && (el as HTMLLabelElement).control) return false;
  if (tag === 'INPUT') return inputType(el) !== 'hidden';
  if (tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'BUTTON') return true;
  const tabindex = dom.attr(el, 'tabindex');
  return tabindex !== null && Number(tabindex) >= 0 && tag !== 'DIV' && tag !== 'SPAN' ? true : false;
}

/** A checkbox, radio, switch or toggle button is checked (or pressed). */
export const isChecked = (el: Element): boolean =>
  tagOf(el) === 'INPUT' || customRole(el, tagOf(el))
    ? (el as HTMLInputElement).checked === true
    : dom.attr(el, 'aria-checked') === 'true' ||
      dom.attr(el, 'aria-pressed') === 'true' ||
      // A switch drawn without ARIA says it is on by a class.
      (!dom.hasAttr(el, 'role') && classSays(el, 'checked'));

/** Roles of a widget's part a person picks as a whole: a tab, tree item, menu item or option. */
const WIDGET_PART = /^(tab|treeitem|menuitem|menuitemcheckbox|menuitemradio|option)$/;
/** What a widget part holds besides its own words: a tree item's children, a menu item's submenu. */
const NESTED = '[role=group],[role=tree],[role=menu],[role=listbox],ul,ol';

/** The words of a widget part, not those of what is nested in it. */
function ownWords(el: Element): string {
  let out = '';
  const walk = (n: Element) => {
    for (let c: Node | null = dom.firstChild(n); c; c = dom.nextSibling(c)) {
      if (dom.nodeType(c) === 3) out += dom.text(c) ?? '';
      else if (dom.nodeType(c) === 1 && !dom.matches(c as Element, NESTED)) walk(c as Element);
    }
  };
  walk(el);
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The widget part a control is, to a person: a link or button that holds the words of the tab, tree item,
 * menu item or option around it (jQuery UI's tab anchor inside li[role=tab], Dijit's tree label) is that
 * part, one entry with the part's state. A control of its own inside the part (a row's delete icon) stays
 * itself. Else the control.
 */
export function widgetOf(el: Element): Element {
  if (WIDGET_PART.test(roleOf(el))) return el;
  for (let n = dom.parentEl(el), i = 0; n && i < 3; n = dom.parentEl(n), i++) {
    const role = dom.attr(n, 'role')?.trim().toLowerCase() ?? '';
    if (WIDGET_PART.test(role)) {
      const words = (dom.text(el) ?? '').replace(/\s+/g, ' ').trim();
      return words && words === ownWords(n) ? n : el;
    }
    if (dom.matches(n, NESTED) || isInteractive(n)) return el;
  }
  return el;
}

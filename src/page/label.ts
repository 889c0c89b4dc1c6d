/**
 * What a person sees as an element's role, text and name. A pragmatic subset of the ARIA name
 * computation (aria-labelledby, aria-label, labels, alt, title, placeholder, content) plus the
 * fallbacks real pages need: adjacent label text for unattached labels, and icon names for nameless
 * controls. Written here rather than imported to keep the bundle small and the hot path fast.
 */
import { INLINE_TAGS, normalize, truncate } from './text';
import { walk, parentOf, ownShadow } from './walk';
import * as dom from './dom';
import { labelsOf } from './labels';
import { replacedBy } from './stand-in';
import { iconShape } from './icon-shape';
import { INPUT_ROLES, INTERACTIVE_SELECTOR, PAGERS, TAG_ROLES, TYPE_SELECTORS, typeName } from './types';
import { drawnText } from './look';
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
const NAME_FROM_CONTENT = new Set([
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

/**
 * The control a label is for: `for`, the control it wraps, the element that names itself after it with
 * aria-labelledby (Vuetify's radio group), or the field after a free label.
 */
export function labelledControl(label: Element): Element | null {
  const control = (label as HTMLLabelElement).control;
  if (control) return control;
  const forId = dom.attr(label, 'for');
  const root = dom.root(label) as Document | ShadowRoot;
  const bound = forId ? dom.byId(root, forId) : dom.qs(label, 'input:not([type=hidden]),select,textarea');
  return bound ?? namedBy(label) ?? fieldAfter(label);
}

/** The element that takes its name from `el` through aria-labelledby (a group named by a heading). */
export function namedBy(el: Element): Element | null {
  const id = dom.attr(el, 'id');
  return id ? dom.qs(dom.root(el) as Document, `[aria-labelledby~="${CSS.escape(id)}"]`) : null;
}

/** A checkbox, radio, switch or toggle button is checked (or pressed). */
export const isChecked = (el: Element): boolean =>
  tagOf(el) === 'INPUT' || customRole(el, tagOf(el))
    ? (el as HTMLInputElement).checked === true
    : dom.attr(el, 'aria-checked') === 'true' ||
      dom.attr(el, 'aria-pressed') === 'true' ||
      // A switch drawn without ARIA says it is on by a class.
      (!dom.hasAttr(el, 'role') && classSays(el, 'checked'));

const FIELD =
  'input:not([type=hidden]),select,textarea,[contenteditable=""],[contenteditable=true],[role=textbox],[role=combobox],[role=switch],[role=checkbox],[role=slider],[tabindex][class*=select i],[class$=switch i],[class*="switch " i]';

/**
 * The field a label bound to nothing stands above, as a person reads it: the first rendered field in
 * the next few siblings (past an editor's toolbar), before any other label.
 */
export function fieldAfter(label: Element): Element | null {
  // A label alone in a column of its own (Arco's label-col) stands before the next column.
  const up = dom.parentEl(label);
  let n = label.nextElementSibling ?? (up && dom.children(up).length === 1 ? up.nextElementSibling : null);
  for (let i = 0; n && i < 4 && tagOf(n) !== 'LABEL'; i++, n = n.nextElementSibling) {
    // Another label's field; the labels of a group's checkboxes or radios are theirs alone.
    if ([...dom.qsa(n, 'label')].some((l) => !dom.qs(l, TOGGLE_INPUT))) return null;
    for (const f of [n, ...dom.qsa(n, FIELD)])
      if (dom.matches(f, FIELD) && (!dom.checkVisibility || dom.checkVisibility(f) || drawnBox(f))) return f;
  }
  return null;
}

/**
 * The text of a label bound to nothing that stands before the field as its label (Element UI's form
 * item label has no `for` unless the item names a prop): a label element before the field or one of its
 * first ancestors, whose field after it is this one.
 */
export function freeLabel(el: Element): string {
  for (let n: Element | null = el, i = 0; n && i < 7; n = dom.parentEl(n), i++) {
    const before = n.previousElementSibling;
    // The label, or a column holding only the label (Arco's).
    const only = before && dom.children(before).length === 1 ? dom.firstElementChild(before) : null;
    const prev = only && tagOf(only) === 'LABEL' ? only : before;
    if (
      prev &&
      tagOf(prev) === 'LABEL' &&
      !(prev as HTMLLabelElement).control &&
      !dom.attr(prev, 'for') &&
      fieldAfter(prev) === el &&
      // A label before several checkboxes or radios names their group, not the first of them.
      !(dom.matches(el, TOGGLE_INPUT) && dom.qsa(n === el ? dom.parentEl(el)! : n, TOGGLE_INPUT).length > 1)
    )
      return labelText(prev);
  }
  return '';
}

export const TOGGLE_INPUT = 'input[type=checkbox],input[type=radio]';

/**
 * Normalised text of an element's rendered-as-text descendants (crossing shadow roots). For a name
 * (max ≤ 200) a descendant that is display: none is left out, as the accessible name leaves it out (AG
 * Grid's hidden sort-order digit, a responsive label's other wording); text hidden only visually stays.
 */
export function textOf(el: Element, max = 2000, skip?: (e: Element) => boolean): string {
  const name = max <= 200;
  let out = '';
  // For a name: text placed off the page, for screen readers, counts only when nothing else shows (an
  // icon button's hidden "Delete"); beside shown text it describes (Ext JS's column headers each hold
  // an off-page "Cell value has been edited").
  let aside = '';
  if (tagOf(el) === 'SELECT' || tagOf(el) === 'TEXTAREA') return '';
  // White space is added once in a row: it does not use up the budget (a component's templates hold
  // more of it than text: Material Web's option names were cut to nothing).
  const space = () => {
    if (out && !out.endsWith(' ')) out += ' ';
  };
  // What comes after a block starts a new word too: text ("<div>Tab 2 of 2</div>Documents") or an inline
  // element (Ext JS's column header: "<div>Name</div><span>…</span>").
  const afterBlock = (n: Node) => {
    const prev = n.previousSibling;
    if (prev && dom.nodeType(prev) === 1 && !INLINE_TAGS.has(tagOf(prev as Element))) space();
  };
  walk(el, {
    text: (t) => {
      if (out.length >= max * 2) return;
      afterBlock(t);
      if (/\S/.test(t.data)) out += t.data;
      else space();
    },
    element: (e) => {
      if (out.length >= max * 2) return false;
      const tag = tagOf(e);
      if (tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'svg' || tag === 'SVG') return false;
      const style = name ? dom.view(dom.doc(e))?.getComputedStyle(e) : undefined;
      if (style?.display === 'none') return false;
      if (skip?.(e)) return false;
      if (style?.position === 'absolute' && offPage(e)) {
        // Read only while nothing else shows: it is the name only then.
        if (!/\S/.test(out)) aside += ` ${textOf(e, max, skip)}`;
        return false;
      }
      if (!INLINE_TAGS.has(tag)) space();
      else afterBlock(e);
      if (tag === 'INPUT' && ['button', 'submit', 'reset'].includes(inputType(e))) out += ' ' + inputValue(e);
    },
  });
  return normalize(/[^\s]/.test(out) ? out : `${out}${aside}`);
}

/** Placed where no scrolling reaches: wholly left of or above the page (left: -10000px). */
const offPage = (el: Element): boolean => {
  const r = dom.rect(el);
  const w = dom.view(dom.doc(el));
  return !!w && (r.right + w.scrollX < 0 || r.bottom + w.scrollY < 0);
};

export const inputValue = (el: Element): string => (el as HTMLInputElement).value ?? '';

/** The elements an ID list (aria-labelledby) names, null for an ID that names nothing. */
function refsOf(el: Element, ids: string): Array<Element | null> {
  const root = dom.root(el) as Document | ShadowRoot;
  return ids
    .trim()
    .split(/\s+/)
    .map((id) => dom.byId(root, id) ?? dom.byId(dom.doc(el), id));
}

/**
 * What `el` says it controls or owns (aria-controls, then aria-owns; each an ID list), itself left out:
 * Ext JS's combobox owns itself and then its listbox.
 */
export const controlledBy = (el: Element): Element[] =>
  refsOf(el, `${dom.attr(el, 'aria-controls') ?? ''} ${dom.attr(el, 'aria-owns') ?? ''}`).filter(
    (r): r is Element => !!r && r !== el,
  );

/** The text of the elements an ID list names (aria-labelledby, aria-describedby), those `take` keeps. */
export function textOfIds(el: Element, ids: string, take: (ref: Element) => boolean = () => true): string {
  return normalize(
    refsOf(el, ids)
      .map((ref) => (ref && take(ref) ? dom.attr(ref, 'aria-label') || textOf(ref) : ''))
      .join(' '),
  );
}

const symbolOnly = (t: string): boolean => !/[\p{L}\p{N}]/u.test(t);

/**
 * For a popup labelled only by a symbol (Headless UI's listbox, by its ▾ button): the name of the field
 * that controls it (aria-controls).
 */
function fieldOf(popup: Element): string {
  const id = popup.id;
  if (!id || !dom.matches(popup, '[role=listbox],[role=menu]')) return '';
  for (const f of dom.qsa(dom.root(popup) as ParentNode, '[aria-controls]'))
    if (f !== popup && dom.attr(f, 'aria-controls')!.split(/\s+/).includes(id)) return computeName(f);
  return '';
}

/** Every element `ids` names is inside `el`: what labels it is its own content (its drawn value). */
const labelsItsValue = (el: Element, ids: string): boolean =>
  refsOf(el, ids).every((ref) => !!ref && ref !== el && dom.contains(el, ref));

/**
 * A dialog's name, or its text when it has none (a class-marked dialog, a role="dialog" with no label),
 * without its buttons' and its fields' labels (they are reported as its controls).
 */
export const dialogName = (d: Element, max: number): string =>
  nameOf(d, max) ||
  truncate(
    textOf(d, 60, (e) => roleOf(e) === 'button' || tagOf(e) === 'LABEL'),
    max,
  );

const LABELABLE = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'METER', 'PROGRESS', 'OUTPUT']);

/**
 * A text field or select in a table cell with no label of its own (a data grid's cell editor, a row of
 * inputs) goes by its column's header, not by the neighbouring cell's text. Checkboxes and radios are
 * left to their neighbours: a row's checkbox is not named after a "Select all" header.
 */
function columnName(el: Element): string {
  if (/^(checkbox|radio)$/.test((el as HTMLInputElement).type ?? '')) return '';
  const cell = dom.closest(el, 'td,[role=gridcell],[role=cell]');
  const row = cell && dom.closest(cell, TYPE_SELECTORS.row);
  const table = row && dom.closest(row, TYPE_SELECTORS.table);
  if (!table) return '';
  // Among the cells only: grids put resize handles and spacers between them.
  const cells = [...dom.children(row)].filter((c) =>
    dom.matches(c, 'td,th,[role=gridcell],[role=cell],[role=rowheader]'),
  );
  const column = cells.indexOf(cell);
  // The header row's cells: th, or td in a thead (spreadsheets draw their headers so).
  const headRows = dom.qsa(table, 'thead tr');
  const heads = headRows.length
    ? [...dom.children(headRows[headRows.length - 1]!)].filter((c) => dom.matches(c, 'th,td'))
    : dom.qsa(table, '[role=columnheader]');
  const header = heads[column];
  return header ? textOf(header, 60) : '';
}

/** A stand-in with no name of its own goes by the name of the control it replaced. */
const replacedName = (el: Element): string => {
  const replaced = replacedBy(el);
  return replaced ? computeName(replaced) : '';
};

/** The accessible name, with the fallbacks people rely on when markup is sloppy. Never longer than max. */
export function nameOf(el: Element, max = 80): string {
  // A state written into the name (AG Grid's "… (unchecked)") is shown as state, and leaves the name
  // the same whichever it is.
  return truncate(computeName(el).replace(/\s*\((un)?checked\)$/i, ''), max);
}

function computeName(el: Element): string {
  const labelledby = dom.attr(el, 'aria-labelledby');
  if (labelledby) {
    const t = textOfIds(el, labelledby);
    // Select2 labels its combobox with the value drawn inside it: the replaced select's label names it.
    if (t) return (labelsItsValue(el, labelledby) && replacedName(el)) || (symbolOnly(t) && fieldOf(el)) || t;
  }
  const aria = normalize(dom.attr(el, 'aria-label') ?? '');
  if (aria) return aria;
  const tag = tagOf(el);
  if (tag === 'INPUT') {
    const type = inputType(el);
    if (type === 'submit' || type === 'reset' || type === 'button')
      return normalize(inputValue(el)) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
    if (type === 'image') return normalize(dom.attr(el, 'alt') ?? '') || 'Submit';
  }
  // HTML-AAM: a button's <label for> names it before its content does (antd's switch is a nameless
  // button labelled by its form item's label).
  const face = formAssociated(el);
  if (LABELABLE.has(tag) || tag === 'BUTTON' || face) {
    const labels = labelsOf(el);
    if (labels.length) {
      const t = normalize([...labels].map(labelText).join(' '));
      if (t) return t;
    }
  }
  if (LABELABLE.has(tag)) {
    const t =
      freeLabel(el) ||
      normalize(dom.attr(el, 'title') ?? '') ||
      normalize(dom.attr(el, 'placeholder') ?? '') ||
      normalize(dom.attr(el, 'aria-placeholder') ?? '');
    if (t) return t;
    // The text beside a select input may be its drawn value, not a label.
    const drawn = drawnText(el, roleOf(el));
    const host = faceHost(el);
    return (
      (host && nameOf(host)) ||
      drawn.placeholder ||
      columnName(el) ||
      (drawn.value ? '' : adjacentLabel(el)) ||
      replacedName(el)
    );
  }
  if (tag === 'IMG' || tag === 'AREA')
    return normalize(dom.attr(el, 'alt') ?? '') || normalize(dom.attr(el, 'title') ?? '');
  const role = roleOf(el);
  if (role === 'textbox' || role === 'combobox' || role === 'searchbox' || role === 'listbox')
    return (
      normalize(dom.attr(el, 'title') ?? '') ||
      freeLabel(el) ||
      normalize(dom.attr(el, 'aria-placeholder') ?? '') ||
      // Editors (Quill, Medium Editor, Tiptap) show a placeholder from data-placeholder.
      normalize(dom.attr(el, 'data-placeholder') ?? '') ||
      // A field wrapper that is the combobox (Vuetify's v-field) holds its label.
      labelInside(el) ||
      drawnText(el, role).placeholder ||
      adjacentLabel(el) ||
      replacedName(el)
    );
  if (NAME_FROM_CONTENT.has(role) || tag === 'LABEL' || tag === 'LEGEND' || tag === 'CAPTION') {
    // A menu button holding its menu (Fomantic UI's dropdown button) is named without the menu's items.
    const t = textOf(el, 200, role === 'button' ? inMenu : undefined);
    if (t) return t;
    // A toggle with no text of its own goes by the label beside it (Naive UI's switch), not its classes.
    const toggle = /^(checkbox|switch|radio)$/.test(role) ? freeLabel(el) || adjacentLabel(el) : '';
    // A nameless control alone in an element with a title goes by it (View Design's pager arrows).
    const up = dom.parentEl(el);
    const around = up && dom.children(up).length === 1 ? normalize(dom.attr(up, 'title') ?? '') : '';
    return normalize(dom.attr(el, 'title') ?? '') || tooltipOf(el) || toggle || around || iconName(el);
  }
  return normalize(dom.attr(el, 'title') ?? '');
}

/** A menu inside a button: one with a role, or a positioned box whose class is menu (not a label's span.menu). */
const inMenu = (e: Element): boolean =>
  dom.matches(e, '[role=menu],[role=listbox]') ||
  (dom.matches(e, '[class~=menu]') && /absolute|fixed/.test(getComputedStyle(e).position));

const labelInside = (el: Element): string => {
  const label = dom.qs(el, 'label');
  return label ? labelText(label) : '';
};

/** A label's text without the value of the control inside it. */
export function labelText(label: Element): string {
  return textOf(label, 200);
}

/**
 * A field's name when no label is attached: the short text just before it (a neighbouring cell, a
 * preceding div or text node), or failing that, just after it; only where a person reads it as one. A
 * heading names a section, a number is a value or a count, and text before a run of bare fields (three
 * checkboxes after "5") names none of them unless it ends in a colon ("Phone:" before its parts).
 */
const TOOLBAR = /toolbar/i;
/** Text that is a value or a count, not a label: digits, with signs, separators, units of money or %. */
const VALUE_ONLY = /^[-+±]?[\d\s.,:/%$€£¥]*\d[\d\s.,/%$€£¥]*$/;
const BARE_FIELD =
  'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]),select,textarea';
/** A field that a label, aria-label or aria-labelledby names, or that a label wraps. */
export const labelled = (f: Element): boolean =>
  dom.hasAttr(f, 'aria-label') ||
  dom.hasAttr(f, 'aria-labelledby') ||
  !!dom.closest(f, 'label') ||
  labelsOf(f).length > 0;
/** Whether a text or element is directly followed by a field (so it labels that one). */
const labelsNext = (n: Node): boolean => {
  for (let x = n.nextSibling; x; x = x.nextSibling) {
    if (dom.nodeType(x) === 3 && !dom.text(x)!.trim()) continue;
    return (
      dom.nodeType(x) === 1 && (dom.matches(x as Element, BARE_FIELD) || !!dom.qs(x as Element, BARE_FIELD))
    );
  }
  return false;
};
/** Whether `el` stands in a run of bare fields of its own kind (siblings with no label between them). */
const inBareRun = (el: Element): boolean => {
  const kind = (f: Element | null) =>
    !!f &&
    dom.matches(f, BARE_FIELD) &&
    !labelled(f) &&
    dom.tag(f) === dom.tag(el) &&
    (f as HTMLInputElement).type === (el as HTMLInputElement).type;
  return kind(el.nextElementSibling) || kind(el.previousElementSibling);
};

/** A label element, or one holding one, that is bound to a control other than `el`. */
const boundElsewhere = (n: Element, el: Element): boolean =>
  [n, ...dom.qsa(n, 'label[for]')].some((l) => {
    const control = tagOf(l) === 'LABEL' ? (l as HTMLLabelElement).control : null;
    return !!control && control !== el;
  });

export function adjacentLabel(el: Element): string {
  const near = (node: Element | null, dir: 'prev' | 'next'): string => {
    for (let n: Node | null = node; n; n = dir === 'prev' ? n.previousSibling : n.nextSibling) {
      if (n === el) continue;
      const type = dom.nodeType(n);
      // What is not rendered (the textarea an editor hid) is not between the label and the field.
      if (type === 1 && dom.checkVisibility && !dom.checkVisibility(n as Element)) continue;
      // An editor's toolbar sits between its label and the editor (Quill, Trix, TinyMCE).
      if (
        type === 1 &&
        TOOLBAR.test(
          `${dom.tag(n as Element)} ${dom.attr(n as Element, 'role') ?? ''} ${dom.attr(n as Element, 'class') ?? ''}`,
        )
      )
        continue;
      const text = normalize(type === 1 ? textOf(n as Element, 100) : type === 3 ? dom.text(n)! : '');
      // A control is not a label: the text of a neighbouring button or link names that, not this field.
      if (
        dom.nodeType(n) === 1 &&
        dom.matches(n as Element, 'button,a[href],[role=button],[role=link],input,select,textarea')
      )
        return '';
      if (dom.nodeType(n) === 1 && dom.qs(n as Element, 'input,select,textarea,button')) return '';
      // A label names one control: one bound to another (for=, or the control it holds) is that one's.
      if (type === 1 && boundElsewhere(n as Element, el)) return '';
      if (!text) continue;
      if (text.length > 60 || VALUE_ONLY.test(text)) return '';
      // Text after the field that is followed by a field of its own ("Phone:" then its box) is that one's.
      if (dir === 'next' && (/:\s*\*?$/.test(text) || labelsNext(n))) return '';
      if (type === 1 && dom.matches(n as Element, 'h1,h2,h3,h4,h5,h6,[role=heading]')) return '';
      if (dir === 'prev' && !/:\s*\*?$/.test(text) && inBareRun(el)) return '';
      return text.replace(/[:*]\s*$/, '').trim();
    }
    return '';
  };
  let node: Element | null = el;
  for (let depth = 0; node && depth < 3; depth++, node = parentOf(node)) {
    const prev = node.previousSibling as Element | null;
    const found = near(prev, 'prev');
    if (found) return found;
    const parent = dom.parentEl(node);
    if (parent && dom.children(parent).length > 3) break;
  }
  return near(el.nextSibling as Element | null, 'next');
}

/**
 * Where tooltip libraries keep what a control's title said: Ext JS's data-qtip, and the title Bootstrap's
 * tooltips move away (3 and 4: data-original-title; 5: data-bs-original-title), leaving an icon button
 * without a name.
 */
export const TOOLTIP_ATTRS = ['data-qtip', 'data-original-title', 'data-bs-original-title'];
export const tooltipOf = (el: Element): string => {
  for (const a of TOOLTIP_ATTRS) {
    const t = normalize(dom.attr(el, a) ?? '');
    if (t) return t;
  }
  return '';
};

const GENERIC_TOKENS = new Set([
  'unselectable',
  'layui',
  'layer',
  'anticon',
  'ivu',
  'ios',
  'arco',
  'type',
  'medium',
  'slot',
  'base',
  'mantine',
  'chakra',
  'focus',
  'auto',
  'root',
  'btn',
  'button',
  'icon',
  'icons',
  'fa',
  'fas',
  'far',
  'fab',
  'fal',
  'bi',
  'glyphicon',
  'material',
  'symbols',
  'outlined',
  'rounded',
  'sharp',
  'svg',
  'img',
  'image',
  'small',
  'large',
  'lg',
  'sm',
  'xs',
  'md',
  'xl',
  'primary',
  'secondary',
  'default',
  'link',
  'action',
  'actions',
  'item',
  'ui',
  'mdi',
  'ico',
  'active',
  'disabled',
  'hidden',
  'show',
  'open',
  'clickable',
  'control',
  'wrapper',
  'inner',
  'outer',
]);

/** A nameless control's handle from its icon: an svg <title>, an image file name, or class tokens. */
export function iconName(el: Element): string {
  const svgTitle = dom.qs(el, 'svg title');
  const title = svgTitle && dom.text(svgTitle);
  if (title) return normalize(title);
  const img = tagOf(el) === 'IMG' ? el : dom.qs<HTMLImageElement>(el, 'img');
  if (img) {
    const alt = normalize(dom.attr(img, 'alt') ?? '') || normalize(dom.attr(img, 'title') ?? '');
    if (alt) return alt;
    const file = (dom.attr(img, 'src') ?? '').split(/[?#]/)[0]!.split('/').pop() ?? '';
    const stem = file
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/[-_.]+/g, ' ')
      .replace(/\bicon\b/gi, '')
      .trim();
    if (/[a-z]{3}/i.test(stem)) return normalize(stem);
  }
  // Icon components name their icon: Ant Design's <span role="img" aria-label="filter">, MUI's
  // <svg data-testid="DeleteIcon">.
  const labelled = dom.qs(el, '[role=img][aria-label],svg[aria-label]');
  const aria = labelled && normalize(dom.attr(labelled, 'aria-label') ?? '');
  if (aria) return aria;
  const testId = /^([A-Z]\w*?)(Outlined|Rounded|Sharp|TwoTone)?Icon$/.exec(
    dom.attr(dom.qs(el, 'svg[data-testid]') ?? el, 'data-testid') ?? '',
  );
  if (testId) return testId[1]!.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
  const paging = pagerRole(el);
  if (paging) return paging;
  // What its strokes draw, as a person reads it: a plus, a minus, a ×.
  const svg = tagOf(el) === 'SVG' ? el : dom.qs(el, 'svg');
  const shape = svg && iconShape(svg);
  if (shape) return shape;
  const classes = [el, ...[...dom.qsa(el, '[class]')].slice(0, 6)];
  for (const c of classes) {
    const cls = typeof c.className === 'string' ? c.className : (dom.attr(c, 'class') ?? '');
    for (const token of cls.split(/\s+/)) {
      const words = token
        .replace(/(?<=[a-z])(?=[A-Z])/g, '-')
        .split(/[-_]+/)
        .filter((w) => /^[a-z]{3,}$/i.test(w) && !GENERIC_TOKENS.has(w.toLowerCase()));
      if (words.length) return words.join(' ').toLowerCase();
    }
  }
  return '';
}

/**
 * A nameless arrow in a pager, by where it stands among the page numbers: the one just before them is
 * the previous page, the one just after the next page, the outer ones the first and last (Mantine's).
 */
export function pagerRole(el: Element): string {
  const up = dom.parentEl(el);
  const pager = up && dom.closest(up, PAGERS); // the arrow's own class may say pagination too
  if (!pager) return '';
  const controls = [...dom.qsa(pager, 'a,button,[role=button]')];
  const numbered = controls.filter((c) => /^\d+$/.test(normalize(dom.text(c) ?? '')));
  const i = controls.indexOf(el);
  const first = controls.indexOf(numbered[0]!);
  const last = controls.indexOf(numbered[numbered.length - 1]!);
  if (first < 0 || i < 0) return '';
  if (i < first) return i === first - 1 ? 'previous page' : 'first page';
  return i > last ? (i === last + 1 ? 'next page' : 'last page') : '';
}

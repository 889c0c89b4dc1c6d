/**
 * An element's name as a person reads it. A pragmatic subset of the ARIA name computation
 * (aria-labelledby, aria-label, labels, alt, title, placeholder, content) plus the fallbacks real pages
 * need: adjacent label text for unattached labels, a column's header, a tooltip's, and icon names for
 * nameless controls. Written here rather than imported to keep the bundle small and the hot path fast.
 */
import { normalize, truncate } from '../dom/text';
import * as dom from '../dom/members';
import { labelsOf } from './labels';
import { replacedBy } from './stand-in';
import { TYPE_SELECTORS } from '../dom/types';
import { drawnText } from './look';
import { faceHost, formAssociated, inputType, NAME_FROM_CONTENT, roleOf, tagOf } from './role';
import { inputValue, labelText, textOf } from './text-of';
import { adjacentLabel, freeLabel } from './label-beside';
import { iconName } from './icon-name';

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
      titleOf(el) ||
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
  if (tag === 'IMG' || tag === 'AREA') return normalize(dom.attr(el, 'alt') ?? '') || titleOf(el);
  const role = roleOf(el);
  if (role === 'textbox' || role === 'combobox' || role === 'searchbox' || role === 'listbox')
    return (
      titleOf(el) ||
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
    const around = up && dom.children(up).length === 1 ? titleOf(up) : '';
    return titleOf(el) || tooltipOf(el) || toggle || around || iconName(el);
  }
  return titleOf(el);
}

/** A menu inside a button: one with a role, or a positioned box whose class is menu (not a label's span.menu). */
const inMenu = (e: Element): boolean =>
  dom.matches(e, '[role=menu],[role=listbox]') ||
  (dom.matches(e, '[class~=menu]') && /absolute|fixed/.test(getComputedStyle(e).position));

/** A label inside a field wrapper (Vuetify's v-field), unless it is bound to another control. */
const labelInside = (el: Element): string => {
  const label = dom.qs<HTMLLabelElement>(el, 'label');
  if (!label || (label.control && label.control !== el && !dom.contains(el, label.control))) return '';
  return labelText(label);
};

/** A modifier in a key hint: Alt+Shift+F, ⌘K, Ctrl-K. */
const MOD = '(?:alt|ctrl|control|shift|cmd|command|meta|option|opt|⌘|⌥|⇧|⌃)\\s*[+-]?\\s*';
/** The key itself: a letter or digit, F1–F12, or a named key. */
const KEY = '(?:[a-z0-9]|f\\d{1,2}|esc|enter|space|tab)';
/** A title that is only a key hint ("[F]", "Alt+Shift+F"), or ends in one ("Search [F]", "Save (Ctrl+S)"). */
const KEY_HINT_ONLY = new RegExp(`^(?:${MOD})*${KEY}$`, 'i');
const KEY_HINT_END = new RegExp(`\\s*[[(](?:${MOD})*${KEY}[\\])]$`, 'i');

/**
 * What an element's title says as a name: its text without an access-key hint, which names a key, not
 * the control ("[F]" on DokuWiki's search box, whose placeholder says Search).
 */
export function titleOf(el: Element): string {
  const t = normalize(dom.attr(el, 'title') ?? '').replace(KEY_HINT_END, '');
  // A bare key combination ("Alt+Shift+F"); a lone letter ("X" on a close box) may be a name.
  return KEY_HINT_ONLY.test(t) && /[+\-⌘⌥⇧⌃]/.test(t) ? '' : t;
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

/**
 * One pass over a region's elements that counts what summary() and describe() report (headings,
 * tables, forms, fields, buttons, links, images) and collects the controls that may be main actions.
 * It classifies by tag, type and role in script, which is several times faster on a large page than one
 * selector scan per kind; test/unit/census.test.ts checks it against the selectors in types.ts.
 */
import { ALERT_SELECTOR, DIALOG_SELECTOR, LANDMARK_SELECTOR, OUTLINE_SELECTOR } from './types';
import { collectRoots, type SearchRoot } from './walk';

/**
 * Every element that can count, or be an outline heading, landmark, dialog or alert: one native scan.
 * Alert classes (.toast, …) come from the documents' class collections instead, which are cached.
 */
const CANDIDATES =
  'h1,h2,h3,h4,h5,h6,table,form,img,input,textarea,select,button,summary,a,area,main,nav,header,footer,aside,search,section[aria-label],section[aria-labelledby],dialog,[role],[contenteditable],[aria-live],[aria-modal]';
const ALERT_CLASSES = ['toast', 'snackbar', 'notification', 'alert'];
const LANDMARK_TAGS = new Set(['MAIN', 'NAV', 'HEADER', 'FOOTER', 'ASIDE', 'SEARCH', 'SECTION', 'FORM']);

export const COUNT_KINDS = ['heading', 'table', 'form', 'field', 'button', 'link', 'image'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export interface Census {
  counts: Record<CountKind, number>;
  /** Buttons, links, text fields and selects: main-action candidates, one list per root in document order. */
  controls: Element[][];
  /** Elements matching OUTLINE_SELECTOR, LANDMARK_SELECTOR, DIALOG_SELECTOR and ALERT_SELECTOR. */
  outline: Element[];
  /** Every heading (TYPE_SELECTORS.heading), in document order per root. */
  headings: Element[];
  landmarks: Element[];
  dialogs: Element[];
  alerts: Element[];
}

const FIELD_ROLES = new Set([
  'textbox',
  'searchbox',
  'spinbutton',
  'combobox',
  'listbox',
  'checkbox',
  'switch',
  'menuitemcheckbox',
  'radio',
  'menuitemradio',
]);
/** Field roles that are also main-action candidates (the TYPE_SELECTORS input and select). */
const CONTROL_FIELD_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'listbox']);
const NOT_FIELD_INPUTS = new Set(['hidden', 'button', 'submit', 'reset', 'image', 'range']);
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image']);
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** Adds the kinds `el` counts as (an element may be two: <a href role=button>); true if a control. */
function classify(el: Element, counts: Record<CountKind, number>): boolean {
  const tag = el.tagName;
  const role = el.attributes.length ? (el.getAttribute('role')?.trim().toLowerCase() ?? '') : '';
  let control = false;
  if (HEADINGS.has(tag) || role === 'heading') counts.heading++;
  if (tag === 'TABLE' || role === 'table' || role === 'grid') counts.table++;
  if (tag === 'FORM') counts.form++;
  if (tag === 'IMG') counts.image++;
  let field = FIELD_ROLES.has(role);
  if (field && CONTROL_FIELD_ROLES.has(role)) control = true;
  if (tag === 'INPUT') {
    const type = (el.getAttribute('type') ?? '').trim().toLowerCase();
    if (!NOT_FIELD_INPUTS.has(type)) {
      field = true;
      if (type !== 'checkbox' && type !== 'radio') control = true;
    }
    if (BUTTON_INPUTS.has(type)) {
      counts.button++;
      control = true;
    }
  } else if (tag === 'TEXTAREA' || tag === 'SELECT') {
    field = true;
    control = true;
  } else if (el.attributes.length && el.hasAttribute('contenteditable')) {
    const v = el.getAttribute('contenteditable')!.toLowerCase();
    if (v === '' || v === 'true') field = control = true;
  }
  if (field) counts.field++;
  if (tag === 'BUTTON' || tag === 'SUMMARY' || role === 'button') {
    counts.button++;
    control = true;
  }
  if (((tag === 'A' || tag === 'AREA') && el.hasAttribute('href')) || role === 'link') {
    counts.link++;
    control = true;
  }
  return control;
}

/** Counts, main-action candidates, headings, landmarks, dialogs and alerts under `root` (shadow roots and frames too). */
export function census(root: SearchRoot): Census {
  const counts = Object.fromEntries(COUNT_KINDS.map((k) => [k, 0])) as Record<CountKind, number>;
  const out: Census = {
    counts,
    controls: [],
    outline: [],
    headings: [],
    landmarks: [],
    dialogs: [],
    alerts: [],
  };
  for (const r of collectRoots(root).roots) {
    const all = r.querySelectorAll(CANDIDATES);
    const own: Element[] = [];
    for (let i = 0; i < all.length; i++) {
      const el = all[i]!;
      if (classify(el, counts)) own.push(el);
      const tag = el.tagName;
      // matches() only where the tag alone does not decide: a few elements per page.
      const aria = el.hasAttribute('role') || el.hasAttribute('aria-live') || el.hasAttribute('aria-modal');
      if (HEADINGS.has(tag) || (aria && el.getAttribute('role')?.trim().toLowerCase() === 'heading'))
        out.headings.push(el);
      if ((tag === 'H1' || tag === 'H2' || tag === 'H3' || aria) && el.matches(OUTLINE_SELECTOR))
        out.outline.push(el);
      if ((LANDMARK_TAGS.has(tag) || aria) && el.matches(LANDMARK_SELECTOR)) out.landmarks.push(el);
      if ((tag === 'DIALOG' || aria) && el.matches(DIALOG_SELECTOR)) out.dialogs.push(el);
      if (aria && el.matches(ALERT_SELECTOR)) out.alerts.push(el);
    }
    if (own.length) out.controls.push(own);
    const classed =
      r.nodeType === 11
        ? Array.from(r.querySelectorAll(ALERT_CLASSES.map((c) => `.${c}`).join(',')))
        : ALERT_CLASSES.flatMap((c) => Array.from((r as Element | Document).getElementsByClassName(c)));
    for (const el of classed) if (!out.alerts.includes(el)) out.alerts.push(el);
    if (classed.length)
      out.alerts.sort((a, b) => (a === b ? 0 : a.compareDocumentPosition(b) & 4 /* FOLLOWING */ ? -1 : 1));
  }
  return out;
}

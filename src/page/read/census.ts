/**
 * One pass over a region's elements that counts what summary() and describe() report (headings,
 * tables, forms, fields, buttons, links, images) and collects the controls that may be main actions.
 * It classifies by tag, type and role in script, which is several times faster on a large page than one
 * selector scan per kind; test/unit/census.test.ts checks it against the selectors in types.ts.
 */
import {
  ALERT_CLASSES,
  ALERT_SELECTOR,
  DIALOG_SELECTOR,
  LANDMARK_SELECTOR,
  OUTLINE_SELECTOR,
} from '../dom/types';
import { collectRoots } from '../dom/roots';
import { docOrder, type SearchRoot } from '../dom/walk';
import { elementIndex } from '../dom/index-range';
import { KIND_ATTRS, type ElementIndex, type IndexedTag } from '../dom/element-index';
import * as dom from '../dom/members';
import { atOnce, due, runAtOnce, type Pace, type Steps } from '../dom/slices';

/** Tags whose browser collections (cached until the DOM changes) the census reads. */
const CONTROL_TAGS: IndexedTag[] = ['button', 'a', 'area', 'input', 'select', 'textarea', 'summary'];
const HEADING_TAGS: IndexedTag[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const OTHER_TAGS: IndexedTag[] = [...HEADING_TAGS, 'table', 'form', 'img', 'dialog'];
const LANDMARK_TAGS: IndexedTag[] = ['main', 'nav', 'header', 'footer', 'aside', 'search', 'section', 'form'];
/** Every tag queried, once each ('form' is both counted and a landmark). */
const TAGS = [...new Set([...CONTROL_TAGS, ...OTHER_TAGS, ...LANDMARK_TAGS])];
const TAG_SET = new Set(TAGS.map((t) => t.toUpperCase()));
const CONTROL_TAG_SET = new Set(CONTROL_TAGS.map((t) => t.toUpperCase()));

export const COUNT_KINDS = ['heading', 'table', 'form', 'field', 'button', 'link', 'image'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export interface Census {
  counts: Record<CountKind, number>;
  /** Main-action candidates (buttons, links, text fields, selects): lists, each in document order. */
  controls: ArrayLike<Element>[];
  /** The first `max` elements of a kind, in document order, that pass `accept`. */
  first(kind: ListKind, max: number, accept?: (el: Element) => boolean): Element[];
  /** Open dialogs and alerts (DIALOG_SELECTOR, ALERT_SELECTOR), in document order. */
  dialogs: Element[];
  alerts: Element[];
}

/** outline: OUTLINE_SELECTOR; headings: TYPE_SELECTORS.heading; landmarks: LANDMARK_SELECTOR. */
export type ListKind = 'outline' | 'headings' | 'landmarks';

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
  const tag = dom.tag(el);
  const role = dom.attrs(el).length ? (dom.attr(el, 'role')?.trim().toLowerCase() ?? '') : '';
  let control = false;
  if (HEADINGS.has(tag) || role === 'heading') counts.heading++;
  // A table laid out for looks (role presentation or none: each row of an Ext JS grid) is not one.
  if (tag === 'TABLE' ? role !== 'presentation' && role !== 'none' : /^(table|grid|treegrid)$/.test(role))
    counts.table++;
  if (tag === 'FORM') counts.form++;
  if (tag === 'IMG') counts.image++;
  let field = FIELD_ROLES.has(role);
  if (field && CONTROL_FIELD_ROLES.has(role)) control = true;
  if (tag === 'INPUT') {
    const type = (dom.attr(el, 'type') ?? '').trim().toLowerCase();
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
  } else if (dom.attrs(el).length && dom.hasAttr(el, 'contenteditable')) {
    const v = dom.attr(el, 'contenteditable')!.toLowerCase();
    if (v === '' || v === 'true') field = control = true;
  }
  if (field) counts.field++;
  if (tag === 'BUTTON' || tag === 'SUMMARY' || role === 'button') {
    counts.button++;
    control = true;
  }
  if (((tag === 'A' || tag === 'AREA') && dom.hasHref(el)) || role === 'link') {
    counts.link++;
    control = true;
  }
  return control;
}

/** An attribute decides its kind (KIND_ATTRS; an element with none of them is classified by its tag). */
const byAttribute = (el: Element): boolean => KIND_ATTRS.some((a) => dom.hasAttr(el, a));

/** The kinds the tag collections counted an element as. */
function tagKinds(el: Element): CountKind[] {
  const tag = dom.tag(el);
  if (HEADINGS.has(tag)) return ['heading'];
  if (tag === 'TABLE') return ['table'];
  if (tag === 'FORM') return ['form'];
  if (tag === 'IMG') return ['image'];
  if (tag === 'BUTTON' || tag === 'SUMMARY') return ['button'];
  if (tag === 'TEXTAREA' || tag === 'SELECT') return ['field'];
  if ((tag === 'A' || tag === 'AREA') && dom.hasHref(el)) return ['link'];
  return [];
}

/** Roles the landmark selector names (its tags are all among TAGS, classified apart). */
const LANDMARK_ROLES = new Set(['main', 'navigation', 'banner', 'contentinfo', 'complementary', 'search']);
/** Words in a class that the dialog and alert selectors could match by class. */
const DIALOG_CLASS = /modal|dialog|layui-layer/i;
const ALERT_CLASS = /toast|snackbar|notification|alert|layui-layer-msg/i;

/** Roles a page report may list among its main actions though they are not counted as controls. */
export const TOGGLE_ROLES = /^(checkbox|radio|switch|treeitem|tab)$/;

/** True for what main actions may list: a button, link, text field or select. */
export const isControl = (el: Element): boolean =>
  classify(el, Object.fromEntries(COUNT_KINDS.map((k) => [k, 0])) as Record<CountKind, number>);

/**
 * The elements of each tag under a root, and those an attribute classifies (KIND_ATTRS) or a class makes
 * an alert (ALERT_CLASSES), each in document order, from the element index of its document or shadow
 * root (one walk, then kept up to date; an element's is a range of its tree's). The classes by a query
 * each (a single-class query takes the browser's fast path), and not in shadow roots: a page may have
 * tens of thousands, each a few elements, where the queries cost more than all else (components say
 * alert by role). A shadow root's are its index's list as it is: no merge, no set, 30,000 times a call.
 */
function tagLists(root: SearchRoot): {
  index: ElementIndex;
  attributed: readonly Element[];
} {
  const index = elementIndex(root);
  if (dom.nodeType(root) === 11) return { index, attributed: index.kinded };
  const seen = new Set<Element>();
  return {
    index,
    attributed: mergeFirst(
      [index.kinded, ...ALERT_CLASSES.map((q) => dom.qsa(root, q))],
      Infinity,
      (el) => !seen.has(el) && !!seen.add(el),
    ),
  };
}

/** The first `max` accepted elements of several document-ordered lists, merged in document order. */
function mergeFirst(lists: ArrayLike<Element>[], max: number, accept: (el: Element) => boolean): Element[] {
  const at = lists.map(() => 0);
  const out: Element[] = [];
  while (out.length < max) {
    let best = -1;
    for (let i = 0; i < lists.length; i++)
      if (
        at[i]! < lists[i]!.length &&
        (best < 0 || docOrder(lists[i]![at[i]!]!, lists[best]![at[best]!]!) < 0)
      )
        best = i;
    if (best < 0) break;
    const el = lists[best]![at[best]!++]!;
    if (accept(el)) out.push(el);
  }
  return out;
}

/**
 * Counts, main-action candidates, headings, landmarks, dialogs and alerts under `root` (shadow roots
 * and frames too), from the browser's tag collections and one attribute-presence scan: no selector
 * list is matched against every element.
 */
export const census = (root: SearchRoot): Census => runAtOnce(censusSteps(root, atOnce()));

/** census as steps that may pause (dom/slices.ts): between roots, and every few hundred elements. */
export function* censusSteps(root: SearchRoot, pace: Pace): Steps<Census> {
  const counts = Object.fromEntries(COUNT_KINDS.map((k) => [k, 0])) as Record<CountKind, number>;
  const controls: ArrayLike<Element>[] = [];
  const lists: Record<ListKind, ArrayLike<Element>[]> = { outline: [], headings: [], landmarks: [] };
  const dialogs: Element[] = [];
  const alerts: Element[] = [];
  const keep = (k: ListKind, list: readonly Element[]) => list.length && lists[k].push(list);
  const named = (list: readonly Element[]) =>
    list.filter((el) => dom.hasAttr(el, 'aria-label') || dom.hasAttr(el, 'aria-labelledby'));
  for (const r of collectRoots(root).roots) {
    if (due(pace)) yield;
    const { index, attributed } = tagLists(r);
    // Elements an attribute classifies (those with a counted tag lose their tag's count first), and
    // those a role makes a heading or landmark: lists made only for a root that has some.
    let own: Element[] | null = null;
    let headings: Element[] | null = null;
    let outline: Element[] | null = null;
    let landmarks: Element[] | null = null;
    for (let i = 0; i < attributed.length; i++) {
      if (!(i & 255) && due(pace)) yield;
      const el = attributed[i]!;
      const tag = dom.tag(el);
      const tagged = TAG_SET.has(tag);
      if (tagged && tag !== 'INPUT') for (const k of tagKinds(el)) counts[k]--;
      const role = dom.attr(el, 'role')?.trim().toLowerCase() ?? '';
      // Toggles and tree items drawn by roles are not counted as controls, but may be main actions.
      // A heading or section a role makes a control (jQuery UI's accordion header, h3[role=tab]) is one:
      // only the control tags' own lists already hold theirs.
      if ((classify(el, counts) || TOGGLE_ROLES.test(role)) && (!tagged || !CONTROL_TAG_SET.has(tag)))
        (own ??= []).push(el);
      if (role === 'heading' && !HEADINGS.has(tag)) (headings ??= []).push(el);
      // Each selector tested only where the role or class could match it: a page of 100,000 widgets
      // with roles paid four selector matches each.
      if (role === 'heading' && !/^H[1-3]$/.test(tag) && dom.matches(el, OUTLINE_SELECTOR))
        (outline ??= []).push(el);
      if (LANDMARK_ROLES.has(role) && !tagged && dom.matches(el, LANDMARK_SELECTOR))
        (landmarks ??= []).push(el);
      const cls = dom.attr(el, 'class') ?? '';
      if (
        (role === 'dialog' ||
          role === 'alertdialog' ||
          dom.hasAttr(el, 'aria-modal') ||
          DIALOG_CLASS.test(cls)) &&
        tag !== 'DIALOG' &&
        dom.matches(el, DIALOG_SELECTOR)
      )
        dialogs.push(el);
      if (
        (role === 'alert' || role === 'status' || dom.hasAttr(el, 'aria-live') || ALERT_CLASS.test(cls)) &&
        dom.matches(el, ALERT_SELECTOR)
      )
        alerts.push(el);
    }
    if (own) controls.push(own);
    if (headings) lists.headings.push(headings);
    if (outline) lists.outline.push(outline);
    if (landmarks) lists.landmarks.push(landmarks);
    // The tags the root has elements of, and no others: a component's shadow root has a few of the
    // thirty, and 30,000 roots asked for each cost a summary 30 ms. Only lists with elements are kept:
    // merging looks at every list for each element it takes.
    for (const name of index.present) {
      const list = index.tag(name);
      switch (name) {
        case 'h1':
        case 'h2':
        case 'h3':
        case 'h4':
        case 'h5':
        case 'h6':
          counts.heading += list.length;
          keep('headings', list);
          if (name < 'h4') keep('outline', list); // h1 to h3
          break;
        case 'table':
          counts.table += list.length;
          break;
        case 'img':
          counts.image += list.length;
          break;
        case 'button':
        case 'summary':
          counts.button += list.length;
          controls.push(list);
          break;
        case 'textarea':
        case 'select':
          counts.field += list.length;
          controls.push(list);
          break;
        case 'a':
        case 'area':
          for (let i = 0; i < list.length; i++) if (dom.hasHref(list[i]!)) counts.link++;
          controls.push(list);
          break;
        case 'input':
          for (let i = 0; i < list.length; i++) {
            const input = list[i]!;
            if (!dom.hasAttr(input, 'type') && dom.attrs(input).length === 0) counts.field++;
            else if (!byAttribute(input)) classify(input, counts); // the attribute scan classifies the others
          }
          controls.push(list);
          break;
        // Sections and forms are landmarks only when named: keep the few that are.
        case 'form':
          counts.form += list.length;
          keep('landmarks', named(list));
          break;
        case 'section':
          keep('landmarks', named(list));
          break;
        case 'main':
        case 'nav':
        case 'header':
        case 'footer':
        case 'aside':
        case 'search':
          keep('landmarks', list);
          break;
        case 'dialog':
          for (const d of list) if (dom.matches(d, DIALOG_SELECTOR) && !dialogs.includes(d)) dialogs.push(d);
          break;
      }
    }
  }
  const accepts: Record<ListKind, (el: Element) => boolean> = {
    outline: (el) => dom.matches(el, OUTLINE_SELECTOR),
    headings: () => true,
    landmarks: (el) => dom.matches(el, LANDMARK_SELECTOR),
  };
  return {
    counts,
    controls,
    first: (kind, max, accept = () => true) =>
      mergeFirst(lists[kind], max, (el) => accepts[kind](el) && accept(el)),
    dialogs: dialogs.sort(docOrder),
    alerts: alerts.sort(docOrder),
  };
}

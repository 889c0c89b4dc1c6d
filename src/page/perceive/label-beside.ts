/**
 * Labels not attached to their fields, as a person reads them: the control a label is for, the field
 * a free label stands above, and the short text beside a field that names it.
 */
import { normalize } from '../dom/text';
import { parentOf } from '../dom/walk';
import * as dom from '../dom/members';
import { labelsOf } from './labels';
import { drawnBox } from './visible';
import { tagOf } from './role';
import { labelText, textOf } from './text-of';

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

/** A label bound to a control other than `el`: by its control, or a `for` that names another element. */
const labelsOther = (l: Element, el: Element): boolean => {
  if (tagOf(l) !== 'LABEL') return false;
  const control = (l as HTMLLabelElement).control;
  if (control) return control !== el;
  const target = dom.attr(l, 'for');
  return !!target && target !== dom.attr(el, 'id');
};

/** A label element, or one holding one, that is bound to a control other than `el`. */
const boundElsewhere = (n: Element, el: Element): boolean =>
  [n, ...dom.qsa(n, 'label[for]')].some((l) => labelsOther(l, el));

/** Inside a label bound to another control: its words are that control's name (a field nested in it too). */
const insideOtherLabel = (n: Node, el: Element): boolean => {
  const up = dom.nodeType(n) === 1 ? (n as Element) : dom.parentEl(n);
  const label = up && dom.closest(up, 'label');
  return !!label && labelsOther(label, el);
};

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
      // A label names one control: one bound to another (for=, or the control it holds) is that one's,
      // and so are its words around a field nested in it.
      if ((type === 1 && boundElsewhere(n as Element, el)) || insideOtherLabel(n, el)) return '';
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

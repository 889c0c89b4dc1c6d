/** The text a person reads in an element: rendered-as-text descendants, across shadow roots. */
import { INLINE_TAGS, normalize } from '../dom/text';
import { walk } from '../dom/walk';
import * as dom from '../dom/members';
import { inputType, tagOf } from './role';

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

/** A label's text without the value of the control inside it. */
export function labelText(label: Element): string {
  return textOf(label, 200);
}

/**
 * What only the look says. Faded text (light grey or translucent) reads as a placeholder, or as
 * disabled beside normal siblings. Ant Design's and Element Plus's selects keep their combobox input
 * empty and draw the choice beside it, or a faded placeholder when nothing is chosen: that drawn text is
 * the field's value, or its name when nothing else names it.
 */
import { normalize } from './text';
import * as dom from './dom';

/** An rgb() colour as [r, g, b, a]. */
const rgba = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);

/** Light grey (#8c8c8c–#d7d7d7) or translucent text. */
export function faded(s: CSSStyleDeclaration): boolean {
  const [r = 0, g = 0, b = 0, a = 1] = rgba(s.color);
  const grey = Math.max(r, g, b) - Math.min(r, g, b) < 24 && r >= 140 && r <= 215;
  return grey || a < 0.55 || Number(s.opacity) < 0.55;
}

/**
 * The text a widget draws in the box around its empty combobox input: the choice, or with
 * `placeholder`, the faded placeholder. The box is the nearest of the input's first four ancestors that
 * draws any text, and holds a single field (no label or other field in it): a multiple select's
 * chosen tags sit a few levels above its search input.
 */
export function drawnText(el: Element, placeholder: boolean): string {
  if (dom.attr(el, 'role') !== 'combobox' || (el as HTMLInputElement).value !== '') return '';
  for (let box = dom.parentEl(el), i = 0; box && i < 4; box = dom.parentEl(box), i++) {
    if (dom.qs(box, 'label,select,textarea,button') || dom.qsa(box, 'input').length > 1) return '';
    const parts: string[] = [];
    let drawn = false;
    const walker = dom.treeWalker(dom.doc(box), box, 4 /* NodeFilter.SHOW_TEXT */);
    for (let n = walker.nextNode(), seen = 0; n && seen < 20; n = walker.nextNode(), seen++) {
      const holder = dom.parent(n) as Element;
      const style = dom.view(dom.doc(holder))?.getComputedStyle(holder);
      // Text kept for screen readers only (transparent, not rendered) is not drawn.
      if (!style || style.display === 'none' || style.opacity === '0' || !dom.text(n)?.trim()) continue;
      drawn = true;
      // A placeholder is faded, or says so in its class (react-select's grey is darker than faded).
      const isPlaceholder = faded(style) || /placeholder/i.test(dom.attr(holder, 'class') ?? '');
      if (isPlaceholder === placeholder) parts.push(dom.text(n)!);
    }
    // The nearest box that draws any text is the field's.
    if (drawn) return normalize(parts.join(' '));
  }
  return '';
}

/**
 * What only the look says. Faded text (light grey or translucent) reads as a placeholder, or as
 * disabled beside normal siblings. Ant Design's and Element Plus's selects keep their combobox input
 * empty and draw the choice beside it, or a faded placeholder when nothing is chosen: that drawn text is
 * the field's value, or its name when nothing else names it.
 */
import { normalize } from '../dom/text';
import * as dom from '../dom/members';

/** An rgb() colour as [r, g, b, a]. */
const rgba = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);

/** Light grey (from #8c8c8c, or `lightest`, to #d7d7d7) or translucent text. */
export function faded(s: CSSStyleDeclaration, lightest = 140): boolean {
  const [r = 0, g = 0, b = 0, a = 1] = rgba(s.color);
  const grey = Math.max(r, g, b) - Math.min(r, g, b) < 24 && r >= lightest && r <= 215;
  return grey || a < 0.55 || Number(s.opacity) < 0.55;
}

export interface Drawn {
  value: string;
  placeholder: string;
}

/**
 * The text a select draws for its value, and its faded placeholder, read in one walk. A select-only
 * combobox (MUI's Select, Vuetify's field, Radix's trigger) draws it inside itself. An empty combobox
 * input has it drawn beside it (Ant Design, Element Plus, react-select): in the nearest of its first
 * four ancestors that draws any text, and holds a single field (no label or other field in it); a
 * multiple select's chosen tags sit a few levels above its search input. Text in labels, buttons (a
 * tag's remove button), an open list of options inside and what is hidden from assistive tech (an arrow)
 * is not the value.
 */
export function drawnText(el: Element, role: string): Drawn {
  const none = { value: '', placeholder: '' };
  if (role !== 'combobox') return none;
  const own = dom.tag(el).toUpperCase() !== 'INPUT';
  if (!own && (el as HTMLInputElement).value !== '') return none;
  for (let box = own ? el : dom.parentEl(el), i = 0; box && i < (own ? 1 : 4); box = dom.parentEl(box), i++) {
    if (!own && (dom.qs(box, 'label,select,textarea') || dom.qsa(box, 'input:not([type=hidden])').length > 1))
      return none;
    const parts: Record<'value' | 'placeholder', string[]> = { value: [], placeholder: [] };
    let drawn = false;
    const walker = dom.treeWalker(dom.doc(box), box, 4 /* NodeFilter.SHOW_TEXT */);
    // Frameworks leave many empty text nodes (Vue's anchors): at most 20 that hold text, of 200.
    for (
      let n = walker.nextNode(), seen = 0;
      n && seen < 200 && parts.value.length + parts.placeholder.length < 20;
      n = walker.nextNode(), seen++
    ) {
      const holder = dom.parent(n) as Element;
      const style = dom.view(dom.doc(holder))?.getComputedStyle(holder);
      // Text kept for screen readers only (transparent, not rendered) is not drawn, nor a list kept
      // hidden inside the select until it first opens (Element UI's).
      if (
        !style ||
        (dom.checkVisibility
          ? !dom.checkVisibility(holder, { visibilityProperty: true })
          : style.display === 'none') ||
        style.opacity === '0' ||
        !/[^\s\u200b]/.test(dom.text(n) ?? '')
      )
        continue;
      const apart = dom.closest(holder, 'button,label,[aria-hidden=true],[role=listbox]');
      if (apart && apart !== box && dom.contains(box, apart)) continue;
      // Nor the list of options it opened inside itself (Layui's dl, Fomantic UI's div.menu).
      const list = dom.closest(holder, 'ul,ol,dl,[class~=menu]');
      if (
        list &&
        list !== box &&
        dom.contains(box, list) &&
        /absolute|fixed/.test(getComputedStyle(list).position)
      )
        continue;
      drawn = true;
      // A placeholder is faded (lighter than Element Plus's grey tags), or says so in its class
      // (react-select's grey is darker than faded) or a data-placeholder attribute (Radix).
      const isPlaceholder =
        faded(style, 160) ||
        /placeholder/i.test(dom.attr(holder, 'class') ?? '') ||
        !!dom.closest(holder, '[data-placeholder]');
      parts[isPlaceholder ? 'placeholder' : 'value'].push(dom.text(n)!);
    }
    // The nearest box that draws any text is the field's.
    if (drawn)
      return { value: normalize(parts.value.join(' ')), placeholder: normalize(parts.placeholder.join(' ')) };
  }
  return none;
}

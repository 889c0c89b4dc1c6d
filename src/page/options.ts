/**
 * The options a listbox (or a tree of options) shows a person. Usually its [role=option] elements (with those a web component
 * shows through its slots: Shoelace's sl-option). rc-select (Ant Design's Select) keeps the ARIA listbox
 * as a zero-size copy for screen readers, holding only the options around the active one, and draws the
 * options a person sees beside it in the same popup, marked only by aria-selected: those are the options.
 */
import { isVisible } from './visible';
import * as dom from './dom';

/** An option, or an item of a tree of options. */
const OPTION = '[role=option],[role=treeitem]';

export function shownOptions(listbox: Element): Element[] {
  const all = [...dom.qsa(listbox, OPTION)];
  for (const slot of dom.qsa<HTMLSlotElement>(listbox, 'slot'))
    for (const a of slot.assignedElements({ flatten: true }))
      all.push(...(dom.matches(a, OPTION) ? [a] : dom.qsa(a, OPTION)));
  const shown = all.filter(isVisible);
  // Only a listbox squeezed to nothing inside a popup of its own: not the page's other selected items.
  const r = dom.rect(listbox);
  const popup = shown.length || (r.width > 1 && r.height > 1) ? null : dom.parentEl(listbox);
  if (!popup || /^(BODY|HTML)$/.test(dom.tag(popup).toUpperCase())) return shown;
  return [...dom.qsa(popup, '[aria-selected]')].filter((o) => !dom.contains(listbox, o) && isVisible(o));
}

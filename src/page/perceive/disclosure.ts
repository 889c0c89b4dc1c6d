/**
 * What says, without ARIA, that a control opens or switches something: a box over a hidden sibling (a
 * folder drawn as a span over its hidden list, jQuery's slideToggle), or a class that says tab, collapse,
 * accordion, dropdown, tree node or toggle (Naive UI's div.n-tabs-tab, TDesign's t-collapse-panel__header).
 */
import * as dom from '../dom/members';

/** Class words of the parts of widgets that open or switch something. */
const OPENER_CLASS =
  /(^|[\s_-])(tabs?|tab-?item|collapse|collapsible|accordion|expand|expander|toggle|toggler|dropdown|switcher|tree-?node|tree-?item|disclosure|carousel-control)([\s_-]|$)/i;
/** Class words that say a box is the chosen one (an active tab drawn without ARIA). */
const CHOSEN_CLASS = /(^|[\s_-])(active|selected|current|checked)([\s_-]|$)/i;

/** The hidden thing a box opens: its next sibling, or its parent's (a header wrapped in a title box). */
export function hiddenSibling(el: Element): Element | null {
  const win = dom.view(dom.doc(el));
  if (!win) return null;
  for (let n: Element | null = el, i = 0; n && i < 2; n = dom.parentEl(n), i++) {
    const next = dom.nextEl(n);
    if (!next) continue;
    const style = win.getComputedStyle(next);
    return (style.display === 'none' || style.visibility === 'hidden') && (dom.text(next) ?? '').trim()
      ? next
      : null;
  }
  return null;
}

/** Whether the class of a control (or of its parent) says it opens or switches something. */
export const classSaysOpens = (el: Element): boolean => {
  const up = dom.parentEl(el);
  return (
    OPENER_CLASS.test(dom.attr(el, 'class') ?? '') || (!!up && OPENER_CLASS.test(dom.attr(up, 'class') ?? ''))
  );
};

/** Whether the class of a box says it is the chosen one of its group. */
export const classSaysChosen = (el: Element): boolean => CHOSEN_CLASS.test(dom.attr(el, 'class') ?? '');

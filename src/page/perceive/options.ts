/**
 * The options a listbox (or a tree of options) shows a person. Usually its [role=option] elements (with those a web component
 * shows through its slots: Shoelace's sl-option, and the one inside Material Web's md-select-option). rc-select (Ant Design's Select) keeps the ARIA listbox
 * as a zero-size copy for screen readers, holding only the options around the active one, and draws the
 * options a person sees beside it in the same popup, marked only by aria-selected: those are the options.
 */
import { isVisible } from './visible';
import { normalize } from '../dom/text';
import * as dom from '../dom/members';

/** An option, or an item of a tree of options. */
const OPTION = '[role=option],[role=treeitem]';

export function shownOptions(listbox: Element): Element[] {
  const all = [...dom.qsa(listbox, OPTION)];
  for (const slot of dom.qsa<HTMLSlotElement>(listbox, 'slot'))
    for (const a of slot.assignedElements({ flatten: true })) {
      // An option element that draws its role inside its own shadow root (Material Web's
      // md-select-option holds li[role=option]).
      const inner = dom.shadow(a);
      all.push(
        ...(dom.matches(a, OPTION) ? [a] : dom.qsa(a, OPTION)),
        ...(inner ? dom.qsa(inner, OPTION) : []),
      );
    }
  const shown = all.filter(isVisible);
  // Only a listbox squeezed to nothing inside a popup of its own: not the page's other selected items.
  const r = dom.rect(listbox);
  const popup = shown.length || (r.width > 1 && r.height > 1) ? null : dom.parentEl(listbox);
  if (!popup || /^(BODY|HTML)$/.test(dom.tag(popup).toUpperCase())) return shown;
  return [...dom.qsa(popup, '[aria-selected]')].filter((o) => !dom.contains(listbox, o) && isVisible(o));
}

/** What a list drawn without ARIA roles holds per option (Element UI's li, Layui's dd, Naive UI's divs, Fomantic UI's .item). */
const PLAIN_OPTION = 'li,dd,[class*=option i],[class~=item]';

/**
 * The options of a list drawn without ARIA roles: its visible items with text, each the outermost one
 * (an option's inner content is part of it), and not a wrapper holding several (Naive UI's option
 * wrapper).
 */
export function plainOptions(list: Element): Element[] {
  const found = [...dom.qsa(list, PLAIN_OPTION)].slice(0, 500);
  const held = new Map<Element, number>();
  const set = new Set(found);
  for (const el of found)
    for (let a = dom.parentEl(el); a && a !== list; a = dom.parentEl(a))
      if (set.has(a)) held.set(a, (held.get(a) ?? 0) + 1);
  const items = found.filter((el) => (held.get(el) ?? 0) < 2);
  const inItem = (el: Element): boolean => {
    for (let a = dom.parentEl(el); a && a !== list; a = dom.parentEl(a))
      if (set.has(a) && (held.get(a) ?? 0) < 2) return true;
    return false;
  };
  return items.filter((el) => !inItem(el) && isVisible(el) && normalize(dom.text(el) ?? ''));
}

/**
 * The list of options a click on a select drawn without ARIA roles opened: among the elements the page
 * changed, a visible positioned popup near the field (itself, one of its first ancestors, or a list
 * inside it, as Layui shows its dl by a class on the wrapper) that holds options and not the field.
 */
export function plainListbox(touched: Iterable<Element>, field: Element): Element | null {
  const list = findPlainListbox(touched, field);
  if (list) {
    opened.set(field, list);
    openedBy.set(list, field);
  }
  return list;
}

/** The list each select drawn without ARIA roles last opened (a multiple select's stays open). */
const opened = new WeakMap<Element, Element>();
/** And the other way: the field that opened a list. */
const openedBy = new WeakMap<Element, Element>();

/**
 * A list drawn without roles that a field or button opened, and what opened it: `popup` itself, a wrapper
 * of it (Naive UI's follower container) or one of its first elements.
 */
export function openedIn(popup: Element): [list: Element, by: Element] | null {
  const all = dom.qsa(popup, '*');
  const up = dom.parentEl(popup);
  for (const list of [popup, up, up && dom.parentEl(up), ...[...all].slice(0, 60)]) {
    const by = list && openedBy.get(list);
    if (by) return [list!, by];
  }
  return null;
}

/** The list `field` opened that is still open, or null. */
export function openPlainList(field: Element): Element | null {
  const list = opened.get(field);
  return list && dom.connected(list) && isVisible(list) && plainOptions(list).length ? list : null;
}

/**
 * A list going away as the field is clicked: another field's list (still shown while it fades out), or
 * one in a transition's leaving state (Vue's *-leave-active), from the option up to around the popup.
 */
function leaving(popup: Element, option: Element, field: Element): boolean {
  const top = dom.parentEl(popup);
  for (let a: Element | null = option; a && a !== top; a = dom.parentEl(a)) {
    const by = openedBy.get(a);
    if ((by && by !== field) || /-leave(-active|-to)?(\s|$)/.test(dom.attr(a, 'class') ?? '')) return true;
  }
  return false;
}

function findPlainListbox(touched: Iterable<Element>, field: Element): Element | null {
  const seen = new Set<Element>();
  const at = dom.rect(field);
  const near = (r: DOMRect) =>
    r.left < at.right + 300 && r.right > at.left - 300 && r.top < at.bottom + 300 && r.bottom > at.top - 300;
  let tries = 0;
  for (const el of touched) {
    if (++tries > 300) break;
    if (!dom.connected(el)) continue;
    const around: Element[] = [el, ...dom.qsa(el, 'ul,ol,dl')].slice(0, 6);
    for (let a = dom.parentEl(el), i = 0; a && i < 3; a = dom.parentEl(a), i++) around.push(a);
    for (const c of around) {
      if (seen.has(c)) continue;
      seen.add(c);
      // The cheap tests first: this runs on every element a click changed.
      const position = getComputedStyle(c).position;
      if (position !== 'absolute' && position !== 'fixed') continue;
      if (dom.contains(c, field) || !isVisible(c)) continue;
      const options = near(dom.rect(c)) ? plainOptions(c) : [];
      if (options.length && !leaving(c, options[0]!, field)) return c;
    }
  }
  return null;
}

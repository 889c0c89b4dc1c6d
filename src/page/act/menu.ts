/**
 * Menus: the page's own context menus (opened by rightClick), menus opened by menu buttons, and ARIA
 * menus and menubars. Items are listed with IDs, disabled state and submenus; clickMenuItem walks a
 * path ("Export > CSV") by hovering each parent, never clicking it.
 */
import { LLMHelperError } from '../../errors';
import { disabledReason } from '../perceive/disabled';
import { controlledBy, nameOf } from '../perceive/name';
import { describeChanges } from '../observe/change-text';
import { observeChanges, type ActionResult } from '../observe/change-report';
import { toggledPopup } from '../observe/layers';
import { track } from '../observe/settle';
import type { Target } from '../ids/target';
import { toPattern } from '../find/pattern';
import { normalize, plural, truncate } from '../dom/text';
import { isVisible, visibleMatches } from '../perceive/visible';
import { containsDeep } from '../dom/walk';
import { collectRoots, queryAllDeep } from '../dom/roots';
import type { ActionContext } from './context';
import { sleep } from '../dom/events';
import { click, hoverAt, pointerTarget, prepare, pressAt } from './pointer';
import * as dom from '../dom/members';
import { plainListbox, plainOptions } from '../perceive/options';

export interface MenuItem {
  id: number;
  text: string;
  disabled?: boolean;
  /** Opens a submenu (hover it, or name the path: "Export > CSV"). */
  submenu?: boolean;
  checked?: boolean;
}

// Material Web's md-menu keeps its role in ElementInternals, where no selector sees it.
const ARIA_MENUS = '[role=menu],[role=menubar],md-menu:not([role])';
const ARIA_ITEMS = '[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio]';
const PLAIN_ITEMS = 'li,a[href],button,[role=button],[role=option],[tabindex]';
const NESTED_MENU = 'ul,ol,[role=menu],.submenu,.sub-menu';

const visibleMenus = (): Element[] => visibleMatches(ARIA_MENUS);

/** An item's own label, without the text of a submenu nested inside it. */
function itemLabel(item: Element): string {
  const aria = dom.attr(item, 'aria-label');
  if (aria) return normalize(aria);
  let out = '';
  const read = (el: Element) => {
    for (let c = dom.firstChild(el); c; c = c.nextSibling) {
      if (dom.nodeType(c) === 3) out += dom.text(c);
      else if (dom.nodeType(c) === 1 && !dom.matches(c as Element, NESTED_MENU)) read(c as Element);
    }
  };
  read(item);
  return normalize(out) || nameOf(item, 60);
}

const hasSubmenu = (item: Element): boolean => {
  const popup = dom.attr(item, 'aria-haspopup');
  return (!!popup && popup !== 'false') || dom.qs(item, NESTED_MENU) !== null;
};

const EXPANDER = /expand|sub-?menu|has-?children|parent/i;
/** An item marked as opening more: aria-expanded, or a class saying so (ant-cascader-menu-item-expand). */
const expander = (item: Element): boolean =>
  dom.hasAttr(item, 'aria-expanded') || EXPANDER.test(dom.attr(item, 'class') ?? '');

/** The items of one menu: ARIA items when it has them, else its clickable leaves, nested menus excluded. */
function itemsOf(menu: Element): Element[] {
  // Items of a menu or list nested in this one are a submenu's; a plain list that only holds this menu's
  // items, in no item of its own, is not (Element UI's div[role=menu] > ul > li[role=menuitem]).
  const inOwnLevel = (el: Element) => {
    const parent = dom.parentEl(el);
    const nested = parent && dom.closest(parent, `${NESTED_MENU},${ARIA_MENUS}`);
    if (!nested || nested === menu || !containsDeep(menu, nested)) return true;
    if (dom.matches(nested, ARIA_MENUS)) return false;
    const holder = dom.parentEl(nested) && dom.closest(dom.parentEl(nested)!, `li,${ARIA_ITEMS}`);
    return !holder || !containsDeep(menu, holder);
  };
  const aria = [...dom.qsa(menu, ARIA_ITEMS)].filter(inOwnLevel);
  if (aria.length) return aria.filter(isVisible);
  // A focusable list around the items (Vuetify's v-list) is not an item itself.
  const found = [...dom.qsa(menu, PLAIN_ITEMS)].filter(inOwnLevel).filter(isVisible);
  const plain = found.filter((el) => found.filter((o) => o !== el && dom.contains(el, o)).length < 2);
  // Keep the outermost clickable per item (an <li> wrapping an <a> is one item).
  const items = plain.filter((el) => !plain.some((o) => o !== el && dom.contains(o, el)) && itemLabel(el));
  // Items that are only divs named option (Naive UI's dropdown).
  return items.length ? items : plainOptions(menu);
}

function toItem(ctx: ActionContext, el: Element): MenuItem {
  const item: MenuItem = { id: ctx.store.idFor(el), text: truncate(itemLabel(el), 60) };
  // An <li> item is as disabled as the link or button it wraps (Bootstrap's a.dropdown-item.disabled).
  const inner = dom.qs(el, 'a[href],button,[role^=menuitem]');
  if (disabledReason(el) || (inner && disabledReason(inner))) item.disabled = true;
  if (hasSubmenu(el)) item.submenu = true;
  const checked = dom.attr(el, 'aria-checked');
  if (checked) item.checked = checked === 'true';
  return item;
}

/**
 * Open menus, deepest (most recently opened) last. A menubar is always shown, so it counts only when no
 * popup menu is open.
 */
function openMenus(ctx: ActionContext): Element[] {
  const shown = visibleMenus();
  let menus = shown.filter((m) => dom.attr(m, 'role') !== 'menubar');
  // Menus without ARIA roles that a toggle opened (Bootstrap's dropdowns).
  for (const toggle of queryAllDeep(document, '[aria-expanded=true],[aria-haspopup][aria-controls]')) {
    const popup = toggledPopup(toggle);
    if (
      popup &&
      !menus.some((m) => containsDeep(m, popup) || containsDeep(popup, m)) &&
      itemsOf(popup).length
    )
      menus.push(popup);
  }
  if (
    ctx.menu &&
    dom.connected(ctx.menu) &&
    isVisible(ctx.menu) &&
    !menus.some((m) => containsDeep(m, ctx.menu!))
  )
    menus.unshift(ctx.menu);
  if (!menus.length) menus = shown;
  // Plain nested lists that became visible inside an open custom menu are submenus.
  for (const m of [...menus])
    for (const sub of dom.qsa(m, NESTED_MENU)) if (!menus.includes(sub) && isVisible(sub)) menus.push(sub);
  return menus;
}

export interface MenuListing extends ActionResult {
  items: MenuItem[];
}

function listing(ctx: ActionContext, menus: Element[]): { items: MenuItem[]; text: string } {
  const items = menus.flatMap((m) => itemsOf(m).map((el) => toItem(ctx, el)));
  const text = items
    .map(
      (i) =>
        `[${i.id}] ${i.text}${i.submenu ? ' ▸' : ''}${i.disabled ? ' (disabled)' : ''}${i.checked ? ' (checked)' : ''}`,
    )
    .join(', ');
  return { items, text };
}

export function getMenuItems(ctx: ActionContext): MenuListing {
  const menus = openMenus(ctx);
  if (!menus.length)
    return {
      ok: false,
      message: 'No menu is open. Open one with rightClick, or click a menu button.',
      changes: {},
      items: [],
    };
  const { items, text } = listing(ctx, menus);
  return {
    ok: true,
    message: `Open menu with ${plural(items.length, 'item')}: ${text}.`,
    changes: {},
    items,
  };
}

/** A newly shown element that looks like a menu: positioned, near the pointer, with several items. */
function newMenuNear(touched: Set<Element>, at: { x: number; y: number }): Element | null {
  for (const el of touched) {
    if (!dom.connected(el) || !isVisible(el)) continue;
    const menu = dom.closest(el, ARIA_MENUS) ?? el;
    const style = getComputedStyle(menu);
    if (dom.matches(menu, ARIA_MENUS)) return menu;
    if (style.position !== 'fixed' && style.position !== 'absolute') continue;
    const r = dom.rect(menu);
    const near =
      at.x >= r.left - 300 && at.x <= r.right + 300 && at.y >= r.top - 300 && at.y <= r.bottom + 300;
    if (near && itemsOf(menu).length >= 1) return menu;
  }
  return null;
}

/** Right-click: the contextmenu sequence, then the page's own menu with its items, if one appeared. */
export async function rightClick(ctx: ActionContext, id: Target): Promise<MenuListing> {
  const p = prepare(ctx, id, 'right-click');
  if (!p.spot) return { ok: false, message: p.refused!, changes: {}, items: [] };
  const before = new Set(visibleMenus());
  const tracker = await track(ctx.store);
  hoverAt(ctx, p.spot.hit, p.spot.at);
  const notCancelled = await pressAt(p.spot.hit, p.spot.at, { button: 'right' });
  const changes = await tracker.finish();
  const menu = visibleMenus().find((m) => !before.has(m)) ?? newMenuNear(tracker.touched, p.spot.at);
  if (!menu) {
    const why = notCancelled
      ? "the page did not handle the right-click, so only the browser's own context menu would open, and scripts cannot operate that"
      : 'the page cancelled the browser menu but showed no menu of its own';
    return {
      ok: false,
      message: `${p.note}Right-clicked ${p.line}: no custom menu appeared (${why}).${describeChanges(changes)}`,
      changes,
      items: [],
    };
  }
  ctx.menu = menu;
  changes.menuOpened ??= `[${ctx.store.idFor(menu)}] context menu`;
  const { items, text } = listing(ctx, [menu]);
  return {
    ok: true,
    message: `${p.note}Right-clicked ${p.line}; its menu has ${items.length} items: ${text}.`,
    changes,
    items,
  };
}

/** Picks the item for one path step: an exact name first ("Play" before "Playback"), then a match. */
function pick(items: Element[], step: string | RegExp): Element | undefined {
  const labels = items.map(itemLabel);
  if (typeof step === 'string') {
    const exact = labels.findIndex((l) => l.toLowerCase() === step.trim().toLowerCase());
    if (exact >= 0) return items[exact];
  }
  const rx = toPattern(step).regex;
  const i = labels.findIndex((l) => rx.test(l));
  return i >= 0 ? items[i] : undefined;
}

/** Waits for a submenu of `parent` to show; returns the menus open then. */
async function waitForSubmenu(
  ctx: ActionContext,
  parent: Element,
  known: Element[],
  touched: Set<Element>,
  timeout = 1000,
): Promise<Element | null> {
  const start = performance.now();
  while (performance.now() - start < timeout) {
    // A submenu drawn without ARIA roles, shown in a popup of its own (Naive UI's).
    const drawn = plainListbox(touched, parent);
    if (drawn) return drawn;
    // Not the menu the parent is in (Element UI's cascader points aria-owns at that).
    const byId = controlledBy(parent).find((m) => isVisible(m) && !dom.contains(m, parent));
    if (byId) return byId;
    const nested = [...dom.qsa(parent, NESTED_MENU)].find(isVisible);
    if (nested) return nested;
    const fresh = openMenus(ctx).find((m) => !known.includes(m));
    if (fresh) return fresh;
    await sleep(25);
  }
  return null;
}

/** clickMenuItem("Export > CSV") or a RegExp: opens submenus along the path by hovering, then clicks. */
export async function clickMenuItem(ctx: ActionContext, path: string | RegExp): Promise<ActionResult> {
  if (typeof path !== 'string' && !(path instanceof RegExp))
    throw new LLMHelperError(
      'bad_argument',
      `clickMenuItem needs an item name, a path like 'Export > CSV', or a RegExp; got ${typeof path}.`,
    );
  const steps: (string | RegExp)[] =
    typeof path === 'string' ? path.split(/\s+>\s+|\s*›\s*/).filter(Boolean) : [path];
  let menus = openMenus(ctx);
  if (!menus.length)
    return {
      ok: false,
      message:
        'No menu is open. Open one with rightClick or by clicking its menu button, then call clickMenuItem.',
      changes: {},
    };
  let scope: Element[] = menus;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const candidates = scope.flatMap(itemsOf);
    const item = pick(candidates, step);
    if (!item) {
      const names = candidates.map(itemLabel).slice(0, 15).join(', ');
      // Submenus open on hover and are not searched: name the way in ('Export > CSV').
      const parents = candidates.filter(hasSubmenu).map(itemLabel).slice(0, 5);
      const deeper = parents.length
        ? ` It may be in a submenu: give the path, e.g. '${parents[0]} > ${typeof step === 'string' ? step : step.source}' (submenus: ${parents.join(', ')}).`
        : '';
      return {
        ok: false,
        message: `No menu item matches "${String(step)}". Items there: ${names || '(none)'}.${deeper}`,
        changes: {},
      };
    }
    if (i === steps.length - 1) {
      if (toItem(ctx, item).disabled)
        return { ok: false, message: `Menu item "${itemLabel(item)}" is disabled.`, changes: {} };
      const result = await click(ctx, ctx.store.idFor(item));
      ctx.menu = null;
      return result;
    }
    // A parent item: hover it (pointer over, enter, move) and wait for its submenu; never click it.
    const spot = pointerTarget(item, true);
    if ('hidden' in spot)
      return { ok: false, message: `Menu item "${itemLabel(item)}" is not shown now.`, changes: {} };
    if ('covered' in spot)
      return {
        ok: false,
        message: `Menu item "${itemLabel(item)}" is covered by ${spot.covered}.`,
        changes: {},
      };
    const { touched, observer } = observeChanges(collectRoots(document).roots);
    let sub: Element | null;
    let expands = false;
    try {
      hoverAt(ctx, spot.hit, spot.at);
      sub = await waitForSubmenu(ctx, item, menus, touched);
      // Menus that expand on click (Ant Design's Cascader, tree menus): a parent that says it expands is
      // clicked, as a person does when hovering showed nothing. A leaf is never clicked on the way.
      expands = !sub && !toItem(ctx, item).disabled && (hasSubmenu(item) || expander(item));
      if (expands) {
        await pressAt(spot.hit, spot.at);
        sub = await waitForSubmenu(ctx, item, menus, touched);
      }
    } finally {
      observer.disconnect();
    }
    if (!sub)
      return {
        ok: false,
        message: `${expands ? 'Hovering and clicking' : 'Hovering'} "${itemLabel(item)}" opened no submenu; call getMenuItems to see what is open.`,
        changes: {},
      };
    menus = openMenus(ctx);
    scope = [sub];
  }
  return { ok: false, message: 'Empty menu path.', changes: {} };
}

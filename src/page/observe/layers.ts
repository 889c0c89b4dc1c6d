/**
 * The page's layers: the dialogs, alerts and menus shown now, the popups a person would call one (a
 * dropdown, a picker), the popup a toggle opened, the slide or panel an action brought into view.
 */
import { textOf } from '../perceive/text-of';
import { ALERT_CLASSES, ALERT_SELECTOR, DIALOG_SELECTOR, INTERACTIVE_SELECTOR } from '../dom/types';
import { isVisible, quickVisibility } from '../perceive/visible';
import { collectRootsSteps } from '../dom/roots';
import { atOnce, due, runAtOnce, type Pace, type Steps } from '../dom/slices';
import { elementIndex } from '../dom/index-range';
import * as dom from '../dom/members';
import { UI_HOST, docOrder, ownShadow } from '../dom/walk';

// With Material Web's md-menu, whose role is in ElementInternals.
export const MENUS = '[role=menu],[role=menubar],[role=listbox],md-menu:not([role])';

/**
 * A popup is shown when it is in the page, not hidden by CSS, and a box of some area (Naive UI's keeps
 * its width), and so is what it only wraps (Naive UI's menu, faded out inside a layer that stays).
 */
export function popupShown(p: Element): boolean {
  for (let n: Element | null = p, i = 0; n && i < 4; i++) {
    const r = dom.rect(n);
    // A component's host with no box of its own is shown by its shadow tree (Material Web's menu).
    const inner: ShadowRoot | null | false = r.height <= 1 && ownShadow(n);
    if (inner) {
      n = [...dom.rootChildren(inner)].find((c) => dom.tag(c).toUpperCase() !== 'STYLE') ?? null;
      continue;
    }
    if (r.width <= 1 || r.height <= 1 || !quickVisibility(n).visible) return false;
    // What a control holds (an arrow drawn by CSS, a box of no size) does not decide whether it shows.
    if (i && dom.matches(n, INTERACTIVE_SELECTOR)) break;
    n = dom.children(n).length === 1 ? dom.firstElementChild(n) : null;
    // A slot has no box of its own (Material Web's menu shows its items through one).
    if (n && dom.tag(n).toUpperCase() === 'SLOT') break;
  }
  return true;
}

/**
 * Queries that find every element the dialog, alert and menu selectors match by class. What they match
 * by role, aria-modal, aria-live or tag the element index holds. In a document each takes the browser's
 * fast path (one class, or one class substring): the selectors themselves, lists with class substrings,
 * cost a scan of about 50 ms each on a page of 500,000 elements, and an action ran seven; one query per
 * candidate attribute was still 54 ms per look, two looks per action. In a shadow root of a few elements
 * they go as one query: the call, not the scan, is what costs there (31,000 roots: 17 ms, where the
 * selectors took 50 ms).
 */
const LAYER_CLASS_QUERIES = ['[class*=modal]', '[class*=layui-layer]', '.t-dialog', ...ALERT_CLASSES];
const LAYER_CLASSES = LAYER_CLASS_QUERIES.join();
const LAYERS = `${DIALOG_SELECTOR},${ALERT_SELECTOR},${MENUS}`;

/**
 * Each element of a document or shadow root that may be a dialog, alert or menu: a superset of what
 * LAYERS matches. Indexed loops, no iterator: the role list alone may hold tens of thousands of
 * elements, and on a page of 500,000 the collector's marking is paid by what a task allocates.
 */
export const eachLayerCandidate = (root: Document | ShadowRoot, each: (el: Element) => void): void =>
  dom.nodeType(root) === 9
    ? runAtOnce(documentLayerCandidates(root as Document, each, atOnce()))
    : rootCandidates(root, each);

/** A shadow root's candidates, or a document's but for its class queries. */
function rootCandidates(root: Document | ShadowRoot, each: (el: Element) => void): void {
  const index = elementIndex(root);
  const lists: ArrayLike<Element>[] = [index.kinded, index.tag('dialog')];
  // A shadow root's list only when it has one: most have none, and 30,000 empty lists are garbage.
  if (dom.nodeType(root) !== 9 && dom.qs(root, LAYER_CLASSES)) lists.push(dom.qsa(root, LAYER_CLASSES));
  for (const list of lists) for (let i = 0; i < list.length; i++) each(list[i]!);
  const hosts = index.hosts;
  for (let i = 0; i < hosts.length; i++) if (dom.localName(hosts[i]!) === 'md-menu') each(hosts[i]!);
}

/** A document's candidates as steps that may pause (dom/slices.ts): its class queries one at a time. */
function* documentLayerCandidates(root: Document, each: (el: Element) => void, pace: Pace): Steps<void> {
  rootCandidates(root, each);
  for (const q of LAYER_CLASS_QUERIES) {
    if (due(pace)) yield;
    const list = dom.qsa(root, q);
    for (let i = 0; i < list.length; i++) each(list[i]!);
  }
}

/** The page's shown dialogs, alerts and menus, in page order. */
export const layersNow = (): Layers => runAtOnce(layersNowSteps(atOnce()));

export interface Layers {
  dialogs: Element[];
  alerts: Element[];
  menus: Element[];
}

/**
 * layersNow as steps that may pause (dom/slices.ts): between roots and queries. What the page removed
 * during a pause is not among them.
 */
export function* layersNowSteps(pace: Pace): Steps<Layers> {
  const found = new Set<Element>();
  const consider = (el: Element) => {
    if (!found.has(el) && dom.matches(el, LAYERS) && quickVisibility(el).visible) found.add(el);
  };
  const roots = (yield* collectRootsSteps(document, pace)).roots;
  for (let r = 0; r < roots.length; r++) {
    const root = roots[r] as Document | ShadowRoot;
    if (dom.nodeType(root) === 9) yield* documentLayerCandidates(root as Document, consider, pace);
    else rootCandidates(root, consider);
    if (!(r & 63) && due(pace)) yield;
  }
  if (pace.paused) for (const el of found) if (!dom.connected(el)) found.delete(el);
  const all = [...found].sort(docOrder);
  const of = (selector: string) => all.filter((el) => dom.matches(el, selector));
  return { dialogs: of(DIALOG_SELECTOR), alerts: of(ALERT_SELECTOR), menus: of(MENUS) };
}

/**
 * What is shown now that a person would call a popup: menus and listboxes anywhere, and floating layers
 * among the body's last children, alone or in a wrapper of their own (static, or positioned with no area:
 * Naive UI's follower container), where frameworks put their pickers, dropdowns and menus (Element UI,
 * MUI, antd, Mantine, Naive UI). The panel is not the page's.
 */
export function shownPopups(menus: Element[]): Element[] {
  // Judged as when they close: a menu with no height (Material Web's, closed) is not shown.
  const found = menus.filter(popupShown);
  const consider = (el: Element, depth: number) => {
    if (dom.hasAttr(el, UI_HOST)) return;
    const position = getComputedStyle(el).position;
    if ((position === 'absolute' || position === 'fixed') && popupShown(el)) found.push(el);
    else if (depth < 2 && dom.children(el).length <= 3)
      for (const c of dom.children(el)) consider(c, depth + 1);
  };
  const top = dom.children(dom.pageRoot(document));
  for (let i = Math.max(0, top.length - 30); i < top.length; i++) consider(top[i]!, 0);
  return found;
}

/**
 * The popup a toggle opened and says so (aria-expanded="true"): its aria-controls target, else the element
 * right after it (Bootstrap's dropdown-menu), when shown and positioned over the page as dropdown menus
 * are (an accordion's panel, also expanded, sits in the flow and is not one). Comboboxes' listboxes are
 * select's business.
 */
export function toggledPopup(toggle: Element): Element | null {
  const ref = dom.attr(toggle, 'aria-controls');
  // A menu button may say only that it has a popup, and which (Element UI's dropdown).
  const popupButton = !!ref && !/^(false|)$/.test(dom.attr(toggle, 'aria-haspopup') ?? '');
  if (
    (dom.attr(toggle, 'aria-expanded') !== 'true' && !popupButton) ||
    dom.attr(toggle, 'role') === 'combobox'
  )
    return null;
  const popup =
    (ref && dom.byId(dom.root(toggle) as Document, ref.split(/\s+/)[0]!)) || toggle.nextElementSibling;
  // A trigger opens dialogs the same way (Radix's Dialog): those are reported as dialogs, not menus.
  if (!popup || dom.matches(popup, DIALOG_SELECTOR) || !isVisible(popup)) return null;
  const position = getComputedStyle(popup).position;
  return position === 'absolute' || position === 'fixed' ? popup : null;
}

/** One of a set of slides or panels (a carousel's, a tab set's). */
const SLIDE = '[aria-roledescription=slide],[role=tabpanel],[role=group][aria-roledescription]';

/**
 * The slide or panel an action brought into view, of those it changed (not added): shown, in the
 * viewport, not hidden from assistive tech, with siblings of its kind (it is one of a set).
 */
export function shownSlide(touched: Set<Element>, added: Set<Element>): Element | null {
  for (const el of touched) {
    if (added.has(el) || !dom.matches(el, SLIDE) || dom.attr(el, 'aria-hidden') === 'true') continue;
    const up = dom.parentEl(el);
    if (!up || dom.children(up).length < 2 || !textOf(el, 40)) continue;
    const v = quickVisibility(el);
    if (v.visible && v.inViewport) return el;
  }
  return null;
}

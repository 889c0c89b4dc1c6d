/**
 * Visibility as a person means it: rendered, not transparent to the eye (visibility:hidden,
 * display:none, zero size, clipped away), not hidden from assistive tech (aria-hidden, inert).
 */
import { hostOf, queryAllDeep } from '../dom/roots';
import { UI_HOST, containsDeep, nearAncestor, ownShadow, parentOf, type SearchRoot } from '../dom/walk';
import * as dom from '../dom/members';
import { DIALOG_SELECTOR } from '../dom/types';
import { labelsOf } from './labels';

export interface Visibility {
  visible: boolean;
  /** Some part of it is inside its window's viewport. */
  inViewport: boolean;
  /** Why it is not visible, for notes and errors. */
  reason?: string;
}

const view = (el: Element): Window => dom.view(dom.doc(el)) ?? window;

/** Rendered but transparent (itself or through an ancestor's opacity). */
export const transparent = (el: Element): boolean =>
  !!dom.checkVisibility &&
  dom.checkVisibility(el, { visibilityProperty: true }) &&
  !dom.checkVisibility(el, { opacityProperty: true });

const sameBox = (a: DOMRect, b: DOMRect): boolean =>
  Math.abs(a.left - b.left) +
    Math.abs(a.top - b.top) +
    Math.abs(a.width - b.width) +
    Math.abs(a.height - b.height) <=
  8;

const TOGGLE_ROLE = /^(switch|checkbox|radio|menuitemcheckbox|menuitemradio)$/;

/**
 * The switch, checkbox or radio with its own role that a checkbox or radio input is part of (Element
 * UI's switch and radio keep a transparent input inside the element a person operates), or null.
 */
export const toggleOwner = (el: Element): Element | null =>
  toggleInput(el) ? nearAncestor(el, (a) => TOGGLE_ROLE.test(dom.attr(a, 'role') ?? '')) : null;

/** A checkbox or radio input. */
const toggleInput = (el: Element): boolean =>
  dom.tag(el).toUpperCase() === 'INPUT' && /^(checkbox|radio)$/.test((el as HTMLInputElement).type);

const WIDGET =
  '[role=combobox],[role=listbox],[role=button],button,[aria-haspopup]:not([aria-haspopup=false])';

/**
 * A transparent field that takes the clicks on what is drawn for it: not a widget's inner field (Choices
 * keeps its select inside its combobox: the widget is what a person operates), and not one kept from
 * everyone (MUI's select keeps an aria-hidden, unfocusable input that lets the pointer through).
 */
const overlay = (el: Element): boolean =>
  dom.attr(el, 'aria-hidden') !== 'true' &&
  dom.attr(el, 'tabindex') !== '-1' &&
  !nearAncestor(el, (a) => dom.matches(a, WIDGET)) &&
  view(el).getComputedStyle(el).pointerEvents !== 'none';

/**
 * Pages draw their own controls and keep the real one for its behaviour. Checkboxes and radios:
 * transparent or squeezed to a pixel under a styled box (MUI, Bootstrap's custom controls, Shoelace), or
 * display: none beside a styled label; a person sees, and clicks, the label or the box. Other fields:
 * a transparent input, select or combobox laid over the drawn widget (Ant Design's select, a file input
 * over an "Upload" button, a styled native select); a person clicks where it lies. Either way the control
 * is as visible as what is drawn for it. Null when `el` is not such a control.
 */
function drawnControl(el: Element, judge: (el: Element) => Visibility): Visibility | null {
  const drawn = drawnBox(el);
  if (drawn) return judge(drawn);
  const tag = dom.tag(el).toUpperCase();
  const toggle = toggleInput(el);
  if (toggle) {
    // The input inside a switch, checkbox or radio with its own role is that control's part.
    if (toggleOwner(el)) return null;
    const label = labelsOf(el)[0];
    if (label) return judge(label);
  }
  const combobox = dom.attr(el, 'role') === 'combobox';
  if (
    !toggle &&
    !combobox &&
    tag !== 'SELECT' &&
    (tag !== 'INPUT' || (el as HTMLInputElement).type === 'hidden')
  )
    return null;
  // Rendered but for opacity, and (unless a toggle) the size of something to click, not a field squeezed
  // to a pixel, which stand-in.ts leads to the widget in its place. An empty multiple select's search
  // field is a few pixels wide (Ant Design's).
  if (dom.checkVisibility && !dom.checkVisibility(el, { visibilityProperty: true })) return null;
  const r = dom.rect(el);
  const big = r.height >= 8 && r.width >= (combobox ? 2 : 8);
  if (!toggle && !(big && overlay(el))) return null;
  // The field may be transparent through a wrapper of its own size (Element Plus's select), or through
  // the slot a component shows it in only once focused or filled (Material Web's text field draws its
  // label there): judge what is around that wrapper.
  let at = el;
  for (let i = 0; i < 2; i++) {
    const up = dom.parentEl(at);
    if (!up || !transparent(up) || !(sameBox(dom.rect(up), r) || dom.assignedSlot(up))) break;
    at = up;
  }
  const box = dom.parentEl(at);
  return box ? judge(box) : null;
}

/**
 * The box drawn in place of a checkbox or radio that is not rendered, right after it, with a class that
 * says what it is (Layui's div.layui-form-checkbox, -radio, -switch): a person sees and clicks that.
 */
function drawnToggle(el: Element): Element | null {
  if (!toggleInput(el) || !dom.checkVisibility || dom.checkVisibility(el)) return null;
  const next = el.nextElementSibling;
  return next && /checkbox|radio|switch/i.test(dom.attr(next, 'class') ?? '') && dom.checkVisibility(next)
    ? next
    : null;
}

/**
 * The box drawn for a combobox kept in a visually hidden box for assistive tech (PrimeVue's
 * MultiSelect): the first ancestor of a clickable size around that hidden box.
 */
export function drawnBox(el: Element): Element | null {
  if (dom.attr(el, 'role') !== 'combobox') return drawnToggle(el);
  let squeezed = false;
  for (let n: Element | null = el, i = 0; n && i < 4; n = dom.parentEl(n), i++) {
    const r = dom.rect(n);
    if (r.width <= 1 || r.height <= 1) squeezed = true;
    else if (squeezed && r.width >= 8 && r.height >= 8) return n;
  }
  return null;
}

/** The cheap part: style visibility and a non-empty box. Enough to rank many candidates. */
export function quickVisibility(el: Element): Visibility {
  const own = quickOwnVisibility(el);
  return own.visible ? own : (drawnControl(el, quickOwnVisibility) ?? own);
}

function quickOwnVisibility(el: Element): Visibility {
  if (!dom.connected(el)) return { visible: false, inViewport: false, reason: 'detached' };
  const check = dom.checkVisibility;
  if (
    check &&
    !check(el, { visibilityProperty: true, opacityProperty: true }) &&
    // display: contents has no box, so checkVisibility says hidden: what it shows says (Material
    // Web's md-menu draws its menu in its shadow tree).
    !(view(el).getComputedStyle(el).display === 'contents' && hasVisibleChild(el))
  )
    return { visible: false, inViewport: false, reason: 'hidden by CSS' };
  const r = dom.rect(el);
  if (r.width <= 1 && r.height <= 1 && !hasVisibleChild(el))
    return { visible: false, inViewport: false, reason: 'zero size' };
  const win = view(el);
  const inViewport = r.bottom > 0 && r.right > 0 && r.top < win.innerHeight && r.left < win.innerWidth;
  if (!check) {
    const style = win.getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none')
      return { visible: false, inViewport: false, reason: 'hidden by CSS' };
  }
  return { visible: true, inViewport };
}

/**
 * An inline wrapper or display:contents element has no box of its own but shows its children; so does a
 * component's host whose shadow tree draws out of its flow (Material Web's open menu).
 */
function hasVisibleChild(el: Element): boolean {
  const shadow = ownShadow(el);
  const lists = [shadow && dom.rootChildren(shadow), dom.children(el)];
  let seen = 0;
  for (const list of lists)
    for (let i = 0; list && i < list.length && seen < 20; i++, seen++) {
      const r = dom.rect(list[i]!);
      if (r.width > 1 || r.height > 1) return true;
    }
  return false;
}

const CLIP_NONE = new Set(['', 'auto', 'none']);

/**
 * The full check: quickVisibility plus aria-hidden and inert ancestors, and ancestors that clip the
 * element away (overflow hidden with no overlap, clip: rect(0 0 0 0), clip-path inset(50%)).
 */
export function visibility(el: Element): Visibility {
  const own = ownVisibility(el);
  return own.visible ? own : (drawnControl(el, ownVisibility) ?? own);
}

function ownVisibility(el: Element): Visibility {
  const quick = quickOwnVisibility(el);
  if (!quick.visible) return quick;
  const rect = dom.rect(el);
  for (let n: Element | null = el; n; n = parentOf(n)) {
    if (dom.attr(n, 'aria-hidden') === 'true')
      return { visible: false, inViewport: false, reason: 'aria-hidden' };
    if (dom.hasAttr(n, 'inert')) return { visible: false, inViewport: false, reason: 'inert' };
    const tag = dom.tag(n);
    if (tag === 'BODY' || tag === 'HTML') continue;
    const style = dom.view(dom.doc(n))!.getComputedStyle(n);
    if (!CLIP_NONE.has(style.clip) && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip))
      return { visible: false, inViewport: false, reason: 'clipped' };
    if (/inset\((50|100)%/.test(style.clipPath))
      return { visible: false, inViewport: false, reason: 'clipped' };
    if (n !== el && dom.doc(n) === dom.doc(el) && style.overflow !== 'visible') {
      const r = dom.rect(n);
      const overlaps =
        rect.right > r.left && rect.left < r.right && rect.bottom > r.top && rect.top < r.bottom;
      const clipsX = style.overflowX !== 'visible';
      const clipsY = style.overflowY !== 'visible';
      const outX = clipsX && (rect.right <= r.left || rect.left >= r.right);
      const outY = clipsY && (rect.bottom <= r.top || rect.top >= r.bottom);
      if (
        !overlaps &&
        (outX || outY) &&
        (style.overflowX === 'hidden' || style.overflowY === 'hidden' || r.width === 0 || r.height === 0)
      )
        return { visible: false, inViewport: false, reason: 'clipped' };
    }
  }
  return quick;
}

export const isVisible = (el: Element): boolean => visibility(el).visible;

/** What an ancestor does to what is inside it: clips all of it away, or clips to its box (and how). */
export type Clip = { all: true } | { box: DOMRect; x: boolean; y: boolean; hidden: boolean } | null;

/**
 * Whether an ancestor clips `el` away (a section collapsed to no height with overflow hidden, as
 * accordions animate it; clip: rect(0 0 0 0)): what a person does not see although its box is there.
 * For many elements at once, `memo` keeps each ancestor's style read once.
 */
export function clippedAway(el: Element, memo: Map<Element, Clip>): boolean {
  const rect = dom.rect(el);
  for (let n = parentOf(el); n; n = parentOf(n)) {
    const tag = dom.tag(n);
    if (tag === 'BODY' || tag === 'HTML') continue;
    let clip = memo.get(n);
    if (clip === undefined) {
      const style = dom.view(dom.doc(n))!.getComputedStyle(n);
      clip =
        (!CLIP_NONE.has(style.clip) && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip)) ||
        /inset\((50|100)%/.test(style.clipPath)
          ? { all: true }
          : dom.doc(n) === dom.doc(el) && style.overflow !== 'visible'
            ? {
                box: dom.rect(n),
                x: style.overflowX !== 'visible',
                y: style.overflowY !== 'visible',
                hidden: style.overflowX === 'hidden' || style.overflowY === 'hidden',
              }
            : null;
      memo.set(n, clip);
    }
    if (!clip) continue;
    if ('all' in clip) return true;
    const r = clip.box;
    const overlaps = rect.right > r.left && rect.left < r.right && rect.bottom > r.top && rect.top < r.bottom;
    const out =
      (clip.x && (rect.right <= r.left || rect.left >= r.right)) ||
      (clip.y && (rect.bottom <= r.top || rect.top >= r.bottom));
    if (!overlaps && out && (clip.hidden || r.width === 0 || r.height === 0)) return true;
  }
  return false;
}

/** Inside an inert subtree: it takes no pointer, focus or keys (the page behind a modal popup). */
export function isInert(el: Element): boolean {
  for (let n: Element | null = el; n; n = parentOf(n)) if (dom.hasAttr(n, 'inert')) return true;
  return false;
}

/** The open dialog, listbox or menu that made the rest of the page inert (Headless UI's popups do). */
export function openLayer(doc: Document): Element | null {
  const open = visibleMatches(`${DIALOG_SELECTOR},[role=listbox],[role=menu]`, doc).filter(isVisible);
  return open[open.length - 1] ?? null;
}

/** Elements matching a selector anywhere under root (shadow roots and frames too) that are shown now. */
export function visibleMatches(selector: string, root: SearchRoot = document): Element[] {
  return queryAllDeep(root, selector).filter((el) => quickVisibility(el).visible);
}

/** The box is shown inside its window's viewport (no style checks: the caller confirms with quickVisibility). */
function boxInView(el: Element, r = dom.rect(el)): 'above' | 'below' | 'in' | 'none' {
  if (r.width <= 1 && r.height <= 1) return 'none';
  const win = view(el);
  if (r.bottom <= 0) return 'above';
  if (r.top >= win.innerHeight) return 'below';
  return r.right <= 0 || r.left >= win.innerWidth ? 'none' : 'in';
}

/** Past this many controls in a row below the viewport, the rest of a list is taken to be below too. */
const BELOW_RUN = 60;

/**
 * The items of `list` (in document order) that `place` puts in the viewport, without placing all of
 * them: a binary search finds where the viewport starts in document order, and a scan goes on until a
 * long run lies below it.
 */
function inViewOrder<T>(list: ArrayLike<T>, place: (item: T) => ReturnType<typeof boxInView>): T[] {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (place(list[mid]!) === 'above') lo = mid + 1;
    else hi = mid;
  }
  const found: T[] = [];
  for (let i = Math.max(0, lo - BELOW_RUN), below = 0; i < list.length && below < BELOW_RUN; i++) {
    const where = place(list[i]!);
    below = where === 'below' ? below + 1 : 0;
    if (where === 'in') found.push(list[i]!);
  }
  return found;
}

/**
 * The elements of `list` (in document order) whose box is shown in the viewport (inViewOrder). What is
 * positioned out of document order (fixed toolbars, sticky headers, popups) comes from hitTestGrid.
 */
export const inViewport = (list: ArrayLike<Element>): Element[] =>
  inViewOrder(list, (el) => {
    const where = boxInView(el);
    return where === 'in' && !quickVisibility(el).visible ? 'none' : where;
  });

/**
 * The elements of lists of controls (each in document order, each from one root) shown in the viewport.
 * The lists of a shadow root or frame whose host has a box wholly above or below the viewport are passed
 * over unmeasured (a page of a thousand cards, each its own shadow root, measured each card's controls);
 * a host of no height or width (display: contents, an empty wrapper of fixed content) tells nothing.
 * Shadow roots and frames stand in page order: past MANY_ROOTS, those in view are found by inViewOrder.
 */
export function inViewportAll(lists: ArrayLike<Element>[]): Element[] {
  const hosts = new Map<Node, ReturnType<typeof boxInView>>();
  const own: ArrayLike<Element>[] = [];
  const inner: ArrayLike<Element>[] = [];
  for (const list of lists) if (list[0]) (dom.root(list[0]) === document ? own : inner).push(list);
  const place = (list: ArrayLike<Element>) => {
    const root = dom.root(list[0]!);
    let where = hosts.get(root);
    if (!where) {
      const host = hostOf(root);
      const box = host && dom.rect(host);
      where = box && box.width > 1 && box.height > 1 ? boxInView(host, box) : 'in';
      hosts.set(root, (where = where === 'none' ? 'in' : where));
    }
    return where;
  };
  // Past MANY_ROOTS, by halving: a host out of page order (an empty one whose content is fixed) is then
  // found only by hitTestGrid.
  const shown =
    inner.length > MANY_ROOTS ? inViewOrder(inner, place) : inner.filter((l) => place(l) === 'in');
  return [...own, ...shown].flatMap(inViewport);
}

/** Shadow roots and frames past which the ones in view are found by halving. */
const MANY_ROOTS = 1000;

/** The topmost elements at a 4 × 2 grid of points over a document's viewport. */
export function hitTestGrid(doc: Document): Element[] {
  const win = dom.view(doc) ?? window;
  const out: Element[] = [];
  for (let gx = 0.5; gx < 4; gx++)
    for (let gy = 0.5; gy < 2; gy++) {
      const el = dom.elementFromPoint(doc, (win.innerWidth * gx) / 4, (win.innerHeight * gy) / 2);
      if (el) out.push(el);
    }
  return out;
}

/**
 * elementFromPoint that goes into open shadow roots and looks through the SDK's own panel: it floats
 * over the page for the person, and the agent acts on what is beneath it.
 */
export function deepElementFromPoint(doc: Document, at: { x: number; y: number }): Element | null {
  let el = dom.elementFromPoint(doc, at.x, at.y);
  if (el && dom.hasAttr(el, UI_HOST))
    el = doc.elementsFromPoint(at.x, at.y).find((e) => !dom.hasAttr(e, UI_HOST)) ?? null;
  for (let shadow = el && ownShadow(el); el && shadow; shadow = ownShadow(el)) {
    const inner = shadow.elementFromPoint(at.x, at.y); // eslint-disable-line no-restricted-syntax -- a shadow root has no named members
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}

/**
 * Whether a person's click at the element's centre (or at what is drawn for it) reaches it where it is
 * now, without scrolling: what is hit there is the element, inside it, around it (it lets the pointer
 * through), or its label. False when something else lies on top (a toolbar collapsed behind a header).
 */
export function reachable(el: Element): boolean {
  const drawn = drawnBox(el) ?? el;
  const box = [...drawn.getClientRects()].find((r) => r.width > 0 && r.height > 0);
  if (!box) return false;
  const at = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  const win = view(drawn);
  if (at.x < 0 || at.y < 0 || at.x > win.innerWidth || at.y > win.innerHeight) return false;
  const hit = deepElementFromPoint(dom.doc(drawn), at);
  if (!hit) return false;
  if (containsDeep(drawn, hit) || containsDeep(el, hit) || containsDeep(hit, drawn)) return true;
  // A transparent control under what its widget draws (a select under its chosen value).
  if (transparent(el) && nearAncestor(el, (a) => containsDeep(a, hit), 2)) return true;
  return labelsOf(el).some((l) => containsDeep(l, hit));
}

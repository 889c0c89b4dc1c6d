/**
 * Pointer actions that land where a mouse would: scroll into view, hit-test the point (across shadow
 * roots), refuse when something else covers the target, then send the full event sequence on the
 * deepest element there, keeping the browser's default behaviour (links, submit, labels).
 */
import { LLMHelperError } from '../../errors';
import { deepActiveElement } from '../read/describe';
import { elementLine } from '../read/lines';
import { controlsIn, isInteractive, tagOf, isChecked } from '../perceive/role';
import { nameOf } from '../perceive/name';
import { textOf } from '../perceive/text-of';
import { DIALOG_SELECTOR, TYPE_SELECTORS } from '../dom/types';
import { disabledReason } from '../perceive/disabled';
import { deepElementFromPoint, drawnBox, isInert, quickVisibility, transparent } from '../perceive/visible';
import { hoverHolder } from '../perceive/hover-css';
import { behindLayer } from '../find/notes';
import { describeChanges } from '../observe/change-text';
import { track, type Tracker } from '../observe/settle';
import { type ActionResult } from '../observe/change-report';
import { resolveTarget, type Target } from '../ids/target';
import { containsDeep, nearAncestor, parentOf } from '../dom/walk';
import { liveEquivalent, type ActionContext } from './context';
import { mouseEvent, nextFrame, sleep, type Modifier, type Point } from '../dom/events';
import * as dom from '../dom/members';
import { openPlainList } from '../perceive/options';
import { labelsOf } from '../perceive/labels';

export interface ClickOptions {
  button?: 'left' | 'middle' | 'right';
  clickCount?: number;
  modifiers?: Modifier[];
  /** Click even when another element covers the target. */
  force?: boolean;
}

const BUTTON_NUMBER = { left: 0, middle: 1, right: 2 } as const;
const BUTTONS_MASK = { left: 1, middle: 4, right: 2 } as const;

/** A short name for whatever covers the target: `div.modal-backdrop`, `dialog "Confirm"`. */
function coverName(el: Element): string {
  const name = nameOf(el, 30);
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
  return `${tagOf(el).toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''}${name ? ` "${name}"` : ''}`;
}

export interface PointerTarget {
  /** The deepest element under the point, inside the target (or inside `via`). */
  hit: Element;
  at: Point;
  /** The label the target is operated through: a person clicks what draws the control. */
  via?: Element;
  /** What the pointer must be over for the page to show the target (CSS :hover, which events never set). */
  over?: Element;
}

/** A control a person cannot aim at: a pixel or two across. */
const tiny = (el: Element): boolean => {
  const r = dom.rect(el);
  return r.width <= 2 || r.height <= 2;
};

/** The control an element is part of: itself or its nearest interactive ancestor (a few levels). */
function controlOf(el: Element): Element | null {
  for (let n: Element | null = el, i = 0; n && i < 6; n = parentOf(n), i++) if (isInteractive(n)) return n;
  return null;
}

/**
 * The point of a checkbox's or radio's label that a click there reaches (the label's click is the box's),
 * or null: no label shown, or something else on top of it.
 */
function labelSpot(el: Element): PointerTarget | null {
  if (tagOf(el) !== 'INPUT' || !/^(checkbox|radio)$/.test((el as HTMLInputElement).type)) return null;
  for (const label of labelsOf(el)) {
    const box = [...label.getClientRects()].find((r) => r.width > 2 && r.height > 2);
    if (!box) continue;
    const at = { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
    const hit = deepElementFromPoint(dom.doc(label), at);
    if (hit && (containsDeep(label, hit) || containsDeep(el, hit))) return { hit, at, via: label };
  }
  return null;
}

/** Whether nothing of the element is drawn (display: none on it or an ancestor, a closed details). */
function notDrawn(el: Element): boolean {
  if (/^(OPTION|AREA)$/.test(tagOf(el))) return false;
  const win = dom.view(dom.doc(el)) ?? window;
  // Without checkVisibility (older browsers, jsdom) it cannot be told: as drawn.
  return !!dom.checkVisibility && !dom.checkVisibility(el) && win.getComputedStyle(el).display !== 'contents';
}

/** Why a target with nothing drawn is not shown: the hidden or closed thing that holds it. */
function hiddenBy(store: ActionContext['store'], el: Element): string {
  let holder: Element | null = null;
  let n: Element | null = parentOf(el);
  for (let i = 0; n && i < 20 && notDrawn(n); n = parentOf(n), i++) holder = n;
  if (holder && (isInteractive(holder) || dom.attr(holder, 'role')))
    return `it is inside ${elementLine(store, holder)}, which is hidden`;
  if (n && tagOf(n) === 'DETAILS' && !dom.hasAttr(n, 'open')) {
    const summary = [...dom.children(n)].find((c) => tagOf(c) === 'SUMMARY');
    return summary
      ? `it is in a closed section that ${elementLine(store, summary).replace(/ \([^)]*\)$/, '')} opens`
      : `it is inside ${elementLine(store, n)}, which is closed`;
  }
  return holder || n ? 'what holds it is hidden' : 'it is hidden';
}

/** Where to click: the centre of the target's visible box, after scrolling it into view; or why not. */
export function pointerTarget(
  target: Element,
  force = false,
): PointerTarget | { covered: string; by: Element } | { hidden: true } {
  // A control the page shows only on hover (a row's delete button): the pointer goes over its holder,
  // and the press to the control, as a person's would once it showed.
  const holder = !quickVisibility(target).visible ? hoverHolder(target) : null;
  if (holder && quickVisibility(holder).visible) {
    const r = dom.rect(holder);
    return {
      hit: target,
      at: { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) },
      over: holder,
    };
  }
  // A person clicks what is drawn for a combobox kept out of sight.
  const el = drawnBox(target) ?? target;
  // Nothing drawn, nothing a pointer can reach (its menu closed, its section collapsed): a hidden
  // checkbox is still operated through its label.
  if (notDrawn(el)) return labelSpot(el) ?? { hidden: true };
  let rect = dom.rect(el);
  const win = dom.view(dom.doc(el)) ?? window;
  const inView =
    rect.top >= 0 && rect.left >= 0 && rect.bottom <= win.innerHeight && rect.right <= win.innerWidth;
  if (!inView) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' as ScrollBehavior });
    rect = dom.rect(el);
  }
  // The first line box of an inline element can be narrower than its bounding box.
  const box = [...el.getClientRects()].find((r) => r.width > 0 && r.height > 0) ?? rect;
  const at = { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
  const hit = deepElementFromPoint(dom.doc(el), at);
  // A box a pixel across is drawn by its label, which is what a person clicks (and what the app may
  // listen to).
  if (!hit || containsDeep(el, hit)) return (!force && tiny(el) && labelSpot(el)) || { hit: hit ?? el, at };
  // The target lets clicks through (pointer-events: none) to an ancestor: the ancestor gets them.
  if (containsDeep(hit, el) || force) return { hit: el, at };
  // A control hidden under what its own label draws (Chakra's switch): a click in the label is its click.
  const around = labelsOf(el).find((l) => containsDeep(l, hit));
  if (around) return { hit, at, via: around };
  // A transparent control under what its widget draws (Ant Design's select under the chosen value): a
  // person clicks what is drawn there, and the widget takes the click; never a control of its own on top.
  const over = controlOf(hit);
  const unrelated = !!over && over !== el && !containsDeep(over, el) && !containsDeep(el, over);
  if (!unrelated && (transparent(el) || tiny(el)) && nearAncestor(el, (a) => containsDeep(a, hit)))
    return { hit, at };
  // Else a covered checkbox or radio is clicked through its label, where that shows.
  return labelSpot(el) ?? { covered: coverName(hit), by: over ?? hit };
}

/**
 * The focused field whose popup covers the point, or null: `hit` is in a floating layer (absolutely or
 * fixed positioned, not a dialog) that the focused element is outside of and that sits just below or
 * above it, as a date picker's calendar stays open under its field after typing (Element UI's).
 */
function popupOpener(hit: Element): Element | null {
  const focused = deepActiveElement();
  const doc = dom.doc(hit);
  if (!focused || focused === dom.body(document) || containsDeep(focused, hit)) return null;
  const win = dom.view(doc) ?? window;
  let layer: Element | null = null;
  for (let n: Element | null = hit; n && n !== dom.body(doc); n = dom.parentEl(n)) {
    if (dom.matches(n, DIALOG_SELECTOR)) return null;
    const position = win.getComputedStyle(n).position;
    if (position === 'absolute' || position === 'fixed') layer = n;
  }
  if (!layer || containsDeep(layer, focused)) return null;
  const a = dom.rect(layer);
  const f = dom.rect(focused);
  const beside = Math.min(Math.abs(a.top - f.bottom), Math.abs(f.top - a.bottom)) <= 16;
  return beside && a.left < f.right && f.left < a.right ? focused : null;
}

/** The focusable element a mouse press on `el` focuses: itself or its nearest focusable ancestor. */
function focusTargetOf(el: Element): HTMLElement | null {
  const f = dom.closest(
    el,
    'a[href],button,input,select,textarea,summary,[tabindex],[contenteditable=""],[contenteditable=true]',
  );
  return f as HTMLElement | null;
}

/** Sends the events of the pointer arriving over `hit`, and leaving the previous element. */
export function hoverAt(ctx: ActionContext, hit: Element, at: Point): void {
  const prev = ctx.hovered;
  if (prev && prev !== hit && dom.connected(prev)) {
    mouseEvent(prev, 'pointerout', at);
    mouseEvent(prev, 'pointerleave', at);
    mouseEvent(prev, 'mouseout', at);
    mouseEvent(prev, 'mouseleave', at);
  }
  if (prev !== hit) {
    mouseEvent(hit, 'pointerover', at);
    mouseEvent(hit, 'pointerenter', at);
    mouseEvent(hit, 'mouseover', at);
    mouseEvent(hit, 'mouseenter', at);
  }
  mouseEvent(hit, 'pointermove', at);
  mouseEvent(hit, 'mousemove', at);
  ctx.hovered = hit;
}

/** Between the clicks of a double or triple click: a person's, well inside any page's double-click time. */
const MULTI_CLICK_GAP_MS = 60;

/**
 * The press-and-release sequence (each click of a double click a full one, a person's interval apart,
 * `detail` counting them); resolves false when the page cancelled the final click/contextmenu, and null
 * when it removed the target as it was pressed (no click then).
 */
export async function pressAt(hit: Element, at: Point, opts: ClickOptions = {}): Promise<boolean | null> {
  const which = opts.button ?? 'left';
  const button = BUTTON_NUMBER[which];
  const buttons = BUTTONS_MASK[which];
  const count = opts.clickCount ?? 1;
  let allowed = true;
  for (let i = 1; i <= count; i++) {
    if (i > 1) await sleep(MULTI_CLICK_GAP_MS);
    const m = { button, modifiers: opts.modifiers, detail: i };
    const down =
      mouseEvent(hit, 'pointerdown', at, { ...m, buttons }) &&
      mouseEvent(hit, 'mousedown', at, { ...m, buttons });
    if (down && which === 'left') {
      const focusable = focusTargetOf(hit);
      if (focusable) focusable.focus({ preventScroll: true });
      else (dom.doc(hit).activeElement as HTMLElement | null)?.blur?.();
    }
    if (!dom.connected(hit)) {
      // The page removed the target as it was pressed: the release lands on whatever is under the
      // pointer now, and no click follows, as with a real mouse.
      const now = deepElementFromPoint(dom.doc(hit), at);
      if (now) {
        mouseEvent(now, 'pointerup', at, m);
        mouseEvent(now, 'mouseup', at, m);
      }
      return null;
    }
    mouseEvent(hit, 'pointerup', at, m);
    mouseEvent(hit, 'mouseup', at, m);
    if (which === 'left') allowed = mouseEvent(hit, 'click', at, m);
    else if (which === 'middle') allowed = mouseEvent(hit, 'auxclick', at, m);
  }
  if (which === 'left' && count === 2)
    mouseEvent(hit, 'dblclick', at, { modifiers: opts.modifiers, detail: 2 });
  if (which === 'right')
    allowed = mouseEvent(hit, 'contextmenu', at, {
      button: 2,
      buttons: 0,
      modifiers: opts.modifiers,
      detail: 0,
    });
  return allowed;
}

function checkClickOptions(opts: ClickOptions): void {
  if (opts.button !== undefined && !(opts.button in BUTTON_NUMBER))
    throw new LLMHelperError(
      'bad_argument',
      `button must be 'left', 'middle' or 'right'; got ${JSON.stringify(opts.button)}.`,
    );
  if (
    opts.clickCount !== undefined &&
    !(Number.isInteger(opts.clickCount) && opts.clickCount >= 1 && opts.clickCount <= 3)
  )
    throw new LLMHelperError(
      'bad_argument',
      `clickCount must be 1, 2 or 3; got ${JSON.stringify(opts.clickCount)}.`,
    );
}

/** Resolves the ID and refuses disabled or covered targets, with a message that says what to do. */
export function prepare(ctx: ActionContext, id: Target, verb: string, force = false) {
  const { element, relocated } = resolveTarget(ctx.store, id, `${verb} target`);
  const line = elementLine(ctx.store, element);
  const note = relocated ? `${relocated} ` : '';
  const disabled = disabledReason(element);
  if (disabled && !(disabled.looks && force))
    return {
      element,
      line,
      note,
      refused: disabled.looks
        ? `${note}${line} ${disabled.reason}, so it was not ${verb}ed: a person would not ${verb} it. Look for what enables it, or pass force: true if it only looks disabled.`
        : `${note}${line} is disabled, so it was not ${verb}ed. Wait for it to be enabled (waitFor with state 'enabled') or look for what enables it.`,
    };
  if (isInert(element))
    return {
      element,
      line,
      note,
      refused: `${note}${line} was not ${verb}ed: ${behindLayer(ctx.store, element)}, then try again.`,
    };
  const spot = pointerTarget(element, force);
  if ('hidden' in spot)
    return {
      element,
      line,
      note,
      refused: `${note}${line} is not shown on the page (${hiddenBy(ctx.store, element)}), so it was not ${verb}ed: a person could not reach it. Open what holds it (a menu, tab or section) first, then try again.`,
    };
  // Only a refusal looks for the popup (check falls back to the box's own click when covered).
  const opener = 'covered' in spot ? popupOpener(spot.by) : null;
  if ('covered' in spot) {
    const by = isInteractive(spot.by) ? elementLine(ctx.store, spot.by) : spot.covered;
    return {
      element,
      line,
      note,
      refused: opener
        ? `${note}${line} is covered by ${by}, in the popup that ${elementLine(ctx.store, opener)} left open, so it was not ${verb}ed. Press Escape to close the popup, then try again, or pass force: true.`
        : `${note}${line} is covered by ${by}, so it was not ${verb}ed. Close or dismiss that first, or pass force: true.`,
    };
  }
  return { element, line, note, spot };
}

/**
 * The target as it is once tracking has started: the page may have drawn it again while the tracker read
 * the page in slices (a dashboard that redraws its rows every second), and a press on the element it
 * replaced reaches no handler; the one standing for it then, prepared anew.
 */
function stillThere(
  ctx: ActionContext,
  tracker: Tracker,
  p: ReturnType<typeof prepare>,
  id: Target,
  verb: string,
  force?: boolean,
): ReturnType<typeof prepare> {
  if (dom.connected(p.element)) return p;
  try {
    const again = prepare(ctx, id, verb, force);
    if (!again.spot) tracker.cancel();
    return again;
  } catch (e) {
    tracker.cancel();
    throw e;
  }
}

export async function click(ctx: ActionContext, id: Target, opts: ClickOptions = {}): Promise<ActionResult> {
  checkClickOptions(opts);
  const first = prepare(ctx, id, 'click', opts.force);
  if (!first.spot) return { ok: false, message: first.refused!, changes: {} };
  const before = toggleState(first.element);
  const tracker = await track(ctx.store, first.element);
  const p = stillThere(ctx, tracker, first, id, 'click', opts.force);
  if (!p.spot) return { ok: false, message: p.refused!, changes: {} };
  const elementId = ctx.store.idFor(p.element);
  // Real input when the embedder sends it (in the top document, whose viewport its points are in).
  const real =
    dom.doc(p.spot.hit) === document &&
    (await ctx.input?.click(p.spot.at, {
      button: opts.button ?? 'left',
      clickCount: opts.clickCount ?? 1,
      modifiers: opts.modifiers ?? [],
    }));
  if (real) ctx.hovered = p.spot.hit;
  else {
    if (p.spot.over) hoverAt(ctx, p.spot.over, p.spot.at);
    hoverAt(ctx, p.spot.hit, p.spot.at);
  }
  // Removed as it was pressed, not by the click (a row's "remove" link is gone after its click too).
  const removed = !real && (await pressAt(p.spot.hit, p.spot.at, opts)) === null;
  // The state the click gave it, before the page's own answer to the click (which may set it back).
  const given = toggleState(p.element);
  const changes = await tracker.finish(p.element);
  // A menu drawn without ARIA roles that this click opened is the one getMenuItems lists.
  const menu = changes.menuOpened && openPlainList(p.element);
  if (menu) ctx.menu = menu;
  // Read from the element as the page shows it now it has settled (the one standing for it, should the
  // page have drawn it again), never inferred from the click.
  const live = liveEquivalent(ctx, p.element, elementId);
  const after = live ? toggleState(live) : '';
  if (removed)
    return {
      ok: true,
      message: `${p.note}Pressed ${p.line}; the page removed it as it was pressed, so no click followed (as with a real mouse).${describeChanges(changes)}`,
      changes,
    };
  const verb =
    opts.button === 'right' ? 'Right-clicked' : (opts.clickCount ?? 1) === 2 ? 'Double-clicked' : 'Clicked';
  // A switch, checkbox or expandable item that changed says so: its line above shows the state before
  // the click.
  const now =
    after && after !== before
      ? `; it is now ${after}`
      : after && given && given !== before
        ? `; it was ${given} for a moment, then the page set it back: it is ${after}`
        : '';
  const via = p.spot.via
    ? ` through its label "${nameOf(p.spot.via, 40) || textOf(p.spot.via, 40)}"`
    : p.spot.over
      ? ` (shown only on hover of ${elementLine(ctx.store, p.spot.over, { text: false })}; clicked as after a hover)`
      : '';
  // A submit whose form stayed in error did not do what it is for.
  return {
    ok: !changes.notSent,
    message: `${p.note}${verb} ${p.line}${via}${now}.${describeChanges(changes)}`,
    changes,
  };
}

const TOGGLES = `${TYPE_SELECTORS.checkbox},${TYPE_SELECTORS.radio}`;

/**
 * Whether a checkbox, radio or switch (or the one a clicked label holds) is checked; whether a toggle
 * that says so (aria-expanded: a tree item, a disclosure button) is expanded; '' for other elements.
 */
function toggleState(el: Element): string {
  const box = dom.matches(el, TOGGLES) ? el : dom.qs(el, TOGGLES);
  if (!box || !dom.connected(box)) {
    const expanded = dom.connected(el) ? dom.attr(el, 'aria-expanded') : null;
    return expanded === 'true' ? 'expanded' : expanded === 'false' ? 'collapsed' : '';
  }
  return dom.attr(box, 'aria-checked') === 'mixed'
    ? 'partly checked'
    : isChecked(box)
      ? 'checked'
      : 'unchecked';
}

export const dblclick = (ctx: ActionContext, id: Target, opts: Omit<ClickOptions, 'clickCount'> = {}) =>
  click(ctx, id, { ...opts, clickCount: 2 });

export async function hover(ctx: ActionContext, id: Target): Promise<ActionResult> {
  const first = prepare(ctx, id, 'hover', true);
  const tracker = await track(ctx.store);
  const p = stillThere(ctx, tracker, first, id, 'hover', true);
  hoverAt(ctx, p.spot!.hit, p.spot!.at);
  const changes = await tracker.finish();
  // What the page shows on CSS :hover stays hidden: a script's pointer events never set it.
  const hidden = hoverHidden(p.element).map((el) => elementLine(ctx.store, el));
  const css = hidden.length
    ? ` Shown only on CSS :hover, which a script cannot set, so still hidden: ${hidden.slice(0, 5).join('; ')}; a click by ID works.`
    : '';
  return { ok: true, message: `${p.note}Hovered over ${p.line}.${describeChanges(changes)}${css}`, changes };
}

/** Controls inside or beside `el` that a :hover rule over it would show, and that are hidden now. */
function hoverHidden(el: Element): Element[] {
  const out: Element[] = [];
  const around = dom.parentEl(el) ?? el;
  for (const c of controlsIn(around)) {
    if (out.length >= 10) break;
    if (quickVisibility(c).visible) continue;
    const holder = hoverHolder(c);
    if (holder && (containsDeep(holder, el) || containsDeep(el, holder))) out.push(c);
  }
  return out;
}

export async function focus(ctx: ActionContext, id: Target): Promise<ActionResult> {
  const first = resolveTarget(ctx.store, id, 'focus target');
  const tracker = await track(ctx.store);
  let again: ReturnType<typeof resolveTarget> | null = null;
  try {
    if (!dom.connected(first.element)) again = resolveTarget(ctx.store, id, 'focus target');
  } catch (e) {
    tracker.cancel();
    throw e;
  }
  const { element, relocated } = again ?? first;
  (element as HTMLElement).focus?.();
  const changes = await tracker.finish(element);
  const line = elementLine(ctx.store, element);
  const focused = dom.doc(element).activeElement === element || dom.shadow(element)?.activeElement;
  return {
    ok: !!focused,
    message: `${relocated ? `${relocated} ` : ''}${focused ? `Focused ${line}.` : `${line} cannot take focus (not focusable); click it instead.`}${describeChanges(changes)}`,
    changes,
  };
}

export interface DragOptions {
  /**
   * Where to drop on the target. By default the source takes the target's place, as a person drags in a
   * sortable list: past the target's midpoint on its far side (its lower or right part when moving down
   * or right, its upper or left part when moving up or left). 'before' drops on its upper (or left) part,
   * 'after' on its lower (or right) part, 'center' on its centre, { x, y } at that offset in its box.
   */
  position?: 'before' | 'after' | 'center' | { x: number; y: number };
  /** Pointer moves between the two points (default 10). */
  steps?: number;
}

/** Where the pointer lets go: by default the far side of the target's midpoint, seen from the source. */
function dropPoint(source: Point, target: Element, position: DragOptions['position']): Point {
  const r = dom.rect(target);
  if (position && typeof position === 'object') return { x: r.left + position.x, y: r.top + position.y };
  const centre = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  if (position === 'center') return centre;
  const dx = centre.x - source.x;
  const dy = centre.y - source.y;
  // The list's axis: horizontal when the target lies more to the side than above or below.
  const horizontal = Math.abs(dx) > Math.abs(dy);
  const forward = position ? position === 'after' : (horizontal ? dx : dy) >= 0;
  const part = forward ? 0.8 : 0.2;
  return horizontal
    ? { x: r.left + r.width * part, y: centre.y }
    : { x: centre.x, y: r.top + r.height * part };
}

/**
 * Drag and drop: HTML5 drag events (dragstart … drop, dragend) with one DataTransfer when the source is
 * draggable, and always the pointer and mouse sequence, moving in steps and ending past the target's
 * midpoint, for libraries that listen to those.
 */
export async function drag(
  ctx: ActionContext,
  fromId: Target,
  toId: Target,
  opts: DragOptions = {},
): Promise<ActionResult> {
  const start0 = prepare(ctx, fromId, 'drag', true);
  const to0 = resolveTarget(ctx.store, toId, 'drag target').element;
  const tracker = await track(ctx.store);
  const from = stillThere(ctx, tracker, start0, fromId, 'drag', true);
  let to = to0;
  try {
    if (!dom.connected(to)) to = resolveTarget(ctx.store, toId, 'drag target').element;
  } catch (e) {
    tracker.cancel();
    throw e;
  }
  const start = from.spot!.at;
  const source = from.spot!.hit;
  hoverAt(ctx, source, start);
  mouseEvent(source, 'pointerdown', start, { buttons: 1 });
  mouseEvent(source, 'mousedown', start, { buttons: 1 });
  const win = dom.view(dom.doc(from.element)) ?? window;
  const html5 = dom.closest(from.element, '[draggable=true]');
  const data = html5 ? new win.DataTransfer() : null;
  const dragEvent = (el: Element, type: string, at: Point) =>
    el.dispatchEvent(
      new win.DragEvent(type, {
        bubbles: true,
        cancelable: true,
        composed: true,
        clientX: at.x,
        clientY: at.y,
        dataTransfer: data,
      }),
    );
  if (html5) dragEvent(html5, 'dragstart', start);
  const steps = Math.max(1, opts.steps ?? 10);
  // Fixed before the first move: sortable lists shift the target while the source passes it, and the
  // drop belongs where the target was.
  const end = dropPoint(start, to, opts.position);
  let over: Element = source;
  for (let i = 1; i <= steps; i++) {
    const at = { x: start.x + ((end.x - start.x) * i) / steps, y: start.y + ((end.y - start.y) * i) / steps };
    const under = deepElementFromPoint(dom.doc(to), at) ?? to;
    if (under !== over) {
      if (html5) dragEvent(under, 'dragenter', at);
      over = under;
    }
    mouseEvent(under, 'pointermove', at, { buttons: 1 });
    mouseEvent(under, 'mousemove', at, { buttons: 1 });
    if (html5) {
      dragEvent(html5, 'drag', at);
      dragEvent(under, 'dragover', at);
    }
    await nextFrame();
  }
  if (html5) {
    dragEvent(over, 'drop', end);
    dragEvent(html5, 'dragend', end);
  }
  mouseEvent(over, 'pointerup', end);
  mouseEvent(over, 'mouseup', end);
  ctx.hovered = over;
  const changes = await tracker.finish();
  const toLine = elementLine(ctx.store, to);
  return {
    ok: true,
    message: `${from.note}Dragged ${from.line} to ${toLine}${html5 ? '' : ' (pointer events; the source is not draggable=true)'}.${describeChanges(changes)}`,
    changes,
  };
}

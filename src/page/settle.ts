/**
 * After an action: wait until the page settles (no DOM mutations for ~100 ms and no fetch/XHR that the
 * action started still pending, capped at ~2 s), then report what changed, in a form a model can use.
 */
import { deepActiveElement, elementLine } from './describe';
import { controlsIn, dialogName, isInteractive, nameOf, onlyProposed, roleOf, textOf } from './label';
import { fieldValue } from './redact';
import { errorText, fieldsInError, markedFields } from './invalid';
import type { ElementStore } from './store';
import { plural, truncate } from './text';
import { ALERT_CLASSES, ALERT_SELECTOR, DIALOG_SELECTOR, INTERACTIVE_SELECTOR, SUBMIT } from './types';
import { isVisible, quickVisibility, toggleOwner } from './visible';
import { collectRoots, forgetRoots } from './roots';
import { elementIndex } from './element-index';
import type { SearchRoot } from './walk';
import { sleep } from './act/events';
import * as dom from './dom';
import { UI_HOST, containsDeep, docOrder, ownShadow, parentOf } from './walk';
import { openedIn, plainListbox, plainOptions, shownOptions } from './options';
import { newText, noteText, type TextChanges } from './new-text';
import { recent, record, shortURL, watch } from './page-log';

export interface ChangeReport {
  url?: { from: string; to: string };
  dialogOpened?: string[];
  dialogClosed?: string[];
  /** A menu that opened (see getMenuItems). */
  menuOpened?: string;
  /** The column the clicked header now sorts by, and which way. */
  sorted?: string;
  /** That column's first values now: the order the rows are in. */
  sortedFirst?: string[];
  /** Interactive elements that appeared: how many, the first few with IDs, and whether a popup holding them all opened. */
  added?: { count: number; sample: string[]; popup?: true };
  removed?: { count: number };
  /** List items or rows that went away (removed, or hidden), beyond those that came back: a filter. */
  itemsGone?: { count: number; what: string; sample: string[] };
  /** Menus, listboxes and popups that were shown and are gone or hidden now (a dialog is in dialogClosed). */
  closed?: string[];
  /** The element focused now, when focus moved. */
  focus?: string;
  /** The target field's value now. */
  value?: string;
  /** Other fields the action set (a picker filling its field), each with its value now. */
  fieldsSet?: string[];
  /** What a typeahead offered under the field typed into: items with IDs (click one to choose it). */
  suggestions?: string[];
  /** The part the target controls (aria-controls), shown by the action: a tab's panel, a collapsed section. */
  shown?: string;
  /** The options of a listbox that opened (a select widget clicked open), with IDs. */
  options?: string[];
  /** Alerts, toasts and status messages that appeared. */
  alerts?: string[];
  /** Text that appeared elsewhere (a status line, a count, a result), at most two. */
  text?: string[];
  /** Fields the action found invalid (the browser's own check, or aria-invalid set), with what they say. */
  invalid?: string[];
  /** A submit that sent nothing: its form still shows fields in error (listed in `invalid`). */
  notSent?: boolean;
  /** Requests the action started that failed: `POST /api/save → 500 ("database down")`. */
  failedRequests?: string[];
  /** What the page's own scripts threw while the action settled (uncaught errors, unhandled rejections). */
  pageErrors?: string[];
  /** The page started unloading: a full navigation ends this page's session. */
  unloading?: boolean;
  /**
   * Nothing at all happened: no DOM change, navigation, focus change, request, dialog, or input,
   * change, submit, toggle or scroll event. The action most likely had no effect.
   */
  nothingChanged?: boolean;
}

export interface ActionResult {
  ok: boolean;
  message: string;
  changes: ChangeReport;
}

const QUIET_MS = 100;
const CAP_MS = 2000;
// With Material Web's md-menu, whose role is in ElementInternals.
export const MENUS = '[role=menu],[role=menubar],[role=listbox],md-menu:not([role])';

/**
 * A popup is shown when it is in the page, not hidden by CSS, and a box of some area (Naive UI's keeps
 * its width), and so is what it only wraps (Naive UI's menu, faded out inside a layer that stays).
 */
function popupShown(p: Element): boolean {
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
 * Queries that each take the browser's fast path (one class, or one class substring) and find every
 * element the dialog, alert and menu selectors match by class. What they match by role, aria-modal,
 * aria-live or tag the element index holds. The selectors themselves, lists with class substrings, cost
 * a scan of about 50 ms each on a page of 500,000 elements, and an action ran seven; one query per
 * candidate attribute was still 54 ms per look, two looks per action.
 */
export const LAYER_CLASS_QUERIES = ['[class*=modal]', '[class*=layui-layer]', '.t-dialog', ...ALERT_CLASSES];
const LAYERS = `${DIALOG_SELECTOR},${ALERT_SELECTOR},${MENUS}`;

/**
 * Each element of a document that may be a dialog, alert or menu: a superset of what LAYERS matches.
 * Indexed loops, no iterator: the role list alone may hold tens of thousands of elements, and on a page
 * of 500,000 the collector's marking is paid by what a task allocates.
 */
export function eachLayerCandidate(d: Document, each: (el: Element) => void): void {
  const index = elementIndex(d);
  const lists: ArrayLike<Element>[] = [index.kinded, index.tag('dialog')];
  for (const q of LAYER_CLASS_QUERIES) lists.push(dom.qsa(d, q));
  for (const list of lists) for (let i = 0; i < list.length; i++) each(list[i]!);
  const hosts = index.hosts;
  for (let i = 0; i < hosts.length; i++) if (dom.localName(hosts[i]!) === 'md-menu') each(hosts[i]!);
}

/** The page's shown dialogs, alerts and menus, in page order. */
export function layersNow(): { dialogs: Element[]; alerts: Element[]; menus: Element[] } {
  const found = new Set<Element>();
  const consider = (el: Element) => {
    if (!found.has(el) && dom.matches(el, LAYERS) && quickVisibility(el).visible) found.add(el);
  };
  const roots = collectRoots(document).roots;
  for (let r = 0; r < roots.length; r++) {
    const root = roots[r]!;
    if (dom.nodeType(root) === 9) eachLayerCandidate(root as Document, consider);
    else {
      const list = dom.qsa(root, LAYERS);
      for (let i = 0; i < list.length; i++) consider(list[i]!);
    }
  }
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
function shownPopups(menus: Element[]): Element[] {
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

/** The first words of a failed response's body, when it is JSON or text: its error message if it has one. */
async function excerpt(type: string | null, read: () => Promise<string> | string): Promise<string> {
  if (!/json|text/i.test(type ?? '')) return '';
  try {
    const body = (await read()).slice(0, 2000);
    let said: unknown = body;
    try {
      const json = JSON.parse(body) as Record<string, unknown>;
      const e = json.error as Record<string, unknown> | string | undefined;
      said = (typeof e === 'object' ? e?.message : e) ?? json.message ?? json.detail ?? json.title ?? body;
    } catch {
      /* text */
    }
    return truncate(typeof said === 'string' ? said.replace(/\s+/g, ' ').trim() : JSON.stringify(said), 80);
  } catch {
    return '';
  }
}

/**
 * Counts fetch and XMLHttpRequest calls started while it is installed, and says which of them failed
 * (HTTP status 400 and up, or no answer); uninstall restores both. A request ending is activity: the page
 * still reads the body and renders after fetch() resolves. Request bodies and headers are never read.
 */
function trackRequests(
  win: Window & typeof globalThis,
  onActivity: () => void,
): { pending(): number; started(): number; failed: string[]; uninstall(): void } {
  let pending = 0;
  let started = 0;
  const failed: string[] = [];
  const done = () => {
    pending--;
    onActivity();
  };
  const fail = (method: string, url: string, status: number | string, said = '') => {
    const line = `${method.toUpperCase()} ${shortURL(url)} → ${status}${said ? ` ("${said}")` : ''}`;
    failed.push(line);
    record('error', 'request', `request failed: ${line}`);
    recent.add(url);
    setTimeout(() => recent.delete(url), 30_000);
  };
  // A page may make fetch a getter that throws, or freeze it: then its requests are not counted.
  let fetch: typeof win.fetch | undefined;
  try {
    fetch = typeof win.fetch === 'function' ? win.fetch : undefined;
  } catch {
    fetch = undefined;
  }
  const wrapped: typeof win.fetch = function (this: unknown, ...args: Parameters<typeof win.fetch>) {
    pending++;
    started++;
    const [input, init] = args;
    const request = typeof input === 'object' && input && 'url' in input ? input : null;
    const url = request ? request.url : String(input);
    const method = init?.method ?? request?.method ?? 'GET';
    return fetch!
      .apply(this, args)
      .then(
        (res) => {
          if (res.status >= 400) {
            pending++;
            const copy = res.clone();
            void excerpt(res.headers.get('content-type'), () => copy.text())
              .then((said) => fail(method, res.url || url, res.status, said))
              .finally(done);
          }
          return res;
        },
        (e: unknown) => {
          if ((e as Error)?.name !== 'AbortError') fail(method, url, 'no answer (network error)');
          throw e;
        },
      )
      .finally(done);
  };
  if (fetch)
    try {
      win.fetch = wrapped;
    } catch {
      fetch = undefined;
    }
  const proto = win.XMLHttpRequest?.prototype;
  const send = proto?.send as XMLHttpRequest['send'] | undefined;
  const open = proto?.open as XMLHttpRequest['open'] | undefined;
  const opened = new WeakMap<XMLHttpRequest, [string, string]>();
  const wrappedOpen = function (this: XMLHttpRequest, ...args: [string, string | URL]) {
    opened.set(this, [String(args[0]), String(args[1])]);
    return (open as (...a: unknown[]) => void).apply(this, args);
  };
  const wrappedSend = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    pending++;
    started++;
    let aborted = false;
    this.addEventListener('abort', () => (aborted = true), { once: true });
    this.addEventListener(
      'loadend',
      () => {
        const [method, url] = opened.get(this) ?? ['', this.responseURL];
        if (this.status >= 400)
          void excerpt(this.getResponseHeader('content-type'), () =>
            this.responseType === '' || this.responseType === 'text'
              ? this.responseText
              : JSON.stringify(this.response),
          ).then((said) => fail(method || 'request', this.responseURL || url, this.status, said));
        else if (this.status === 0 && !aborted) fail(method || 'request', url, 'no answer (network error)');
        done();
      },
      { once: true },
    );
    return send!.apply(this, args);
  };
  if (proto && send) proto.send = wrappedSend;
  if (proto && open) proto.open = wrappedOpen as XMLHttpRequest['open'];
  return {
    pending: () => pending,
    started: () => started,
    failed,
    uninstall() {
      // Only undo our own wrapper: if the page wrapped them since, leave its wrapper in place.
      try {
        if (fetch && win.fetch === wrapped) win.fetch = fetch;
      } catch {
        /* the page made fetch unreadable meanwhile */
      }
      if (proto && proto.send === wrappedSend) proto.send = send!;
      if (proto && open && proto.open === (wrappedOpen as XMLHttpRequest['open'])) proto.open = open;
    },
  };
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

/** Which way a header sorts its column: aria-sort, else a class token (ascending, desc). */
function sortOrder(header: Element): string | null {
  const aria = dom.attr(header, 'aria-sort');
  if (aria === 'ascending' || aria === 'descending') return aria;
  if (aria) return null;
  // Its class (Element UI's th.ascending), or its active arrow's (Arco's div.arco-table-sorter-icon-active
  // holding a caret-up icon, View Design's i.ivu-icon-md-arrow-dropup.on in span.ivu-table-sort): an arrow
  // may say up or down, a header only asc or desc.
  const own = direction(dom.attr(header, 'class') ?? '');
  if (own === 'asc' || own === 'desc') return `${own}ending`;
  const arrow = dom.qs(
    header,
    '[class*=sort i][class*=active i],[class*=sort i] .on,[class*=sort i] .active',
  );
  const way =
    arrow && direction([arrow, ...dom.qsa(arrow, '[class]')].map((e) => dom.attr(e, 'class')).join(' '));
  return way ? (way === 'up' || way === 'asc' ? 'ascending' : 'descending') : null;
}

/** One of a set of slides or panels (a carousel's, a tab set's). */
const SLIDE = '[aria-roledescription=slide],[role=tabpanel],[role=group][aria-roledescription]';

/**
 * The slide or panel an action brought into view, of those it changed (not added): shown, in the
 * viewport, not hidden from assistive tech, with siblings of its kind (it is one of a set).
 */
function shownSlide(touched: Set<Element>, added: Set<Element>): Element | null {
  for (const el of touched) {
    if (added.has(el) || !dom.matches(el, SLIDE) || dom.attr(el, 'aria-hidden') === 'true') continue;
    const up = dom.parentEl(el);
    if (!up || dom.children(up).length < 2 || !textOf(el, 40)) continue;
    const v = quickVisibility(el);
    if (v.visible && v.inViewport) return el;
  }
  return null;
}

/** A column header's name without the sort arrow a page draws in its text (sorttable's "Salary ▾"). */
const headerLabel = (header: Element): string =>
  truncate((nameOf(header, 40) || textOf(header, 40)).replace(/\s*[▲▼▴▾△▽↑↓⇅⇵]+/gu, '').trim(), 40);

/** The texts of a header's column, row by row (up to 500 rows), or null when it heads no column. */
function columnValues(header: Element | null): string[] | null {
  const table = header && dom.closest(header, 'table,[role=grid],[role=table],[role=treegrid]');
  const row = header && dom.closest(header, 'tr,[role=row]');
  if (!table || !row) return null;
  const at = [...dom.children(row)].indexOf(header);
  const values: string[] = [];
  for (const r of dom.qsa(table, 'tr,[role=row]')) {
    if (r === row || dom.closest(r, 'thead') || values.length >= 500) continue;
    const cell = dom.children(r)[at];
    if (cell) values.push(textOf(cell, 60));
  }
  return values;
}

/**
 * How a column's values are ordered now, when the click reordered the same values (a table that sorts
 * without saying so in aria-sort or a class): ascending or descending by number, date-free text
 * otherwise. Null when they did not move, changed, or follow no order.
 */
function newOrder(before: string[], after: string[] | null): string | null {
  if (!after || after.length < 2 || after.join('\n') === before.join('\n')) return null;
  if ([...after].sort().join('\n') !== [...before].sort().join('\n')) return null;
  const numbers = after.map((v) => Number(v.replace(/[^\d.-]/g, '')));
  const byNumber = after.every((v, i) => /\d/.test(v) && Number.isFinite(numbers[i]));
  const cmp = (i: number) =>
    byNumber
      ? numbers[i]! - numbers[i + 1]!
      : after[i]!.localeCompare(after[i + 1]!, undefined, { numeric: true });
  let up = true;
  let down = true;
  for (let i = 0; i + 1 < after.length; i++) {
    const c = cmp(i);
    if (c > 0) up = false;
    if (c < 0) down = false;
  }
  return up ? 'ascending' : down ? 'descending' : null;
}

/** The sort direction a class token says: asc, desc (ascend, descending…), up or down (dropup). */
const direction = (classes: string): string | undefined =>
  /(?:^|[\s_-]|drop)(up|asc|down|desc)(?:end|ending)?(?=$|[\s_-])/i.exec(classes)?.[1]?.toLowerCase();

/** Longest rest of a running animation that an action waits out (a fade or a slide, not a progress bar). */
const ANIMATION_WAIT_MS = 1000;

/**
 * A CSS transition or animation ends soon (a dialog fading in): what it shows is not there yet. The
 * document's list leaves out what runs in shadow trees (Material Web's dialog closing): `roots` are
 * asked too.
 */
function animating(roots: SearchRoot[]): boolean {
  const ends = (a: Animation) => {
    if (a.playState !== 'running') return false;
    const timing = a.effect?.getComputedTiming();
    const left = Number(timing?.endTime) - Number(timing?.localTime ?? 0);
    return left > 0 && left <= ANIMATION_WAIT_MS;
  };
  if ((dom.animations?.(document) ?? []).some(ends)) return true;
  // In shadow trees, not what is hidden from assistive tech (a pressed button's ripple). An indexed
  // loop: 5,000 roots' iterator results would be garbage the collector marks for.
  for (let i = 0; i < roots.length; i++) {
    const r = roots[i]!;
    if (dom.nodeType(r) !== 11) continue;
    const running = (r as ShadowRoot).getAnimations?.();
    if (running?.length)
      for (const a of running)
        if (ends(a) && !decorative((a.effect as KeyframeEffect | null)?.target)) return true;
  }
  return false;
}

/** Inside what is hidden from assistive tech: nothing a person waits for. */
function decorative(target: Element | null | undefined): boolean {
  for (let n = target ?? null, i = 0; n && i < 6; n = parentOf(n), i++)
    if (dom.attr(n, 'aria-hidden') === 'true') return true;
  return false;
}

export interface Tracker {
  /** Elements added or whose attributes changed since tracking began (for menu detection). */
  touched: Set<Element>;
  /** Settles (waiting at least `minMs`, for what answers after a delay) and reports what changed. */
  finish(target?: Element | null, minMs?: number): Promise<ChangeReport>;
}

/**
 * Watches the page (and its open shadow roots) for elements added, removed, or whose attributes changed
 * (`touched`: added or changed); `observer.disconnect()` stops it.
 */
export function observeChanges(onChange?: () => void) {
  const added = new Set<Element>();
  const removed = new Set<Element>();
  const touched = new Set<Element>();
  const text: TextChanges = { at: new Set(), gone: new Set() };
  const observer = new MutationObserver((records) => {
    let changed = false;
    // Records come in runs on one target (10,000 rows appended to one tbody): look it up once a run.
    let last: Node | null = null;
    let ambient = false;
    for (const r of records) {
      // A clock or a ticker (role timer or marquee) changes on its own, not because of the action: it
      // neither keeps the page from settling nor is reported.
      if (r.target !== last) {
        last = r.target;
        const el = dom.nodeType(last) === 1 ? (last as Element) : dom.parentEl(last);
        ambient = !!el && !!dom.closest(el, '[role=timer],[role=marquee]');
      }
      if (ambient) continue;
      changed = true;
      noteText(text, r);
      if (r.type === 'attributes' && dom.nodeType(r.target) === 1) touched.add(r.target as Element);
      for (const n of [...r.addedNodes])
        if (dom.nodeType(n) === 1) {
          added.add(n as Element);
          touched.add(n as Element);
        }
      for (const n of [...r.removedNodes]) if (dom.nodeType(n) === 1) removed.add(n as Element);
    }
    if (changed) onChange?.();
  });
  const options = {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
    characterDataOldValue: true,
  };
  const { roots } = collectRoots(document);
  for (const root of roots) observer.observe(root, options);
  return { added, removed, touched, text, observer, roots };
}

/**
 * The controls an action brought into view, each with the ID a next step can use without looking it
 * up. A few in full; many (a date picker's days, a dialog's form) as short as they can be said: after the
 * first of a role, the next ones of that role by ID and name alone, up to about 600 characters.
 */
function sampleOf(store: ElementStore, els: Element[]): string[] {
  if (els.length <= 8) {
    const lines = els.map((e) => elementLine(store, e));
    // The same control in each new row ("checkbox "Select row"") is told apart by its row.
    return new Set(lines.map((l) => l.replace(/^\[\d+\] /, ''))).size < lines.length
      ? els.map((e) => elementLine(store, e, { context: true }))
      : lines;
  }
  const out: string[] = [];
  let used = 0;
  let role = '';
  for (const e of els) {
    const r = roleOf(e);
    const name = nameOf(e, 40);
    const line = r === role && name ? `[${store.idFor(e)}] "${name}"` : elementLine(store, e);
    role = r;
    if (used + line.length > 600) {
      out.push(`… ${els.length - out.length} more`);
      break;
    }
    out.push(line);
    used += line.length + 2;
  }
  return out;
}

/** `[12] menu "Actions"`: an element a report names by its ID, role and name (if any). */
const refLine = (store: ElementStore, el: Element, role: string, name: string): string =>
  `[${store.idFor(el)}] ${role}${name ? ` "${name}"` : ''}`;

/** Starts watching the page; call finish() after the action to settle and get the change report. */
export function track(store: ElementStore, target?: Element, keys = false): Tracker {
  const url = location.href;
  // What the target controls (a tab's panel, a collapse toggle's part): pages often show it by a style
  // change, which adds no controls to report.
  // A <details> is what its <summary> opens, a tree item's group what it expands; otherwise what
  // aria-controls names.
  const opens = (): Element | null => {
    const summary = target && dom.closest(target, 'summary');
    const up = summary && dom.parentEl(summary);
    if (up && dom.tag(up) === 'DETAILS') return up;
    if (!target || dom.attr(target, 'role') !== 'treeitem') return null;
    // Its group inside it (as ARIA nests it), or right after it (as many trees draw it).
    const next = dom.nextEl(target);
    return (
      dom.qs(target, ':scope > [role=group]') ?? (next && dom.attr(next, 'role') === 'group' ? next : null)
    );
  };
  const controlled = (): Element | null => {
    const ref = target && dom.connected(target) && dom.attr(target, 'aria-controls');
    return opens() ?? (ref ? dom.byId(dom.root(target) as Document, ref.split(/\s+/)[0]!) : null);
  };
  const before = controlled();
  // A header clicked: its column's values, to tell a new order by them when nothing else says it.
  const clickedHeader = target ? dom.closest(target, 'th,[role=columnheader]') : null;
  const column = columnValues(clickedHeader);
  // Its name as it was: a sorted header often gains an arrow (▾) in its text.
  const headerName = clickedHeader ? headerLabel(clickedHeader) : '';
  // Some pages set aria-controls, or render the panel, only once it is open (Headless UI).
  const shownBefore =
    before && (dom.tag(before) === 'DETAILS' ? dom.hasAttr(before, 'open') : isVisible(before));
  const focus = deepActiveElement();
  const hiddenBefore = hiddenControls();
  const layers = layersNow();
  const dialogs = new Map(layers.dialogs.map((d) => [d, dialogName(d, 40)]));
  const alerts = new Set(layers.alerts.map((a) => textOf(a, 200)));
  // Named and counted now: a closed popup may be out of the page, away from what names it, and hides
  // all it showed.
  const popups = new Map(
    shownPopups(layers.menus).map((p) => {
      const controls = controlsIn(p).filter((e) => isInteractive(e) && quickVisibility(e).visible).length;
      // A list drawn without roles (Naive UI's select and dropdown) holds items, not controls; said as it
      // was when it opened, when it is known: a menu by its ID, a select's list as its options.
      const items = controls ? 0 : plainOptions(p).length;
      const known = items ? openedIn(p) : null;
      const holds = known
        ? roleOf(known[1]) === 'combobox'
          ? `the options of [${store.idFor(known[1])}] combobox "${nameOf(known[1], 40)}"`
          : `[${store.idFor(known[0])}] menu`
        : controls
          ? `a popup with ${plural(controls, 'control')}`
          : items
            ? `a popup with ${plural(items, 'item')}`
            : '';
      return [p, { name: dom.matches(p, MENUS) ? nameOf(p, 40) : '', holds }];
    }),
  );
  let last = performance.now();
  let unloading = false;
  let mutated = false;
  let events = 0;
  const onUnload = () => {
    unloading = true;
  };
  // A navigation to another document is known when it starts, from the Navigation API's navigate event
  // (Chromium, Safari, Firefox); only without that API, when the page hides. Neither a pagehide nor a
  // beforeunload listener otherwise: once a page has had one, Chromium cannot close it while it
  // navigates (an automated browser's page.close() never returns), and the host page never asked.
  const navigation = (window as { navigation?: EventTarget }).navigation;
  const onNavigate = (e: Event) => {
    if ((e as Event & { destination?: { sameDocument?: boolean } }).destination?.sameDocument === false)
      unloading = true;
  };
  // Fields whose value the action changed (a picker filling its field), by their input and change events.
  const valued = new Set<Element>();
  const onEvent = (e: Event) => {
    events++;
    const t = e.target as Node | null;
    if ((e.type === 'input' || e.type === 'change') && t && dom.nodeType(t) === 1 && valued.size < 20)
      valued.add(t as Element);
  };
  // The browser's own form check fires invalid on each field it refuses (the form is not sent).
  const refused = new Set<Element>();
  const onInvalid = (e: Event) => {
    events++;
    if (e.target && dom.nodeType(e.target as Node) === 1) refused.add(e.target as Element);
  };
  window.addEventListener('invalid', onInvalid, true);
  const EVENTS = ['input', 'change', 'submit', 'reset', 'toggle', 'scroll', 'hashchange', 'popstate'];
  if (navigation) navigation.addEventListener('navigate', onNavigate);
  else window.addEventListener('pagehide', onUnload);
  for (const type of EVENTS) window.addEventListener(type, onEvent, true);
  const { added, removed, touched, text, observer, roots } = observeChanges(() => {
    mutated = true;
    last = performance.now();
  });
  const requests = trackRequests(window as Window & typeof globalThis, () => {
    last = performance.now();
  });
  // What the page's own scripts throw meanwhile (their handlers for this very action among them).
  const pageErrors: string[] = [];
  const unwatch = watch((e) => {
    if (e.kind === 'page error') pageErrors.push(e.text);
  });

  return {
    touched,
    async finish(target, minMs = 0) {
      const start = performance.now();
      last = Math.max(last, start);
      try {
        // A transition's end is answered by the page after it (Vue hides a leaving popup on transitionend):
        // a short wait after the last one running.
        let animated = 0;
        for (;;) {
          await sleep(20);
          const now = performance.now();
          if (unloading || now - start >= CAP_MS) break;
          if (animating(roots)) animated = now;
          else if (
            now - last >= QUIET_MS &&
            now - animated >= 50 &&
            now - start >= minMs &&
            requests.pending() === 0
          )
            break;
        }
      } finally {
        requests.uninstall();
        unwatch();
        observer.disconnect();
        if (navigation) navigation.removeEventListener('navigate', onNavigate);
        else window.removeEventListener('pagehide', onUnload);
        for (const type of EVENTS) window.removeEventListener(type, onEvent, true);
        window.removeEventListener('invalid', onInvalid, true);
      }
      forgetRoots();
      const report: ChangeReport = {};
      if (unloading) report.unloading = true;
      if (location.href !== url) report.url = { from: url, to: location.href };
      // The report's page-wide scans each in a task of its own: on a page of 500,000 elements, the last
      // look for animations, the layers and the report together held the tab over 300 ms.
      await sleep(0);
      const now = layersNow();
      await sleep(0);
      const after = now.dialogs;
      const opened = after.filter((d) => !dialogs.has(d));
      const closedDialogs = [...dialogs].filter(([d]) => !after.includes(d)).map(([, name]) => `"${name}"`);
      // A dialog, named or shown by its text, whatever marks it (a role, or a class: div.t-dialog).
      if (opened.length)
        report.dialogOpened = opened.map((d) =>
          refLine(store, d, roleOf(d) === 'alertdialog' ? 'alertdialog' : 'dialog', dialogName(d, 60)),
        );
      if (closedDialogs.length) report.dialogClosed = closedDialogs;
      // Judged as before the action, so a menu shown all along is not new.
      const shownMenu = now.menus.find((m) => !popups.has(m) && popupShown(m));
      if (shownMenu && dom.attr(shownMenu, 'role') === 'listbox') {
        // A listbox's options are chosen by clicking one (or select on the field), not from a menu.
        const options = shownOptions(shownMenu);
        if (options.length) report.options = itemLines(store, options, 12);
      } else if (shownMenu) {
        // Items whose role is in their own shadow tree (md-menu-item) are the menu's children.
        const items =
          dom.qsa(shownMenu, '[role^=menuitem],[role=option]').length || dom.children(shownMenu).length;
        const name = nameOf(shownMenu, 40);
        report.menuOpened = `${refLine(store, shownMenu, dom.attr(shownMenu, 'role') ?? 'menu', name)} with ${plural(items, 'item')}`;
      }
      // A select or menu button drawn without ARIA roles opened its list (Element UI, Naive UI, Layui).
      const role = target && !report.options && !report.menuOpened ? roleOf(target) : '';
      const list = role === 'combobox' || role === 'button' ? plainListbox(touched, target!) : null;
      if (list && role === 'combobox') report.options = itemLines(store, plainOptions(list), 12);
      else if (list) {
        const n = plainOptions(list).length;
        report.menuOpened = `[${store.idFor(list)}] menu with ${plural(n, 'item')}`;
      }
      let popup = !report.menuOpened && target ? toggledPopup(target) : null;
      // One this action opened: the toggle or the popup changed.
      if (popup && !touched.has(target!) && !touched.has(popup)) popup = null;
      if (popup) {
        const items =
          dom.qsa(popup, 'a[href],button,[role^=menuitem],[role=option],[role=listitem]').length ||
          dom.qsa(popup, 'li').length;
        if (items) report.menuOpened = `[${store.idFor(popup)}] menu with ${plural(items, 'item')}`;
      }
      // A header that sorts its column says so in aria-sort (tables, Tabulator, AG Grid), or in a class
      // (Element UI's th.ascending), on itself or on the header cell the click landed in.
      const header = target && dom.closest(target, 'th,[role=columnheader]');
      // The header or its arrow changed (Arco's second click changes only which arrow is active).
      let changed = false;
      if (header) for (const t of touched) if ((changed = dom.contains(header, t))) break;
      const sort =
        (changed ? sortOrder(header!) : null) ??
        (column ? newOrder(column, columnValues(header ?? null)) : null);
      if (sort) {
        report.sorted = `${(header === clickedHeader && headerName) || headerLabel(header!)} (${sort})`;
        // And the order the rows are in now, as a person reads it off the column.
        const first = (columnValues(header ?? null) ?? []).filter(Boolean).slice(0, 3);
        if (first.length) report.sortedFirst = first.map((v) => truncate(v, 30));
      }
      const appeared: Element[] = [];
      for (const el of added) {
        if (!dom.connected(el)) continue;
        if (dom.matches(el, INTERACTIVE_SELECTOR)) appeared.push(el);
        appeared.push(...dom.qsa(el, INTERACTIVE_SELECTOR));
        // And what the components added show in their shadow trees.
        const hosts = [el, ...elementIndex(el).hosts];
        for (let i = 0; i < hosts.length && i < 50; i++) {
          const inner = ownShadow(hosts[i]!);
          if (inner) appeared.push(...dom.qsa(inner, INTERACTIVE_SELECTOR));
        }
      }
      // Controls a class, style or attribute change showed (an edit field shown on a double click), but
      // not in what the report says as a whole: the panel the target controls, a dialog that opened.
      const whole = [target, controlled(), ...opened];
      appeared.push(
        ...revealed(hiddenBefore, touched, added).filter(
          (el) => !whole.some((w) => w && containsDeep(w, el)),
        ),
      );
      // A popup or dialog shown by a style change adds no nodes: its controls are new all the same.
      for (const d of opened) appeared.push(...controlsIn(d));
      if (!report.menuOpened && !report.options && !report.dialogOpened)
        for (const p of shownPopups(now.menus)) if (!popups.has(p)) appeared.push(...controlsIn(p));
      const visibleNew = [...new Set(appeared)]
        // The options shown are said as options, once.
        .filter(
          (e) =>
            isInteractive(e) && !(report.options && /^(option|listbox)$/.test(roleOf(e))) && isVisible(e),
        )
        .sort(docOrder);
      if (visibleNew.length) {
        // All of them when they are few (a date picker's days, a small dialog's buttons): each with the
        // ID a next step can use without looking it up; said as a popup that opened when one holds them.
        const fresh =
          report.menuOpened || report.options || report.dialogOpened
            ? []
            : shownPopups(now.menus).filter((p) => !popups.has(p));
        const popup = fresh.some((p) => visibleNew.every((e) => dom.contains(p, e)));
        report.added = {
          count: visibleNew.length,
          sample: sampleOf(store, visibleNew),
          ...(popup ? { popup: true as const } : {}),
        };
      }
      let gone = 0;
      for (const el of removed) {
        if (dom.connected(el)) continue;
        gone += (dom.matches(el, INTERACTIVE_SELECTOR) && !onlyProposed(el) ? 1 : 0) + controlsIn(el).length;
      }
      // A dialog that closed is said as closed, not as its controls gone (SweetAlert2's holds ten, most
      // of them never shown).
      for (const [d] of dialogs) if (!dom.connected(d)) gone -= controlsIn(d).length;
      // The outermost of those shown before that are gone or hidden now, but not a dialog (said above)
      // nor a layer of nothing to use (a tooltip, a mask).
      const gonePopups = [...popups.keys()].filter(
        (p) => !popupShown(p) && !dom.matches(p, DIALOG_SELECTOR) && !dom.qs(p, DIALOG_SELECTOR),
      );
      const inside = (p: Element, of: Element[]) => of.some((o) => o !== p && dom.contains(o, p));
      const goneMenus = gonePopups.filter((p) => dom.matches(p, MENUS));
      const closed: string[] = [];
      for (const p of gonePopups) {
        if (inside(p, gonePopups)) continue;
        // Its controls, and a listbox itself, were counted as removed above.
        if (!dom.connected(p)) gone -= controlsIn(p).length + (dom.matches(p, INTERACTIVE_SELECTOR) ? 1 : 0);
        // A menu is said as one, even in a layer that closed with it.
        const menus = goneMenus.filter((m) => dom.contains(p, m) && !inside(m, goneMenus));
        for (const m of menus) {
          const name = popups.get(m)!.name;
          closed.push(refLine(store, m, roleOf(m) || 'menu', name));
        }
        const holds = popups.get(p)!.holds;
        if (!menus.length && holds) closed.push(holds);
      }
      if (closed.length) report.closed = closed;
      if (gone > 0) report.removed = { count: gone };
      // The items an action took away: a filter's, a deleted row, by what they said.
      // Not the items of a popup or dialog that closed: it is said as closed.
      const layer = `${DIALOG_SELECTOR},${MENUS}`;
      const inLayer = (el: Element) =>
        dom.matches(el, layer) ||
        !!dom.closest(el, layer) ||
        [...popups.keys(), ...dialogs.keys()].some(
          (p) => p === el || dom.contains(el, p) || dom.contains(p, el),
        );
      const itemsGone = goneItems(removed, added, keys ? touched : new Set(), inLayer);
      if (itemsGone) report.itemsGone = itemsGone;
      const panel = controlled();
      if (
        panel &&
        panel !== popup &&
        !(panel === before && shownBefore) &&
        (dom.tag(panel) !== 'DETAILS' || dom.hasAttr(panel, 'open')) &&
        // A select's listbox: its options are said as options.
        !report.added &&
        !report.options &&
        isVisible(panel)
      ) {
        // Not the summary that was clicked: what it showed.
        const controls = controlsIn(panel).filter((e) => isVisible(e) && !dom.closest(e, 'summary'));
        const n = controls.length;
        report.shown = `${elementLine(store, panel, { text: false })} ${
          n
            ? `with ${plural(n, 'control')} (${sampleOf(store, controls).join('; ')})`
            : `reading "${truncate(textOf(panel, 200), 80)}"`
        }`;
      }
      // Only which slide or panel shows changed (a carousel's arrow, which controls nothing by its
      // aria-controls): the one in view now, said by its text.
      if (!report.shown && !report.added && !report.dialogOpened && !report.menuOpened) {
        const slide = shownSlide(touched, added);
        if (slide)
          report.shown = `${elementLine(store, slide, { text: false })} reading "${truncate(textOf(slide, 200), 80)}"`;
      }
      const nowFocus = deepActiveElement();
      // A control a click focuses is the one acted on: nothing to tell, and no sign the action did anything.
      const moved = nowFocus !== focus && !(target && nowFocus && dom.contains(target, nowFocus));
      if (moved && nowFocus && nowFocus !== dom.body(document))
        report.focus = elementLine(store, toggleOwner(nowFocus) ?? nowFocus);
      if (target && dom.connected(target)) {
        const value = fieldValue(target);
        if (value !== undefined) report.value = value;
      }
      // Another field the action set (a date picker's day filling its field): said with its value.
      const set = [...valued].filter(
        (f) =>
          dom.connected(f) &&
          f !== target &&
          !(target && dom.contains(f, target)) &&
          fieldValue(f) !== undefined &&
          // Not a widget's hidden native field (Fomantic's select): its widget says the value.
          isVisible(f),
      );
      if (set.length) report.fieldsSet = set.slice(0, 3).map((f) => elementLine(store, f));
      const newAlerts = now.alerts
        // A dialog that is also a live region (SweetAlert2's) is said as a dialog.
        .filter((a) => !dom.matches(a, DIALOG_SELECTOR))
        .map((a) => textOf(a, 200))
        .filter((t) => t && !alerts.has(t));
      if (newAlerts.length) report.alerts = [...new Set(newAlerts)].slice(0, 3);
      // Text that appeared where nothing above says it: not in the field acted on, the widget around it
      // (a select's drawn value) or an editor (their value is said), a dialog, menu or message (said as
      // such), nor in controls that are new (said as such).
      const said = (el: Element) => {
        const control = dom.closest(el, INTERACTIVE_SELECTOR);
        return (
          (!!target && (dom.contains(target, el) || (!!control && dom.contains(control, target)))) ||
          // A sorted header's own words (its next action, "Sort descending") are not the list's order.
          (!!report.sorted && !!header && dom.contains(header, el)) ||
          (el as HTMLElement).isContentEditable ||
          !!dom.closest(el, `${DIALOG_SELECTOR},${MENUS},${ALERT_SELECTOR}`) ||
          isNew(control) ||
          !!dom.qs(el, INTERACTIVE_SELECTOR)
        );
      };
      const isNew = (el: Element | null) => {
        for (let n = el, i = 0; n && i < 50; n = parentOf(n), i++) if (added.has(n)) return true;
        return false;
      };
      const fresh = newText(text, said);
      if (fresh.length) report.text = fresh;
      // Fields refused by the browser's check, or marked aria-invalid by the page during the action.
      // Still invalid now: a page that checks each keystroke makes a field invalid on the way.
      const invalid = new Set([...refused].filter((f) => (f as HTMLInputElement).validity?.valid === false));
      for (const t of touched) for (const f of markedFields(t)) invalid.add(f);
      // A submit that sent nothing while its form shows errors: the form was not sent, and every field in
      // error is said, also those that showed it before (a second try).
      const form = target && dom.matches(target, SUBMIT) ? formOf(target) : null;
      const notSent =
        form && !requests.started() && !unloading && url === location.href
          ? [...fieldsInError(form), ...invalid]
          : [];
      if (notSent.length) {
        report.notSent = true;
        for (const f of notSent) invalid.add(f);
      }
      if (invalid.size)
        report.invalid = [...invalid]
          .sort(docOrder)
          .slice(0, 8)
          .map((f) => invalidLine(store, f));
      if (requests.failed.length) report.failedRequests = requests.failed.slice(0, 5);
      if (pageErrors.length) report.pageErrors = pageErrors.slice(0, 3);
      if (
        !mutated &&
        !events &&
        !requests.started() &&
        !unloading &&
        !moved &&
        url === location.href &&
        !report.notSent
      )
        report.nothingChanged = true;
      return report;
    },
  };
}

/** Past this many controls in the page's trees, an action does not note which are hidden before it. */
const REVEAL_MAX = 3000;
const CONTROL_TAGS = ['a', 'button', 'input', 'select', 'textarea', 'summary'] as const;

/**
 * The controls hidden before an action (display, visibility, hidden), so that one a class or style change
 * shows is reported as new; none on a page of more controls than REVEAL_MAX.
 */
function hiddenControls(): Set<Element> {
  const hidden = new Set<Element>();
  const check = dom.checkVisibility;
  if (!check) return hidden;
  const lists: (readonly Element[])[] = [];
  let total = 0;
  for (const root of collectRoots(document).roots) {
    const index = elementIndex(root);
    for (const tag of CONTROL_TAGS) lists.push(index.tag(tag));
    lists.push(index.kinded);
  }
  for (const l of lists) total += l.length;
  if (total > REVEAL_MAX) return hidden;
  // Judged as the report judges what shows after (a transparent input its widget draws is shown).
  for (const l of lists)
    for (let i = 0; i < l.length; i++) if (!quickVisibility(l[i]!).visible) hidden.add(l[i]!);
  return hidden;
}

/** Of the controls hidden before, those shown now inside an element the action changed (not added). */
function revealed(hidden: Set<Element>, touched: Set<Element>, added: Set<Element>): Element[] {
  const out: Element[] = [];
  if (!touched.size) return out;
  for (const el of hidden) {
    if (!dom.connected(el) || !isInteractive(el)) continue;
    let changed = false;
    for (let n: Element | null = el, i = 0; n && i < 40 && !changed; n = parentOf(n), i++)
      changed = touched.has(n) && !added.has(n);
    if (changed && isVisible(el)) out.push(el);
  }
  return out;
}

/** The form a submit control sends: its form owner, or the form role around it. */
const formOf = (el: Element): Element | null =>
  (el as HTMLButtonElement).form ?? dom.closest(el, 'form,[role=form]');

/** What a list or table is made of. */
const ITEMS = 'li:not([role]),tr:not([role]),[role=row],[role=listitem]';

/**
 * The list items or rows an action took away: removed from the page, or hidden by a style or class
 * change, beyond as many that came (a re-render that redraws the same rows takes none away), with the
 * first few by their text.
 */
function goneItems(
  removed: Set<Element>,
  added: Set<Element>,
  touched: Set<Element>,
  inLayer: (el: Element) => boolean,
): ChangeReport['itemsGone'] | null {
  const gone: Element[] = [];
  const items = (el: Element) => (dom.matches(el, ITEMS) ? [el] : [...dom.qsa(el, ITEMS)]);
  for (const el of removed) if (!dom.connected(el) && !inLayer(el)) gone.push(...items(el));
  for (const el of touched)
    if (!added.has(el) && dom.connected(el) && dom.matches(el, ITEMS) && !isVisible(el) && !inLayer(el))
      gone.push(el);
  // Said by what they read, not by their controls' words (a row's "Delete").
  const said = (el: Element) => textOf(el, 60, (e) => dom.matches(e, INTERACTIVE_SELECTOR));
  let came = 0;
  const texts = new Set<string>();
  for (const el of added)
    if (dom.connected(el))
      for (const item of items(el)) {
        if (removed.has(item)) continue; // put back where it was (a list redrawn from the same items)
        came++;
        if (texts.size < 1000) texts.add(said(item));
      }
  const count = gone.length - came;
  // Items drawn again with the same words (a list redrawn) did not go; others did, whatever came.
  const left = gone.filter((el) => !texts.has(said(el)));
  if (count <= 0) return null;
  const rows = gone.filter((el) => dom.matches(el, 'tr,[role=row]')).length * 2 > gone.length;
  const sample = [...new Set(left.map(said).filter(Boolean))].slice(0, 3);
  return { count: Math.max(count, left.length), what: rows ? 'row' : 'list item', sample };
}

/**
 * `[3] textbox "Email" ("Please fill out this field.")`: an invalid field and what the browser or the page
 * says about it.
 */
function invalidLine(store: ElementStore, field: Element): string {
  const said = errorText(field);
  return `${elementLine(store, field)}${said ? ` ("${truncate(said, 100)}")` : ''}`;
}

/** Items a person picks from (options, suggestions) as `[id] "text"`, at most `max` and how many more. */
export function itemLines(store: ElementStore, items: Element[], max: number): string[] {
  const lines = items.slice(0, max).map((i) => `[${store.idFor(i)}] "${truncate(textOf(i, 60), 60)}"`);
  return items.length > max ? lines.concat(`… ${items.length - max} more`) : lines;
}

/** What a report says of a page that started to unload (the extension, whose run goes on, says otherwise). */
export const UNLOADING =
  'the page is unloading (a full navigation ends this session unless LLMHelper is installed on the next page)';

/** One sentence about the changes, appended to an action's message. */
export function describeChanges(c: ChangeReport): string {
  const parts: string[] = [];
  if (c.unloading) parts.push(UNLOADING);
  if (c.url) parts.push(`URL is now ${c.url.to}`);
  if (c.dialogOpened) parts.push(`dialog opened: ${c.dialogOpened.join('; ')}`);
  if (c.dialogClosed) parts.push(`dialog closed: ${c.dialogClosed.join(', ')}`);
  if (c.menuOpened) parts.push(`opened ${c.menuOpened} (getMenuItems lists them)`);
  if (c.sorted)
    parts.push(
      `sorted by ${c.sorted}${c.sortedFirst ? `, first rows: ${c.sortedFirst.map((v) => `"${v}"`).join(', ')}` : ''}`,
    );
  if (c.shown) parts.push(`showed ${c.shown}`);
  if (c.added)
    parts.push(
      `${c.added.popup ? `opened a popup with ${plural(c.added.count, 'control')}` : plural(c.added.count, 'new control')} (${c.added.sample.join('; ')})`,
    );
  if (c.removed) parts.push(`${plural(c.removed.count, 'control')} removed`);
  if (c.itemsGone)
    parts.push(
      `${plural(c.itemsGone.count, c.itemsGone.what)} went away${c.itemsGone.sample.length ? ` (${c.itemsGone.sample.map((t) => `"${truncate(t, 40)}"`).join(', ')}${c.itemsGone.count > c.itemsGone.sample.length ? ', …' : ''})` : ''}`,
    );
  if (c.closed) parts.push(`closed ${c.closed.join(', ')}`);
  if (c.suggestions) parts.push(`suggestions: ${c.suggestions.join('; ')} (click one to choose it)`);
  if (c.options) parts.push(`options shown: ${c.options.join('; ')} (click one to choose it)`);
  if (c.alerts) parts.push(`message: ${c.alerts.map((a) => `"${truncate(a, 100)}"`).join(', ')}`);
  if (c.text) parts.push(`new text: ${c.text.map((t) => `"${t}"`).join(', ')}`);
  if (c.notSent) parts.push(`the form was not sent: ${plural(c.invalid!.length, 'field')} in error`);
  if (c.invalid) parts.push(`invalid: ${c.invalid.join('; ')}`);
  if (c.fieldsSet) parts.push(`set ${c.fieldsSet.join('; ')}`);
  if (c.focus) parts.push(`focus: ${c.focus}`);
  // What went wrong comes first: a model that reads only the start must still see it.
  const wrong = [
    ...(c.failedRequests ?? []).map((r) => `request failed: ${r}`),
    ...(c.pageErrors ?? []).map((e) => `page error: ${e}`),
  ];
  if (c.nothingChanged)
    return ` ${wrong.length ? `${wrong.join('; ')}. ` : ''}Nothing on the page changed (no DOM change, navigation, focus change, request or dialog), so it probably had no effect.`;
  return parts.length || wrong.length ? ` Then: ${[...wrong, ...parts].join('; ')}.` : '';
}

/**
 * After an action: wait until the page settles (no DOM mutations for ~100 ms and no fetch/XHR that the
 * action started still pending, capped at ~2 s), then report what changed, in a form a model can use.
 */
import type { ElementStore } from '../ids/store';
import { using } from '../../config';
import { collectRootsSteps, forgetRoots } from '../dom/roots';
import type { SearchRoot } from '../dom/walk';
import { sleep } from '../dom/events';
import * as dom from '../dom/members';
import { parentOf, containsDeep, docOrder, ownShadow } from '../dom/walk';
import {
  formOf,
  invalidLine,
  itemLines,
  observeChanges,
  refLine,
  sampleOf,
  type ChangeReport,
  disabledByAttribute,
} from './change-report';
import { deepActiveElement } from '../read/describe';
import { elementLine } from '../read/lines';
import { dialogName, nameOf } from '../perceive/name';
import { controlsIn, isInteractive, onlyProposed, roleOf } from '../perceive/role';
import { textOf } from '../perceive/text-of';
import { fieldValue } from '../perceive/redact';
import { fieldsInError, markedFields } from '../perceive/invalid';
import { plural, truncate } from '../dom/text';
import { ALERT_SELECTOR, DIALOG_SELECTOR, INTERACTIVE_SELECTOR, SUBMIT } from '../dom/types';
import { isVisible, quickVisibility, toggleOwner } from '../perceive/visible';
import { elementIndex } from '../dom/index-range';
import { openedIn, plainListbox, plainOptions, shownOptions } from '../perceive/options';
import { newText } from './new-text';
import { watch } from './page-log';
import { MENUS, layersNowSteps, popupShown, shownPopups, shownSlide, toggledPopup } from './layers';
import { columnValues, headerLabel, newOrder, sortOrder } from './sort-order';
import {
  boxesShown,
  goneItems,
  goneShown,
  hiddenControlsSteps,
  revealed,
  shownItemsSteps,
} from './shown-gone';
import { runInSlices } from '../dom/slices';
import { trackRequests } from './requests';
import { anyElsewhere, watchElsewhere } from './elsewhere';

const QUIET_MS = 100;
const CAP_MS = 2000;

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

/** Each field's value as the last action that set or typed into it ended: a later commit of it is not news. */
const lastValues = new WeakMap<Element, string>();

export interface Tracker {
  /** Elements added or whose attributes changed since tracking began (for menu detection). */
  touched: Set<Element>;
  /** Settles (waiting at least `minMs`, for what answers after a delay) and reports what changed. */
  finish(target?: Element | null, minMs?: number): Promise<ChangeReport>;
  /** Stops watching without a report (the action was refused after tracking began). */
  cancel(): void;
}

/**
 * Starts watching the page; call finish() after the action to settle and get the change report. Its
 * look at the page before the action (hidden controls, layers) goes in slices (dom/slices.ts).
 */
export async function track(store: ElementStore, target?: Element, keys = false): Promise<Tracker> {
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
  const inSettings = <R>(slice: () => R): R => using(store.config, slice);
  const { hiddenBefore, layers, pageRoots, itemsBefore } = await runInSlices(function* (pace) {
    const hiddenBefore = yield* hiddenControlsSteps(pace);
    const layers = yield* layersNowSteps(pace);
    const itemsBefore = yield* shownItemsSteps(pace);
    return { hiddenBefore, layers, itemsBefore, pageRoots: (yield* collectRootsSteps(document, pace)).roots };
  }, inSettings);
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
  // A navigation that saves a file or hands the link to another app leaves this page where it is.
  const onNavigate = (e: Event) => {
    const n = e as Event & {
      destination?: { sameDocument?: boolean; url?: string };
      downloadRequest?: string | null;
    };
    if (n.destination?.sameDocument !== false) return;
    if (!away.navigated(n.destination.url ?? '', n.downloadRequest ?? null)) unloading = true;
  };
  const away = watchElsewhere(window as Window & typeof globalThis);
  // Fields whose value the action changed (a picker filling its field), by their input and change events.
  const valued = new Set<Element>();
  // A list scrolled (a grid drawing the rows near its view) moved rows out of view, not away.
  let scrolled = false;
  const onEvent = (e: Event) => {
    events++;
    if (e.type === 'scroll') scrolled = true;
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
  const { added, removed, touched, text, observer, roots, toggled } = observeChanges(pageRoots, () => {
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

  const stop = () => {
    requests.uninstall();
    away.stop();
    unwatch();
    observer.disconnect();
    if (navigation) navigation.removeEventListener('navigate', onNavigate);
    else window.removeEventListener('pagehide', onUnload);
    for (const type of EVENTS) window.removeEventListener(type, onEvent, true);
    window.removeEventListener('invalid', onInvalid, true);
  };

  return {
    touched,
    cancel: stop,
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
        stop();
      }
      forgetRoots();
      const report: ChangeReport = {};
      if (unloading) report.unloading = true;
      const sent = away.read();
      if (anyElsewhere(sent)) report.elsewhere = sent;
      if (location.href !== url) report.url = { from: url, to: location.href };
      // The report's page-wide scans each in a task of its own: on a page of 500,000 elements, the last
      // look for animations, the layers and the report together held the tab over 300 ms.
      await sleep(0);
      const now = await runInSlices(layersNowSteps, inSettings);
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
      const shownNow = revealed(hiddenBefore, touched, added);
      // And what only its pointer says is clickable (a tree's folders drawn as spans), shown with them
      // or added.
      const boxes = new Set(boxesShown(shownNow, touched, added));
      appeared.push(
        ...[...shownNow, ...boxes].filter(
          (el) => el !== target && !whole.some((w) => w && containsDeep(w, el)),
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
            (isInteractive(e) || boxes.has(e)) &&
            !(report.options && /^(option|listbox)$/.test(roleOf(e))) &&
            isVisible(e),
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
      // What a person saw leave, where the items shown before are known; else by the mutations.
      const itemsNow = itemsBefore && (await runInSlices(shownItemsSteps, inSettings));
      const itemsGone =
        itemsBefore && itemsNow
          ? goneShown(itemsBefore, itemsNow, inLayer, target, scrolled || !!report.sorted)
          : goneItems(removed, added, keys ? touched : new Set(), inLayer);
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
      // Another field the action set (a date picker's day filling its field): said with its value. Not a
      // field whose earlier edit the page committed now (a change event as focus left it), at the value
      // an earlier action already ended with: that is not news of this one.
      const set = [...valued].filter(
        (f) =>
          dom.connected(f) &&
          f !== target &&
          lastValues.get(f) !== fieldValue(f) &&
          !(target && dom.contains(f, target)) &&
          fieldValue(f) !== undefined &&
          // Not a widget's hidden native field (Fomantic's select): its widget says the value.
          isVisible(f),
      );
      if (set.length) report.fieldsSet = set.slice(0, 3).map((f) => elementLine(store, f));
      for (const f of [...set, ...(target ? [target] : [])]) {
        const v = fieldValue(f);
        if (v !== undefined) lastValues.set(f, v);
      }
      // Other controls the action enabled or disabled (ticking one revision disables two, enables Compare).
      const flipped: Record<'enabled' | 'disabled', Element[]> = { enabled: [], disabled: [] };
      for (const [el, was] of toggled) {
        if (!dom.connected(el) || el === target || (target && dom.contains(el, target))) continue;
        if (!isInteractive(el) || !isVisible(el) || disabledByAttribute(el) === was) continue;
        flipped[was ? 'enabled' : 'disabled'].push(el);
      }
      for (const k of ['enabled', 'disabled'] as const)
        if (flipped[k].length)
          report[k] = {
            count: flipped[k].length,
            sample: flipped[k].slice(0, 4).map((el) => elementLine(store, el, { text: false })),
          };
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
      const quiet =
        !mutated &&
        !events &&
        !requests.started() &&
        !unloading &&
        !report.elsewhere &&
        url === location.href &&
        !report.notSent;
      if (quiet && !moved) report.nothingChanged = true;
      // A label's click that only focused its field changed nothing else: said so, not as news.
      else if (quiet && report.focus) report.focusOnly = true;
      return report;
    },
  };
}

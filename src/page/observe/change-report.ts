/**
 * What an action changed, as a model can use it: how the page was before (its layers, focus, hidden
 * controls, what the target controls, a clicked header's column), what the page did meanwhile (elements
 * added, removed or changed, fields set or refused, events, its scripts' errors), and the report made of
 * both once the page settled (settle.ts waits for that).
 */
import { elementLine } from '../read/lines';
import { roleOf } from '../perceive/role';
import { nameOf } from '../perceive/name';
import { textOf } from '../perceive/text-of';
import { errorText } from '../perceive/invalid';
import type { ElementStore } from '../ids/store';
import { truncate } from '../dom/text';
import type { SearchRoot } from '../dom/walk';
import * as dom from '../dom/members';
import { noteText, type TextChanges } from './new-text';
import type { Elsewhere } from './elsewhere';

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
  /** Other controls the action enabled or disabled: how many, and the first few with IDs. */
  enabled?: { count: number; sample: string[] };
  disabled?: { count: number; sample: string[] };
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
  /** What the action sent elsewhere: new tabs or windows, downloads, links handed to another app. */
  elsewhere?: Elsewhere;
  /** The page started unloading: a full navigation ends this page's session. */
  unloading?: boolean;
  /**
   * Nothing at all happened: no DOM change, navigation, focus change, request, dialog, or input,
   * change, submit, toggle or scroll event. The action most likely had no effect.
   */
  nothingChanged?: boolean;
  /** Only the focus moved (to `focus`): no DOM change, navigation, request, dialog or other event. */
  focusOnly?: boolean;
}

export interface ActionResult {
  ok: boolean;
  message: string;
  changes: ChangeReport;
}

/**
 * Watches the page (and its open shadow roots) for elements added, removed, or whose attributes changed
 * (`touched`: added or changed); `observer.disconnect()` stops it.
 */
export function observeChanges(roots: SearchRoot[], onChange?: () => void) {
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
  for (let i = 0; i < roots.length; i++) observer.observe(roots[i]!, options);
  // Controls the page enabled or disabled meanwhile, with whether each was disabled before (the first
  // old value seen is the state before the action).
  const toggled = new Map<Element, boolean>();
  const toggles = new MutationObserver((records) => {
    for (const r of records) {
      if (dom.nodeType(r.target) !== 1 || toggled.has(r.target as Element)) continue;
      const el = r.target as Element;
      // Disabled before: the changed attribute's old value, or the other one as it stands.
      const before =
        r.attributeName === 'disabled'
          ? r.oldValue !== null || dom.attr(el, 'aria-disabled') === 'true'
          : r.oldValue === 'true' || dom.attr(el, 'disabled') !== null;
      toggled.set(el, before);
    }
  });
  for (let i = 0; i < roots.length; i++)
    toggles.observe(roots[i]!, {
      subtree: true,
      attributeFilter: ['disabled', 'aria-disabled'],
      attributeOldValue: true,
    });
  const both = {
    disconnect: () => {
      observer.disconnect();
      toggles.disconnect();
    },
  };
  return { added, removed, touched, text, observer: both, roots, toggled };
}

/**
 * The controls an action brought into view, each with the ID a next step can use without looking it
 * up. A few in full; many (a date picker's days, a dialog's form) as short as they can be said: after the
 * first of a role, the next ones of that role by ID and name alone, up to about 600 characters.
 */
export function sampleOf(store: ElementStore, els: Element[]): string[] {
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
export const refLine = (store: ElementStore, el: Element, role: string, name: string): string =>
  `[${store.idFor(el)}] ${role}${name ? ` "${name}"` : ''}`;

/** The form a submit control sends: its form owner, or the form role around it. */
export const formOf = (el: Element): Element | null =>
  (el as HTMLButtonElement).form ?? dom.closest(el, 'form,[role=form]');

/**
 * `[3] textbox "Email" ("Please fill out this field.")`: an invalid field and what the browser or the page
 * says about it.
 */
export function invalidLine(store: ElementStore, field: Element): string {
  const said = errorText(field);
  return `${elementLine(store, field)}${said ? ` ("${truncate(said, 100)}")` : ''}`;
}

/** Items a person picks from (options, suggestions) as `[id] "text"`, at most `max` and how many more. */
export function itemLines(store: ElementStore, items: Element[], max: number): string[] {
  const lines = items.slice(0, max).map((i) => `[${store.idFor(i)}] "${truncate(textOf(i, 60), 60)}"`);
  return items.length > max ? lines.concat(`… ${items.length - max} more`) : lines;
}

/** Whether a control is disabled by its attributes (disabled, aria-disabled): what the page toggles. */
export const disabledByAttribute = (el: Element): boolean =>
  dom.attr(el, 'disabled') !== null || dom.attr(el, 'aria-disabled') === 'true';

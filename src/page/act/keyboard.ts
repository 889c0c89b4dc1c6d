/**
 * type and press. Text goes into inputs through the prototype's value setter with beforeinput/input
 * (so React, Vue and Angular see it), and change when a person's edit commits (commit.ts);
 * contenteditable through execCommand('insertText'). The value is read back afterwards, and a mismatch
 * (mask, maxlength, formatter) is reported, not hidden.
 */
import { LLMHelperError } from '../../errors';
import { deepActiveElement } from '../read/describe';
import { elementLine } from '../read/lines';
import { inputType, roleOf, tagOf } from '../perceive/role';
import { textOf } from '../perceive/text-of';
import { describeChanges } from '../observe/change-text';
import { track } from '../observe/settle';
import { type ActionResult } from '../observe/change-report';
import { resolveTarget, type Target } from '../ids/target';
import { isVisible } from '../perceive/visible';
import { liveEquivalent, type ActionContext } from './context';
import {
  inputEvent,
  activate,
  keyEvent,
  keyInfo,
  plainEvent,
  setNativeValue,
  setValueWithEvents,
  sleep,
  type Modifier,
} from '../dom/events';
import { isDisabled } from '../perceive/disabled';
import { normalize, truncate } from '../dom/text';
import * as dom from '../dom/members';
import { operated } from '../perceive/stand-in';
import {
  TYPEAHEAD_MS,
  content,
  editableOf,
  editorFedBy,
  isTextField,
  isTypeahead,
  kept,
  selectAllKeys,
  shownText,
  suggestions,
  type TypeOptions,
} from './text-fields';
import { DATE_FORMATS, setSlider, setValue } from './value-fields';
import { cellOf, typeIntoCell } from './cells';
export type { TypeOptions } from './text-fields';
import { commit, edited } from './commit';

/** Longest text typed key by key unless asked: past it, one insertion keeps the tab responsive. */
export const PER_KEY_MAX = 200;
/** Input types typed key by key. */
const TEXT_INPUTS = new Set(['text', 'search', 'tel', 'url', 'email', 'password']);
/** Fields whose change waits for Enter or focus leaving (a date input's comes with each whole value). */
const COMMITTED = new Set([...TEXT_INPUTS, 'number']);
/** How long after its last key a person presses Enter: a task apart, so the page has seen the text. */
const ENTER_GAP_MS = 50;

function insertAtCaret(el: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  let start = el.value.length;
  let end = start;
  try {
    start = el.selectionStart ?? start;
    end = el.selectionEnd ?? end;
  } catch {
    /* number/email inputs have no selection */
  }
  setNativeValue(el, el.value.slice(0, start) + text + el.value.slice(end));
  try {
    el.setSelectionRange(start + text.length, start + text.length);
  } catch {
    /* no selection on this input type */
  }
}

function room(el: HTMLInputElement | HTMLTextAreaElement, text: string): string {
  const max = el.maxLength;
  return max >= 0 ? text.slice(0, Math.max(0, max - el.value.length)) : text;
}

function typeIntoField(el: HTMLInputElement | HTMLTextAreaElement, text: string, opts: TypeOptions): void {
  const before = el.value;
  if (opts.clear !== false && el.value !== '') {
    try {
      el.select();
    } catch {
      /* not selectable */
    }
    if (inputEvent(el, 'beforeinput', 'deleteContentBackward', null)) {
      setNativeValue(el, '');
      inputEvent(el, 'input', 'deleteContentBackward', null);
    }
  }
  // Key by key where a part of the text is a value too (not a date, a number, a colour).
  const keyed = tagOf(el) === 'TEXTAREA' || TEXT_INPUTS.has(inputType(el));
  if (opts.perKey ?? (keyed && [...text].length <= PER_KEY_MAX)) {
    for (const ch of text) {
      const info = keyInfo(ch === '\n' ? 'Enter' : ch);
      if (keyEvent(el, 'keydown', info) && keyEvent(el, 'keypress', info)) {
        const insert = room(el, ch === '\n' && tagOf(el) === 'TEXTAREA' ? '\n' : ch === '\n' ? '' : ch);
        if (insert && inputEvent(el, 'beforeinput', 'insertText', insert)) {
          insertAtCaret(el, insert);
          inputEvent(el, 'input', 'insertText', insert);
        }
      }
      keyEvent(el, 'keyup', info);
    }
  } else {
    const insert = room(el, text);
    if (insert && inputEvent(el, 'beforeinput', 'insertText', insert)) {
      insertAtCaret(el, insert);
      inputEvent(el, 'input', 'insertText', insert);
    }
    // What listens for keys after the value changed (a filter on keyup) sees the last one.
    if (opts.perKey === undefined && keyed && text) keyEvent(el, 'keyup', keyInfo([...text].pop()!));
  }
  if (tagOf(el) === 'TEXTAREA' || COMMITTED.has(inputType(el))) edited(el, before);
  else plainEvent(el, 'change');
}

function typeIntoEditable(el: HTMLElement, text: string, opts: TypeOptions): void {
  const doc = dom.doc(el);
  const sel = doc.getSelection();
  if (sel) {
    const range = doc.createRange();
    range.selectNodeContents(el);
    if (opts.clear === false) range.collapse(false);
    sel.removeAllRanges();
    sel.addRange(range);
  }
  // execCommand fires beforeinput/input itself, as typing does; fall back when the page or browser refuses.
  if (!doc.execCommand('insertText', false, text)) {
    if (inputEvent(el, 'beforeinput', 'insertText', text)) {
      // eslint-disable-next-line no-restricted-syntax -- a write: a contenteditable element is never a form
      if (opts.clear !== false) el.textContent = text;
      else el.append(text);
      inputEvent(el, 'input', 'insertText', text);
    }
  }
}

/** Implicit submission, as Enter in a field does: the form's default button, else requestSubmit(). */
function submitFrom(el: Element): boolean {
  const form = (el as HTMLInputElement).form ?? dom.closest<HTMLFormElement>(el, 'form');
  if (!form) return false;
  const button = dom.qs<HTMLElement>(
    form,
    'button:not([type=button]):not([type=reset]),input[type=submit],input[type=image]',
  ) as HTMLElement | null;
  if (button && !(button as HTMLButtonElement).disabled) activate(button);
  else form.requestSubmit();
  return true;
}

/**
 * A typeahead that completes what was typed in the field itself (Ext JS's typeAhead, the browser's
 * own): the text goes on past what was typed, and that added part is selected.
 */
function completedInline(field: HTMLInputElement, typed: string, now: string): boolean {
  if (now.length <= typed.length || now.slice(0, typed.length).toLowerCase() !== typed.toLowerCase())
    return false;
  try {
    return field.selectionStart === typed.length && field.selectionEnd === now.length;
  } catch {
    return false; // a field type without a text selection
  }
}

/** How long typing waits after focusing a field that was not focused, as a person's first key does. */
const FOCUS_SETTLE_MS = 30;

export async function type(
  ctx: ActionContext,
  id: Target,
  text: string,
  opts: TypeOptions = {},
): Promise<ActionResult> {
  if (typeof text !== 'string')
    throw new LLMHelperError('bad_argument', `type needs text as a string; got ${typeof text}.`);
  const { element, relocated } = resolveTarget(ctx.store, id, 'type target');
  const note = relocated ? `${relocated} ` : '';
  const target_ = operated(element);
  if (tagOf(target_) === 'INPUT' && /^(range|color)$/.test(inputType(target_)))
    return setValue(ctx, target_ as HTMLInputElement, text, note);
  // A slider the page draws: set with the keys a person would press on it.
  if (roleOf(target_) === 'slider') return setSlider(ctx, target_ as HTMLElement, text, note);
  const field = editableOf(target_);
  const line = elementLine(ctx.store, field ?? element);
  // A cell of a grid or spreadsheet is edited in place, through the editor it opens.
  const cell = field ? null : cellOf(element);
  if (cell) return typeIntoCell(ctx, cell, text, opts, note, { type, press });
  if (!field)
    return {
      ok: false,
      message: `${note}${line} is not a text field (role ${roleOf(element) || tagOf(element).toLowerCase()}); use click, select or check instead, or find the field with find({ type: 'input' }).`,
      changes: {},
    };
  if (isDisabled(field) || (field as HTMLInputElement).readOnly)
    return {
      ok: false,
      message: isDisabled(field)
        ? `${note}${line} is disabled; it cannot be typed into.`
        : `${note}${line} is read-only; it cannot be typed into. Pickers (dates, colours, lists) keep their field read-only: click it and choose from what opens.`,
      changes: {},
    };
  const editor = editorFedBy(field);
  const text_ = isTextField(field) && !editor;
  const before = text_ ? (field as HTMLInputElement).value : '';
  const shownBefore = editor ? shownText(editor) : '';
  const base = opts.clear === false ? before : '';
  const max = text_ ? (field as HTMLInputElement).maxLength : -1;
  // What a person typing would end up with: maxlength stops the keys past it.
  const want = base + (max >= 0 ? text.slice(0, Math.max(0, max - base.length)) : text);
  const fieldId = ctx.store.idFor(field);
  const tracker = await track(ctx.store, undefined, true);
  // Where the field sits: a grid's cell editor closes on Enter and the cell shows the value.
  const holder = dom.parentEl(field);
  const focused = deepActiveElement() === field;
  (field as HTMLElement).focus({ preventScroll: !isVisible(field) });
  // A person's first key comes well after the focus: pages that react to focus later (Vuetify's
  // autocomplete clears its search on the tick after focus) would otherwise undo the text.
  if (!focused) await sleep(FOCUS_SETTLE_MS);
  if (editor) {
    // The editor's own select-all, then the text through its input, as a person's keys go.
    if (opts.clear !== false) selectAllKeys(field);
    typeIntoField(field as HTMLInputElement, text, opts);
  } else if (text_) typeIntoField(field as HTMLInputElement, text, opts);
  else typeIntoEditable(field as HTMLElement, text, opts);
  // What the field showed when the keys were done, before Enter: what the page made of the typing.
  let keyed: string | null = null;
  let submitted = false;
  if (opts.submit) {
    // A person's Enter comes in a task after the last key: a two-way binding has synced the text by then.
    await sleep(ENTER_GAP_MS);
    const at = liveEquivalent(ctx, field, fieldId) ?? field;
    if (text_) keyed = (at as HTMLInputElement).value ?? '';
    submitted = pressEnter(at);
  }
  // The page may replace the field while it is typed into: read back from the live one.
  const live = liveEquivalent(ctx, field, fieldId);
  // A typeahead answers after its debounce (jQuery UI: 300 ms): wait as a person would, for its list; a
  // search or filter field, for the results its debounce brings.
  const typeahead = isTypeahead(field);
  const search = !typeahead && isSearch(field);
  const changes = await tracker.finish(live ?? field, typeahead ? TYPEAHEAD_MS : search ? SEARCH_MS : 0);
  if (typeahead) {
    const offered = suggestions(ctx, field, tracker.touched);
    if (offered.length) {
      changes.suggestions = offered;
      delete changes.options; // the same list, said once
    }
  }
  const took = !live && holder && dom.connected(holder) ? textOf(holder, 400) : '';
  if (took.includes(normalize(text)) && text.trim())
    return {
      ok: true,
      message: `${note}Typed "${truncate(text, 200)}" into ${line}; the field closed and its place shows "${truncate(took, 200)}".${describeChanges(changes)}`,
      changes,
    };
  if (!live && !submitted && keyed === null)
    return {
      ok: false,
      message: `${note}Typed into ${line}, but the page replaced that field and no field like it is there now, so the text is not on the page.${describeChanges(changes)}`,
      changes,
    };
  const target = live ?? field;
  const now = editor
    ? shownText(editor)
    : text_
      ? ((target as HTMLInputElement).value ?? '')
      : ((target as HTMLElement).innerText ?? '').replace(/\n$/, '');
  const after = elementLine(ctx.store, target);
  const secret = changes.value === '[redacted]';
  const shown = `"${truncate(text, 200)}"`;
  const typedAs = `${note}Typed ${secret ? `${text.length} characters` : shown} into ${after}`;
  // Enter after the text was in: what the field shows since is the page's answer to Enter (an entry
  // taken and the field emptied, a search run), not a refusal of the typing.
  if (keyed === base + text && now !== keyed) {
    const answer = !live
      ? 'the page took the entry and replaced the field'
      : now === ''
        ? 'the page took the entry and emptied the field'
        : `the field now shows ${secret ? 'something else' : `"${truncate(now, 200)}"`}`;
    return {
      ok: true,
      message: `${typedAs} and ${submitted ? 'submitted the form' : 'pressed Enter'}: ${answer}.${describeChanges(changes)}`,
      changes,
    };
  }
  const matches = editor
    ? // What the editor shows: each typed line (beside its line numbers), and not also all it showed before.
      text.split('\n').every((l) => now.includes(l)) &&
      (opts.clear === false || !kept(shownBefore, now, text))
    : text_
      ? now === base + text
      : now.includes(text);
  // The field an editor reads from empties itself: the value is what the editor now shows.
  if (editor) changes.value = matches && opts.clear !== false ? text : truncate(now, 200);
  const format = DATE_FORMATS[inputType(field)];
  // A date it cannot parse empties the field: put back the date it held, and say what it takes.
  if (format && !now && text.trim() && text_) {
    if (before) setValueWithEvents(target as HTMLInputElement, before);
    changes.value = before;
    return {
      ok: false,
      message: `${note}Did not type "${truncate(text, 60)}" into ${line}: it only takes ${format}${before ? `, and keeps "${before}"` : ''}.`,
      changes,
    };
  }
  const why =
    now === want && want !== base + text
      ? `maxlength ${max} cut it`
      : 'the page changed or refused the input: a mask or formatter';
  // A mask or formatter that kept what was typed, in its own format (a phone number's brackets, a card
  // number's groups, thousands separators): done, as the person sees it.
  if (!matches && text_ && reformatted(base + text, now, opts.clear === false ? '' : before))
    return {
      ok: true,
      message: `${note}Typed ${secret ? `${text.length} characters` : shown} into ${after}; formatted by the page ${secret ? '(the same characters, in its own format)' : `as "${truncate(now, 200)}"`}.${describeChanges(changes)}`,
      changes,
    };
  if (!matches && !secret && text_ && completedInline(target as HTMLInputElement, base + text, now))
    return {
      ok: true,
      message: `${note}Typed ${shown} into ${after}; the field completed it to "${truncate(now, 200)}" (the added part is selected: typing on replaces it).${describeChanges(changes)}`,
      changes,
    };
  // A search the page runs after its debounce: said when nothing came of it within the wait.
  const pending =
    search && !opts.submit && !changes.itemsGone && !changes.added ? ' The results may still change.' : '';
  const message = matches
    ? `${typedAs}${submitted ? ' and submitted the form' : opts.submit ? ' and pressed Enter' : ''}.`
    : `${note}Typed ${secret ? '…' : shown} into ${after}, but it now shows ${secret ? 'something else' : `"${truncate(now, 200)}"`} (${why}). Check whether that is acceptable.`;
  return { ok: matches, message: message + describeChanges(changes) + (matches ? pending : ''), changes };
}

/** How long typing into a search or filter field waits for the results its debounce brings. */
const SEARCH_MS = 1000;

/** A field a person types into to search or filter what the page lists. */
function isSearch(field: Element): boolean {
  if (inputType(field) === 'search' || roleOf(field) === 'searchbox') return true;
  const said = ['name', 'placeholder', 'aria-label', 'id', 'class']
    .map((a) => dom.attr(field, a) ?? '')
    .join(' ');
  return /search|filter|query|(^|\W)q(\W|$)|搜索|筛选/i.test(said);
}

/**
 * The field holds what was typed in a format of the page's: the same letters and digits in order, with
 * at most three the format adds (a country code, a currency's cents), and not what it held before.
 */
function reformatted(typed: string, now: string, before: string): boolean {
  const t = content(typed);
  const n = content(now);
  const at = t ? n.indexOf(t) : -1;
  if (at < 0 || n.length - t.length > 3) return false;
  const extra = n.slice(0, at) + n.slice(at + t.length);
  if (!extra) return true;
  // More letters or digits only with a format to see (a bracket, a dash, a currency sign): else the page
  // completed the text (a typeahead), or it still holds what it held before.
  const marks = (x: string) => new Set(x.replace(/[\p{L}\p{N}\s]/gu, ''));
  const had = marks(typed);
  return [...marks(now)].some((c) => !had.has(c)) && extra !== content(before);
}

function pressEnter(el: Element): boolean {
  const info = keyInfo('Enter');
  let submitted = false;
  if (keyEvent(el, 'keydown', info) && keyEvent(el, 'keypress', info)) {
    commit(el);
    if (tagOf(el) === 'INPUT') submitted = submitFrom(el);
  }
  keyEvent(el, 'keyup', info);
  return submitted;
}

export interface PressOptions {
  /** The element to press the key on (default: the focused element). */
  id?: Target;
  modifiers?: Modifier[];
}

const FOCUSABLE =
  'a[href],button,input:not([type=hidden]),select,textarea,summary,[tabindex]:not([tabindex="-1"]),[contenteditable=""],[contenteditable=true]';

/** Items an arrow key moves between, by the ARIA pattern of the container. */
const ARROW_GROUPS: [string, string][] = [
  ['[role=menu],[role=menubar]', '[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio]'],
  ['[role=listbox]', '[role=option]'],
  ['[role=tablist]', '[role=tab]'],
  ['[role=radiogroup]', '[role=radio]'],
  ['[role=tree]', '[role=treeitem]'],
  ['[role=grid]', '[role=gridcell]'],
];

function arrowMove(el: Element, key: string): Element | null {
  if (tagOf(el) === 'INPUT' && inputType(el) === 'radio') {
    const name = (el as HTMLInputElement).name;
    const group = [...dom.qsa(dom.doc(el), `input[type=radio][name="${CSS.escape(name)}"]`)].filter(
      isVisible,
    );
    const i = group.indexOf(el);
    const next =
      group[(i + (key === 'ArrowDown' || key === 'ArrowRight' ? 1 : -1) + group.length) % group.length];
    if (next) {
      (next as HTMLElement).focus();
      activate(next);
    }
    return next ?? null;
  }
  if (tagOf(el) === 'SELECT') {
    const s = el as HTMLSelectElement;
    const i = Math.min(
      s.options.length - 1,
      Math.max(0, s.selectedIndex + (key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : 0)),
    );
    if (i !== s.selectedIndex) {
      s.selectedIndex = i;
      plainEvent(s, 'input');
      plainEvent(s, 'change');
    }
    return s;
  }
  for (const [container, item] of ARROW_GROUPS) {
    const box = dom.closest(el, container);
    if (!box) continue;
    const horizontal =
      dom.attr(box, 'aria-orientation') === 'horizontal' || dom.matches(box, '[role=menubar],[role=tablist]');
    const forward = horizontal ? 'ArrowRight' : 'ArrowDown';
    const back = horizontal ? 'ArrowLeft' : 'ArrowUp';
    const items = [...dom.qsa(box, item)].filter((i) => dom.closest(i, container) === box && isVisible(i));
    if (!items.length) return null;
    const current = items.findIndex((i) => i === el || dom.contains(i, el));
    let next: Element | undefined;
    if (key === forward) next = items[(current + 1) % items.length];
    else if (key === back) next = items[(current - 1 + items.length) % items.length];
    else if (key === 'Home') next = items[0];
    else if (key === 'End') next = items[items.length - 1];
    if (!next) return null;
    for (const i of items)
      if (dom.attr(i, 'tabindex') !== null) i.setAttribute('tabindex', i === next ? '0' : '-1');
    (next as HTMLElement).focus();
    if (dom.matches(next, '[role=tab],[role=radio]')) activate(next); // automatic activation
    return next;
  }
  return null;
}

function moveFocus(from: Element, backwards: boolean): Element | null {
  const all = [...dom.qsa(dom.doc(from), FOCUSABLE)].filter((e) => !isDisabled(e) && isVisible(e));
  const positive = all
    .filter((e) => (e as HTMLElement).tabIndex > 0)
    .sort((a, b) => (a as HTMLElement).tabIndex - (b as HTMLElement).tabIndex);
  const order = [...positive, ...all.filter((e) => (e as HTMLElement).tabIndex === 0)];
  if (!order.length) return null;
  const i = order.indexOf(from);
  const next = order[(i + (backwards ? -1 : 1) + order.length) % order.length]!;
  (next as HTMLElement).focus();
  return next;
}

/**
 * press("Enter" | "Tab" | "ArrowDown" | "a" | "Control+a", { id }): keydown/keypress/keyup with key and
 * code, then the default effect a script can perform when the page did not cancel the key.
 */
export async function press(ctx: ActionContext, key: string, opts: PressOptions = {}): Promise<ActionResult> {
  if (typeof key !== 'string' || !key)
    throw new LLMHelperError(
      'bad_argument',
      `press needs a key name such as 'Enter', 'Tab', 'ArrowDown', 'Escape' or 'a'; got ${JSON.stringify(key)}.`,
    );
  const parts = key.split('+').filter(Boolean);
  const name = parts.pop() ?? key;
  const modifiers = [...(opts.modifiers ?? []), ...(parts as Modifier[])];
  for (const m of modifiers)
    if (!['Alt', 'Control', 'Meta', 'Shift'].includes(m))
      throw new LLMHelperError(
        'bad_argument',
        `Unknown modifier "${m}"; use Alt, Control, Meta or Shift (e.g. 'Control+a').`,
      );
  const info = keyInfo(name);
  if (!info.code && name.length > 1)
    throw new LLMHelperError(
      'bad_argument',
      `Unknown key "${name}". Use a character or one of: Enter, Tab, Escape, Backspace, Delete, ArrowUp/Down/Left/Right, Home, End, PageUp, PageDown, Space, F1–F12.`,
    );
  let target: Element;
  let note = '';
  if (opts.id !== undefined) {
    const r = resolveTarget(ctx.store, opts.id, 'press target');
    target = r.element;
    note = r.relocated ? `${r.relocated} ` : '';
    if (deepActiveElement() !== target) (target as HTMLElement).focus?.();
  } else target = deepActiveElement() ?? dom.pageRoot(document);
  const tracker = await track(ctx.store, undefined, true);
  let effect = '';
  // Real input when the embedder sends it: the browser then does what the key does.
  const real = !!(await ctx.input?.key(info, modifiers));
  const down = real || keyEvent(target, 'keydown', info, modifiers);
  const typing = info.text && info.key !== 'Enter' && !modifiers.some((m) => m !== 'Shift');
  if (!real && down && (typing || info.key === 'Enter')) keyEvent(target, 'keypress', info, modifiers);
  if (!real && down) {
    if (info.key === 'Enter') {
      // Enter commits an edit of the field (its change), then submits the form it is in.
      commit(target);
      if (tagOf(target) === 'INPUT' && isTextField(target))
        effect = submitFrom(target) ? 'submitted the form' : '';
      else if (
        dom.matches(
          target,
          'button,a[*|href],summary,[role=button],[role=link],[role=menuitem],[role=option],[role=tab],[role=treeitem]',
        )
      ) {
        activate(target);
        effect = 'activated it';
      }
    } else if (
      info.key === ' ' &&
      dom.matches(
        target,
        'button,input[type=checkbox],input[type=radio],summary,[role=button],[role=checkbox],[role=switch],[role=menuitemcheckbox]',
      )
    ) {
      activate(target);
      effect = 'activated it';
    } else if (info.key === 'Tab') {
      const next = moveFocus(target, modifiers.includes('Shift'));
      if (next) effect = `moved focus to ${elementLine(ctx.store, next)}`;
    } else if (/^Arrow|^Home$|^End$/.test(info.key)) {
      const next = arrowMove(target, info.key);
      if (next) effect = `moved to ${elementLine(ctx.store, next)}`;
    } else if (typing && (isTextField(target) || (target as HTMLElement).isContentEditable)) {
      if (isTextField(target)) {
        const insert = room(target as HTMLInputElement, info.text);
        if (insert && inputEvent(target, 'beforeinput', 'insertText', insert)) {
          insertAtCaret(target as HTMLInputElement, insert);
          inputEvent(target, 'input', 'insertText', insert);
        }
      } else dom.doc(target).execCommand('insertText', false, info.text);
    } else if ((info.key === 'Backspace' || info.key === 'Delete') && isTextField(target)) {
      const f = target as HTMLInputElement;
      if (
        inputEvent(
          f,
          'beforeinput',
          info.key === 'Backspace' ? 'deleteContentBackward' : 'deleteContentForward',
          null,
        )
      ) {
        setNativeValue(f, info.key === 'Backspace' ? f.value.slice(0, -1) : f.value.slice(1));
        inputEvent(
          f,
          'input',
          info.key === 'Backspace' ? 'deleteContentBackward' : 'deleteContentForward',
          null,
        );
      }
    }
  }
  if (!real) keyEvent(target, 'keyup', info, modifiers);
  // The browser's own Enter does not commit a value a script set: the edit's change comes here.
  else if (info.key === 'Enter') commit(target);
  const changes = await tracker.finish(isTextField(target) ? target : null);
  const combo = [...modifiers, name === ' ' ? 'Space' : name].join('+');
  const on = target === dom.body(document) ? 'the page' : elementLine(ctx.store, target);
  return {
    ok: true,
    message: `${note}Pressed ${combo} on ${on}${!down ? ' (the page handled it and cancelled the default)' : effect ? `; ${effect}` : ''}.${describeChanges(changes)}`,
    changes,
  };
}

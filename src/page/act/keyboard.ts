/**
 * type and press. Text goes into inputs through the prototype's value setter with beforeinput/input
 * (so React, Vue and Angular see it) and change; contenteditable through execCommand('insertText').
 * The value is read back afterwards, and a mismatch (mask, maxlength, formatter) is reported, not hidden.
 */
import { LLMHelperError } from '../../errors';
import { deepActiveElement, elementLine } from '../describe';
import { inputType, roleOf, tagOf, textOf } from '../label';
import { describeChanges, track, type ActionResult } from '../settle';
import { resolveTarget, type Target } from '../target';
import { isVisible } from '../visible';
import type { ActionContext } from './context';
import { inputEvent, keyEvent, keyInfo, plainEvent, setNativeValue, type Modifier } from './events';
import { isDisabled } from '../disabled';
import { normalize, truncate } from '../text';
import * as dom from '../dom';
import { operated } from '../stand-in';

export interface TypeOptions {
  /** Replace what is there (default true); false appends. */
  clear?: boolean;
  /** Submit afterwards: Enter, then the form's requestSubmit() if Enter did not submit. */
  submit?: boolean;
  /** Send keydown/keypress/keyup for every character (for pages that listen to keys). */
  perKey?: boolean;
}

const NOT_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'image',
  'file',
  'range',
  'color',
  'hidden',
]);

const isTextField = (el: Element): boolean =>
  (tagOf(el) === 'INPUT' && !NOT_TEXT_INPUTS.has(inputType(el))) || tagOf(el) === 'TEXTAREA';

/** The editable element meant by a target: itself, or the one field inside a wrapper or label. */
function editableOf(el: Element): Element | null {
  if (isTextField(el) || (el as HTMLElement).isContentEditable) return el;
  const inner = dom.qsa(el, 'input,textarea,[contenteditable=""],[contenteditable=true]');
  const fields = [...inner].filter((f) => isTextField(f) || (f as HTMLElement).isContentEditable);
  return fields.length === 1 ? fields[0]! : null;
}

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
  if (opts.perKey) {
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
  }
  plainEvent(el, 'change');
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

/**
 * The editor a text field only feeds (CodeMirror 5, Ace, Monaco): a field squeezed to a few pixels, or
 * inside a box that is, under an editor that shows the text itself. Null for an ordinary field.
 */
function editorFedBy(field: Element): HTMLElement | null {
  if (!isTextField(field)) return null;
  // Rendered, as an editor's input is (an input in a closed dropdown is not an editor's).
  if (dom.checkVisibility && !dom.checkVisibility(field, { visibilityProperty: true })) return null;
  const tiny = (r: DOMRect) => r.width <= 4 || r.height <= 1;
  const parent = dom.parentEl(field);
  if (!tiny(dom.rect(field)) && !(parent && tiny(dom.rect(parent)))) return null;
  for (let up = parent, depth = 0; up && depth < 4; up = dom.parentEl(up), depth++) {
    const r = dom.rect(up);
    if (r.width > 40 && r.height > 10) return up;
  }
  return null;
}

const shownText = (el: HTMLElement): string => normalizeLines(el.innerText ?? '');
const normalizeLines = (s: string): string => s.replace(/\u00a0/g, ' ').replace(/\n$/, '');

/** The value a browser's date and time fields accept, whatever they show. */
const DATE_FORMATS: Record<string, string> = {
  date: 'yyyy-mm-dd (2025-03-14)',
  time: 'hh:mm, 24-hour (14:30)',
  month: 'yyyy-mm (2025-03)',
  week: 'yyyy-Www (2025-W11)',
  'datetime-local': 'yyyy-mm-ddThh:mm (2025-03-14T14:30)',
};

/** A slider or colour field: set to the value, as dragging or picking would, with input and change. */
async function setValue(
  ctx: ActionContext,
  el: HTMLInputElement,
  text: string,
  note: string,
): Promise<ActionResult> {
  const line = elementLine(ctx.store, el);
  if (isDisabled(el))
    return { ok: false, message: `${note}${line} is disabled; it cannot be set.`, changes: {} };
  const tracker = track(ctx.store);
  const before = el.value;
  el.focus();
  setValueWithEvents(el, text.trim());
  const range = el.type === 'range';
  const ok = range ? Number(el.value) === Number(text) : el.value === text.trim().toLowerCase();
  // A value it cannot take resets it (a slider to its middle): put back what it held.
  if (!ok) setValueWithEvents(el, before);
  const changes = await tracker.finish(el);
  const takes = range
    ? `a number from ${el.min || 0} to ${el.max || 100} in steps of ${el.step || 1}`
    : 'a colour as #rrggbb';
  return {
    ok,
    message: `${note}${ok ? 'Set' : 'Did not set'} ${line} to "${truncate(text, 40)}"${ok ? '' : `: it takes ${takes}, and still holds "${el.value}"`}.${describeChanges(changes)}`,
    changes,
  };
}

function setValueWithEvents(el: HTMLInputElement, value: string): void {
  setNativeValue(el, value);
  plainEvent(el, 'input');
  plainEvent(el, 'change');
}

/** How long a typeahead field gets to show its suggestions after typing. */
const TYPEAHEAD_MS = 600;
const TYPEAHEAD_CLASS = /autocomplete|typeahead|autosuggest|tt-input/i;

/** A field that offers suggestions as one types (ARIA combobox or autocomplete, a datalist, a known widget). */
function isTypeahead(field: Element): boolean {
  const popup = dom.attr(field, 'aria-haspopup');
  return (
    roleOf(field) === 'combobox' ||
    /^(list|both)$/.test(dom.attr(field, 'aria-autocomplete') ?? '') ||
    (!!popup && popup !== 'false') ||
    dom.hasAttr(field, 'aria-controls') ||
    TYPEAHEAD_CLASS.test(dom.attr(field, 'class') ?? '')
  );
}

const SUGGESTION_LISTS = '[role=listbox],[role=menu],ul,ol';
const SUGGESTION_ITEMS = '[role=option],[role=menuitem],li';

/** The items (at most 8) of the fullest list that appeared or changed while typing and shows now. */
function suggestions(ctx: ActionContext, field: Element, touched: Set<Element>): string[] {
  let best: Element[] = [];
  const seen = new Set<Element>();
  for (const el of touched) {
    const list = dom.matches(el, SUGGESTION_LISTS) ? el : dom.closest(el, SUGGESTION_LISTS);
    if (!list || seen.has(list) || dom.contains(list, field)) continue;
    seen.add(list);
    if (!isVisible(list)) continue;
    const items = [...dom.qsa(list, SUGGESTION_ITEMS)].filter(isVisible);
    if (items.length > best.length) best = items;
  }
  return best
    .slice(0, 8)
    .map((i) => `[${ctx.store.idFor(i)}] "${truncate(normalize(dom.text(i) ?? ''), 60)}"`);
}

/** The editor still shows all of what it showed before besides the new text: clearing it failed. */
function kept(before: string, now: string, text: string): boolean {
  const bare = (s: string) => s.replace(/\s/g, '').length;
  const lines = before.split('\n').filter((l) => l.trim());
  return !!lines.length && lines.every((l) => now.includes(l)) && bare(now) >= bare(before) + bare(text);
}

/** Control+A (Meta+A on a Mac) on the field, which editors take as select-all. */
function selectAllKeys(field: Element): void {
  const mods: Modifier[] = /Mac|iPhone|iPad/.test(navigator.platform) ? ['Meta'] : ['Control'];
  const a = keyInfo('a');
  if (keyEvent(field, 'keydown', a, mods)) return; // nobody took it: typeIntoField replaces the value
  keyEvent(field, 'keyup', a, mods);
}

/** Implicit submission, as Enter in a field does: the form's default button, else requestSubmit(). */
function submitFrom(el: Element): boolean {
  const form = (el as HTMLInputElement).form ?? dom.closest<HTMLFormElement>(el, 'form');
  if (!form) return false;
  const button = dom.qs<HTMLElement>(
    form,
    'button:not([type=button]):not([type=reset]),input[type=submit],input[type=image]',
  ) as HTMLElement | null;
  if (button && !(button as HTMLButtonElement).disabled) button.click();
  else form.requestSubmit();
  return true;
}

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
  const field = editableOf(target_);
  const line = elementLine(ctx.store, field ?? element);
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
  const tracker = track(ctx.store);
  // Where the field sits: a grid's cell editor closes on Enter and the cell shows the value.
  const holder = dom.parentEl(field);
  (field as HTMLElement).focus({ preventScroll: !isVisible(field) });
  if (editor) {
    // The editor's own select-all, then the text through its input, as a person's keys go.
    if (opts.clear !== false) selectAllKeys(field);
    typeIntoField(field as HTMLInputElement, text, opts);
  } else if (text_) typeIntoField(field as HTMLInputElement, text, opts);
  else typeIntoEditable(field as HTMLElement, text, opts);
  const submitted = opts.submit ? pressEnter(field) : false;
  // The page may replace the field while it is typed into: read back from the live one.
  const live = liveEquivalent(ctx, field, fieldId);
  // A typeahead answers after its debounce (jQuery UI: 300 ms): wait as a person would, for its list.
  const typeahead = isTypeahead(field);
  const changes = await tracker.finish(live ?? field, typeahead ? TYPEAHEAD_MS : 0);
  if (typeahead) {
    const offered = suggestions(ctx, field, tracker.touched);
    if (offered.length) changes.suggestions = offered;
  }
  const took = !live && holder && dom.connected(holder) ? textOf(holder, 400) : '';
  if (took.includes(normalize(text)) && text.trim())
    return {
      ok: true,
      message: `${note}Typed "${truncate(text, 200)}" into ${line}; the field closed and its place shows "${truncate(took, 200)}".${describeChanges(changes)}`,
      changes,
    };
  if (!live && !submitted)
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
  const matches = editor
    ? // What the editor shows: each typed line (beside its line numbers), and not also all it showed before.
      text.split('\n').every((l) => now.includes(l)) &&
      (opts.clear === false || !kept(shownBefore, now, text))
    : text_
      ? now === base + text || (submitted && now === '')
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
  const shown = `"${truncate(text, 200)}"`;
  const message = matches
    ? `${note}Typed ${secret ? `${text.length} characters` : shown} into ${after}${submitted ? ' and submitted' : ''}.`
    : `${note}Typed ${secret ? '…' : shown} into ${after}, but it now shows ${secret ? 'something else' : `"${truncate(now, 200)}"`} (${why}). Check whether that is acceptable.`;
  return { ok: matches, message: message + describeChanges(changes), changes };
}

/** The field itself while it is on the page, else the one the store re-finds by its fingerprint. */
export function liveEquivalent(ctx: ActionContext, el: Element, id: number): Element | null {
  if (dom.connected(el)) return el;
  try {
    return ctx.store.resolve(id).element;
  } catch {
    return null;
  }
}

function pressEnter(el: Element): boolean {
  const info = keyInfo('Enter');
  let submitted = false;
  if (keyEvent(el, 'keydown', info) && keyEvent(el, 'keypress', info)) {
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
      (next as HTMLElement).click();
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
    if (dom.matches(next, '[role=tab],[role=radio]')) (next as HTMLElement).click(); // automatic activation
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
  } else target = deepActiveElement() ?? dom.body(document);
  const tracker = track(ctx.store);
  let effect = '';
  const down = keyEvent(target, 'keydown', info, modifiers);
  const typing = info.text && info.key !== 'Enter' && !modifiers.some((m) => m !== 'Shift');
  if (down && (typing || info.key === 'Enter')) keyEvent(target, 'keypress', info, modifiers);
  if (down) {
    if (info.key === 'Enter') {
      if (tagOf(target) === 'INPUT' && isTextField(target))
        effect = submitFrom(target) ? 'submitted the form' : '';
      else if (
        dom.matches(
          target,
          'button,a[href],summary,[role=button],[role=link],[role=menuitem],[role=option],[role=tab],[role=treeitem]',
        )
      ) {
        (target as HTMLElement).click();
        effect = 'activated it';
      }
    } else if (
      info.key === ' ' &&
      dom.matches(
        target,
        'button,input[type=checkbox],input[type=radio],summary,[role=button],[role=checkbox],[role=switch],[role=menuitemcheckbox]',
      )
    ) {
      (target as HTMLElement).click();
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
  keyEvent(target, 'keyup', info, modifiers);
  const changes = await tracker.finish(isTextField(target) ? target : null);
  const combo = [...modifiers, name === ' ' ? 'Space' : name].join('+');
  const on = target === dom.body(document) ? 'the page' : elementLine(ctx.store, target);
  return {
    ok: true,
    message: `${note}Pressed ${combo} on ${on}${!down ? ' (the page handled it and cancelled the default)' : effect ? `; ${effect}` : ''}.${describeChanges(changes)}`,
    changes,
  };
}

/** select, check and upload: native controls through their own properties and events, ARIA widgets through the pointer. */
import { LLMHelperError } from '../../errors';
import { elementLine } from '../describe';
import { inputType, roleOf, tagOf, textOf } from '../label';
import { describeChanges, track, type ActionResult } from '../settle';
import { resolveTarget, type Target } from '../target';
import { toPattern } from '../pattern';
import { normalize } from '../text';
import { isVisible } from '../visible';
import { queryAllDeep } from '../roots';
import type { ActionContext } from './context';
import { plainEvent, sleep } from './events';
import { isDisabled } from '../disabled';
import { liveEquivalent } from './keyboard';
import { click } from './pointer';
import * as dom from '../dom';

type Choice = string | RegExp;

/** An option by value, then exact label, then a pattern over labels. */
function matchOption<T>(
  options: T[],
  value: (o: T) => string,
  label: (o: T) => string,
  want: Choice,
): T | undefined {
  if (typeof want === 'string') {
    const w = want.trim().toLowerCase();
    const byValue = options.find((o) => value(o) === want);
    if (byValue) return byValue;
    const byLabel = options.find((o) => label(o).toLowerCase() === w);
    if (byLabel) return byLabel;
  }
  const rx = toPattern(want).regex;
  return options.find((o) => rx.test(label(o)));
}

function choices(value: Choice | Choice[]): Choice[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.length || list.some((v) => v === ''))
    throw new LLMHelperError(
      'bad_argument',
      `select needs an option's value or label (or a RegExp); got ${list.length ? 'empty text' : 'an empty list'}. extract(id, 'options') lists them.`,
    );
  for (const v of list)
    if (typeof v !== 'string' && !(v instanceof RegExp))
      throw new LLMHelperError(
        'bad_argument',
        `select needs an option value, label or RegExp (or an array of them); got ${typeof v}.`,
      );
  return list;
}

async function selectNative(
  ctx: ActionContext,
  el: HTMLSelectElement,
  wanted: Choice[],
  note: string,
): Promise<ActionResult> {
  const options = [...el.options];
  const picked = wanted.map((w) =>
    matchOption(
      options,
      (o) => o.value,
      (o) => normalize(o.label || o.text),
      w,
    ),
  );
  const missing = wanted.filter((_, i) => !picked[i]);
  const line = elementLine(ctx.store, el);
  if (missing.length) {
    const names = options
      .slice(0, 25)
      .map((o) => `"${normalize(o.label || o.text)}"`)
      .join(', ');
    return {
      ok: false,
      message: `${note}${line} has no option ${missing.map((m) => `"${String(m)}"`).join(', ')}. Options: ${names}${options.length > 25 ? `, … (${options.length} in all)` : ''}.`,
      changes: {},
    };
  }
  if (wanted.length > 1 && !el.multiple)
    return { ok: false, message: `${note}${line} takes one option; pass a single value.`, changes: {} };
  const elId = ctx.store.idFor(el);
  const labels = picked.map((o) => normalize(o!.label || o!.text));
  const tracker = track(ctx.store);
  el.focus();
  for (const o of options) o.selected = picked.includes(o);
  plainEvent(el, 'input');
  plainEvent(el, 'change');
  // The page may replace the select on change: judge by the live one.
  const live = (liveEquivalent(ctx, el, elId) ?? el) as HTMLSelectElement;
  const changes = await tracker.finish(live);
  const now = [...(live.selectedOptions ?? [])].map((o) => normalize(o.label || o.text));
  const ok = dom.connected(live) && labels.every((l) => now.includes(l));
  return {
    ok,
    message: `${note}${ok ? 'Selected' : 'Tried to select'} ${now.map((n) => `"${n}"`).join(', ')} in ${line}${ok ? '' : ', but the page changed the selection back'}.${describeChanges(changes)}`,
    changes,
  };
}

/** The listbox a combobox controls (aria-controls / aria-owns), or any newly visible listbox. */
function listboxOf(el: Element): Element | null {
  if (roleOf(el) === 'listbox') return el;
  const ref = dom.attr(el, 'aria-controls') ?? dom.attr(el, 'aria-owns');
  const root = dom.root(el) as Document;
  if (ref) {
    const lb = dom.byId(root, ref.split(/\s+/)[0]!);
    if (lb && isVisible(lb)) return lb;
  }
  return queryAllDeep(document, '[role=listbox]').find(isVisible) ?? null;
}

async function selectAria(
  ctx: ActionContext,
  el: Element,
  wanted: Choice,
  note: string,
): Promise<ActionResult> {
  const line = elementLine(ctx.store, el);
  let listbox = listboxOf(el);
  if (!listbox || !isVisible(listbox)) {
    await click(ctx, ctx.store.idFor(el));
    for (let i = 0; i < 40 && !(listbox = listboxOf(el)); i++) await sleep(25);
  }
  if (!listbox)
    return {
      ok: false,
      message: `${note}Clicked ${line} but no listbox of options opened; try click and then find the option.`,
      changes: {},
    };
  const options = [...dom.qsa(listbox, '[role=option]')].filter(isVisible);
  const option = matchOption(
    options,
    (o) => dom.attr(o, 'data-value') ?? textOf(o),
    (o) => textOf(o),
    wanted,
  );
  if (!option) {
    const names = options
      .slice(0, 25)
      .map((o) => `"${textOf(o, 60)}"`)
      .join(', ');
    return {
      ok: false,
      message: `${note}${line} has no option "${String(wanted)}". Options: ${names || '(none shown)'}.`,
      changes: {},
    };
  }
  const label = textOf(option, 80);
  const result = await click(ctx, ctx.store.idFor(option));
  const shown = tagOf(el) === 'INPUT' ? (el as HTMLInputElement).value : textOf(el, 120);
  const ok = dom.attr(option, 'aria-selected') === 'true' || shown.includes(label) || !dom.connected(option);
  return {
    ok,
    message: `${note}${ok ? 'Selected' : 'Clicked'} option "${label}" in ${line}${ok ? '' : `, but ${line} still shows "${shown}"`}.${describeChanges(result.changes)}`,
    changes: result.changes,
  };
}

/** select(id, value): a native <select> by value, label or RegExp (arrays for multiple), or an ARIA combobox/listbox. */
export async function select(
  ctx: ActionContext,
  id: Target,
  value: Choice | Choice[],
): Promise<ActionResult> {
  const wanted = choices(value);
  const { element, relocated } = resolveTarget(ctx.store, id, 'select target');
  const note = relocated ? `${relocated} ` : '';
  const native = tagOf(element) === 'SELECT' ? element : dom.qs<HTMLSelectElement>(element, 'select');
  if (isDisabled(native ?? element))
    return { ok: false, message: `${note}${elementLine(ctx.store, element)} is disabled.`, changes: {} };
  if (native) return selectNative(ctx, native as HTMLSelectElement, wanted, note);
  const role = roleOf(element);
  if (role === 'combobox' || role === 'listbox' || dom.attr(element, 'aria-haspopup') === 'listbox')
    return selectAria(ctx, element, wanted[0]!, note);
  return {
    ok: false,
    message: `${note}${elementLine(ctx.store, element)} is not a select, combobox or listbox; use click, or find({ type: 'select' }).`,
    changes: {},
  };
}

const isChecked = (el: Element): boolean =>
  tagOf(el) === 'INPUT'
    ? (el as HTMLInputElement).checked
    : dom.attr(el, 'aria-checked') === 'true' || dom.attr(el, 'aria-pressed') === 'true';

/** check(id, checked = true): checkboxes, radios and switches, through click() so frameworks see it; verified. */
export async function check(ctx: ActionContext, id: Target, checked = true): Promise<ActionResult> {
  if (typeof checked !== 'boolean')
    throw new LLMHelperError(
      'bad_argument',
      `checked must be true or false; got ${JSON.stringify(checked)}.`,
    );
  const { element, relocated } = resolveTarget(ctx.store, id, 'check target');
  const note = relocated ? `${relocated} ` : '';
  const box =
    (tagOf(element) === 'INPUT' && ['checkbox', 'radio'].includes(inputType(element))) ||
    /^(checkbox|radio|switch|menuitemcheckbox|menuitemradio)$/.test(roleOf(element))
      ? element
      : dom.qs(element, 'input[type=checkbox],input[type=radio],[role=checkbox],[role=switch],[role=radio]');
  if (!box)
    return {
      ok: false,
      message: `${note}${elementLine(ctx.store, element)} is not a checkbox, radio or switch.`,
      changes: {},
    };
  const line = elementLine(ctx.store, box);
  if (isDisabled(box)) return { ok: false, message: `${note}${line} is disabled.`, changes: {} };
  if (isChecked(box) === checked)
    return {
      ok: true,
      message: `${note}${line} was already ${checked ? 'checked' : 'unchecked'}.`,
      changes: {},
    };
  if (!checked && tagOf(box) === 'INPUT' && inputType(box) === 'radio')
    return {
      ok: false,
      message: `${note}${line} is a radio button; choose another option in its group instead of unchecking it.`,
      changes: {},
    };
  const boxId = ctx.store.idFor(box);
  const tracker = track(ctx.store);
  (box as HTMLElement).click();
  const changes = await tracker.finish();
  // The page may replace the box when it changes: judge by the live one.
  const live = liveEquivalent(ctx, box, boxId);
  const ok = !!live && isChecked(live) === checked;
  return {
    ok,
    message: `${note}${ok ? (checked ? 'Checked' : 'Unchecked') : `Clicked ${line} but the page kept it ${checked ? 'unchecked' : 'checked'}`}${ok ? ` ${line.replace(/ \((un)?checked.*?\)/, '')}` : ''}.${describeChanges(changes)}`,
    changes,
  };
}

export interface UploadFile {
  name: string;
  /** MIME type (default application/octet-stream). */
  type?: string;
  /** Text, or base64 when encoding is 'base64'. */
  content: string;
  encoding?: 'text' | 'base64';
}

function toFile(win: Window & typeof globalThis, f: UploadFile): File {
  if (!f || typeof f.name !== 'string' || typeof f.content !== 'string')
    throw new LLMHelperError(
      'bad_argument',
      'Each file needs { name, content } as strings (and optional type, encoding: "base64").',
    );
  const body = f.encoding === 'base64' ? Uint8Array.from(atob(f.content), (c) => c.charCodeAt(0)) : f.content;
  return new win.File([body], f.name, { type: f.type ?? 'application/octet-stream' });
}

/** upload(id, files): sets a file input's files through DataTransfer, or drops them on a drop zone. */
export async function upload(
  ctx: ActionContext,
  id: Target,
  files: UploadFile | UploadFile[],
): Promise<ActionResult> {
  const list = Array.isArray(files) ? files : [files];
  const { element, relocated } = resolveTarget(ctx.store, id, 'upload target');
  const note = relocated ? `${relocated} ` : '';
  const win = (dom.view(dom.doc(element)) ?? window) as Window & typeof globalThis;
  const dt = new win.DataTransfer();
  for (const f of list) dt.items.add(toFile(win, f));
  const input =
    tagOf(element) === 'INPUT' && inputType(element) === 'file'
      ? element
      : dom.qs(element, 'input[type=file]');
  const tracker = track(ctx.store);
  let how: string;
  if (input) {
    if (list.length > 1 && !(input as HTMLInputElement).multiple)
      return {
        ok: false,
        message: `${note}${elementLine(ctx.store, input)} takes one file; pass one.`,
        changes: {},
      };
    (input as HTMLInputElement).files = dt.files;
    plainEvent(input, 'input');
    plainEvent(input, 'change');
    how = `into ${elementLine(ctx.store, input)}`;
  } else {
    for (const type of ['dragenter', 'dragover', 'drop'])
      element.dispatchEvent(
        new win.DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: dt }),
      );
    how = `by dropping them on ${elementLine(ctx.store, element)}`;
  }
  const changes = await tracker.finish(input);
  return {
    ok: true,
    message: `${note}Uploaded ${list.map((f) => `"${f.name}"`).join(', ')} ${how}.${describeChanges(changes)}`,
    changes,
  };
}

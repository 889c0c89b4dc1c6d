/** select: native selects through their own properties and events, ARIA and drawn ones through the pointer; a radio group by its label. */
import { LLMHelperError } from '../../errors';
import { deepActiveElement } from '../read/describe';
import { elementLine } from '../read/lines';
import { classSays, isInteractive, roleOf, tagOf } from '../perceive/role';
import { controlledBy, nameOf } from '../perceive/name';
import { labelledControl, namedBy } from '../perceive/label-beside';
import { textOf } from '../perceive/text-of';
import { describeChanges } from '../observe/change-text';
import { observeChanges, type ActionResult } from '../observe/change-report';
import { track } from '../observe/settle';
import { resolveTarget, type Target } from '../ids/target';
import { toPattern } from '../find/pattern';
import { normalize, truncate } from '../dom/text';
import { isVisible } from '../perceive/visible';
import { collectRoots, queryAllDeep } from '../dom/roots';
import { docOrder } from '../dom/walk';
import { fieldValue } from '../perceive/redact';
import type { ActionContext } from './context';
import { keyEvent, keyInfo, plainEvent, sleep } from '../dom/events';
import { isDisabled } from '../perceive/disabled';
import { type } from './keyboard';
import { liveEquivalent } from './context';
import { click } from './pointer';
import * as dom from '../dom/members';
import { standIn } from '../perceive/stand-in';
import { openPlainList, plainListbox, plainOptions, shownOptions } from '../perceive/options';

import { check } from './check';

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
  // Chosen already: a person picking it again changes nothing, and the page hears no change.
  if (options.every((o) => o.selected === picked.includes(o)))
    return {
      ok: true,
      message: `${note}${line} already shows ${labels.map((l) => `"${l}"`).join(', ')}.`,
      changes: {},
    };
  const tracker = await track(ctx.store);
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
    // The field as it is now: its value is the new one.
    message: `${note}${ok ? 'Selected' : 'Tried to select'} ${now.map((n) => `"${n}"`).join(', ')} in ${elementLine(ctx.store, live)}${ok ? '' : ', but the page changed the selection back'}.${describeChanges(changes)}`,
    changes,
  };
}

/** The listbox a combobox controls (aria-controls / aria-owns), when it shows. */
function controlledListbox(el: Element): Element | null {
  if (roleOf(el) === 'listbox') return el;
  return controlledBy(el).find(isVisible) ?? null;
}

/** Popups of options: listboxes, and trees (Ant Design's TreeSelect). */
const shownListboxes = (): Element[] =>
  queryAllDeep(document, '[role=listbox],[role=tree]').filter(isVisible);

interface OpenedList {
  listbox: Element | null;
  /** This call opened it (and closes it with Escape when no option matches). */
  opened: boolean;
  /** A list drawn without ARIA roles: its options are plainOptions. */
  plain?: boolean;
}

/**
 * The listbox that opened for `el`: the one it controls, else one that was not shown before (nearest
 * first), else a list drawn without ARIA roles that the click showed near it.
 */
async function openedListbox(ctx: ActionContext, el: Element): Promise<OpenedList> {
  let listbox = controlledListbox(el);
  if (listbox) return { listbox, opened: false };
  const known = openPlainList(el);
  if (known) return { listbox: known, opened: false, plain: true };
  const before = new Set(shownListboxes());
  let plain = false;
  const changes = observeChanges(collectRoots(document).roots);
  const wait = async (tries: number): Promise<Element | null> => {
    for (let i = 0; i < tries && !listbox; i++) {
      listbox = controlledListbox(el);
      const opened = listbox ? [] : shownListboxes().filter((l) => !before.has(l));
      // Several new ones (a page that opens all at once): the one inside or after the widget, in order.
      listbox ??= opened.find((l) => dom.contains(el, l) || docOrder(el, l) < 0) ?? opened[0] ?? null;
      if (!listbox && (listbox = plainListbox(changes.touched, el))) plain = true;
      if (!listbox) await sleep(25);
    }
    return listbox;
  };
  try {
    await click(ctx, ctx.store.idFor(el));
    // A combobox that opens on keys only (Headless UI's): ArrowDown, as a person would press next.
    if (!(await wait(20)) && roleOf(el) === 'combobox') keys(el, 'ArrowDown');
    listbox = await wait(20);
  } finally {
    changes.observer.disconnect();
  }
  return { listbox, opened: true, plain };
}

/** A key pressed and released where the focus is (or on `el`). */
function keys(el: Element, key: string): void {
  const at = dom.doc(el).activeElement ?? el;
  keyEvent(at, 'keydown', keyInfo(key));
  keyEvent(at, 'keyup', keyInfo(key));
}

/** A combobox that is a text field a person may type into. */
const typesFilter = (el: Element): boolean =>
  tagOf(el) === 'INPUT' && !(el as HTMLInputElement).readOnly && !isDisabled(el);

async function selectAria(
  ctx: ActionContext,
  el: Element,
  wanted: Choice,
  note: string,
  used?: Set<Element>,
): Promise<ActionResult> {
  const line = elementLine(ctx.store, el);
  const { listbox, opened, plain } = await openedListbox(ctx, el);
  if (listbox) used?.add(listbox);
  if (!listbox)
    return {
      ok: false,
      message: `${note}Clicked ${line} but no listbox of options opened; try click and then find the option.`,
      changes: {},
    };
  let options = plain ? plainOptions(listbox) : shownOptions(listbox);
  const pick = () =>
    matchOption(
      options,
      (o) => dom.attr(o, 'data-value') ?? textOf(o),
      (o) => textOf(o),
      wanted,
    );
  let option = pick();
  // A field one types into shows only the options its text matches (Ext JS's, after typing "Bo"), or
  // only what the server found for it: type the option's name, as a person would, and look again.
  if (!option && !plain && typeof wanted === 'string' && typesFilter(el)) {
    const all = options;
    const text = (el as HTMLInputElement).value;
    await type(ctx, ctx.store.idFor(el), wanted);
    const now = controlledListbox(el) ?? (isVisible(listbox) ? listbox : null);
    options = now ? shownOptions(now) : [];
    option = pick();
    // Not there either: the field's text back as it was, and the options it showed then are what to say.
    if (!option) {
      await type(ctx, ctx.store.idFor(el), text);
      options = all;
    }
  }
  if (!option) {
    if (opened) keys(el, 'Escape');
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
  // A person clicks the option's text: a wide row may take clicks only there (Ant Design's tree nodes).
  const text = [...dom.qsa(option, '*')].filter((e) => textOf(e, 80) === label).pop();
  // A list that is still opening may ignore the pointer until it has (Arco's).
  for (let i = 0; i < 20 && getComputedStyle(text ?? option).pointerEvents === 'none'; i++) await sleep(25);
  const result = await click(ctx, ctx.store.idFor(text ?? option));
  if (!result.ok) return { ...result, message: `${note}${result.message}` };
  // A listbox shows its choice by marking it: its text holds every option, chosen or not.
  const shown =
    roleOf(el) === 'listbox'
      ? queryAllDeep(el, '[role=option]')
          .filter((o) => dom.attr(o, 'aria-selected') === 'true' || classSays(o, 'selected|checked|active'))
          .map((o) => textOf(o, 60))
          .join(', ')
      : (fieldValue(el) ?? textOf(el, 120));
  const ok =
    dom.attr(option, 'aria-selected') === 'true' ||
    shown.includes(label) ||
    !dom.connected(option) ||
    (!!plain && classSays(option, 'selected|checked|active'));
  const after = elementLine(ctx.store, el); // as it is now: its value is the new one
  return {
    ok,
    message: `${note}${ok ? 'Selected' : 'Clicked'} option "${label}" in ${after}${ok ? '' : `, but it still shows "${shown}"`}.${describeChanges(result.changes)}`,
    changes: result.changes,
  };
}

/** Each wanted option in turn through the widget; with a native select behind it, judged by that select. */
async function selectEach(
  ctx: ActionContext,
  el: Element,
  wanted: Choice[],
  note: string,
  native: HTMLSelectElement | null,
): Promise<ActionResult> {
  if (native && wanted.length > 1 && !native.multiple)
    return {
      ok: false,
      message: `${note}${elementLine(ctx.store, el)} takes one option; pass a single value.`,
      changes: {},
    };
  const results: ActionResult[] = [];
  const lists = new Set<Element>();
  for (const w of wanted) {
    const r = await selectAria(ctx, el, w, results.length ? '' : note, lists);
    results.push(r);
    if (!r.ok) break;
  }
  // A multiple select keeps its list open over what is below it: close it, as a person would, once
  // every value is chosen.
  const list = [...lists].find((l) => l !== el && !dom.contains(l, el) && dom.connected(l) && isVisible(l));
  if (list && results.every((r) => r.ok)) {
    // Where the focus is (an option's checkbox), then on the field itself (Arco listens there); it may
    // fade out first.
    for (const at of [null, el]) {
      if (at) keyEvent(at, 'keydown', keyInfo('Escape'));
      else keys(el, 'Escape');
      for (let i = 0; i < 20 && dom.connected(list) && isVisible(list); i++) await sleep(25);
      if (!dom.connected(list) || !isVisible(list)) break;
    }
  }
  const changes = Object.assign({}, ...results.map((r) => r.changes)) as ActionResult['changes'];
  // Where the focus is now, after every value and the list closed: not where a step left it.
  if (changes.focus) {
    const focused = deepActiveElement();
    if (focused && focused !== dom.body(document)) changes.focus = elementLine(ctx.store, focused);
    else delete changes.focus;
  }
  const messages = results.map((r) => r.message);
  if (!native || !results.every((r) => r.ok))
    return { ok: results.every((r) => r.ok), message: messages.join(' '), changes };
  const now = [...native.selectedOptions].map((o) => normalize(o.label || o.text));
  const picked = wanted.map((w) =>
    matchOption(
      [...native.options],
      (o) => o.value,
      (o) => normalize(o.label || o.text),
      w,
    ),
  );
  const ok = picked.every(
    (o) => o && native.selectedOptions.length && [...native.selectedOptions].includes(o),
  );
  return {
    ok,
    message: `${messages.join(' ')}${ok ? '' : ` The form's own select (hidden behind the widget) holds ${now.map((n) => `"${n}"`).join(', ') || 'nothing'}.`}`,
    changes,
  };
}

/**
 * select(id, value): a native <select> by value, label or RegExp (arrays for multiple), or an ARIA
 * combobox/listbox; a select a widget library hid behind its own widget is chosen through that widget.
 */
export async function select(
  ctx: ActionContext,
  id: Target,
  value: Choice | Choice[],
): Promise<ActionResult> {
  const wanted = choices(value);
  const resolved = resolveTarget(ctx.store, id, 'select target');
  const { relocated } = resolved;
  const note = relocated ? `${relocated} ` : '';
  // A label stands for what it labels; so does a text that names a group through aria-labelledby
  // (Vuetify's and Mantine's radio groups).
  const target = resolved.element;
  const element =
    (tagOf(target) === 'LABEL' ? labelledControl(target) : !isInteractive(target) && namedBy(target)) ||
    target;
  const native = tagOf(element) === 'SELECT' ? element : dom.qs<HTMLSelectElement>(element, 'select');
  const widget = native && standIn(native);
  if (widget) {
    if (isDisabled(widget))
      return { ok: false, message: `${note}${elementLine(ctx.store, widget)} is disabled.`, changes: {} };
    return selectEach(ctx, widget, wanted, note, native as HTMLSelectElement);
  }
  if (isDisabled(native ?? element))
    return { ok: false, message: `${note}${elementLine(ctx.store, element)} is disabled.`, changes: {} };
  // Hidden, with a box of the page's own drawn in its place (a widget of no kind known above).
  const drawn =
    native && wanted.length === 1 && !isVisible(native) ? drawnBox(native as HTMLSelectElement) : null;
  if (drawn) return selectThroughDrawn(ctx, native as HTMLSelectElement, drawn, wanted[0]!, note);
  if (native) return selectNative(ctx, native as HTMLSelectElement, wanted, note);
  const role = roleOf(element);
  if (role === 'combobox' || role === 'listbox' || dom.attr(element, 'aria-haspopup') === 'listbox')
    return selectEach(ctx, element, wanted, note, null);
  // One radio button stands for its group.
  const group = dom.matches(element, RADIO) ? radioGroup(element) : element;
  const radios = [...dom.qsa(group, RADIO)].filter(isVisible);
  if (radios.length) return selectRadio(ctx, group, radios, wanted, note);
  return {
    ok: false,
    message: `${note}${elementLine(ctx.store, element)} is not a select, combobox, listbox or group of radio buttons; use click, or find({ type: 'select' }).`,
    changes: {},
  };
}

/** The text a select shows for an option. */
const optionText = (o: HTMLOptionElement): string => normalize(o.label || o.text);

/**
 * The box a widget draws in a hidden select's place, whatever its kind (Selectric, a jQuery plugin of
 * one's own): beside the select or beside a wrapper of it (up to three levels up), the first visible
 * element after it whose short text shows one of the select's options (its choice or its placeholder).
 */
function drawnBox(native: HTMLSelectElement): Element | null {
  const texts = [...native.options].map(optionText).filter(Boolean);
  let at: Element | null = native;
  for (let level = 0; at && level < 3; level++, at = dom.parentEl(at))
    for (const step of [dom.nextEl, dom.prevEl])
      for (let next = step(at), i = 0; next && i < 2; next = step(next), i++) {
        const shown = normalize(textOf(next, 200));
        // Its choice, or a placeholder of its own ("Choose a country") in a box a person can operate.
        if (
          shown.length < 120 &&
          tagOf(next) !== 'LABEL' &&
          isVisible(next) &&
          (texts.some((t) => shown.includes(t)) || (!!shown && operable(next)))
        )
          return next;
      }
  return null;
}

/** A box that takes clicks as a control does: a role, focus, or the pointer cursor. */
const operable = (el: Element): boolean =>
  isInteractive(el) ||
  getComputedStyle(el).cursor === 'pointer' ||
  classSays(el, 'select|dropdown|chosen|combo');

/**
 * A hidden select chosen as a person would, through the box drawn in its place: the box clicked open,
 * the option's text clicked where it shows (the list beside the box, or one the page put at the end of
 * the body), and what the box shows then read back: `ok` only when it shows the choice.
 */
async function selectThroughDrawn(
  ctx: ActionContext,
  native: HTMLSelectElement,
  box: Element,
  want: Choice,
  note: string,
): Promise<ActionResult> {
  const option = matchOption([...native.options], (o) => o.value, optionText, want);
  if (!option) return selectNative(ctx, native, [want], note);
  const text = optionText(option);
  const line = elementLine(ctx.store, box);
  // What the box showed before it opened (its value) is not the option to click: a list it opens inside
  // itself (Chosen's, opened on pointer down) is.
  const before = new Set(saying(box, text));
  const opened = await click(ctx, ctx.store.idFor(box));
  const item = shownItem(box, text, before);
  if (!item)
    return {
      ok: false,
      message: `${note}Clicked ${line}, which the page draws for the hidden select ${elementLine(ctx.store, native)}, but "${text}" is not among what it shows.${describeChanges(opened.changes)}`,
      changes: opened.changes,
    };
  const picked = await click(ctx, ctx.store.idFor(item));
  const shows = normalize(textOf(box, 200));
  const chosen = shows.includes(text);
  return {
    ok: chosen,
    message: chosen
      ? `${note}Selected "${text}" in ${elementLine(ctx.store, box)} through the list it draws (the hidden select ${elementLine(ctx.store, native)} holds it too).${describeChanges(picked.changes)}`
      : `${note}Clicked "${text}" in the list ${line} draws, but it shows "${truncate(shows, 80)}".${describeChanges(picked.changes)}`,
    changes: picked.changes,
  };
}

const ITEMS = 'li,[role=option],a,button,div,span';

/** The visible elements inside `root` whose own text is `text`. */
const saying = (root: Element, text: string): Element[] =>
  [...dom.qsa(root, ITEMS)].filter((el) => normalize(textOf(el, 200)) === text && isVisible(el));

/**
 * The visible element whose own text is `text`, beside the box, inside it (a list the box opened within
 * itself; not what it showed `before`), or at the end of the body (a popup).
 */
function shownItem(box: Element, text: string, before: Set<Element>): Element | null {
  let wrapper = box;
  for (let i = 0; i < 2; i++) wrapper = dom.parentEl(wrapper) ?? wrapper;
  const body = dom.body(document);
  // A popup the page put at the end of the body: small, and not the app that holds the box (whose every
  // div would be read for its text).
  const late = body
    ? [...dom.children(body)].slice(-5).filter((c) => !dom.contains(c, box) && dom.qsa(c, '*').length < 2000)
    : [];
  for (const root of [wrapper, ...late])
    for (const el of dom.qsa(root, ITEMS))
      if (
        el !== box &&
        !before.has(el) &&
        !(dom.contains(box, el) && [...before].some((b) => dom.contains(el, b))) &&
        normalize(textOf(el, 200)) === text &&
        isVisible(el)
      ) {
        // The innermost that says it (an li's span), so the click lands on the text.
        const inner = [...dom.qsa(el, '*')].find((c) => normalize(textOf(c, 200)) === text && isVisible(c));
        return inner ?? el;
      }
  return null;
}

const RADIO = 'input[type=radio],[role=radio],md-radio';

/** The group a radio button is in: its radiogroup or fieldset, else the nearest ancestor with others. */
function radioGroup(radio: Element): Element {
  const declared = dom.closest(radio, '[role=radiogroup],fieldset');
  if (declared) return declared;
  let up: Element | null = radio;
  for (let i = 0; i < 6 && up; i++, up = dom.parentEl(up)) if (dom.qsa(up, RADIO).length > 1) return up;
  return radio;
}

/** A group of radio buttons (a radiogroup, a fieldset, Ant Design's Radio.Group): checks the one named. */
async function selectRadio(
  ctx: ActionContext,
  group: Element,
  radios: Element[],
  wanted: Choice[],
  note: string,
): Promise<ActionResult> {
  const line = elementLine(ctx.store, group);
  const radio =
    wanted.length === 1
      ? matchOption(
          radios,
          (r) => (tagOf(r) === 'INPUT' ? (r as HTMLInputElement).value : (dom.attr(r, 'data-value') ?? '')),
          (r) => nameOf(r),
          wanted[0]!,
        )
      : undefined;
  if (!radio)
    return {
      ok: false,
      message: `${note}${line} is a group of radio buttons: ${wanted.length === 1 ? `none is "${String(wanted[0])}"` : 'pass one value'}. Radio buttons: ${radios
        .slice(0, 25)
        .map((r) => `"${nameOf(r, 60)}"`)
        .join(', ')}.`,
      changes: {},
    };
  const r = await check(ctx, ctx.store.idFor(radio), true);
  return { ...r, message: note + r.message };
}

/**
 * Fields that take a value in a set form rather than typed text: a slider and a colour are set to it, as
 * dragging or picking would; a date, time or month field only accepts its ISO form.
 */
import { elementLine } from '../read/lines';
import { isDisabled } from '../perceive/disabled';
import { describeChanges } from '../observe/change-text';
import { track } from '../observe/settle';
import { type ActionResult } from '../observe/change-report';
import { truncate } from '../dom/text';
import type { ActionContext } from './context';
import { keyEvent, keyInfo, setValueWithEvents, sleep } from '../dom/events';
import * as dom from '../dom/members';

/** The value a browser's date and time fields accept, whatever they show. */
export const DATE_FORMATS: Record<string, string> = {
  date: 'yyyy-mm-dd (2025-03-14)',
  time: 'hh:mm, 24-hour (14:30)',
  month: 'yyyy-mm (2025-03)',
  week: 'yyyy-Www (2025-W11)',
  'datetime-local': 'yyyy-mm-ddThh:mm (2025-03-14T14:30)',
};

/** A slider or colour field: set to the value, as dragging or picking would, with input and change. */
export async function setValue(
  ctx: ActionContext,
  el: HTMLInputElement,
  text: string,
  note: string,
): Promise<ActionResult> {
  const line = elementLine(ctx.store, el);
  if (isDisabled(el))
    return { ok: false, message: `${note}${line} is disabled; it cannot be set.`, changes: {} };
  const tracker = await track(ctx.store);
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

/** A drawn slider's value (role slider: aria-valuenow), or NaN. */
const sliderNow = (el: Element): number => Number(dom.attr(el, 'aria-valuenow') ?? NaN);

/** Most keys pressed to move a drawn slider: a person would not press more. */
const MAX_KEYS = 400;

/**
 * A slider the page draws (role slider, aria-valuenow): set as a person would with the keyboard, by
 * pressing the arrow keys on it until it reads the value (Home and End for its ends), then reported as
 * it reads. One it cannot reach exactly stops at the nearest it takes, and says so.
 */
export async function setSlider(
  ctx: ActionContext,
  el: HTMLElement,
  text: string,
  note: string,
): Promise<ActionResult> {
  const line = elementLine(ctx.store, el);
  const want = Number(text.trim().replace(/[%\s,]/g, ''));
  const min = Number(dom.attr(el, 'aria-valuemin') ?? NaN);
  const max = Number(dom.attr(el, 'aria-valuemax') ?? NaN);
  const range = Number.isFinite(min) && Number.isFinite(max) ? ` (it takes ${min} to ${max})` : '';
  if (isDisabled(el))
    return { ok: false, message: `${note}${line} is disabled; it cannot be set.`, changes: {} };
  if (!Number.isFinite(want) || want < min || want > max)
    return {
      ok: false,
      message: `${note}Did not set ${line}: "${truncate(text, 40)}" is not a number it takes${range}.`,
      changes: {},
    };
  const tracker = await track(ctx.store, el);
  el.focus();
  const press = async (key: string) => {
    const info = keyInfo(key);
    keyEvent(el, 'keydown', info);
    keyEvent(el, 'keyup', info);
    // Pages that render on the next tick (React) show the new value after it.
    await sleep(0);
  };
  if (want === min || want === max) await press(want === min ? 'Home' : 'End');
  let now = sliderNow(el);
  let presses = 0;
  let last = NaN;
  while (now !== want && presses < MAX_KEYS && Number.isFinite(now)) {
    const up = now < want;
    await press(up ? 'ArrowRight' : 'ArrowLeft');
    presses++;
    const moved = sliderNow(el);
    // Past it (steps that do not land on it): back to the nearer side, and stop.
    if (up ? moved > want : moved < want) {
      if (Math.abs(moved - want) > Math.abs(now - want)) await press(up ? 'ArrowLeft' : 'ArrowRight');
      now = sliderNow(el);
      break;
    }
    if (moved === now && moved === last) break; // the keys do not move it
    last = now;
    now = moved;
  }
  const changes = await tracker.finish(el);
  const reads = dom.attr(el, 'aria-valuetext');
  const shown = `${now}${reads && reads !== String(now) ? ` ("${truncate(reads, 40)}")` : ''}`;
  const ok = now === want;
  return {
    ok,
    message: ok
      ? `${note}Set ${elementLine(ctx.store, el)} to ${shown} with the arrow keys.${describeChanges(changes)}`
      : Number.isFinite(now)
        ? `${note}Did not set ${line} to ${want}: it reads ${shown}${presses >= MAX_KEYS ? ` after ${MAX_KEYS} key presses` : ', the nearest it takes with the arrow keys'}${range}.${describeChanges(changes)}`
        : `${note}Did not set ${line}: it has no aria-valuenow to read; drag it, or click where the value lies.`,
    changes,
  };
}

/**
 * Fields that take a value in a set form rather than typed text: a slider and a colour are set to it, as
 * dragging or picking would; a date, time or month field only accepts its ISO form.
 */
import { elementLine } from '../describe';
import { isDisabled } from '../disabled';
import { describeChanges, track, type ActionResult } from '../settle';
import { truncate } from '../text';
import type { ActionContext } from './context';
import { setValueWithEvents } from './events';

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

/**
 * What every listing shares: an element in one line (`[12] button "Download" (disabled)`), quoted
 * names, lists within a budget, and the budget's own check.
 */
import { LLMHelperError } from '../../errors';
import { closestDeep, ROW, rowLabel } from '../perceive/context';
import { shortHref } from '../find/matches';
import { inputType, roleOf, tagOf, isChecked } from '../perceive/role';
import { nameOf } from '../perceive/name';
import { pointerBox } from '../perceive/pointer-box';
import { textOf } from '../perceive/text-of';
import { disabledReason } from '../perceive/disabled';
import { fieldValue } from '../perceive/redact';
import type { ElementStore } from '../ids/store';
import { normalize, truncate } from '../dom/text';
import { quickVisibility } from '../perceive/visible';
import * as dom from '../dom/members';
import { elsewhereMark } from '../perceive/elsewhere-link';
import { classSaysChosen, classSaysOpens, hiddenSibling } from '../perceive/disclosure';

/** A budget below 50 characters cannot hold one useful line. */
export function checkBudget(budget: unknown): void {
  if (!(typeof budget === 'number' && Number.isInteger(budget) && budget >= 50 && budget <= 100_000))
    throw new LLMHelperError(
      'bad_argument',
      `budget is a number of characters from 50 to 100000; got ${typeof budget === 'number' ? budget : typeof budget}.`,
    );
}

export const quoted = (s: string, max = 40): string => `"${truncate(s, max)}"`;

/** A list joined until the budget is spent, saying how many were left out. */
export function listWithin(items: string[], budget: number, sep = ', '): string {
  let out = '';
  let shown = 0;
  for (const item of items) {
    const next = (shown ? sep : '') + item;
    if (out.length + next.length > budget) break;
    out += next;
    shown++;
  }
  return shown < items.length ? `${out}${shown ? sep : ''}… (+${items.length - shown} more)` : out;
}

export const isShown = (el: Element): boolean => quickVisibility(el).visible;

export function visibleOnly(els: Element[]): Element[] {
  return els.filter((e) => quickVisibility(e).visible);
}

/** Where a link goes, as a line says it ('' for anything else). */
export const hrefOf = (el: Element): string => (tagOf(el) === 'A' && dom.hasHref(el) ? shortHref(el) : '');

/** One line for an element: `[12] button "Download" (disabled)`. */
export function elementLine(
  store: ElementStore,
  el: Element,
  opts: { context?: boolean; text?: boolean; invalid?: boolean } = {},
): string {
  const own = roleOf(el);
  // A box only its pointer says is clickable (a tab drawn as a span) is said to be so.
  const role = own || (pointerBox(el) ? 'clickable' : tagOf(el).toLowerCase());
  // An element with no role goes by its text (a header cell's label the click landed on), unless the
  // caller says what it holds.
  const name = nameOf(el, 60) || (own || opts.text === false ? '' : textOf(el, 60));
  const flags: string[] = [];
  if (tagOf(el) === 'INPUT' && !['text', 'submit', 'button', 'checkbox', 'radio'].includes(inputType(el)))
    flags.push(inputType(el));
  const value = fieldValue(el);
  if (value) flags.push(`value ${quoted(normalize(value), 40)}`);
  const toggle = /checkbox|radio|switch/.test(role);
  if ((el as HTMLInputElement).checked === true || (toggle && isChecked(el))) flags.push('checked');
  else if (toggle) flags.push('unchecked');
  const disabled = disabledReason(el);
  if (disabled) flags.push(disabled.looks ? 'looks disabled' : 'disabled');
  if ((el as HTMLInputElement).required || dom.attr(el, 'aria-required') === 'true') flags.push('required');
  if (opts.invalid || dom.attr(el, 'aria-invalid') === 'true') flags.push('invalid');
  const selected = dom.attr(el, 'aria-selected');
  const expanded = dom.attr(el, 'aria-expanded');
  if (expanded && !(own === 'tab' && selected)) flags.push(expanded === 'true' ? 'expanded' : 'collapsed');
  // A details' summary opens and closes it as aria-expanded says for others.
  else if (tagOf(el) === 'SUMMARY') {
    const details = dom.parentEl(el);
    if (details && tagOf(details) === 'DETAILS')
      flags.push(dom.hasAttr(details, 'open') ? 'expanded' : 'collapsed');
  }
  // A box or button over a hidden sibling opens it (a folder drawn as a span over its hidden list).
  else if (!expanded && role === 'clickable' && hiddenSibling(el)) flags.push('collapsed');
  if (role === 'clickable' && classSaysChosen(el) && classSaysOpens(el)) flags.push('selected');
  if (dom.attr(el, 'aria-haspopup') && dom.attr(el, 'aria-haspopup') !== 'false') flags.push('has popup');
  // aria-current="false" (Element Plus's pager on every other page) is not current.
  const current = dom.attr(el, 'aria-current');
  // A tab says whether it is the one shown; an option or tree item only when it is chosen.
  if (selected === 'true' && /^(tab|option|treeitem|gridcell|row)$/.test(own)) flags.push('selected');
  else if (selected === 'false' && own === 'tab') flags.push('not selected');
  else if (selected === 'true' || (current && current !== 'false')) flags.push('current');
  // What it does elsewhere, known before the click: opens a new tab, downloads a file, opens the mail app.
  const away = elsewhereMark(el);
  if (away) flags.push(away);
  let line = `[${store.idFor(el)}] ${role}${name ? ` ${quoted(name, 60)}` : ''}`;
  const href = hrefOf(el);
  if (href) line += ` → ${href}`;
  if (flags.length) line += ` (${flags.join(', ')})`;
  if (opts.context) {
    const row = closestDeep(el, ROW);
    if (row && row !== el) line += ` in row ${quoted(rowLabel(row), 30)}`;
  }
  return line;
}

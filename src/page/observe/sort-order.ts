/** Which way a clicked header sorts its column: aria-sort, a class, or the order its values are in now. */
import { nameOf } from '../perceive/name';
import { textOf } from '../perceive/text-of';
import { truncate } from '../dom/text';
import * as dom from '../dom/members';

/** Which way a header sorts its column: aria-sort, else a class token (ascending, desc). */
export function sortOrder(header: Element): string | null {
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

/** A column header's name without the sort arrow a page draws in its text (sorttable's "Salary ▾"). */
export const headerLabel = (header: Element): string =>
  truncate((nameOf(header, 40) || textOf(header, 40)).replace(/\s*[▲▼▴▾△▽↑↓⇅⇵]+/gu, '').trim(), 40);

/** The texts of a header's column, row by row (up to 500 rows), or null when it heads no column. */
export function columnValues(header: Element | null): string[] | null {
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
export function newOrder(before: string[], after: string[] | null): string | null {
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

/** describe of a table: columns, rows counted and shown, sort order, first rows, row actions. */
import { closestDeep, ROW, rowLabel } from '../perceive/context';
import { nameOf } from '../perceive/name';
import { textOf } from '../perceive/text-of';
import { fieldValue } from '../perceive/redact';
import type { ElementStore } from '../ids/store';
import { plural, truncate } from '../dom/text';
import { TYPE_SELECTORS } from '../dom/types';
import { inViewport, quickVisibility } from '../perceive/visible';
import * as dom from '../dom/members';
import { due, type Pace, type Steps } from '../dom/slices';
import { listWithin, quoted } from './lines';

/**
 * A table's own rows (not those of a table inside it), header rows apart. Read from the browser: a
 * native table's rows collection, or the queries for a grid drawn with roles; no pass of ours over every
 * row, so a table of 50,000 rows costs what one of 50 does.
 */
function tableParts(table: Element): { columns: Element[]; rows: Element[] } {
  let headerCells: Element[];
  let rows: Element[];
  let headRows: Element[];
  if (dom.tag(table) === 'TABLE') {
    // Its own rows, from the table itself: queries over a table of 100,000 rows (for rows, for tables
    // inside it, for its header) took most of a describe.
    const native = table as HTMLTableElement;
    rows = [...native.rows];
    const head = native.tHead;
    headRows = head ? [...head.rows] : [];
    headerCells = head ? [...dom.qsa(head, 'th,td')] : [];
    for (const r of rows.slice(0, 3)) for (const c of dom.qsa(r, '[role=columnheader]')) headerCells.push(c);
  } else {
    headerCells = [...dom.qsa(table, 'thead th, thead td, [role=columnheader]')];
    headRows = [...dom.qsa(table, 'thead tr, thead [role=row]')];
    rows = [...dom.qsa(table, ROW)];
    if (dom.qs(table, TYPE_SELECTORS.table))
      rows = rows.filter(
        (r) =>
          closestDeep(dom.parentEl(r) ?? r, TYPE_SELECTORS.table) === table ||
          dom.closest(r, TYPE_SELECTORS.table) === table,
      );
  }
  const header = new Set([...headRows, ...headerCells.map((c) => dom.closest(c, ROW))]);
  let columns = headerCells;
  if (header.size) rows = rows.filter((r) => !header.has(r));
  if (
    !columns.length &&
    rows[0] &&
    dom.qsa<HTMLTableCellElement>(rows[0], 'th').length === dom.children(rows[0]).length
  ) {
    columns = [...dom.children(rows[0])];
    rows = rows.slice(1);
  }
  return { columns, rows };
}

export function cellTexts(row: Element, max = 40): string[] {
  return [...dom.children(row)]
    .filter((c) => dom.matches(c, 'td,th,[role=cell],[role=gridcell],[role=rowheader],[role=columnheader]'))
    .map((c) => {
      const text = textOf(c, max * 2);
      if (text) return truncate(text, max);
      const control = dom.qs(c, 'input,select,textarea');
      if (control) return fieldValue(control) ?? ((control as HTMLInputElement).checked ? '☑' : '☐');
      return '';
    });
}

/** Rows past which a table is counted in part. */
const COUNTED_ROWS = 5000;

/**
 * A table in one paragraph, as steps that may pause (dom/slices.ts): its rows' visibility is read in
 * slices; a row the page removed during a pause is not counted as shown.
 */
export function* describeTable(store: ElementStore, table: Element, pace: Pace): Steps<string> {
  const name =
    nameOf(table, 60) ||
    (dom.qs<HTMLTableCaptionElement>(table, 'caption')
      ? textOf(dom.qs<HTMLTableCaptionElement>(table, 'caption')!, 60)
      : '');
  const { columns, rows } = tableParts(table);
  const colNames = columns.map((c) => truncate(textOf(c, 60), 30) || '(blank)');
  let out = `Table${name ? ` ${quoted(name)}` : ''} with ${plural(colNames.length || (rows[0] ? cellTexts(rows[0]).length : 0), 'column')}`;
  if (colNames.length) out += `: ${listWithin(colNames, 300)}`;
  // A long table is read in part, whatever its length: up to COUNTED_ROWS rows are counted (by the
  // browser's visibility check past a thousand), the rest not; the rows in view are found by halving,
  // as its rows stand in page order.
  const counted = rows.slice(0, COUNTED_ROWS);
  const shown: Element[] = [];
  const check =
    counted.length > 1000 && dom.checkVisibility
      ? (r: Element) => dom.checkVisibility!(r, { visibilityProperty: true, opacityProperty: true })
      : (r: Element) => quickVisibility(r).visible;
  for (let i = 0; i < counted.length; i++) {
    if (!(i & 63) && due(pace)) yield;
    const r = counted[i]!;
    if ((!pace.paused || dom.connected(r)) && check(r)) shown.push(r);
  }
  if (due(pace)) yield;
  const inView = inViewport(rows).length;
  const all = rows.length === counted.length;
  out += `. ${plural(rows.length, 'row')}`;
  if (shown.length !== counted.length)
    out += `, ${shown.length}${all ? '' : ` of the first ${COUNTED_ROWS}`} shown`;
  if (inView !== shown.length || !all) out += `, ${inView} in view`;
  out += '.';
  const sorted = columns.find((c) => /^(ascending|descending)$/.test(dom.attr(c, 'aria-sort') ?? ''));
  if (sorted) out += ` Sorted by ${truncate(textOf(sorted, 40), 30)} (${dom.attr(sorted, 'aria-sort')}).`;
  const first = shown.slice(0, 3).map((r) => cellTexts(r, 24).join(' | '));
  if (first.length) out += ` First rows: ${first.map((r) => `${r}`).join('; ')}.`;
  const actions = new Set<string>();
  for (const r of shown.slice(0, 5))
    for (const a of [...dom.qsa(r, `${TYPE_SELECTORS.button},${TYPE_SELECTORS.link}`)].slice(0, 6)) {
      const n = nameOf(a, 30);
      if (n && !/^\d+$/.test(n) && n !== rowLabel(r)) actions.add(n);
    }
  if (actions.size)
    out += ` Row actions: ${[...actions].slice(0, 6).join(', ')} (use findNear with a row's cell to reach one).`;
  out += ` [${store.idFor(table)}]`;
  return out;
}

/**
 * Grids and lists that render only the rows near the view (AG Grid, MUI's DataGrid, virtual lists) say
 * how many rows they have: aria-rowcount on the grid, aria-setsize on the items. What is not rendered
 * cannot be found: these tell the model which part is, so it can scroll (or use the grid's own filter).
 * Paged tables (DataTables, Ant Design's and Element Plus's pagers) show one page: the pager's next-page
 * control and the page's search box are where the rest is.
 */
import { queryAllDeep } from '../dom/roots';
import { isVisible } from './visible';
import { disabledReason } from './disabled';
import { nameOf } from './name';
import * as dom from '../dom/members';
import { PAGERS } from '../dom/types';

export interface RenderedPart {
  el: Element;
  /** Rows (or items) it has in all. */
  total: number;
  /** The first and last rendered, counted as the page counts them (a grid's header row is row 1). */
  first: number;
  last: number;
}

const ITEMS = '[aria-setsize]';

/** The part of `el` that is rendered, when it renders only part of its rows; null otherwise. */
export function partlyRendered(el: Element): RenderedPart | null {
  const rowcount = dom.attr(el, 'aria-rowcount');
  // Header rows stay rendered wherever the grid is scrolled: the range is the body's.
  const rows = rowcount
    ? [...dom.qsa(el, '[aria-rowindex]')].filter((r) => !dom.qs(r, '[role=columnheader]'))
    : [...dom.qsa(el, ITEMS)];
  const first = rows[0];
  const total = Number(rowcount ?? (first && dom.attr(first, 'aria-setsize')));
  if (!first || !Number.isInteger(total) || total <= rows.length) return null;
  const key = rowcount ? 'aria-rowindex' : 'aria-posinset';
  const at = rows.map((r) => Number(dom.attr(r, key))).filter((n) => n > 0);
  if (!at.length) return null;
  return { el, total, first: Math.min(...at), last: Math.max(...at) };
}

/** The visible grids and lists on the page that render only part of their rows. */
export function partlyRenderedOnPage(): RenderedPart[] {
  const holders = new Set(queryAllDeep(document, '[aria-rowcount]'));
  for (const item of queryAllDeep(document, ITEMS)) {
    const list = dom.parentEl(item);
    if (list && !dom.closest(list, '[aria-rowcount]')) holders.add(list);
  }
  const out: RenderedPart[] = [];
  for (const el of holders) {
    const part = isVisible(el) ? partlyRendered(el) : null;
    if (part) out.push(part);
  }
  return out;
}

export const renderedRange = (p: RenderedPart): string => `${p.first}–${p.last} of ${p.total}`;

const NEXT = /^(next|next page|go to next page|›|»|>|下一页|下页)$/i;

/** The enabled next-page control of a visible pager on the page, if there is one. */
export function nextPage(): Element | null {
  for (const pager of queryAllDeep(document, PAGERS)) {
    if (!isVisible(pager)) continue;
    for (const c of dom.qsa(pager, 'a,button,[role=button],li,[tabindex]'))
      if (NEXT.test(nameOf(c, 40)) && isVisible(c) && !disabledReason(c)) return c;
  }
  return null;
}

/** The page's search box, if it shows one. */
export const searchBox = (): Element | null =>
  queryAllDeep(document, 'input[type=search]:not([role=combobox]),[role=searchbox]').find(isVisible) ?? null;

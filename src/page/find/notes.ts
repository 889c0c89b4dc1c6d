/** What find says when nothing (visible) matched: what hides the matches, and what would show them. */
import * as dom from '../dom/members';
import { nameOf } from '../perceive/name';
import { roleOf, tagOf } from '../perceive/role';
import { textOf } from '../perceive/text-of';
import type { ElementStore } from '../ids/store';
import { normalize, truncate } from '../dom/text';
import { isInert, openLayer } from '../perceive/visible';
import { queryAllDeep } from '../dom/roots';
import { nextPage, partlyRenderedOnPage, renderedRange, searchBox } from '../perceive/rendered';
import type { Candidate } from './types';

/**
 * Why nothing visible matched while hidden elements did, and what would show them: a closed <details>
 * (its summary), or a collapsed section whose toggle names it in aria-controls.
 */
export function hiddenNote(store: ElementStore, hidden: Candidate[]): string {
  const n = hidden.length;
  const first = hidden[0]!.el;
  const head = `${n} hidden element${n === 1 ? '' : 's'} match${n === 1 ? 'es' : ''}`;
  if (dom.rect(dom.html(dom.doc(first))).width === 0)
    return `${head}: this DOM has no layout (jsdom?), so nothing is visible. Pass visible: false.`;
  if (isInert(first)) return `${head}, but ${behindLayer(store, first)}, then find again.`;
  const details = dom.closest(first, 'details:not([open])');
  const summary = details && dom.qs(details, 'summary');
  if (summary)
    return `${head}, inside the closed section [${store.idFor(summary)}] "${truncate(textOf(summary, 60), 40)}": click it to open, then find again.`;
  // A tree's closed folders around it (role treeitem with aria-expanded=false, or a list item a tree
  // script marks collapsed), outermost first: each opens on a click or ArrowRight.
  const folders: Element[] = [];
  for (let up = dom.parentEl(first); up; up = dom.parentEl(up))
    if (
      dom.attr(up, 'aria-expanded') === 'false'
        ? /^(treeitem|row)$/.test(roleOf(up))
        : dom.tag(up) === 'li' && /\b(collapsed|closed)\b/i.test(dom.attr(up, 'class') ?? '')
    )
      folders.unshift(up);
  if (folders.length)
    return `${head}, inside the closed folder${folders.length === 1 ? '' : 's'} ${folders
      .map((f) => `[${store.idFor(f)}] "${truncate(folderName(f), 40)}"`)
      .join(
        ' > ',
      )}: open ${folders.length === 1 ? 'it' : 'each, outermost first'} (click it, or press ArrowRight on it), then find again.`;
  for (let up = dom.parentEl(first); up; up = dom.parentEl(up)) {
    const id = dom.attr(up, 'id');
    const toggle = id
      ? dom.qs(dom.doc(up), `[aria-controls="${CSS.escape(id)}"][aria-expanded=false]`)
      : null;
    if (toggle)
      return `${head}, inside a collapsed part that [${store.idFor(toggle)}] "${truncate(nameOf(toggle, 40), 40)}" opens: click it, then find again.`;
  }
  return `${head}; visible: 'all' lists them.`;
}

/** Nothing matched: a tree whose closed folders have not drawn their items yet says which they are. */
export function closedFoldersNote(store: ElementStore): string {
  const closed = queryAllDeep(document, '[role=treeitem][aria-expanded=false]').slice(0, 6);
  if (!closed.length) return '';
  const shown = closed
    .slice(0, 5)
    .map((f) => `[${store.idFor(f)}] "${truncate(folderName(f), 30)}"`)
    .join(', ');
  return `Nothing shown matches; a tree has closed folders (${shown}${closed.length > 5 ? ', …' : ''}) whose items may appear only once opened: open the likely one (click it, or press ArrowRight on it), then find again.`;
}

/** A tree folder's own name: its label, not the items inside it. */
function folderName(folder: Element): string {
  const own = dom.attr(folder, 'aria-label');
  if (own) return normalize(own);
  for (let c = dom.firstChild(folder); c; c = c.nextSibling) {
    const text = normalize(
      dom.nodeType(c) === 3
        ? (dom.text(c) ?? '')
        : dom.nodeType(c) === 1 && !dom.matches(c as Element, '[role=group],ul,ol')
          ? textOf(c as Element, 60)
          : '',
    );
    if (text) return text;
  }
  return nameOf(folder, 40);
}

/** Why an inert element takes no input: the open popup or dialog in front of it, by ID. */
export function behindLayer(store: ElementStore, el: Element): string {
  const layer = openLayer(dom.doc(el));
  const what = layer
    ? `[${store.idFor(layer)}] ${roleOf(layer) || tagOf(layer).toLowerCase()} "${truncate(nameOf(layer, 40), 40)}"`
    : 'an open popup or dialog';
  return `the page behind ${what} takes no input while it is open: finish there or close it (press Escape)`;
}

/** Nothing matched: say which grids or lists render only part of their rows, where the rest may be. */
export function unrenderedNote(store: ElementStore): string {
  const parts = partlyRenderedOnPage().slice(0, 3);
  if (!parts.length) {
    const next = nextPage();
    if (!next) return '';
    const search = searchBox();
    return `Nothing on this page matches, and the list is paged: [${store.idFor(next)}] "${truncate(nameOf(next, 40), 40)}" shows the next page${search ? `, or search with [${store.idFor(search)}] ${roleOf(search)} "${truncate(nameOf(search, 40), 40)}"` : ''}.`;
  }
  const which = parts.map(
    (p) => `[${store.idFor(p.el)}] ${roleOf(p.el) || dom.tag(p.el).toLowerCase()} (rows ${renderedRange(p)})`,
  );
  return `Nothing rendered matches, and ${which.join(', ')} render${parts.length === 1 ? 's' : ''} only the rows near the view: scroll it (scroll({ id })) and find again, or use its own search or filter.`;
}

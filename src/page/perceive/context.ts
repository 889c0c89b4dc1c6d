/** Where an element sits, in the words a person would use: its row, list item, form, dialog or section. */
import { nameOf } from './name';
import { textOf } from './text-of';
import { roleOf } from './role';
import { parentOf } from '../dom/walk';
import { normalize, truncate } from '../dom/text';
import * as dom from '../dom/members';
import { TYPE_SELECTORS } from '../dom/types';

export type ContextKind = 'row' | 'dialog' | 'form' | 'list item' | 'section' | 'menu';

export interface Context {
  kind: ContextKind;
  label: string;
  element: Element;
}

/** closest() that crosses shadow roots and frames. */
export function closestDeep(el: Element, selector: string): Element | null {
  for (let n: Element | null = el; n; n = parentOf(n)) if (dom.matches(n, selector)) return n;
  return null;
}

export const ROW = TYPE_SELECTORS.row;
export const CELL = TYPE_SELECTORS.cell;
const CONTAINERS =
  'tr,[role=row],li,[role=listitem],[role=option],form,fieldset,dialog,[role=dialog],[role=alertdialog],[role=menu],[role=menubar],section,article,[role=region],[role=group],nav,aside';

/** A row's name: its row header, else the first cell with text (checkbox-only cells skipped). */
export function rowLabel(row: Element): string {
  const header = dom.qs(row, 'th[scope=row],[role=rowheader]');
  if (header) return truncate(textOf(header, 60), 40);
  for (const cell of dom.qsa(row, CELL)) {
    const t = textOf(cell, 60);
    if (t) return truncate(t, 40);
  }
  return truncate(textOf(row, 60), 40);
}

function containerLabel(c: Element): string {
  const own = normalize(dom.attr(c, 'aria-label') ?? '');
  if (own) return truncate(own, 40);
  if (dom.attr(c, 'aria-labelledby')) return nameOf(c, 40);
  const heading = dom.qs(c, 'h1,h2,h3,h4,h5,h6,[role=heading],legend,caption');
  if (heading) return truncate(textOf(heading, 60), 40);
  return '';
}

function kindOf(c: Element): ContextKind {
  if (dom.matches(c, ROW)) return 'row';
  const role = roleOf(c);
  const tag = dom.tag(c);
  if (tag === 'DIALOG' || role === 'dialog' || role === 'alertdialog') return 'dialog';
  if (tag === 'FORM' || tag === 'FIELDSET') return 'form';
  if (role === 'menu' || role === 'menubar') return 'menu';
  if (role === 'listitem' || role === 'option') return 'list item';
  return 'section';
}

/** The nearest container that gives the element a useful context (with a label), or null. */
export function contextOf(el: Element): Context | null {
  for (let n: Element | null = parentOf(el); n; n = parentOf(n)) {
    if (!dom.matches(n, CONTAINERS)) continue;
    const kind = kindOf(n);
    const label =
      kind === 'row' ? rowLabel(n) : kind === 'list item' ? truncate(textOf(n, 60), 40) : containerLabel(n);
    if (label && (kind !== 'list item' || label !== truncate(textOf(el, 60), 40)))
      return { kind, label, element: n };
    if (kind === 'row' || kind === 'dialog') return { kind, label, element: n };
  }
  return null;
}

/** Where an element is, for telling apart elements that read alike: `list item "Buy milk"`, or ''. */
export function whereIs(el: Element): string {
  const ctx = contextOf(el);
  return ctx?.label ? `${ctx.kind} "${truncate(ctx.label, 30)}"` : '';
}

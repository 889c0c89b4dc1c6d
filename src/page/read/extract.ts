/** extract(id, property): one property of one element, as plain JSON. HTML only when asked, bounded. */
import { LLMHelperError } from '../../errors';
import { closestDeep } from '../perceive/context';
import { cellTexts } from './describe-table';
import { controlledBy } from '../perceive/name';
import { roleOf, tagOf } from '../perceive/role';
import { textOf } from '../perceive/text-of';
import { fieldValue, isSecretField, REDACTED } from '../perceive/redact';
import type { ElementStore } from '../ids/store';
import { resolveTarget, type Target } from '../ids/target';
import { truncate } from '../dom/text';
import { queryAllDeep } from '../dom/roots';
import * as dom from '../dom/members';
import { atOnce, due, runAtOnce, type Pace, type Steps } from '../dom/slices';
import { TYPE_SELECTORS } from '../dom/types';

export interface ExtractOptions {
  /** Most characters of text or HTML (default 2,000); most rows (default 50); most options (default all). */
  max?: number;
}

export const PROPERTIES = [
  'text',
  'value',
  'href',
  'action',
  'checked',
  'selected',
  'disabled',
  'html',
  'rows',
  'options',
  'data',
  'rect',
  'data-*',
  'any attribute name',
];

/** What extract() returns for each property; any other name is an attribute, returned as text. */
export interface Extracted {
  text: string;
  value: string;
  href: string | null;
  action: string | null;
  checked: boolean | null;
  selected: boolean | string[];
  disabled: boolean;
  html: string;
  rows: { columns: string[]; rows: string[][]; total: number; truncated?: true };
  options: { value?: string; label: string; selected?: true; disabled?: true }[];
  data: Record<string, string>;
  rect: { x: number; y: number; width: number; height: number };
}

/** A table's rows as text, as steps that may pause (dom/slices.ts): rows are sorted out in slices. */
function* rowsOf(el: Element, maxRows: number, pace: Pace): Steps<Extracted['rows']> {
  const table = closestDeep(el, TYPE_SELECTORS.table);
  if (!table)
    throw new LLMHelperError(
      'bad_argument',
      `rows works on tables; element is a ${roleOf(el) || tagOf(el).toLowerCase()} that is not inside one. Try extract(id, 'text') or describe(id).`,
    );
  const firstRow = dom.qs<HTMLTableRowElement>(table, 'tr');
  const headerRow =
    dom.qs(table, 'thead tr') ?? (firstRow && dom.qsa(firstRow, 'td').length === 0 ? firstRow : null);
  const columns = headerRow
    ? cellTexts(headerRow, 60)
    : [...dom.qsa(table, '[role=columnheader]')].map((c) => truncate(textOf(c, 60), 60));
  const all = dom.qsa(table, TYPE_SELECTORS.row);
  const rows: Element[] = [];
  for (let i = 0; i < all.length; i++) {
    if (!(i & 255) && due(pace)) yield;
    const r = all[i]!;
    if (
      r !== headerRow &&
      !dom.closest<HTMLTableSectionElement>(r, 'thead') &&
      !dom.qs(r, '[role=columnheader]') &&
      closestDeep(r, TYPE_SELECTORS.table) === table &&
      (!pace.paused || dom.connected(r))
    )
      rows.push(r);
  }
  return {
    columns,
    rows: rows.slice(0, maxRows).map((r) => cellTexts(r, 100)),
    total: rows.length,
    ...(rows.length > maxRows ? { truncated: true } : {}),
  };
}

function optionsOf(el: Element): Extracted['options'] {
  if (tagOf(el) === 'SELECT')
    return [...(el as HTMLSelectElement).options].map((o) => ({
      value: o.value,
      label: o.label || o.text,
      ...(o.selected ? { selected: true } : {}),
      ...(o.disabled ? { disabled: true } : {}),
    }));
  const owned = controlledBy(el);
  const listbox =
    roleOf(el) === 'listbox' ? el : (owned.find((o) => roleOf(o) === 'listbox') ?? owned[0] ?? null);
  if (!listbox)
    throw new LLMHelperError(
      'bad_argument',
      `options works on a <select>, a listbox, or a combobox that controls one; this is a ${roleOf(el) || tagOf(el).toLowerCase()}.`,
    );
  return queryAllDeep(listbox, '[role=option]').map((o) => ({
    label: truncate(textOf(o, 100), 100),
    ...(dom.attr(o, 'aria-selected') === 'true' ? { selected: true } : {}),
    ...(dom.attr(o, 'aria-disabled') === 'true' ? { disabled: true } : {}),
  }));
}

function boundedHtml(el: Element, max: number): string {
  const clone = el.cloneNode(true) as Element;
  const secrets = [el, ...dom.qsa(el, 'input,textarea')].filter(isSecretField);
  const cloned = [clone, ...dom.qsa(clone, 'input,textarea')];
  const originals = [el, ...dom.qsa(el, 'input,textarea')];
  for (const s of secrets) {
    const c = cloned[originals.indexOf(s)];
    if (c && dom.hasAttr(c, 'value')) c.setAttribute('value', REDACTED);
    // eslint-disable-next-line no-restricted-syntax -- a write, to our own detached clone
    if (c && tagOf(c) === 'TEXTAREA') c.textContent = REDACTED;
  }
  for (const s of dom.qsa(clone, 'script,style')) s.remove();
  return truncate(clone.outerHTML, max);
}

export const extract = (
  store: ElementStore,
  id: Target,
  property = 'text',
  opts: ExtractOptions = {},
): unknown => runAtOnce(extractSteps(store, id, property, opts, atOnce()));

/** extract as steps that may pause (dom/slices.ts): a table's rows are read in slices. */
export function* extractSteps(
  store: ElementStore,
  id: Target,
  property = 'text',
  opts: ExtractOptions = {},
  pace: Pace,
): Steps<unknown> {
  if (typeof property !== 'string' || !property)
    throw new LLMHelperError(
      'bad_argument',
      `property must be a name such as 'text', 'value', 'href' or 'rows'; got ${JSON.stringify(property)}.`,
    );
  const { element: el } = resolveTarget(store, id, 'extract target');
  const max = opts.max ?? 2000;
  const tag = tagOf(el);
  if (property === 'rows') return yield* rowsOf(el, opts.max ?? 50, pace);
  const value = ((): unknown => {
    switch (property) {
      case 'text':
        return truncate(textOf(el, max), max);
      case 'value': {
        const v = fieldValue(el);
        if (v === undefined)
          throw new LLMHelperError(
            'bad_argument',
            `Element is a ${roleOf(el) || tag.toLowerCase()}, which has no value; use 'text', or 'checked' for checkboxes.`,
          );
        return v;
      }
      case 'href': {
        // An SVG link's href property is an SVGAnimatedString: its attribute, resolved, is the URL.
        const own = (el as HTMLAnchorElement).href;
        if (typeof own === 'string' && own) return own;
        const link = closestDeep(el, 'a[*|href]');
        const raw = dom.linkHref(el) || (link && dom.linkHref(link));
        if (!raw) return null;
        try {
          return new URL(raw, dom.doc(el).baseURI).href;
        } catch {
          return raw;
        }
      }
      case 'action': {
        // Where this element sends its form: a submit button's formaction or its form's action, a
        // field's form (Enter submits it); null outside a form, or for a dialog form (it stays here).
        const form = tag === 'FORM' ? el : ((el as HTMLInputElement).form ?? closestDeep(el, 'form'));
        if (!form || dom.attr(form, 'method')?.toLowerCase() === 'dialog') return null;
        const raw = dom.attr(el, 'formaction') ?? dom.attr(form, 'action') ?? '';
        try {
          return new URL(raw, dom.doc(el).baseURI).href;
        } catch {
          return raw;
        }
      }
      case 'checked':
        return (
          (el as HTMLInputElement).checked ??
          (dom.attr(el, 'aria-checked') === null ? null : dom.attr(el, 'aria-checked') === 'true')
        );
      case 'selected':
        if (tag === 'SELECT') return [...(el as HTMLSelectElement).selectedOptions].map((o) => o.value);
        return (el as HTMLOptionElement).selected ?? dom.attr(el, 'aria-selected') === 'true';
      case 'disabled':
        return (el as HTMLButtonElement).disabled === true || dom.attr(el, 'aria-disabled') === 'true';
      case 'html':
        return boundedHtml(el, max);
      case 'options':
        return optionsOf(el).slice(0, opts.max);
      case 'data':
        return { ...(el as HTMLElement).dataset };
      case 'rect': {
        const r = dom.rect(el);
        return {
          x: Math.round(r.x),
          y: Math.round(r.y),
          width: Math.round(r.width),
          height: Math.round(r.height),
        };
      }
      default: {
        // HTML attribute names are case-insensitive: 'VALUE' is the value attribute.
        const attr = property.replace(/^attribute:/, '').toLowerCase();
        if (dom.hasAttr(el, attr)) {
          if (attr === 'value' && isSecretField(el)) return REDACTED;
          return truncate(dom.attr(el, attr)!, max);
        }
        const has = [...dom.attrs(el)].map((a) => a.name).slice(0, 12);
        throw new LLMHelperError(
          'bad_argument',
          `Element has no property or attribute "${property}". Properties: ${PROPERTIES.join(', ')}.${has.length ? ` Its attributes: ${has.join(', ')}.` : ''}`,
        );
      }
    }
  })();
  return value; // scrubbed at the exit (helper.ts)
}

/** extract(id, property): one property of one element, as plain JSON. HTML only when asked, bounded. */
import { LLMHelperError } from '../errors';
import { closestDeep } from './context';
import { cellTexts } from './describe';
import { roleOf, tagOf, textOf } from './label';
import { fieldValue, isSecretField, REDACTED } from './redact';
import type { ElementStore } from './store';
import { resolveTarget, type Target } from './target';
import { truncate } from './text';
import { queryAllDeep } from './roots';

export interface ExtractOptions {
  /** Most characters of text or HTML (default 2,000); most rows (default 50). */
  max?: number;
}

export const PROPERTIES = [
  'text',
  'value',
  'href',
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

function rowsOf(el: Element, maxRows: number) {
  const table = closestDeep(el, 'table,[role=table],[role=grid],[role=treegrid]');
  if (!table)
    throw new LLMHelperError(
      'bad_argument',
      `rows works on tables; element is a ${roleOf(el) || tagOf(el).toLowerCase()} that is not inside one. Try extract(id, 'text') or describe(id).`,
    );
  const headerRow =
    table.querySelector('thead tr') ??
    (table.querySelector('tr')?.querySelectorAll('td').length === 0 ? table.querySelector('tr') : null);
  const columns = headerRow
    ? cellTexts(headerRow, 60)
    : [...table.querySelectorAll('[role=columnheader]')].map((c) => truncate(textOf(c, 60), 60));
  const rows = [...table.querySelectorAll('tr,[role=row]')].filter(
    (r) =>
      r !== headerRow &&
      !r.closest('thead') &&
      !r.querySelector('[role=columnheader]') &&
      closestDeep(r, 'table,[role=table],[role=grid],[role=treegrid]') === table,
  );
  return {
    columns,
    rows: rows.slice(0, maxRows).map((r) => cellTexts(r, 100)),
    total: rows.length,
    ...(rows.length > maxRows ? { truncated: true } : {}),
  };
}

function optionsOf(el: Element) {
  if (tagOf(el) === 'SELECT')
    return [...(el as HTMLSelectElement).options].map((o) => ({
      value: o.value,
      label: o.label || o.text,
      ...(o.selected ? { selected: true } : {}),
      ...(o.disabled ? { disabled: true } : {}),
    }));
  const owned = el.getAttribute('aria-controls') ?? el.getAttribute('aria-owns');
  const listbox =
    roleOf(el) === 'listbox'
      ? el
      : owned
        ? (el.getRootNode() as Document).getElementById?.(owned.split(/\s+/)[0]!)
        : null;
  if (!listbox)
    throw new LLMHelperError(
      'bad_argument',
      `options works on a <select>, a listbox, or a combobox that controls one; this is a ${roleOf(el) || tagOf(el).toLowerCase()}.`,
    );
  return queryAllDeep(listbox, '[role=option]').map((o) => ({
    label: truncate(textOf(o, 100), 100),
    ...(o.getAttribute('aria-selected') === 'true' ? { selected: true } : {}),
    ...(o.getAttribute('aria-disabled') === 'true' ? { disabled: true } : {}),
  }));
}

function boundedHtml(el: Element, max: number): string {
  const clone = el.cloneNode(true) as Element;
  const secrets = [el, ...el.querySelectorAll('input,textarea')].filter(isSecretField);
  const cloned = [clone, ...clone.querySelectorAll('input,textarea')];
  const originals = [el, ...el.querySelectorAll('input,textarea')];
  for (const s of secrets) {
    const c = cloned[originals.indexOf(s)];
    if (c?.hasAttribute('value')) c.setAttribute('value', REDACTED);
    if (c && tagOf(c) === 'TEXTAREA') c.textContent = REDACTED;
  }
  for (const s of [...clone.querySelectorAll('script,style')]) s.remove();
  return truncate(clone.outerHTML, max);
}

export function extract(
  store: ElementStore,
  id: Target,
  property = 'text',
  opts: ExtractOptions = {},
): unknown {
  if (typeof property !== 'string' || !property)
    throw new LLMHelperError(
      'bad_argument',
      `property must be a name such as 'text', 'value', 'href' or 'rows'; got ${JSON.stringify(property)}.`,
    );
  const { element: el } = resolveTarget(store, id, 'extract target');
  const max = opts.max ?? 2000;
  const tag = tagOf(el);
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
      case 'href':
        return (
          (el as HTMLAnchorElement).href ||
          el.getAttribute('href') ||
          closestDeep(el, 'a[href]')?.getAttribute('href') ||
          null
        );
      case 'checked':
        return (
          (el as HTMLInputElement).checked ??
          (el.getAttribute('aria-checked') === null ? null : el.getAttribute('aria-checked') === 'true')
        );
      case 'selected':
        if (tag === 'SELECT') return [...(el as HTMLSelectElement).selectedOptions].map((o) => o.value);
        return (el as HTMLOptionElement).selected ?? el.getAttribute('aria-selected') === 'true';
      case 'disabled':
        return (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true';
      case 'html':
        return boundedHtml(el, max);
      case 'rows':
        return rowsOf(el, opts.max ?? 50);
      case 'options':
        return optionsOf(el);
      case 'data':
        return { ...(el as HTMLElement).dataset };
      case 'rect': {
        const r = el.getBoundingClientRect();
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
        if (el.hasAttribute(attr)) {
          if (attr === 'value' && isSecretField(el)) return REDACTED;
          return truncate(el.getAttribute(attr)!, max);
        }
        const has = [...el.attributes].map((a) => a.name).slice(0, 12);
        throw new LLMHelperError(
          'bad_argument',
          `Element has no property or attribute "${property}". Properties: ${PROPERTIES.join(', ')}.${has.length ? ` Its attributes: ${has.join(', ')}.` : ''}`,
        );
      }
    }
  })();
  return value; // scrubbed at the exit (helper.ts)
}

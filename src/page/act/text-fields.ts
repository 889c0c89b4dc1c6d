/**
 * Kinds of text field, and how to read one back: a plain input, an input that only feeds an editor which
 * shows the text itself (CodeMirror 5, Ace, Monaco), and a typeahead with the suggestions it offers.
 */
import { inputType, roleOf, tagOf } from '../perceive/role';
import { itemLines } from '../observe/change-report';
import { isVisible } from '../perceive/visible';
import type { ActionContext } from './context';
import { keyEvent, keyInfo, type Modifier } from '../dom/events';
import * as dom from '../dom/members';

const NOT_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'image',
  'file',
  'range',
  'color',
  'hidden',
]);

export const isTextField = (el: Element): boolean =>
  (tagOf(el) === 'INPUT' && !NOT_TEXT_INPUTS.has(inputType(el))) || tagOf(el) === 'TEXTAREA';

/**
 * The editor a text field only feeds (CodeMirror 5, Ace, Monaco): a field squeezed to a few pixels, or
 * inside a box that is, under an editor that shows the text itself. Null for an ordinary field.
 */
export function editorFedBy(field: Element): HTMLElement | null {
  if (!isTextField(field)) return null;
  // Rendered, as an editor's input is (an input in a closed dropdown is not an editor's).
  if (dom.checkVisibility && !dom.checkVisibility(field, { visibilityProperty: true })) return null;
  const tiny = (r: DOMRect) => r.width <= 4 || r.height <= 1;
  const parent = dom.parentEl(field);
  if (!tiny(dom.rect(field)) && !(parent && tiny(dom.rect(parent)))) return null;
  for (let up = parent, depth = 0; up && depth < 4; up = dom.parentEl(up), depth++) {
    const r = dom.rect(up);
    if (r.width > 40 && r.height > 10) return up;
  }
  return null;
}

export const shownText = (el: HTMLElement): string => normalizeLines(el.innerText ?? '');
const normalizeLines = (s: string): string => s.replace(/\u00a0/g, ' ').replace(/\n$/, '');

/** The editor still shows all of what it showed before besides the new text: clearing it failed. */
export function kept(before: string, now: string, text: string): boolean {
  const bare = (s: string) => s.replace(/\s/g, '').length;
  const lines = before.split('\n').filter((l) => l.trim());
  return !!lines.length && lines.every((l) => now.includes(l)) && bare(now) >= bare(before) + bare(text);
}

/** Control+A (Meta+A on a Mac) on the field, which editors take as select-all. */
export function selectAllKeys(field: Element): void {
  const mods: Modifier[] = /Mac|iPhone|iPad/.test(navigator.platform) ? ['Meta'] : ['Control'];
  const a = keyInfo('a');
  // Whether or not the page takes it, typing then replaces what the field holds (select() and delete).
  keyEvent(field, 'keydown', a, mods);
  keyEvent(field, 'keyup', a, mods);
}

/** How long a typeahead field gets to show its suggestions after typing. */
export const TYPEAHEAD_MS = 600;
const TYPEAHEAD_CLASS = /autocomplete|typeahead|autosuggest|tt-input/i;

/** A field that offers suggestions as one types (ARIA combobox or autocomplete, a datalist, a known widget). */
export function isTypeahead(field: Element): boolean {
  const popup = dom.attr(field, 'aria-haspopup');
  return (
    roleOf(field) === 'combobox' ||
    /^(list|both)$/.test(dom.attr(field, 'aria-autocomplete') ?? '') ||
    (!!popup && popup !== 'false') ||
    dom.hasAttr(field, 'aria-controls') ||
    TYPEAHEAD_CLASS.test(dom.attr(field, 'class') ?? '')
  );
}

const SUGGESTION_LISTS = '[role=listbox],[role=menu],ul,ol';
const SUGGESTION_ITEMS = '[role=option],[role=menuitem],li';

/** The items (at most 8) of the fullest list that appeared or changed while typing and shows now. */
export function suggestions(ctx: ActionContext, field: Element, touched: Set<Element>): string[] {
  let best: Element[] = [];
  const seen = new Set<Element>();
  for (const el of touched) {
    const list = dom.matches(el, SUGGESTION_LISTS) ? el : dom.closest(el, SUGGESTION_LISTS);
    if (!list || seen.has(list) || dom.contains(list, field)) continue;
    seen.add(list);
    if (!isVisible(list)) continue;
    const items = [...dom.qsa(list, SUGGESTION_ITEMS)].filter(isVisible);
    if (items.length > best.length) best = items;
  }
  return itemLines(ctx.store, best, 8);
}

export interface TypeOptions {
  /** Replace what is there (default true); false appends. */
  clear?: boolean;
  /** Submit afterwards: Enter, then the form's requestSubmit() if Enter did not submit. */
  submit?: boolean;
  /**
   * Send keydown, keypress, input and keyup for every character, as a keyboard does (handlers on any
   * of them run: a list that filters on keyup, a mask that formats on keydown). Default: for texts up
   * to PER_KEY_MAX characters; a longer one goes in at once, followed by its last key's keyup. false:
   * always at once (one input event).
   */
  perKey?: boolean;
}

/** The editable element meant by a target: itself, or the one field inside a wrapper or label. */
export function editableOf(el: Element): Element | null {
  if (isTextField(el) || (el as HTMLElement).isContentEditable) return el;
  const inner = dom.qsa(el, 'input,textarea,[contenteditable=""],[contenteditable=true]');
  const fields = [...inner].filter((f) => isTextField(f) || (f as HTMLElement).isContentEditable);
  return fields.length === 1 ? fields[0]! : null;
}

/** The letters and digits of a text, in order, case aside: what a format keeps of what was typed. */
export const content = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

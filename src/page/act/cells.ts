/**
 * Cells edited in place (spreadsheets, data grids): `type` on a cell opens its editor as a person would
 * (a double-click, else Enter, else F2), types into the editor, commits with Enter, and reads back what
 * the cell shows.
 */
import { deepActiveElement } from '../read/describe';
import { elementLine } from '../read/lines';
import { textOf } from '../perceive/text-of';
import type { ActionResult } from '../observe/change-report';
import { resolveTarget, type Target } from '../ids/target';
import { TYPE_SELECTORS } from '../dom/types';
import { isVisible } from '../perceive/visible';
import { truncate } from '../dom/text';
import * as dom from '../dom/members';
import type { ActionContext } from './context';
import { content, editableOf, type TypeOptions } from './text-fields';
import { keyEvent, keyInfo } from '../dom/events';
import { hoverAt, prepare, pressAt } from './pointer';

/** The keyboard's actions, passed by keyboard.ts (which calls this file) so that this file sits below it. */
export interface Keys {
  type(ctx: ActionContext, id: Target, text: string, opts: TypeOptions): Promise<ActionResult>;
  press(ctx: ActionContext, key: string): Promise<ActionResult>;
}

const CELL = 'td,[role=gridcell],[role=cell]';

/** The cell a target is, when it is one of a table or grid. */
export const cellOf = (el: Element): Element | null =>
  dom.matches(el, CELL) && dom.closest(el, TYPE_SELECTORS.table) ? el : null;

const overlaps = (a: Element, b: Element): boolean => {
  const r = dom.rect(a);
  const s = dom.rect(b);
  return r.width > 0 && r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
};

/** The editor a cell opened: the focused field in the cell or drawn over it, else a field inside it. */
function editorOf(cell: Element): Element | null {
  const active = deepActiveElement();
  const focused = active && editableOf(active);
  if (focused && (dom.contains(cell, focused) || overlaps(focused, cell))) return focused;
  for (const f of dom.qsa(cell, 'input,textarea,[contenteditable=""],[contenteditable=true]')) {
    const field = editableOf(f);
    if (field && isVisible(field)) return field;
  }
  return null;
}

/** A moment for the grid to draw its editor. */
const drawn = () => new Promise((r) => setTimeout(r, 60));

export async function typeIntoCell(
  ctx: ActionContext,
  cell: Element,
  text: string,
  opts: TypeOptions,
  note: string,
  { type, press }: Keys,
): Promise<ActionResult> {
  const cellId = ctx.store.idFor(cell);
  const line = elementLine(ctx.store, cell);
  // As a person would: a click (some grids edit on it), a double-click, then Enter, then F2 on the
  // selected cell. Each press lands on what is under the pointer then (the editor, once it opened).
  let how = '';
  let editor = editorOf(cell);
  for (const clickCount of [1, 2]) {
    const p = editor ? null : prepare(ctx, cellId, 'double-click');
    if (!p?.spot) break;
    hoverAt(ctx, p.spot.hit, p.spot.at);
    await pressAt(p.spot.hit, p.spot.at, { clickCount });
    await drawn();
    editor = editorOf(cell);
    how = clickCount === 1 ? 'a click' : 'a double-click';
  }
  for (const key of ['Enter', 'F2']) {
    if (editor) break;
    await press(ctx, key);
    await drawn();
    editor = editorOf(cell);
    how = key;
  }
  if (!editor)
    return {
      ok: false,
      message: `${note}${line} opened no editor on a double-click, Enter or F2: look for an edit button or form.`,
      changes: {},
    };
  const typed = await type(ctx, ctx.store.idFor(editor), text, opts);
  if (!typed.ok) return { ...typed, message: `${note}${line}, opened by ${how}: ${typed.message}` };
  // Committed with Enter (its key events only: a form around the grid is not sent), unless the grid
  // already closed its editor (some commit on input or blur).
  let enter = '';
  if (dom.connected(editor)) {
    const key = keyInfo('Enter');
    keyEvent(editor, 'keydown', key, []);
    keyEvent(editor, 'keyup', key, []);
    await drawn();
    enter = ', Enter';
  }
  // The grid may draw the cell anew: the store finds it again by its fingerprint.
  let now = cell;
  try {
    now = resolveTarget(ctx.store, cellId, 'cell').element;
  } catch {
    /* gone: what it held is read from the cell as it was */
  }
  const open = editorOf(now);
  const shown = textOf(now, 200);
  const took = !open && content(shown).includes(content(text));
  const changes = typed.changes;
  const done = `${note}Typed "${truncate(text, 200)}" into ${line} (opened by ${how}${enter})`;
  return {
    ok: took,
    message: took
      ? `${done}; it shows "${shown}".`
      : open
        ? `${done}, but its editor is still open: press Tab, or Escape to cancel.`
        : `${done}, but it shows "${shown}": the grid refused it.`,
    changes,
  };
}

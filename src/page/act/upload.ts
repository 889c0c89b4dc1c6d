/** upload: files put into a file input or a drop zone, as a person's drop or file picker would. */
import { LLMHelperError } from '../../errors';
import { elementLine } from '../read/lines';
import { inputType, tagOf } from '../perceive/role';
import { describeChanges } from '../observe/change-text';
import { type ActionResult } from '../observe/change-report';
import { track } from '../observe/settle';
import { resolveTarget, type Target } from '../ids/target';
import type { ActionContext } from './context';
import { plainEvent } from '../dom/events';
import * as dom from '../dom/members';

export interface UploadFile {
  name: string;
  /** MIME type (default application/octet-stream). */
  type?: string;
  /** Text, or base64 when encoding is 'base64'. */
  content: string;
  encoding?: 'text' | 'base64';
}

function toFile(win: Window & typeof globalThis, f: UploadFile): File {
  if (!f || typeof f.name !== 'string' || typeof f.content !== 'string')
    throw new LLMHelperError(
      'bad_argument',
      'Each file needs { name, content } as strings (and optional type, encoding: "base64").',
    );
  const body = f.encoding === 'base64' ? Uint8Array.from(atob(f.content), (c) => c.charCodeAt(0)) : f.content;
  return new win.File([body], f.name, { type: f.type ?? 'application/octet-stream' });
}

/** upload(id, files): sets a file input's files through DataTransfer, or drops them on a drop zone. */
export async function upload(
  ctx: ActionContext,
  id: Target,
  files: UploadFile | UploadFile[],
): Promise<ActionResult> {
  const list = Array.isArray(files) ? files : [files];
  const { element, relocated } = resolveTarget(ctx.store, id, 'upload target');
  const note = relocated ? `${relocated} ` : '';
  const win = (dom.view(dom.doc(element)) ?? window) as Window & typeof globalThis;
  const dt = new win.DataTransfer();
  for (const f of list) dt.items.add(toFile(win, f));
  const input =
    tagOf(element) === 'INPUT' && inputType(element) === 'file'
      ? element
      : dom.qs(element, 'input[type=file]');
  const tracker = await track(ctx.store);
  // What a person did: picked files for a field, or dropped them; what the page made of it is in the
  // changes (a list entry, a preview, a request), never assumed to be an upload.
  const names = list.map((f) => `"${f.name}"`).join(', ');
  let how: string;
  if (input) {
    if (list.length > 1 && !(input as HTMLInputElement).multiple)
      return {
        ok: false,
        message: `${note}${elementLine(ctx.store, input)} takes one file; pass one.`,
        changes: {},
      };
    (input as HTMLInputElement).files = dt.files;
    plainEvent(input, 'input');
    plainEvent(input, 'change');
    how = `Chose ${names} for ${elementLine(ctx.store, input)} (as a person picks a file: the page sends it when it does, often with its own upload or submit button)`;
  } else {
    for (const type of ['dragenter', 'dragover', 'drop'])
      element.dispatchEvent(
        new win.DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: dt }),
      );
    how = `Dropped ${names} on ${elementLine(ctx.store, element)}`;
  }
  const changes = await tracker.finish(input);
  return {
    ok: true,
    message: `${note}${how}.${describeChanges(changes)}`,
    changes,
  };
}

/**
 * prepare(): the element indexes of the page (its document, shadow roots and same-origin frames) built
 * or brought up to date a slice at a time, the page running between slices. A call that reads the page
 * before they are built walks within a budget (element-index.ts: 40 ms; the whole walk takes 150-180 ms
 * at 470,000 elements) and says what its answer covers; after prepare() it reads lists. The agent, the
 * bridge, execute() and every action await it first; the script tag starts it when the page is idle,
 * and a call whose budget ran out starts it too.
 */
import type { Slices, Unfinished } from './element-index';
import { prepareRoots } from './roots';
import * as dom from './members';
import { thousands, truncate } from './text';
import { pause } from './slices';

/** Main-thread time a slice of the index's walk may take. */
const SLICE_MS = 8;
/** Slices of `ms` of the main thread each. */
export function slices(ms = SLICE_MS): Slices {
  let start = performance.now();
  return {
    every: 256,
    due: () => performance.now() - start > ms,
    pause: async () => {
      await pause();
      start = performance.now();
    },
  };
}

/** Prepares the indexes of `doc` (default: this page) in slices; resolves when the next call reads lists. */
export function prepare(doc: Document | undefined = globalThis.document): Promise<void> {
  return doc ? prepareRoots(doc, slices()) : Promise.resolve();
}

/** What a call says when its budget of walking ran out before the page was indexed. */
export function unfinishedNote(call: string, { at, walked }: Unfinished): string {
  const id = at ? dom.attr(at, 'id') : null;
  const where = at ? ` (to <${dom.localName(at)}${id ? ` id="${truncate(id, 40)}"` : ''}>)` : '';
  return (
    `This page is not indexed yet: this answer covers its first ${thousands(walked)} elements${where} and may ` +
    `miss what comes after. Indexing goes on in the background: call ${call} again in a moment, or await ` +
    `LLMHelper.prepare() first.`
  );
}

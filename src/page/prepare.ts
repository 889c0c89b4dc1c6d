/**
 * prepare(): the element indexes of the page (its document, shadow roots and same-origin frames) built
 * or brought up to date a slice at a time, the page running between slices. A call on a page of 500,000
 * elements whose index is not built walks every element in one task (about 250 ms); after prepare() it
 * reads lists. The agent, the bridge and execute() await it before each call; the script tag starts it
 * when the page is idle.
 */
import type { Slices } from './element-index';
import { prepareRoots } from './roots';

/** Main-thread time a slice may take. */
const SLICE_MS = 8;
/** A pause ends by a timer too, should a message never come (a page that broke MessageChannel). */
const PAUSE_LIMIT_MS = 50;

/**
 * Lets the page run: a task posted through a MessageChannel, which input and rendering may go before,
 * and which a background tab does not throttle as it throttles timers.
 */
function pause(): Promise<void> {
  return new Promise((resolve) => {
    let channel: MessageChannel | null = null;
    const done = () => {
      clearTimeout(timer);
      // An open port would keep a Node process (jsdom) running.
      channel?.port1.close();
      resolve();
    };
    const timer = setTimeout(done, PAUSE_LIMIT_MS);
    try {
      channel = new MessageChannel();
      channel.port1.onmessage = done;
      channel.port2.postMessage(null);
    } catch {
      /* the timer ends the pause */
    }
  });
}

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

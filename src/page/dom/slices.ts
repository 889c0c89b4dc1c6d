/**
 * A call's work in slices. A call that may read a large page is written once, as steps (a generator)
 * that yield wherever its slice may be used up. Called from the console it runs at once, as one task;
 * called by the agent (every tool call goes through execute) it runs in slices (configure({ sliceMs }),
 * 30 ms by default) with a pause
 * between them, so that the page's own scripts, its frames, and the garbage collector's steps get tasks
 * of their own instead of landing inside one long task of ours. Whatever the page changed during a
 * pause, the steps drop (an element it removed) before they answer.
 */

import { current } from '../../config';

/** How a call's steps are paced. */
export interface Pace {
  /** When the current slice ends (performance.now()); Infinity for a call that runs at once. */
  until: number;
  /** The time spent paused so far: a call's own time budget counts its work, not the page's turns. */
  paused: number;
}

/**
 * A call's steps: yields where it may pause, returns its answer. A step that has made much garbage
 * (a long read of the page's text) yields GIVE_COLLECTOR: the pause is then an idle period of the page.
 */
export type Steps<T> = Generator<undefined | typeof GIVE_COLLECTOR, T, void>;

/**
 * What a step yields after making about COLLECTOR_BYTES of garbage: the pause waits for the page to be
 * idle (50 ms at most), when the browser runs the collector's marking. Without it, a search that reads
 * a large page's 30 MB of text outran the collector's marking, which then ended in one full collection
 * of the page's whole heap, a pause of 300-400 ms in one of its slices.
 */
export const GIVE_COLLECTOR = 'collector';
export const COLLECTOR_BYTES = 8 << 20;

/** A pace that never pauses: the call runs at once. */
export const atOnce = (): Pace => ({ until: Infinity, paused: 0 });

/** Whether the slice is used up (the caller yields); never for a call that runs at once. */
export const due = (pace: Pace): boolean => pace.until !== Infinity && performance.now() >= pace.until;

/** The time a call has worked, leaving out its pauses (for its own budget). */
export const worked = (pace: Pace, since: number): number => performance.now() - pace.paused - since;

/** Runs steps at once, to their answer. */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A pause ends by a timer too, should a message never come (a page that broke MessageChannel). */
const PAUSE_LIMIT_MS = 50;

/**
 * Lets the page run: a task posted through a MessageChannel, which input and rendering may go before,
 * and which a background tab does not throttle as it throttles timers.
 */
export function pause(): Promise<void> {
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

/** The browser's requestIdleCallback, taken as the SDK loads: a page's script may replace it later. */
const idleCallback = (
  globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number }
).requestIdleCallback?.bind(globalThis);

/**
 * A pause until the page is idle, or one task where there is no requestIdleCallback; at most 50 ms
 * either way, by a timer too (as pause() ends), should the idle callback never come.
 */
function idle(): Promise<void> {
  if (!idleCallback) return pause();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAUSE_LIMIT_MS);
    idleCallback(
      () => {
        clearTimeout(timer);
        resolve();
      },
      { timeout: PAUSE_LIMIT_MS },
    );
  });
}

/** Calls in slices now running; what is kept for a task is kept until the last of them ends. */
let running = 0;
const releases = new Set<() => void>();

/** Whether a call in slices is running (it keeps what it found at its start). */
export const inSlices = (): boolean => running > 0;

/**
 * Forgets a memo kept for the current task (the roots found, the live secrets) when the task ends, or,
 * while a call runs in slices, when the call ends: the call asks again in each slice, and finding every
 * root of 30,000 shadow roots each time cost a slice a third of its time.
 */
export function forTask(release: () => void): void {
  if (running) releases.add(release);
  else queueMicrotask(release);
}

/**
 * Runs steps in slices of configure({ sliceMs }), pausing a task between them, to their answer; `around` runs each
 * slice (with the calling instance's settings current, say).
 */
export async function runInSlices<T>(
  start: (pace: Pace) => Steps<T>,
  around: <R>(slice: () => R) => R = (slice) => slice(),
): Promise<T> {
  // The work between pauses (configure({ sliceMs })): a slice overshoots by what one step costs, and the
  // collector's steps that land in it; at 30 ms a call's longest task on a page of 500,000 elements
  // stays under 100.
  const slice = around(() => current().sliceMs);
  const pace: Pace = { until: performance.now() + slice, paused: 0 };
  running++;
  try {
    const steps = start(pace);
    for (;;) {
      const step = around(() => steps.next());
      if (step.done) return step.value;
      const stopped = performance.now();
      await (step.value === GIVE_COLLECTOR ? idle() : pause());
      const resumed = performance.now();
      pace.paused += resumed - stopped;
      pace.until = resumed + slice;
    }
  } finally {
    if (!--running) {
      for (const release of releases) release();
      releases.clear();
    }
  }
}

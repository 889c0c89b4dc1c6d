/** waitFor(pattern | { id, state }): a MutationObserver (in open shadow roots too) with a polling fallback. */
import { LLMHelperError } from '../../errors';
import { elementLine } from '../read/lines';
import { find } from '../find/find';
import { type FindOptions, type Match } from '../find/types';
import type { ElementStore } from '../ids/store';
import type { Target } from '../ids/target';
import { visibility } from '../perceive/visible';
import { collectRoots } from '../dom/roots';
import type { ActionContext } from './context';
import { nextFrame } from '../dom/events';
import { isDisabled } from '../perceive/disabled';

export type WaitState = 'visible' | 'hidden' | 'attached' | 'detached' | 'enabled';

export interface WaitOptions extends FindOptions {
  /** Milliseconds (default 5,000, at most 60,000). */
  timeout?: number;
  /** For a pattern: wait until it is visible (default) or until no visible match is left ('hidden'). */
  state?: WaitState;
}

export interface WaitResult {
  ok: boolean;
  message: string;
  matches?: Match[];
  elapsed: number;
}

const STATES: WaitState[] = ['visible', 'hidden', 'attached', 'detached', 'enabled'];

function stateOf(store: ElementStore, id: number, state: WaitState): { met: boolean; line: string } {
  const fp = store.fingerprintOf(id);
  let el: Element | null = null;
  try {
    el = store.resolve(id).element;
  } catch {
    el = null;
  }
  const line = el
    ? elementLine(store, el)
    : `element ${id}${fp ? ` (${fp.role || fp.tag.toLowerCase()} "${fp.name || fp.text}")` : ''}`;
  if (!el) return { met: state === 'detached' || state === 'hidden', line };
  const visible = visibility(el).visible;
  const met = { visible, hidden: !visible, attached: true, detached: false, enabled: !isDisabled(el) }[state];
  return { met, line };
}

/** Runs `check` on every DOM change and every 100 ms until it returns true or the timeout passes. */
function until(check: () => boolean, timeout: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (check()) return resolve(true);
    let done = false;
    const finish = (value: boolean) => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearInterval(poll);
      clearTimeout(timer);
      resolve(value);
    };
    let scheduled = false;
    const observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      // Coalesce bursts of mutations into one check per frame.
      void nextFrame().then(() => {
        scheduled = false;
        if (check()) finish(true);
      });
    });
    for (const root of collectRoots(document).roots)
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    // CSS transitions and timers change visibility without mutations: poll as well.
    const poll = setInterval(() => check() && finish(true), 100);
    const timer = setTimeout(() => finish(check()), timeout);
  });
}

export async function waitFor(
  ctx: ActionContext,
  what: string | RegExp | { id: Target; state?: WaitState },
  opts: WaitOptions = {},
): Promise<WaitResult> {
  const timeout = opts.timeout ?? 5000;
  if (!(typeof timeout === 'number' && timeout >= 0 && timeout <= 60_000))
    throw new LLMHelperError(
      'bad_argument',
      `timeout is milliseconds from 0 to 60000; got ${JSON.stringify(opts.timeout)}.`,
    );
  const start = performance.now();
  const elapsed = () => Math.round(performance.now() - start);
  if (what && typeof what === 'object' && !(what instanceof RegExp)) {
    const state = what.state ?? 'visible';
    if (!STATES.includes(state))
      throw new LLMHelperError(
        'bad_argument',
        `state must be one of ${STATES.join(', ')}; got ${JSON.stringify(state)}.`,
      );
    const id = Number(what.id);
    if (!ctx.store.fingerprintOf(id)) ctx.store.resolve(id); // throws the unknown-ID error
    let last = stateOf(ctx.store, id, state);
    const met = await until(() => (last = stateOf(ctx.store, id, state)).met, timeout);
    return met
      ? { ok: true, message: `${last.line} is ${state} (after ${elapsed()} ms).`, elapsed: elapsed() }
      : {
          ok: false,
          message: `${last.line} was still not ${state} after ${timeout} ms.`,
          elapsed: elapsed(),
        };
  }
  if (typeof what !== 'string' && !(what instanceof RegExp))
    throw new LLMHelperError(
      'bad_argument',
      `waitFor takes a pattern (text or RegExp) or { id, state }; got ${typeof what}.`,
    );
  const state = opts.state ?? 'visible';
  if (state !== 'visible' && state !== 'hidden')
    throw new LLMHelperError(
      'bad_argument',
      `With a pattern, state is 'visible' or 'hidden'; use { id, state } for ${state}.`,
    );
  const findOpts: FindOptions = { ...opts, limit: opts.limit ?? Math.min(3, ctx.store.config.findLimit) };
  delete (findOpts as WaitOptions).timeout;
  delete (findOpts as WaitOptions).state;
  let matches: Match[] = [];
  const met = await until(() => {
    matches = find(ctx.store, what, findOpts);
    return state === 'visible' ? matches.length > 0 : matches.length === 0;
  }, timeout);
  const shown = String(what);
  if (!met)
    return {
      ok: false,
      message:
        state === 'visible'
          ? `Nothing matching ${shown} appeared within ${timeout} ms.`
          : `${shown} was still shown after ${timeout} ms.`,
      matches,
      elapsed: elapsed(),
    };
  return state === 'visible'
    ? {
        ok: true,
        message: `${shown} appeared after ${elapsed()} ms: ${matches.map((m) => `[${m.id}] ${m.role ?? m.tag} "${m.text}"`).join(', ')}.`,
        matches,
        elapsed: elapsed(),
      }
    : { ok: true, message: `${shown} is gone (after ${elapsed()} ms).`, elapsed: elapsed() };
}

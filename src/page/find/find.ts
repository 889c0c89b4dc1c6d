/**
 * find: regex search over what a person perceives (visible text, labels, placeholders, titles, alt
 * text, button values), returning the element a person would act on, ranked.
 */
import { LLMHelperError } from '../../errors';
import type { ElementStore } from '../ids/store';
import { toPattern, type Pattern } from './pattern';
import { search } from './search';
import { finish } from './matches';
import type { FindOptions, Matches } from './types';
import { atOnce, runAtOnce, type Pace, type Steps } from '../dom/slices';

function checkOptions(pattern: unknown, opts: FindOptions): void {
  if (pattern === undefined && !opts.type)
    throw new LLMHelperError(
      'bad_argument',
      `find needs a pattern (text or regex), or a type to list, e.g. find('Save') or find({ type: 'checkbox' }).`,
    );
  if (pattern !== undefined && typeof pattern !== 'string' && !(pattern instanceof RegExp))
    throw new LLMHelperError(
      'bad_argument',
      `pattern must be text or a regular expression; got ${typeof pattern}.`,
    );
}

/**
 * find's and findNear's arguments: (pattern?, options?) or ({ type }), checked; with no pattern, every
 * element of the type, `type` when none is given.
 */
export function patternAndOptions(
  pattern: string | RegExp | FindOptions | null | undefined,
  options: FindOptions,
  type: string,
): [Pattern | null, FindOptions] {
  if (pattern === null) pattern = undefined;
  if (pattern !== undefined && typeof pattern === 'object' && !(pattern instanceof RegExp)) {
    // find({ pattern, type }), the shape the tool and help() show: its pattern is the pattern.
    const { pattern: inner, ...rest } = pattern as FindOptions & { pattern?: string | RegExp };
    options = { ...rest, ...options };
    pattern = inner;
  }
  checkOptions(pattern, options);
  const p = pattern === undefined || pattern === '' ? null : toPattern(pattern, options);
  return [p, !p && !options.type ? { ...options, type } : options];
}

/** find(pattern?, options?) or find({ type }), as steps that may pause (dom/slices.ts). */
export function* findSteps(
  store: ElementStore,
  pattern: string | RegExp | FindOptions | null | undefined,
  given: FindOptions = {},
  pace: Pace,
): Steps<Matches> {
  const [p, options] = patternAndOptions(pattern, given, 'any');
  const result = yield* search(store, p, options, pace);
  return yield* finish(
    store,
    result,
    result.candidates,
    options.limit ?? store.config.findLimit,
    options,
    pace,
  );
}

/** find(pattern?, options?) or find({ type }), at once. */
export const find = (
  store: ElementStore,
  pattern?: string | RegExp | FindOptions | null,
  given: FindOptions = {},
): Matches => runAtOnce(findSteps(store, pattern, given, atOnce()));

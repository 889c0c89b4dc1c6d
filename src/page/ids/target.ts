/** Turning what a caller names (an ID, a CSS selector) into an element, with errors that say what to do. */
import { LLMHelperError } from '../../errors';
import type { ElementStore, Resolved } from './store';
import { queryAllDeep } from '../dom/roots';

export type Target = number | string;

export function resolveTarget(store: ElementStore, target: Target, what = 'target'): Resolved {
  if (typeof target === 'number' || (typeof target === 'string' && /^\d+$/.test(target.trim())))
    return store.resolve(Number(target));
  if (typeof target !== 'string' || !target.trim())
    throw new LLMHelperError(
      'bad_argument',
      `${what} must be an element ID (a number from find) or a CSS selector; got ${JSON.stringify(target)}.`,
    );
  let found: Element[];
  try {
    found = queryAllDeep(document, target);
  } catch {
    throw new LLMHelperError(
      'bad_argument',
      `${what} "${target}" is not a valid CSS selector; pass an element ID from find or a valid selector.`,
    );
  }
  if (!found.length)
    throw new LLMHelperError(
      'not_found',
      `No element matches the selector "${target}"; try find() with the text you see instead.`,
    );
  return { element: found[0]! };
}

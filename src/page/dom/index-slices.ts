/**
 * The element index built a slice at a time (prepare()), the page running between slices, and whether a
 * root's index is only partly built (a call's budget ran out before its walk ended).
 */
import { IndexRoot, advance, stateOf, update, budget, Slices } from './element-index';

/** Whether the call under way answered from a part of `root`'s index (its walk unfinished). */
export const partlyIndexed = (root: Node): boolean => !!budget?.partial.has(root as IndexRoot);

/**
 * Brings the index of `root` up to date without holding the main thread past a slice: what changed is
 * applied as by a call, and a walk that is needed (the first, after more changed than is worth applying,
 * or one a call's budget left unfinished) goes on a slice at a time. A call made meanwhile walks on
 * within its budget.
 */
export function prepareIndex(root: IndexRoot, slices: Slices): Promise<void> {
  const state = stateOf(root);
  if (state.ready) return state.ready;
  if (!state.building && update(root, state)) return Promise.resolve();
  const walk = async (): Promise<void> => {
    while (!advance(root, state, slices)) {
      await slices.pause();
      // A call ended the walk meanwhile: what changed since is applied as by any call.
      if (!state.building && update(root, state)) return;
    }
  };
  const ready = walk().finally(() => {
    if (state.ready === ready) state.ready = null;
  });
  state.ready = ready;
  return ready;
}

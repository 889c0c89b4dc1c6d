/**
 * Loop detection and nudges: the model is told when few steps are left, when it repeats a call with the
 * same result (the run stops at REPEAT_STOP), and when its actions have changed nothing for a while.
 */

/** Steps left at which the model is told how many remain. */
const NUDGES = [5, 2];
const REPEAT_NUDGE = 3;
export const REPEAT_STOP = 5;
const UNCHANGED_NUDGE = 4;

/** Whether the model is told, at this many steps left, that the run is ending. */
export const nudgeAt = (left: number): boolean => NUDGES.includes(left);

/** What a run's calls have done so far, as far as looping goes. */
export interface LoopWatch {
  /** A call ran: what the model was told, and whether the page changed (undefined: it only read). */
  saw(name: string, args: unknown, content: string, changed: boolean | undefined): void;
  /** The person changed the page: the steps that changed nothing are counted again from none. */
  restart(): void;
  /**
   * After a step: the call repeated with the same result most (REPEAT_NUDGE times or more; the run stops
   * at REPEAT_STOP) and how often, or 'unchanged' when UNCHANGED_NUDGE actions changed nothing; else null.
   */
  verdict(): [call: string, times: number] | 'unchanged' | null;
}

export function watchLoops(): LoopWatch {
  const seen = new Map<string, number>();
  let unchanged = 0;
  return {
    saw(name, args, content, changed) {
      if (changed === false) unchanged++;
      else if (changed) unchanged = 0;
      const key = `${name} ${JSON.stringify(args)} → ${content}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    },
    restart() {
      unchanged = 0;
    },
    verdict() {
      let worst: [string, number] | undefined;
      for (const entry of seen) if (!worst || entry[1] > worst[1]) worst = entry;
      if (worst && worst[1] >= REPEAT_NUDGE) return [worst[0].split(' → ')[0]!, worst[1]];
      if (unchanged < UNCHANGED_NUDGE) return null;
      unchanged = 0;
      return 'unchanged';
    },
  };
}

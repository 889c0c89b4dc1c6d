/** One search's limits: its time and the places it collects, why it stopped early, and its pace. */
import { worked, type Pace } from '../dom/slices';

/**
 * Upper bounds of one search's work, whatever the page and the pattern: the text scan and the names
 * read within SEARCH_MS when it runs at once (a 500,000-element page is read whole in about half of it
 * here), or SLICED_SEARCH_MS of its own work when it runs in slices (the tools: the page runs between
 * them, so the whole page is read), and at most MAX_HITS places collected and ranked.
 */
export const SEARCH_MS = 150;
export const SLICED_SEARCH_MS = 1500;
export const MAX_HITS = 1000;

/** The time a search may still take; `stopped` says why it ended early, for the note. */
export interface Budget {
  /** When the search started, and the work it may do (ms, its pauses left out). */
  start: number;
  ms: number;
  pace: Pace;
  /**
   * Checks made. The clock is read at every 32nd: a search checks a few times per shadow root, and
   * 90,000 reads of it on a page of 30,000 roots took 10-25 ms.
   */
  checks: number;
  stopped?: 'time' | 'hits';
}

/** A search's budget from now: SEARCH_MS at once, SLICED_SEARCH_MS in slices. */
export const budgetFor = (pace: Pace): Budget => ({
  start: performance.now(),
  ms: pace.until === Infinity ? SEARCH_MS : SLICED_SEARCH_MS,
  pace,
  checks: 0,
});

export const overBudget = (b: Budget): boolean => {
  if (!b.stopped && !(++b.checks & 31) && worked(b.pace, b.start) > b.ms) b.stopped = 'time';
  return !!b.stopped;
};

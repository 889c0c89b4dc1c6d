/** One search's limits: its time and the places it collects, and why it stopped early. */

/**
 * Upper bounds of one search's work, whatever the page and the pattern: the text scan and the names
 * read within SEARCH_MS (a 500,000-element page is read whole in about half of it here), and at most
 * MAX_HITS places collected and ranked.
 */
export const SEARCH_MS = 150;
export const MAX_HITS = 1000;

/** The time a search may still take; `stopped` says why it ended early, for the note. */
export interface Budget {
  until: number;
  /**
   * Checks made. The clock is read at every 32nd: a search checks a few times per shadow root, and
   * 90,000 reads of it on a page of 30,000 roots took 10-25 ms.
   */
  checks: number;
  stopped?: 'time' | 'hits';
}
export const overBudget = (b: Budget): boolean => {
  if (!b.stopped && !(++b.checks & 31) && performance.now() > b.until) b.stopped = 'time';
  return !!b.stopped;
};

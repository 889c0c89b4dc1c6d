/**
 * What an action sent elsewhere, as the browser bears it out in the extension. The page layer runs in
 * the content script's world: it sees a link's or form's target, but not the page's own window.open,
 * and cannot tell whether the popup blocker let a script's click through. The browser can: it says which
 * tabs opened during the call.
 */
import type { ChangeReport } from '../src/page/observe/change-report';
import type { Elsewhere } from '../src/page/observe/elsewhere';

/**
 * The report with the tabs the browser opened during the action (by ID, where the tabs tool goes on),
 * in place of those the page layer guessed; a link or form a script followed that opened nothing is
 * said as stopped by the popup blocker. Undefined when the browser adds nothing to the report.
 */
export function browserTabs(
  report: ChangeReport,
  opened: readonly { id: number; url: string }[],
): ChangeReport | undefined {
  const was: Elsewhere = report.elsewhere ?? { tabs: [], downloads: [], apps: [], blocked: [] };
  const unsure = was.tabs.filter((t) => t.unsure);
  if (!opened.length && !unsure.length) return undefined;
  const elsewhere: Elsewhere = {
    ...was,
    // The browser's tabs are the truth of what opened; a guess it did not bear out opened nothing.
    // A tab the browser has not given an address yet (it is still being made) has the one the page asked
    // for, where the page layer saw it (a link's or form's target), in the order they opened.
    tabs: opened.length
      ? opened.map((t, i) => ({ url: t.url || was.tabs[i]?.url || '', how: 'link' as const, tab: t.id }))
      : was.tabs.filter((t) => !t.unsure),
    blocked: opened.length ? was.blocked : [...was.blocked, ...unsure.map((t) => t.url)],
  };
  // A new tab, or a window stopped, is news, whatever this page did.
  const told: ChangeReport = { ...report, elsewhere };
  delete told.nothingChanged;
  delete told.focusOnly;
  return told;
}

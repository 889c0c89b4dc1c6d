import type { Browser, Page } from 'playwright-core';

export const ROOT: string;
export const BUNDLE: string;
export const CORPUS: string;
export const CHROMIUM_ARGS: string[];
export function startServer(
  root?: string,
): Promise<{ url: string; otherOrigin: string; close(): Promise<void> }>;
export const OPEN_PANEL_ROOT: string;
export const TRUTH_ORACLE: string;
/** What the truth oracle found since the last test took them: each a contradicted report. */
export const truthFindings: string[];
/** The harness's checks of what actions sent elsewhere, still running (awaited after each test). */
export const truthPending: Set<Promise<void>>;
/** A report's claims of new tabs, downloads and blocked windows, against the browser's: what contradicts. */
export function awayContradictions(
  said: {
    tabs: { url: string; unsure?: boolean }[];
    downloads: { file: string }[];
    blocked: string[];
  },
  tabs: string[],
  downloads: string[],
  unloading: boolean,
): string[];
/** A tab the browser opened, timed from when its document began to load (Node's time until it answers). */
export function tabOpened(popup: Page): { at: number; page: Page };
/** How long after an action the browser's news of its tabs and downloads may come (a bound). */
export const LATE_MS: number;
/** The bound of every Playwright wait in the tests. */
export const TEST_WAIT_MS: number;
export function launchChromium(options?: {
  panelRoot?: 'open' | 'closed';
  args?: string[];
  truth?: boolean;
  popupBlocker?: boolean;
}): Promise<Browser>;
export function corpusPages(): Promise<string[]>;
export function openCorpusPage(
  browser: Browser,
  server: { url: string },
  file: string,
): Promise<{ page: Page; close(): Promise<void> }>;

import type { Browser, Page } from 'playwright-core';

export const ROOT: string;
export const BUNDLE: string;
export const CORPUS: string;
export const CHROMIUM_ARGS: string[];
export function startServer(
  root?: string,
): Promise<{ url: string; otherOrigin: string; close(): Promise<void> }>;
export const OPEN_PANEL_ROOT: string;
export function launchChromium(options?: {
  panelRoot?: 'open' | 'closed';
  args?: string[];
}): Promise<Browser>;
export function corpusPages(): Promise<string[]>;
export function openCorpusPage(
  browser: Browser,
  server: { url: string },
  file: string,
): Promise<{ page: Page; close(): Promise<void> }>;

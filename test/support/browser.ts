/**
 * Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core. One browser per test file;
 * each test opens a fixture page that loads dist/llm-helper.umd.js with a <script> tag.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CORPUS, launchChromium, startServer, truthFindings, truthPending } from './harness.mjs';
import { startMockModel, type MockModel } from './mock-model.mjs';

export interface BrowserContextForTests {
  browser: Browser;
  server: Awaited<ReturnType<typeof startServer>>;
  /**
   * Opens test/fixtures/<name> in a fresh page (1280×800) and waits for LLMHelper; `slowClock`: the
   * page's clock runs that many times slower (slowPageClock).
   */
  open(name: string, opts?: { width?: number; height?: number; slowClock?: number }): Promise<Page>;
}

/**
 * Fails the test when the truth oracle (support/truth-oracle.js) found a report the page contradicts
 * in any action the test ran.
 */
export function useTruthOracle(): void {
  beforeEach(() => void truthFindings.splice(0));
  afterEach(async () => {
    // The harness's checks of what actions sent elsewhere, a moment after each (harness.mjs).
    await Promise.all([...truthPending]);
    const found = truthFindings.splice(0);
    if (found.length) throw new Error(`The page contradicts ${found.length} report(s):\n${found.join('\n')}`);
  });
}

/** `panelRoot: 'closed'` leaves the panel's shadow root as the SDK makes it (see OPEN_PANEL_ROOT). */
export function useBrowser(
  options: { panelRoot?: 'open' | 'closed'; args?: string[]; popupBlocker?: boolean } = {},
): BrowserContextForTests {
  const ctx = {} as BrowserContextForTests;
  useTruthOracle();
  beforeAll(async () => {
    ctx.server = await startServer();
    ctx.browser = await launchChromium(options);
    ctx.open = async (name, opts = {}) => {
      const page = await ctx.browser.newPage({
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
      });
      page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
      if (opts.slowClock) await page.addInitScript(slowPageClock, opts.slowClock);
      await page.goto(`${ctx.server.url}/test/fixtures/${name}`);
      await page.waitForFunction(
        () => typeof (window as unknown as { LLMHelper?: unknown }).LLMHelper === 'object',
      );
      return page;
    };
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.close();
  });
  return ctx;
}

/**
 * The scripted model server for one test file: started before its tests, stopped after them, its log
 * and faults cleared before each test. The returned object stands for the server once it is up.
 */
export function useMockModel(): MockModel {
  let real: MockModel | undefined;
  beforeAll(async () => {
    real = await startMockModel();
  });
  afterAll(() => real?.close());
  beforeEach(() => {
    real!.log.length = 0;
    real!.clearFaults();
  });
  return new Proxy({} as MockModel, {
    get: (_, key) => {
      const value = Reflect.get(real!, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value;
    },
  });
}

/** Chromium and a static server over ../shared/corpus/pages, for one test file. */
export function useCorpus(): { browser: Browser; server: Awaited<ReturnType<typeof startServer>> } {
  const ctx = {} as { browser: Browser; server: Awaited<ReturnType<typeof startServer>> };
  useTruthOracle();
  beforeAll(async () => {
    ctx.server = await startServer(CORPUS);
    ctx.browser = await launchChromium();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.close();
  });
  return ctx;
}

/** What a widget fixture's app recorded in window.state (its framework's own state, as the page has it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const appState = (page: Page): Promise<any> =>
  page.evaluate(() => (window as unknown as { state: unknown }).state);

/**
 * Keys as the browser gets them from a keyboard (CDP Input.dispatchKeyEvent), a character at a time,
 * `gapMs` apart: letters, digits and spaces, sent to whatever has the focus in the session's page.
 */
export async function realKeys(cdp: CDPSession, text: string, gapMs = 40): Promise<void> {
  for (const ch of text) {
    const space = ch === ' ';
    const code = space ? 'Space' : /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`;
    const keyCode = space ? 32 : ch.toUpperCase().charCodeAt(0);
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key: ch,
      code,
      text: ch,
      windowsVirtualKeyCode: keyCode,
    });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: ch,
      code,
      windowsVirtualKeyCode: keyCode,
    });
    await new Promise((r) => setTimeout(r, gapMs));
  }
}

/**
 * A run written into the tab's storage in the SDK's shape (version 1, act mode, the steps and messages
 * given), as a page script could plant one; then the page loads again and the SDK finds it.
 */
export async function plantRun(page: Page, run: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    (run) =>
      sessionStorage.setItem('llm-helper.agent.run', JSON.stringify({ version: 1, mode: 'act', ...run })),
    run,
  );
  await page.reload();
  await page.waitForFunction(
    () => typeof (window as unknown as { LLMHelper?: unknown }).LLMHelper === 'object',
  );
}

/**
 * An init script (page.addInitScript(slowPageClock, factor)) that makes the page's clock run `factor`
 * times slower: the SDK's time budgets (find's 150 ms at the console, a slice's length) then hold the
 * same work on a machine loaded by two test files at a time. For checks that count work, not time.
 */
export function slowPageClock(factor: number): void {
  const now = Performance.prototype.now;
  const start = now.call(performance);
  Object.defineProperty(Performance.prototype, 'now', {
    configurable: true,
    writable: true,
    value: function (this: Performance) {
      return start + (now.call(this) - start) / factor;
    },
  });
}

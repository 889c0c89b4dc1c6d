/**
 * Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core. One browser per test file;
 * each test opens a fixture page that loads dist/llm-helper.umd.js with a <script> tag.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, startServer } from './harness.mjs';

export interface BrowserContextForTests {
  browser: Browser;
  server: Awaited<ReturnType<typeof startServer>>;
  /** Opens test/fixtures/<name> in a fresh page (1280×800) and waits for LLMHelper. */
  open(name: string, opts?: { width?: number; height?: number }): Promise<Page>;
}

export function useBrowser(): BrowserContextForTests {
  const ctx = {} as BrowserContextForTests;
  beforeAll(async () => {
    ctx.server = await startServer();
    ctx.browser = await launchChromium();
    ctx.open = async (name, opts = {}) => {
      const page = await ctx.browser.newPage({
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
      });
      page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
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

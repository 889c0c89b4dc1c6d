/**
 * The built bundle's tool formats, as other libraries read them: the Vercel AI SDK's own generateText
 * (with its mock model, bundled from the ai package) runs find → click through
 * LLMHelper.tools({ format: 'ai-sdk' }) of dist/llm-helper.umd.min.js. Its schemas are real zod's, so the
 * SDK reads them through Standard Schema (`~standard`), as it does any zod schema.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { useBundledApp } from '../support/bundle-app';

const ctx = useBrowser();
const open = useBundledApp(ctx, 'ai-sdk', 'h1');

describe("the AI SDK's generateText with the bundle's tools", () => {
  it('finds Save and clicks it; the page changes', async () => {
    const page = await open();
    await page.waitForFunction(
      () => typeof (window as unknown as { runAiSdk?: unknown }).runAiSdk === 'function',
    );
    const r = await page.evaluate(() =>
      (
        window as unknown as { runAiSdk(): Promise<{ text: string; calls: string[]; results: string[] }> }
      ).runAiSdk(),
    );
    expect(r.calls).toEqual(['browser_find', 'browser_click', 'text']);
    expect(r.results[0]).toMatch(/\[\d+\] button "Save"/);
    expect(r.results[1]).toMatch(/Clicked \[\d+\] button "Save"/);
    expect(r.text).toBe('Saved.');
    expect(await page.locator('button').textContent()).toBe('Saved!');
    await page.close();
  });
});

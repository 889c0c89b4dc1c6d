/**
 * The property test in Chromium: random argument objects (made by fast-check in Node) at every tool on a
 * real page. execute() never throws and every rejection names a field. A call that navigates the page
 * away (navigate with a random path) is a fine outcome; the page is opened again.
 */
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from '../../src/tools/builtin';
import { baseSchema } from '../../src/tools/formats/json-schema';
import { useBrowser } from '../support/browser';
import { namesAField, randomArguments } from '../support/fuzz-args';

const ctx = useBrowser();

describe('random arguments at every tool (Chromium)', () => {
  it('never throws, and every rejection names a field', async () => {
    let page: Page = await ctx.open('invoices.html');
    let runs = 0;
    for (const tool of BUILTIN_TOOLS) {
      const fields = Object.keys((baseSchema(tool.input).properties ?? {}) as object);
      await fc.assert(
        fc.asyncProperty(randomArguments(fields), async (args) => {
          let text: string;
          try {
            text = await page.evaluate(
              async ([name, a]) =>
                (await window.LLMHelper.execute({ name, arguments: a }, { preset: 'full' })).text,
              [`browser_${tool.name}`, args] as const,
            );
          } catch (e) {
            // Only a navigation away may interrupt a call; reopen the page and go on.
            expect(String(e)).toMatch(
              /Execution context was destroyed|navigat|Target page, context or browser has been closed/i,
            );
            await page.close().catch(() => undefined);
            page = await ctx.open('invoices.html');
            return;
          }
          runs++;
          expect(namesAField(text), text).toBe(true);
        }),
        { numRuns: 15 },
      );
    }
    expect(runs).toBeGreaterThan(BUILTIN_TOOLS.length * 10);
    await page.close();
  }, 240_000);
});

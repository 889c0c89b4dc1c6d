/**
 * The property test in Chromium: random argument objects (made by fast-check in Node) at every tool on a
 * real page. execute() never throws and every rejection names a field. A call that navigates the page
 * away (navigate with a random path) is a fine outcome; the page is opened again.
 */
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from '../../src/tools/builtin/index';
import { baseSchema } from '../../src/tools/formats/json-schema';
import { useBrowser } from '../support/browser';
import { namesAField, randomArguments } from '../support/fuzz-args';

const ctx = useBrowser();

describe('random arguments at every tool (Chromium)', () => {
  let page: Page | null = null;
  afterAll(() => page?.close());

  for (const tool of BUILTIN_TOOLS) {
    it(
      tool.name,
      async () => {
        page ??= await ctx.open('invoices.html');
        const fields = Object.keys((baseSchema(tool.input).properties ?? {}) as object);
        let answered = 0;
        await fc.assert(
          fc.asyncProperty(randomArguments(fields), async (args) => {
            let text: string;
            try {
              text = await page!.evaluate(
                async ([name, a]) =>
                  (await window.LLMHelper.execute({ name, arguments: a }, { preset: 'full' })).text,
                [`browser_${tool.name}`, args] as const,
              );
            } catch (e) {
              // Only a navigation away may interrupt a call (or land on a page without LLMHelper, such as a
              // 404 for a random path); reopen the page and go on.
              expect(String(e)).toMatch(
                /Execution context was destroyed|navigat|Target page, context or browser has been closed|reading 'execute'/i,
              );
              await page!.close().catch(() => undefined);
              page = await ctx.open('invoices.html');
              return;
            }
            answered++;
            expect(namesAField(text), text).toBe(true);
          }),
          { numRuns: 15 },
        );
        expect(answered).toBeGreaterThan(5);
      },
      60_000,
    );
  }
});

/** summary() gives the gist of a plain article, and tells repeated actions apart by ID and row. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('summary of a page of paragraphs', () => {
  it('says it is an article, how long it is, and how it begins', async () => {
    const page = await ctx.open('article.html');
    const s = await page.evaluate(() => window.LLMHelper.summary());
    expect(s).toMatch(/^Page "SVG parsing" at /);
    expect(s).toMatch(
      /Article: about 2\d\d words in 5 paragraphs\. Begins: "SVG parsing turns the text of an SVG document/,
    );
    await page.close();
  });
});

describe('repeated main actions', () => {
  it('lists the ID and row of each repeat instead of one ID for all', async () => {
    const page = await ctx.open('invoices.html');
    const s = await page.evaluate(() => window.LLMHelper.summary());
    const line = /button "Download" ×(\d+)(?: in view)?: ([^;]*)/.exec(s);
    expect(line, s).not.toBeNull();
    const ids = [...line![2]!.matchAll(/\[(\d+)\] row "([^"]+)"/g)];
    expect(ids.length).toBeGreaterThanOrEqual(Math.min(3, Number(line![1])));
    expect(new Set(ids.map((m) => m[1])).size).toBe(ids.length);
    // Each listed ID is the Download button of the row it names.
    for (const [, id, row] of ids) {
      const near = await page.evaluate(
        ([i, r]) => {
          const h = window.LLMHelper;
          const cell = h.find(r!.replace(/…$/, ''))[0]!;
          return h.findNear(cell.id, 'Download')[0]!.id === Number(i);
        },
        [id, row] as const,
      );
      expect(near, `${id} ${row}`).toBe(true);
    }
    await page.close();
  });
});

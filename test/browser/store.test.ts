import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('element IDs across re-renders', () => {
  it('keeps IDs resolving to the new elements when a list is rebuilt with equal content', async () => {
    const page = await ctx.open('rerender.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const banana = h.find('Buy Banana')[0]!.id;
      const cherryName = h.find('^Cherry$')[0]!.id;
      const before = document.querySelector('[aria-label="Buy Banana"]');
      window.render();
      const after = document.querySelector('[aria-label="Buy Banana"]');
      const desc = h.describe(banana); // the first use after the re-render says it re-located
      const text = h.extract(banana, 'aria-label');
      return {
        replaced: before !== after,
        text,
        desc,
        cherry: h.extract(cherryName, 'text'),
        sameIdFromFind: h.find('Buy Banana')[0]!.id === banana,
      };
    });
    expect(r.replaced).toBe(true);
    expect(r.text).toBe('Buy Banana');
    expect(r.desc).toMatch(/re-rendered; re-located it as the same button "Buy Banana"/);
    expect(r.cherry).toBe('Cherry');
    expect(r.sameIdFromFind).toBe(true);
    await page.close();
  });

  it('gives a re-rendered element found again by find its old ID', async () => {
    const page = await ctx.open('rerender.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const ids = h.find('^Buy', { limit: 3 }).map((m) => m.id);
      window.render();
      return { ids, again: h.find('^Buy', { limit: 3 }).map((m) => m.id) };
    });
    expect(r.again).toEqual(r.ids);
    await page.close();
  });

  it('never swaps two similar elements after a re-render', async () => {
    const page = await ctx.open('rerender.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      // Two Delete buttons that differ only by their list item.
      const dels = h.find('^Delete$', { limit: 3 }).map((m) => m.id);
      window.items = ['Banana', 'Apple', 'Cherry']; // reorder, then re-render
      window.render();
      const rowOf = (id: number) => {
        h.describe(id); // resolves (re-locates) the ID
        return h.describe(id).match(/in list item "([^"]+)"/)?.[1];
      };
      return { dels, rows: dels.map(rowOf) };
    });
    expect(r.rows).toEqual(['Apple Delete Buy', 'Banana Delete Buy', 'Cherry Delete Buy']);
    await page.close();
  });

  it('fails loudly when an element is removed, naming it as it was', async () => {
    const page = await ctx.open('invoices.html');
    const msg = await page.evaluate(() => {
      const h = window.LLMHelper;
      const cell = h.find('Invoice 2024-03')[0]!.id;
      const dl = h.findNear(cell, 'Download')[0]!.id;
      document.querySelectorAll('tbody tr')[2]!.remove();
      try {
        h.extract(dl, 'text');
        return `no error (id ${dl})`;
      } catch (e) {
        return (e as Error).message.replace(/Element \d+/, 'Element N');
      }
    });
    expect(msg).toBe(
      'Element N (button "Download" in row "Invoice 2024-03") is no longer on the page; run find again.',
    );
    await page.close();
  });

  it('refuses to guess when several equal elements could be the one that was re-rendered', async () => {
    const page = await ctx.open('rerender.html');
    const msg = await page.evaluate(() => {
      const h = window.LLMHelper;
      const apple = h.find('^Delete$')[0]!.id;
      window.items = ['Apple', 'Apple'];
      window.render();
      try {
        h.extract(apple, 'text');
        return 'no error';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(msg).toMatch(
      /no longer on the page, and 2 elements now look the same, so it cannot tell which one is meant/,
    );
    await page.close();
  });
});

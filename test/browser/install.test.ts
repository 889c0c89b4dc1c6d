import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('the UMD bundle in a page', () => {
  it('installs window.LLMHelper with every page tool and a version', async () => {
    const page = await ctx.open('invoices.html');
    const api = await page.evaluate(() => {
      const h = window.LLMHelper;
      return {
        version: h.version,
        fns: Object.keys(h)
          .filter((k) => typeof (h as unknown as Record<string, unknown>)[k] === 'function')
          .sort(),
      };
    });
    expect(api.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const fn of ['find', 'findNear', 'describe', 'summary', 'snapshot', 'extract', 'clear', 'configure'])
      expect(api.fns).toContain(fn);
    await page.close();
  });

  it('keeps the first instance and its IDs when the script is loaded twice, and says so', async () => {
    const page = await ctx.open('invoices.html');
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    const before = await page.evaluate(() => window.LLMHelper.find('Apply')[0]!.id);
    await page.addScriptTag({ url: '/dist/llm-helper.umd.js' });
    const after = await page.evaluate(() => ({
      id: window.LLMHelper.find('Apply')[0]!.id,
      text: window.LLMHelper.extract(window.LLMHelper.find('Apply')[0]!.id, 'text'),
    }));
    expect(after.id).toBe(before);
    expect(after.text).toBe('Apply');
    expect(logs.some((l) => /already installed/.test(l))).toBe(true);
    await page.close();
  });

  it('IDs from find work in findNear, describe and extract', async () => {
    const page = await ctx.open('invoices.html');
    const out = await page.evaluate(() => {
      const h = window.LLMHelper;
      const cell = h.find('Invoice 2024-03')[0]!;
      const near = h.findNear(cell.id, 'Download')[0]!;
      const table = h.find({ type: 'table' })[0]!;
      return {
        near,
        describe: h.describe(near.id),
        table: h.describe(table.id),
        rows: h.extract(table.id, 'rows') as { columns: string[]; total: number },
        text: h.extract(cell.id, 'text'),
      };
    });
    expect(out.near.text).toBe('Download');
    expect(out.near.relation).toMatch(/same row/);
    expect(out.describe).toMatch(/button "Download".*row "Invoice 2024-03"/);
    expect(out.table).toMatch(/Table "Invoices" with 4 columns: Name, Date, Size, Actions\. 4 rows/);
    expect(out.rows.columns).toEqual(['Name', 'Date', 'Size', 'Actions']);
    expect(out.rows.total).toBe(4);
    expect(out.text).toBe('Invoice 2024-03');
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('findNear', () => {
  it('finds the Download button in the row whose name matches Invoice.*2024-03', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const cell = h.find(/Invoice.*2024-03/)[0]!;
      const near = h.findNear(cell.id, 'Download');
      const button = document.querySelectorAll('tbody tr')[2]!.querySelector('button')!; // row 2024-03
      return {
        cell,
        first: near[0],
        all: near.map((m) => m.relation),
        isRight: h.extract(near[0]!.id, 'onclick') === button.getAttribute('onclick'),
      };
    });
    // The cell that reads the name, not the icon button titled "Archive Invoice 2024-03" in its row.
    expect(r.cell).toMatchObject({ tag: 'td', text: 'Invoice 2024-03' });
    expect(r.first).toMatchObject({ text: 'Download', relation: 'same row, right of' });
    expect(r.isRight).toBe(true);
    expect(r.all.slice(1).every((x) => !x!.startsWith('same row'))).toBe(true);
    await page.close();
  });

  it('ranks the smallest shared container before on-screen distance and says how each relates', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const search = h.find('Search invoices')[0]!.id;
      return h.findNear(search, { type: 'button', limit: 3 }).map((m) => `${m.text}: ${m.relation}`);
    });
    expect(r[0]).toMatch(/^(Apply|Reset): same form/);
    await page.close();
  });

  it('explains a bad anchor', async () => {
    const page = await ctx.open('invoices.html');
    const msg = await page.evaluate(() => {
      try {
        window.LLMHelper.findNear(4242, 'Download');
        return 'no error';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(msg).toMatch(/There is no element 4242/);
    await page.close();
  });
});

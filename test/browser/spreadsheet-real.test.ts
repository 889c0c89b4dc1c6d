/**
 * Held-out widgets (#38 item 5): cells edited in place. `type` on a cell opens its editor as a person
 * would (double-click, Enter, F2), types, commits with Enter and reads the cell back; the editor is named
 * by its column. Jspreadsheet CE (cells and headers are plain td, no roles), and Tabulator's grid (ARIA
 * roles, editors that open on click) from the suite's own fixture.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('cells edited in place', () => {
  it('Jspreadsheet: type on a cell edits it, and the grid holds the new value', async () => {
    const page = await ctx.open('spreadsheet-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const amount = await h.type(h.find('^350$')[0]!.id, '420');
      const status = await h.type(h.find('^Open$')[0]!.id, 'Paid');
      // The editor a double-click opens is named by its column.
      await h.dblclick(h.find('^Software$')[0]!.id);
      const editor = h.find({ type: 'input' })[0];
      await h.press('Escape');
      // A cell of a table that edits nothing says so.
      const plain = await h.type(h.find('^13,800$')[0]!.id, '14,000');
      const sheets = (window as unknown as { sheets: { getData(): unknown[][] }[] }).sheets;
      return { amount, status, editor, plain, data: sheets[0]!.getData() };
    });
    expect(r.amount).toMatchObject({ ok: true, message: expect.stringMatching(/it shows "420"/) });
    expect(r.status).toMatchObject({ ok: true, message: expect.stringMatching(/it shows "Paid"/) });
    expect(r.data.slice(0, 2)).toEqual([
      ['Rent', 1200, 'Paid'],
      ['Travel', '420', 'Paid'], // as its editor gave it
    ]);
    expect(r.editor).toMatchObject({ role: 'textbox', text: 'Item' });
    expect(r.plain).toMatchObject({ ok: false, message: expect.stringMatching(/opened no editor/) });
    await page.close();
  });

  it('Tabulator: type on a cell (not its editor) edits it through the editor its click opens', async () => {
    const page = await ctx.open('grid-real.html');
    await page.waitForSelector('.tabulator-row');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const cell = h.find('Cleo 2')[0]!;
      const typed = await h.type(cell.id, 'Cleo Rivera');
      const table = (window as unknown as { table: { getData(): { customer: string }[] } }).table;
      return { typed, customers: table.getData().map((d) => d.customer) };
    });
    expect(r.typed).toMatchObject({ ok: true, message: expect.stringMatching(/it shows "Cleo Rivera"/) });
    expect(r.customers).toContain('Cleo Rivera');
    await page.close();
  });
});

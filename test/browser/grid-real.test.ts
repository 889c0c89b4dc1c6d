import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('a data grid from a real library (Tabulator)', () => {
  it('finds the grid by type, edits a cell through the editor it opens, and sorts by a header', async () => {
    const page = await ctx.open('grid-real.html');
    await page.waitForSelector('.tabulator-row');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const grid = h.find({ type: 'table' })[0]!;
      const opened = await h.click(h.find('Cleo 2')[0]!.id);
      const editor = h.find({ type: 'input' })[0]!;
      const typed = await h.type(editor.id, 'Cleo Rivera', { submit: true });
      const header = h.find('Total')[0]!;
      const sorted = await h.click(header.id);
      return {
        grid,
        opened,
        editor,
        typed,
        header,
        sorted,
        described: h.describe(grid.id),
        log: document.getElementById('log')!.textContent,
      };
    });
    expect(r.grid).toMatchObject({ role: 'grid' });
    expect(r.opened.ok, r.opened.message).toBe(true);
    // The editor is named by its column, not by the cell beside it (resize handles sit between cells).
    expect(r.editor.text).toBe('Customer');
    // Enter closes the editor: the value is judged from the cell, not reported as lost.
    expect(r.typed.ok, r.typed.message).toBe(true);
    expect(r.typed.message).toMatch(/the field closed and its place shows "Cleo Rivera"/);
    expect(r.log).toBe('edited 2 customer=Cleo Rivera\n');
    expect(r.header).toMatchObject({ role: 'columnheader', text: 'Total' });
    expect(r.sorted.ok, r.sorted.message).toBe(true);
    expect(r.sorted.changes.sorted).toBe('Total (ascending)');
    expect(r.sorted.message).toMatch(/Then: sorted by Total \(ascending\)/);
    expect(r.described).toMatch(/Sorted by Total \(ascending\)/);
    await page.close();
  });
});

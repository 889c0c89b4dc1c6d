import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('DataTables: a paged table', () => {
  it("find's note points at the next page and the search box; searching then reaches the row", async () => {
    const page = await ctx.open('datatables-real.html');
    await page.waitForSelector('#t tbody tr');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const before = h.find('Person 42');
      const search = Number(/search with \[(\d+)\]/.exec(before.note ?? '')?.[1]);
      const typed = await h.type(search, 'Person 42');
      const cell = h.find('Person 42')[0]!;
      const edit = h.findNear(cell.id, 'Edit')[0]!;
      return { before: [...before], note: before.note, typed, clicked: await h.click(edit.id) };
    });
    expect(r.before).toEqual([]);
    expect(r.note).toMatch(
      /^Nothing on this page matches, and the list is paged: \[\d+\] "Next" shows the next page, or search with \[\d+\] searchbox "Search:"\.$/,
    );
    expect(r.typed.message).toMatch(/Showing 1 to 1 of 1 entry/);
    expect(r.clicked.ok, r.clicked.message).toBe(true);
    expect((await appState(page)).edit).toBe(41);
    await page.close();
  });
});

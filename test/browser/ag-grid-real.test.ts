import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('ag-grid-real.html');
  await page.waitForSelector('[role=gridcell]');
  return page;
};

describe('AG Grid: rows rendered only near the view', () => {
  it('find says which rows are rendered when nothing matches; scroll says which are now, and find reaches them', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const before = h.find('Customer 499');
      const grid = h.find({ type: 'table' })[0]!.id;
      const scrolled = await h.scroll({ id: grid, to: 'bottom' });
      return { before: [...before], note: before.note, scrolled, after: h.find('Customer 499') };
    });
    expect(r.before).toEqual([]);
    expect(r.note).toMatch(
      /^Nothing rendered matches, and \[\d+\] grid \(rows 2–\d+ of 501\) renders only the rows near the view: scroll it/,
    );
    expect(r.scrolled.message).toMatch(/\(at the bottom\)\. Rows \d+–501 of 501 are rendered now\./);
    expect(r.after[0]).toMatchObject({ role: 'gridcell', text: 'Customer 499' });
    await page.close();
  });

  it('a header is named without its hidden sort-order digit, and a row checkbox selects the row', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const sort = await h.click(h.find('Total')[0]!.id);
      const boxes = h.find({ type: 'checkbox' });
      const before = boxes[2]!;
      const checked = await h.check(before.id);
      return { sort, checked, before, after: h.find({ type: 'checkbox' })[2]! };
    });
    // Its label says its state ("… (unchecked)"): shown once, as state, and the name stays the same.
    expect(r.before.text).toBe('Press Space to toggle row selection');
    expect(r.after).toMatchObject({ id: r.before.id, text: r.before.text, checked: true });
    expect(r.checked.message).not.toMatch(/\((un)?checked\)"/);
    expect(r.sort.message).toMatch(/sorted by Total \(ascending\)/);
    expect(r.sort.message).not.toMatch(/Total 1/);
    expect(r.checked.ok, r.checked.message).toBe(true);
    expect((await appState(page)).selected).toHaveLength(1);
    await page.close();
  });
});

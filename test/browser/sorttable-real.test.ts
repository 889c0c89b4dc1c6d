/** Held-out widgets (#38): a header click that reorders rows with no aria-sort and no sort class (sorttable.js). */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('a table that sorts without saying so (sorttable.js)', () => {
  it("a header click says the new order, by the column's values", async () => {
    const page = await ctx.open('sorttable-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const salary = h.find('^Salary$', { type: 'columnheader' })[0] ?? h.find('^Salary$')[0]!;
      const first = (await h.click(salary.id)) as unknown as { message: string };
      const second = (await h.click(salary.id)) as unknown as { message: string };
      const names = [...document.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent);
      return { first: first.message, second: second.message, names };
    });
    expect(r.first).toMatch(/sorted by Salary \(ascending\)/);
    expect(r.second).toMatch(/sorted by Salary \(descending\)/);
    expect(r.names).toEqual(['Ada Lovelace', 'Edsger Dijkstra', 'Grace Hopper', 'Alan Turing']);
    await page.close();
  });
});

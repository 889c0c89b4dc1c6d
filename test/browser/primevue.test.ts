import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('primevue.html');
  await page.waitForSelector('.p-datatable');
  return page;
};

describe('PrimeVue', () => {
  it('lists the multi-select whose combobox is kept out of sight, and works each control', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const snapshot = h.snapshot();
      const id = (p: string | RegExp) => h.find(p)[0]!.id;
      const out = [
        await h.select(id('City'), 'Rome'),
        await h.select(id('Skills'), ['Vue', 'SQL']),
        await h.press('Escape'),
        await h.type(id('Country'), 'Fi'),
        await h.click(id('Finland')),
        await h.check(id('I agree')),
        await h.click(id('Notify me')),
        await h.select(id('Medium'), 'Medium'),
      ];
      return { snapshot, out, after: h.snapshot({ type: 'select' }) };
    });
    // Its placeholder ("Pick") is not a value; the choices drawn in its place are.
    expect(r.after).toMatch(/\[\d+\] combobox "Skills" \(value "Vue, SQL", collapsed, has popup\)/);
    // Named by its label, not "looks disabled" for the pointer-events: none of its hidden box.
    expect(r.snapshot).toMatch(/\[\d+\] combobox "Skills" \(collapsed, has popup\)\n/);
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    expect(await appState(page)).toEqual({
      city: 'Rome',
      skills: ['Vue', 'SQL'],
      country: 'Finland',
      agree: true,
      notify: true,
      size: 'Medium',
    });
    await page.close();
  });

  it('a select that opens says its options once, not again as new controls, and says it closed', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const city = h.find('City')[0]!.id;
      return [await h.click(city), await h.press('Escape')].map((x) => x.message);
    });
    expect(r[0]).toMatch(/Then: options shown: \[\d+\] "New York"; \[\d+\] "Rome"/);
    expect(r[0]).not.toMatch(/new control/);
    expect(r[1]).toMatch(/Then: closed \[\d+\] listbox/);
    await page.close();
  });

  it("the next page's rows: the same checkbox in each is told apart by its row, in the page's order", async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return h.click(h.find('Next Page')[0]!.id);
    });
    // Few new controls are all listed, each with its ID and row.
    const rows = [1005, 1006, 1007, 1008, 1009].map(
      (n) => `\\[\\d+\\] checkbox "Row Unselected" \\(unchecked\\) in row "Invoice ${n}"`,
    );
    expect(r.message).toMatch(new RegExp(`5 new controls \\(${rows.join('; ')}\\)`));
    await page.close();
  });

  it('a row on another page of the table: find names the paginator', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const sorted = await h.click(h.find(/^Total$/)[0]!.id);
      const missing = h.find('Invoice 1003');
      return { sorted, note: missing.note, count: missing.length };
    });
    expect(r.sorted.message).toMatch(/sorted by Total \(ascending\)/);
    expect(r.count).toBe(0);
    expect(r.note).toMatch(/the list is paged: \[\d+\] "Next Page" shows the next page/);
    await page.close();
  });
});

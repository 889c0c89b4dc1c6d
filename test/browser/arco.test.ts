import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';

// Arco Design Vue (ByteDance; Vue 3): labels alone in a column of their own, selects without ARIA roles
// whose list ignores the pointer while it opens, a multiple select whose list stays open over the form.
const ctx = useBrowser();

describe('Arco Design Vue, in Chinese', () => {
  it('names fields by the label in the column before them, and fills the form', async () => {
    const page = await ctx.open('arco.html');
    await page.waitForSelector('.arco-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const snapshot = h.snapshot();
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const out = [
        await h.select(id(/城市/), '上海'),
        await h.select(id(/标签/), ['红', '蓝']),
        // Below the multiple select: its list, left open, would cover it.
        await h.click(id(/通知/)),
        await h.select(id(/性别/), '女'),
      ];
      return { snapshot, out, selects: h.snapshot({ type: 'select' }) };
    });
    expect(r.snapshot).toMatch(
      /^\[1\] textbox "姓名"\n\[2\] combobox "城市"\n\[3\] combobox "标签"\n\[4\] textbox "日期"\n\[5\] switch "通知" \(unchecked\)/,
    );
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    expect(r.out[2]!.message).toMatch(/switch "通知" \(unchecked\); it is now checked/);
    expect(r.selects).toMatch(/combobox "城市" \(value "上海"\)\n\[3\] combobox "标签" \(value "红 蓝"\)/);
    expect((await appState(page)).form).toMatchObject({
      city: '上海',
      tags: ['红', '蓝'],
      notify: true,
      sex: 'f',
    });
    await page.close();
  });

  it('Escape closing a select says it closed its options', async () => {
    const page = await ctx.open('arco.html');
    await page.waitForSelector('.arco-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const city = h.find(/城市/)[0]!.id;
      return [await h.click(city), await h.press('Escape')].map((x) => x.message);
    });
    expect(r[0]).toMatch(/options shown: \[\d+\] "北京"/);
    expect(r[1]).toMatch(/Then: closed the options of \[\d+\] combobox "城市"\.$/);
    await page.close();
  });

  it("a header's click reports the sort its active arrow shows (no aria-sort, no class on the header)", async () => {
    const page = await ctx.open('arco.html');
    await page.waitForSelector('.arco-table');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const header = h.find(/^金额$/)[0]!.id;
      const first = await h.click(header);
      const second = await h.click(header);
      const totals = [...document.querySelectorAll('tbody tr')].map((tr) => tr.lastElementChild!.textContent);
      return { first: first.message, second: second.message, totals };
    });
    expect(r.first).toMatch(/sorted by 金额 \(ascending\)/);
    expect(r.second).toMatch(/sorted by 金额 \(descending\)/);
    expect(r.totals).toEqual(['74', '48', '37', '11', '0']);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appState, useBrowser } from '../support/browser';

// Element UI 2 on Vue 2 (test/vendor/vue2: its own install, as the other widget tests use Vue 3).
const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('element-ui.html');
  await page.waitForSelector('.el-select');
  return page;
};

describe('Element UI 2 (Vue 2), in Chinese', () => {
  it('names fields by their form item labels, lists each control once, and fills the form', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const snapshot = h.snapshot();
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const opened = await h.click(id(/国家/));
      const out = [
        await h.select(id(/国家/), '日本'),
        await h.select(id(/标签/), ['红', '蓝']),
        await h.select(id(/城市/), '上海'),
        await h.click(id(/地区/)),
        await h.clickMenuItem('亚洲 > 东京'),
        await h.select(id(/专业/), '专业'),
        await h.click(id(/通知/)),
      ];
      return { snapshot, opened, out, selects: h.snapshot({ type: 'select' }) };
    });
    // Labels without `for` (no prop on the form item) name the field after them, not its placeholder;
    // the readonly input of a select is a combobox; the switch's and radios' inner inputs are not
    // listed beside them.
    expect(r.snapshot).toMatch(
      /\[\d+\] textbox "姓名"\n\[\d+\] combobox "国家"\n\[\d+\] combobox "城市"\n\[\d+\] combobox "标签"\n\[\d+\] textbox "日期"\n\[\d+\] textbox "地区"/,
    );
    expect(r.snapshot).toMatch(
      /\[\d+\] switch "通知" \(unchecked\)\n\[\d+\] radio "免费" \(unchecked\)\n\[\d+\] radio "专业"/,
    );
    expect(r.snapshot).not.toMatch(/checkbox "通知"|radio "免费"[^\n]*\n[^\n]*radio "免费"/);
    // Its options have no roles: the click gives them with IDs.
    expect(r.opened.message).toMatch(/options shown: \[\d+\] "法国"; \[\d+\] "日本"; \[\d+\] "巴西"/);
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    // The radio's focus is reported on the radio a person sees, not its hidden input.
    expect(r.out[5]!.message).toMatch(
      /^Checked \[(\d+)\] radio "专业"\. Then: focus: \[\1\] radio "专业" \(checked\)/,
    );
    expect(r.selects).toMatch(/combobox "国家" \(value "日本"\)/);
    // A multiple select draws its tags beside its empty input: they are its value.
    expect(r.selects).toMatch(/combobox "标签" \(value "红 蓝"\)/);
    expect((await appState(page)).form).toMatchObject({
      country: 'jp',
      tags: ['红', '蓝'],
      city: '上海',
      region: ['asia', 'tokyo'],
      plan: 'pro',
      notify: true,
    });
    await page.close();
  });

  it("a date picker's calendar left open after typing: the click it covers says so and that Escape closes it", async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const date = h.find(/日期/)[0]!.id;
      const region = h.find(/地区/)[0]!.id;
      return [
        await h.type(date, '2024-03-05'),
        await h.click(region),
        await h.press('Escape'),
        await h.click(region),
      ];
    });
    expect(r[0]!.ok, r[0]!.message).toBe(true);
    expect(r[1]!.ok).toBe(false);
    expect(r[1]!.message).toMatch(
      /^\[\d+\] textbox "地区" is covered by (div\.el-date-picker__header|\[\d+\] button "2026 年"), in the popup that \[\d+\] textbox "日期" \(value "2024-03-05"\) left open, so it was not clicked\. Press Escape to close the popup/,
    );
    // Escape hides the calendar (display: none, not removed): the press says it closed.
    expect(r[2]!.message).toMatch(
      /^Pressed Escape on \[\d+\] textbox "日期".*Then: closed a popup with \d+ controls/,
    );
    expect(r[3]!.ok, r[3]!.message).toBe(true);
    // Escape before the typing was committed (Enter, or focus leaving) discards it, as with a person's
    // keys (seen with real key presses in Chromium on this page: Escape, then a click elsewhere, leaves
    // no date; Enter takes it).
    expect((await appState(page)).form?.date ?? '').toBe('');
    await page.close();
  });

  it('the table: a header sorts by its class, a row dropdown (aria-haspopup="list") is a menu', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find(/^文档$/)[0]!.id);
      const sort = await h.click(h.find(/金额/)[0]!.id);
      const opened = await h.click(h.find(/^更多$/)[1]!.id);
      return { sort, opened, picked: await h.clickMenuItem('删除') };
    });
    expect(r.sort.message).toMatch(/^Clicked \[\d+\] div "金额"\. Then: sorted by 金额 \(ascending\)/);
    expect(r.opened.message).toMatch(/opened \[\d+\] menu with 2 items/);
    expect(r.picked.ok, r.picked.message).toBe(true);
    expect((await appState(page)).menu).toMatch(/^delete:发票 \d$/);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('element-plus-real.html');
  await page.waitForSelector('.el-select');
  return page;
};

describe('Element Plus (Vue 3), in Chinese', () => {
  it('fills the form: selects, a date, a cascader, a radio group, a switch that says it changed', async () => {
    const page = await open();
    const snapshot = await page.evaluate(() => window.LLMHelper.snapshot());
    expect(snapshot).toMatch(/\[\d+\] combobox "国家" \(collapsed, has popup\)\n\[\d+\] combobox "标签"/);
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const out = [
        await h.select(id(/国家/), '日本'),
        await h.select(id(/标签/), ['红', '蓝']),
        await h.press('Escape'),
        await h.type(id(/日期/), '2024-03-15'),
        await h.press('Enter'),
        await h.click(id(/地区/)),
        await h.clickMenuItem('亚洲 > 东京'),
        await h.select(id(/套餐/), '专业'),
      ];
      const toggled = await h.click(id(/通知/));
      return { out, toggled, selects: h.snapshot({ type: 'select' }) };
    });
    // The choice is drawn beside the empty input, in the placeholder's place: it is the field's value.
    expect(r.selects).toMatch(/\[\d+\] combobox "国家" \(value "日本", collapsed, has popup\)/);
    // Chosen tags are grey, but darker than the placeholder, and their remove buttons are not the value.
    expect(r.selects).toMatch(/\[\d+\] combobox "标签" \(value "红 蓝", collapsed, has popup\)/);
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    expect(r.toggled.message).toMatch(
      /^Clicked \[\d+\] switch "通知" \(unchecked\)[^;]*; it is now checked\./,
    );
    expect((await appState(page)).form).toMatchObject({
      country: 'jp',
      tags: ['红', '蓝'],
      date: '2024-03-15',
      region: ['asia', 'tokyo'],
      plan: 'pro',
      notify: true,
    });
    await page.close();
  });

  it("a select's listbox that opens is said once, as its options, and said closed on Escape", async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const country = h.find(/国家/)[0]!.id;
      return [await h.click(country), await h.press('Escape')].map((x) => x.message);
    });
    expect(r[0]).toMatch(/Then: options shown: \[\d+\] "法国"; \[\d+\] "日本"; \[\d+\] "巴西"/);
    // Not also "showed [7] listbox with 3 controls (…)", the same options again.
    expect(r[0]).not.toMatch(/showed/);
    expect(r[1]).toMatch(/Then: closed \[\d+\] listbox\.$/);
    await page.close();
  });

  it('a form its rules refuse says which fields and why, from the error under each', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find(/^注册$/)[0]!.id);
      await h.type(h.find(/邮箱/, { type: 'input' })[0]!.id, 'not-an-address');
      const clicked = await h.click(h.find(/^注册$/, { type: 'button' })[0]!.id);
      return Object.assign(clicked, { form: h.describe('#signup-form') });
    });
    // describe says the same of the form afterwards: which fields are refused, and why.
    expect(r.form).toMatch(
      /textbox "用户名" \(invalid\): 请输入用户名; \[\d+\] textbox "邮箱" \(value "not-an-address", invalid\): 邮箱格式不正确/,
    );
    expect(r.changes?.invalid).toEqual([
      expect.stringMatching(/^\[\d+\] textbox "用户名" \("请输入用户名"\)$/),
      expect.stringMatching(/^\[\d+\] textbox "邮箱" \(value "not-an-address"\) \("邮箱格式不正确"\)$/),
    ]);
    expect(r.message).toMatch(/invalid: \[\d+\] textbox "用户名" \("请输入用户名"\)/);
    expect((await appState(page)).registered).toBe(false);
  });

  it('the table: one current page in the pager, sorting, and a row dropdown', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const tab = await h.click(h.find(/^文档$/)[0]!.id);
      const snapshot = h.snapshot();
      const paged = h.find('发票 9').note;
      const sort = await h.click(h.find(/金额/)[0]!.id);
      await h.click(h.find(/^更多$/)[1]!.id);
      return { tab, snapshot, paged, sort, picked: await h.clickMenuItem('删除') };
    });
    // The panel is shown by a style change: the click report names it and what it holds.
    expect(r.tab.message).toMatch(/showed \[\d+\] tabpanel "文档" with 20 controls/);
    expect(r.paged).toMatch(/the list is paged: \[\d+\] "Go to next page" shows the next page\.$/);
    expect(r.snapshot.match(/\(current\)/g)).toHaveLength(1); // page 1 (the tab says selected)
    expect(r.snapshot).toMatch(/tab "[^"]+" \(selected\)/);
    expect(r.snapshot).toMatch(/listitem "page 1" \(current\)\n.*listitem "page 2"\n/);
    expect(r.sort.message).toMatch(/sorted by 金额 \(ascending\)/);
    expect(r.picked.ok, r.picked.message).toBe(true);
    // Sorted by 金额 first: 0, 11, 37, … puts 发票 4 second.
    expect((await appState(page)).menu).toBe('delete:发票 4');
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appState, useBrowser } from '../support/browser';

// View Design (iView) 4 on Vue 2, from test/vendor/vue2. No ARIA roles on its selects, switch, dropdown
// or modal.
const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('view-design.html');
  await page.waitForSelector('.ivu-select');
  return page;
};

describe('View Design (iView) 4, in Chinese', () => {
  it('lists its role-less switch, radio group and selects by their labels, and fills the form', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const snapshot = h.snapshot();
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const out = [
        await h.select(id(/城市/), '上海'),
        await h.select(id(/标签/), ['红', '蓝']),
        await h.click(id(/通知/)),
        // The form item's label stands for the radio group after it (its radios have labels of their own).
        await h.select(id(/性别/), '女'),
      ];
      return { snapshot, out };
    });
    expect(r.snapshot).toMatch(
      /\[\d+\] combobox "城市"\n\[\d+\] combobox "标签"\n\[\d+\] textbox "日期"\n\[\d+\] switch "通知" \(unchecked\)\n\[\d+\] radio "男" \(unchecked\)/,
    );
    // The pager's arrows are links in items with a title.
    expect(r.snapshot).toMatch(
      /button "上一页" \(looks disabled\)\n(\[\d+\] button "\d"\n){5}\[\d+\] button "下一页"/,
    );
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    // Its state is a class (ivu-switch-checked).
    expect(r.out[2]!.message).toMatch(/switch "通知" \(unchecked\); it is now checked/);
    expect((await appState(page)).form).toMatchObject({
      city: '上海',
      tags: ['红', '蓝'],
      notify: true,
      sex: '女',
    });
    await page.close();
  });

  it('a modal named only by its class is a dialog; a dropdown of list items is a menu', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const menu = await h.click(h.find(/^更多$/)[0]!.id);
      const picked = await h.clickMenuItem('删除');
      const opened = await h.click(h.find(/^提交$/)[0]!.id);
      const closed = await h.click(h.find(/^确定$/)[0]!.id);
      return { menu, picked, opened, closed };
    });
    expect(r.menu.message).toMatch(/opened \[\d+\] menu with 2 items/);
    expect(r.picked.ok, r.picked.message).toBe(true);
    // Its title and text, not its buttons (they follow as its controls).
    expect(r.opened.message).toMatch(/dialog opened: \[\d+\] dialog "确认 确定提交吗？"; 3 new controls/);
    expect(r.closed.message).toMatch(/dialog closed/);
    expect(await appState(page)).toMatchObject({ menu: 'del', ok: true });
    await page.close();
  });

  it("a header's sort shown only by which arrow is 'on' is reported, both ways", async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const header = h.find(/^金额$/)[0]!.id;
      const amounts = () =>
        [...document.querySelectorAll('tr.ivu-table-row')].map((t) =>
          t.lastElementChild!.textContent!.trim(),
        );
      const first = await h.click(header);
      const up = amounts();
      const second = await h.click(header);
      return { first: first.message, second: second.message, up, down: amounts() };
    });
    expect(r.first).toMatch(/Then: sorted by 金额 \(ascending\)/);
    expect(r.up.length).toBeGreaterThan(2);
    expect(r.up.map(Number)).toEqual([...r.up.map(Number)].sort((a, b) => a - b));
    expect(r.down).toEqual([...r.up].reverse());
    expect(r.second).toMatch(/Then: sorted by 金额 \(descending\)/);
    expect(r.down.map(Number)).toEqual([...r.down.map(Number)].sort((a, b) => b - a));
    await page.close();
  });
});

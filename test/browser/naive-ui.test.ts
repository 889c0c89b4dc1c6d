import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('Naive UI (Vue 3): selects and a dropdown drawn without ARIA roles', () => {
  it('a select is a combobox named by its form item, lists its options when clicked, and takes select', async () => {
    const page = await ctx.open('naive-ui.html');
    await page.waitForSelector('.n-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const before = h.snapshot({ type: 'select' });
      const city = h.find(/城市/)[0]!.id;
      const tags = h.find(/标签/)[0]!.id;
      const opened = await h.click(city);
      const out = [await h.select(city, '上海'), await h.select(tags, ['红', '蓝'])];
      return { before, opened, out, after: h.snapshot({ type: 'select' }) };
    });
    // A focusable box whose class says select, named by the form item's label (not its placeholder).
    expect(r.before).toMatch(/^\[\d+\] combobox "城市"\n\[\d+\] combobox "标签"$/m);
    // Its list has no roles: the options it opened are given with IDs, and its popup is not a control.
    expect(r.opened.message).toMatch(
      /options shown: \[\d+\] "北京"; \[\d+\] "上海"; \[\d+\] "广州"; \[\d+\] "深圳" \(click one/,
    );
    expect(r.opened.message).not.toMatch(/new control/);
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    expect(r.after).toMatch(/combobox "城市" \(value "上海"\)/);
    expect(r.after).toMatch(/combobox "标签" \(value "红 蓝"\)/);
    expect(await appState(page)).toMatchObject({ city: '上海', tags: ['红', '蓝'] });
    await page.close();
  });

  it("the input-number's buttons, bare svg icons, go by what they draw, and step the number", async () => {
    const page = await ctx.open('naive-ui.html');
    await page.waitForSelector('.n-input-number');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const snapshot = h.snapshot();
      const plus = h.find(/^plus$/);
      const clicked = await h.click(plus[0]!.id);
      return { snapshot, plus, clicked: clicked.message };
    });
    expect(r.snapshot).toMatch(
      /\[\d+\] textbox "数量" \(value "1"\)\n\[\d+\] button "minus"( \(looks disabled\))?\n\[\d+\] button "plus"\n/,
    );
    expect(r.plus).toMatchObject([{ tag: 'button' }]);
    expect(r.clicked).toMatch(/^Clicked \[\d+\] button "plus"/);
    expect(await appState(page)).toMatchObject({ qty: 2 });
    await page.close();
  });

  it('a dropdown of divs opens as a menu, and a submenu in a popup of its own is reached by path', async () => {
    const page = await ctx.open('naive-ui.html');
    await page.waitForSelector('.n-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const opened = await h.click(h.find(/^操作$/)[0]!.id);
      const items = h.getMenuItems();
      const picked = await h.clickMenuItem('导出 > CSV');
      return { opened, items, picked };
    });
    expect(r.opened.message).toMatch(/opened \[\d+\] menu with 3 items \(getMenuItems lists them\)/);
    expect(r.items.items.map((i) => i.text)).toEqual(['下载', '导出', '删除']);
    expect(r.picked.ok, r.picked.message).toBe(true);
    expect((await appState(page)).menu).toBe('csv');
    await page.close();
  });

  it('Escape closing a select or a dropdown says so, though their popups fade out and go later', async () => {
    const page = await ctx.open('naive-ui.html');
    await page.waitForSelector('.n-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const tags = h.find({ type: 'select' })[1]!.id;
      const out = [await h.click(tags), await h.press('Escape')];
      out.push(await h.click(h.find(/^操作$/)[0]!.id), await h.press('Escape'));
      return out.map((x) => x.message);
    });
    // The select's list leaves on the transition's end, after the transition itself; it is said as it
    // was when it opened: the select's options.
    expect(r[1]).toMatch(
      /^Pressed Escape on \[(\d+)\] combobox "标签"\. Then: closed the options of \[\1\] combobox "标签"\.$/,
    );
    // The dropdown's menu fades to nothing inside a layer that stays for a while; it closes as the menu
    // that opened.
    const menu = /opened \[(\d+)\] menu/.exec(r[2]!)![1];
    expect(r[3]).toBe(r[3]!.replace(/Then: .*/, `Then: closed [${menu}] menu.`));
    expect(r[3]).toMatch(/^Pressed Escape on \[\d+\] button "操作"\. Then: closed/);
    await page.close();
  });
});

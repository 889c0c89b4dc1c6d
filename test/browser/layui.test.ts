import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('Layui: a form it draws over hidden native controls, and a layer dialog', () => {
  it('lists the drawn checkboxes, switch, radios and select by their labels and operates them', async () => {
    const page = await ctx.open('layui.html');
    await page.waitForSelector('.layui-form-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const snapshot = h.snapshot();
      // The box drawn for the switch's hidden checkbox has a class that says switch: not a second one.
      const checkboxes = h.find({ type: 'checkbox' }).map((m) => `${m.tag} ${m.text}`);
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const opened = await h.click(id(/城市/));
      const out = [
        await h.select(id(/城市/), '上海'),
        await h.click(id(/阅读/)),
        await h.click(id(/通知/)),
        await h.select(id(/^女$/), '女'),
        await h.type(id(/姓名/), '张三'),
        await h.click(id(/立即提交/)),
      ];
      return { snapshot, checkboxes, opened, out, after: h.snapshot() };
    });
    expect(r.checkboxes).toEqual(['input 阅读', 'input 跑步', 'input 通知']);
    // The native checkboxes and radios are display: none; Layui draws a div after each. The switch's
    // title is its on|off text: the form item's label names it.
    expect(r.snapshot).toBe(
      [
        'textbox "姓名"',
        'combobox "城市"',
        'checkbox "阅读" (unchecked)',
        'checkbox "跑步" (unchecked)',
        'checkbox "通知" (unchecked)',
        'radio "男" (unchecked)',
        'radio "女" (unchecked)',
        'textbox "日期"',
        'button "立即提交"',
        'button "删除"',
      ]
        .map((l, i) => `[${i + 1}] ${l}`)
        .join('\n'),
    );
    expect(r.opened.message).toMatch(/options shown: \[\d+\] "请选择"; \[\d+\] "北京"; \[\d+\] "上海"/);
    // The open list inside the select's box is not its value.
    expect(r.opened.message).not.toMatch(/value "请选择/);
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    expect(r.out[1]!.message).toMatch(/checkbox "阅读" \(unchecked\); it is now checked/);
    expect(r.after).toMatch(/combobox "城市" \(value "上海"\)/);
    expect((await appState(page)).submitted).toEqual({
      name: '张三',
      city: 'sh',
      read: 'on',
      notify: 'on',
      sex: 'f',
    });
    await page.close();
  });

  it("layer's confirm is a dialog, and its buttons (links without href) and close icon (a span) are buttons", async () => {
    const page = await ctx.open('layui.html');
    await page.waitForSelector('.layui-form-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const opened = await h.click(h.find(/^删除$/)[0]!.id);
      const ok = h.find(/^确定$/)[0]!;
      return { opened, ok, confirmed: await h.click(ok.id) };
    });
    expect(r.opened.message).toMatch(
      /dialog opened: \[\d+\] dialog "提示 确定删除吗？"; 3 new controls \(\[\d+\] button "close"; \[\d+\] button "确定"; \[\d+\] button "取消"\)/,
    );
    expect(r.ok.role).toBe('button');
    expect(r.confirmed.message).toMatch(/dialog closed/);
    expect((await appState(page)).deleted).toBe(true);
    await page.close();
  });
});

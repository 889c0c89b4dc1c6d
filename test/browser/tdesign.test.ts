import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';

// TDesign (Tencent; Vue 3): labels alone in a column, selects whose input sits four levels inside the
// select, a switch that is a div with no role and no tabindex, and radios whose focusable label stands in
// for them.
const ctx = useBrowser();

describe('TDesign Vue, in Chinese', () => {
  it('lists each field once by its label, and fills the selects and the switch', async () => {
    const page = await ctx.open('tdesign.html');
    await page.waitForSelector('.t-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const snapshot = h.snapshot();
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const out = [
        await h.select(id(/城市/), '上海'),
        await h.select(id(/标签/), ['红', '蓝']),
        await h.click(id(/通知/)),
        // The label takes the click (the input's own click is stopped): checked where it is drawn.
        await h.select(id(/男/), '女'),
      ];
      return { snapshot, out };
    });
    expect(r.snapshot).toBe(
      [
        'textbox "姓名"',
        'combobox "城市"',
        'combobox "标签"',
        'switch "通知" (unchecked)',
        'radio "男" (unchecked)',
        'radio "女" (unchecked)',
        'button "提交"',
        'button "更多"',
      ]
        .map((l, i) => `[${i + 1}] ${l}`)
        .join('\n'),
    );
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    expect(r.out[2]!.message).toMatch(/switch "通知" \(unchecked\); it is now checked/);
    expect(r.out[3]!.message).toMatch(/^Checked \[\d+\] radio "女"/);
    expect((await appState(page)).form).toMatchObject({
      city: 'sh',
      tags: ['r', 'b'],
      notify: true,
      sex: 'f',
    });
    await page.close();
  });

  it('reports its dialog, a div whose only sign is its class, opening and closing', async () => {
    const page = await ctx.open('tdesign.html');
    await page.waitForSelector('.t-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const opened = await h.click(h.find(/提交/)[0]!.id);
      const closed = await h.click(h.find(/^确认$/).find((x) => x.tag === 'button')!.id);
      return { opened, closed };
    });
    // Its title and text, not its buttons (they follow as its controls).
    expect(r.opened.message).toMatch(/dialog opened: \[\d+\] dialog "确认 确定提交吗？"; 3 new controls/);
    expect(r.closed.message).toMatch(/dialog closed/);
    expect(await appState(page)).toMatchObject({ ok: true });
    await page.close();
  });

  it("lists the dialog's close icon, a span with no role, and closes the dialog with it", async () => {
    const page = await ctx.open('tdesign.html');
    await page.waitForSelector('.t-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find(/提交/)[0]!.id);
      const snapshot = h.snapshot();
      const found = h.find(/close/);
      const closed = await h.click(found[0]!.id);
      return { snapshot, found, closed: closed.message };
    });
    expect(r.snapshot).toMatch(/\[\d+\] button "close"\n\[\d+\] button "取消"/);
    expect(r.found).toMatchObject([{ tag: 'span', role: 'button' }]);
    expect(r.closed).toMatch(/^Clicked \[\d+\] button "close"\. Then: dialog closed/);
    await page.waitForSelector('.t-dialog', { state: 'hidden', timeout: 3000 });
    expect((await appState(page)).ok).toBeUndefined(); // closed, not confirmed
    await page.close();
  });
});

/** Actions report what the page holds afterwards, not what was attempted. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('actions that the page disagrees with', () => {
  it('type, select and check into controls the page replaces: ok false, saying what the live one holds', async () => {
    const page = await ctx.open('truth.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const typed = await h.type(h.find('Full name', { type: 'input' })[0]!.id, 'Ada Lovelace');
      const selected = await h.select(h.find({ type: 'select' })[0]!.id, 'Pro');
      const checked = await h.check(h.find('I accept')[0]!.id, true);
      return {
        typed,
        selected,
        checked,
        dom: {
          name: (document.getElementById('name') as HTMLInputElement).value,
          plan: (document.getElementById('plan') as HTMLSelectElement).value,
          terms: (document.getElementById('terms') as HTMLInputElement).checked,
        },
      };
    });
    expect(r.dom).toEqual({ name: '', plan: 'Free', terms: false });
    expect(r.typed.ok).toBe(false);
    expect(r.typed.message).toMatch(/now shows ""/);
    expect(r.selected.ok).toBe(false);
    expect(r.checked.ok).toBe(false);
    await page.close();
  });

  it('a button removed on pointerdown gets no click', async () => {
    const page = await ctx.open('truth.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.click(h.find('Vanish')[0]!.id);
      return { res, clicked: window.clicked };
    });
    expect(r.clicked).not.toContain('vanish');
    expect(r.res.message).toMatch(/removed it as it was pressed, so no click followed/);
    await page.close();
  });

  it('a link its click removes (a list row\'s "remove", as AngularJS pages write it) was clicked', async () => {
    const page = await ctx.open('truth.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.click(h.findNear(h.find('Taxi')[0]!.id, 'remove')[0]!.id);
      return { res, clicked: window.clicked, left: document.getElementById('expenses')!.textContent };
    });
    expect(r.clicked).toContain('remove-taxi');
    expect(r.left).not.toContain('Taxi');
    expect(r.res.message).toMatch(
      /^Clicked \[\d+\] link "remove"\. Then: 1 control removed; 1 list item went away \("Taxi"\)\.$/,
    );
    await page.close();
  });

  it("the type message shows the field's value after typing, not before", async () => {
    const page = await ctx.open('truth.html');
    const msg = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return (await h.type(h.find('Nickname', { type: 'input' })[0]!.id, 'new')).message;
    });
    expect(msg).toMatch(/Typed "new" into \[\d+\] textbox "Nickname" \(value "new"\)/);
    expect(msg).not.toMatch(/value "old"/);
    await page.close();
  });

  it('an unlabelled file input after a Save button is not named "Save" nor called a textbox', async () => {
    const page = await ctx.open('truth.html');
    const line = await page.evaluate(() => {
      const h = window.LLMHelper;
      return h.describe(h.find({ type: '#file' })[0]!.id);
    });
    expect(line).not.toMatch(/"Save"/);
    expect(line).not.toMatch(/textbox/);
    await page.close();
  });
});

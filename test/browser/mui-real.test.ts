import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('mui-real.html');
  await page.waitForSelector('.MuiSelect-select');
  return page;
};

describe('MUI 5', () => {
  it('lists each select once (not the aria-hidden input it keeps for the form) and names the icon button by its icon', async () => {
    const page = await open();
    const snapshot = await page.evaluate(() => window.LLMHelper.snapshot());
    expect(snapshot).toMatch(/\[\d+\] combobox "Country" \(collapsed, has popup\)\n\[\d+\] combobox "Tags"/);
    expect(snapshot).not.toMatch(/looks disabled/);
    expect(snapshot).toMatch(/\[\d+\] checkbox "Notifications" \(unchecked\)/);
    expect(snapshot).toMatch(/\[\d+\] button "delete"/);
    await page.close();
  });

  it('fills the form through the widgets, and picks a menu item', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const out = [
        await h.select(id(/^country/i), 'Japan'),
        await h.select(id(/^tags/i), ['red', 'blue']),
        await h.press('Escape'),
      ];
      const typed = await h.type(id(/^city/i), 'Tok');
      out.push(typed);
      out.push(await h.click(Number(/\[(\d+)\] "Tokyo"/.exec(typed.message)![1])));
      out.push(await h.select(id(/^plan/i), 'Pro'));
      out.push(await h.check(id(/^I agree/)));
      out.push(await h.type(id(/^volume/i), '7'));
      out.push(await h.upload(id(/^upload file/i), { name: 'a.txt', content: 'x' }));
      out.push(await h.click(id(/^actions$/i)));
      out.push(await h.clickMenuItem('Delete'));
      return { out, selects: h.snapshot({ type: 'select' }) };
    });
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    // Escape closes the multiple select's list (its layer is removed): said as the listbox, not as
    // controls removed.
    expect(r.out[2]!.message).toMatch(/Then: closed \[\d+\] listbox "Tags"\.$/);
    expect(r.out[3]!.message).toMatch(/options shown: \[\d+\] "Tokyo"/);
    // A select-only combobox shows its value as its content.
    expect(r.selects).toMatch(/\[\d+\] combobox "Country" \(value "Japan", collapsed, has popup\)/);
    expect(await appState(page)).toEqual({
      country: 'japan',
      tags: ['red', 'blue'],
      city: 'Tokyo',
      plan: 'Pro',
      agree: true,
      volume: 7,
      file: 'a.txt',
      menu: 'del',
    });
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('dijit-real.html');
  await page.waitForFunction(() => (window as unknown as { dijitReady?: boolean }).dijitReady);
  return page;
};

const status = (page: Page) => page.evaluate(() => document.getElementById('status')!.textContent);

describe('Dijit 1.17 (the real library, from npm, through the Dojo AMD loader)', () => {
  it('lists each select once, as a combobox, without the drawn arrows or the value it shows', async () => {
    const page = await open();
    const snapshot = await page.evaluate(() => window.LLMHelper.snapshot());
    // FilteringSelect: the box of role combobox around its input is not a second control, and the input
    // of role textbox in it is the combobox. Select: a listbox with a popup is the button of a select.
    expect(snapshot).toMatch(/^\[\d+\] combobox "State" \(required\)$/m);
    expect(snapshot).toMatch(/^\[\d+\] combobox "Kind"/m);
    expect(snapshot).not.toMatch(/"State"[^\n]*\n[^\n]*"State"/);
    expect(snapshot).not.toMatch(/listbox|presentation|option "Travel"|▼/);
    await page.close();
  });

  it('fills the form through the widgets and reads back what the form submits', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const out = [
        await h.type(id('Description'), 'Hotel Berlin'),
        await h.select(id('State'), 'New York'),
        await h.select(id('Kind'), 'Meals'),
        await h.check(id('Urgent')),
        await h.click(id('Save')),
      ];
      return out.map((o) => [o.ok, o.message] as const);
    });
    expect(r.map((o) => o[0])).toEqual([true, true, true, true, true]);
    expect(r[1]![1]).toMatch(/^Selected option "New York" in \[\d+\] combobox "State"/);
    expect(r[2]![1]).toMatch(/^Selected option "Meals" in \[\d+\] combobox "Kind"/);
    expect(JSON.parse((await status(page))!.replace(/^Saved /, ''))).toEqual({
      desc: 'Hotel Berlin',
      state: 'NY',
      kind: 'meals',
      urgent: 'on',
    });
    await page.close();
  });

  it('its context menu bound to a node: items, a submenu item by path, and a Dialog', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const report = () => h.find('right-click for actions')[0]!.id;
      const opened = await h.rightClick(report());
      const csv = await h.clickMenuItem('Export > CSV');
      const again = await h.rightClick(report());
      const del = await h.clickMenuItem('Delete');
      return { opened: opened.message, csv: csv.message, again: again.message, del: del.message };
    });
    expect(r.opened).toMatch(/its menu has 3 items: \[\d+\] Open, \[\d+\] Export ▸, \[\d+\] Delete\.$/);
    expect(r.csv).toMatch(
      /^Clicked \[\d+\] menuitem "CSV"\. Then: closed .*new text: "Exported Report Q1 as CSV"/,
    );
    expect(r.again).toBe(r.opened);
    expect(r.del).toMatch(/dialog opened: \[\d+\] dialog "Delete report"/);
    await page.close();
  });
});

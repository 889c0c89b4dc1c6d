import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('extjs-real.html');
  await page.waitForFunction(() => (window as unknown as { extReady?: boolean }).extReady);
  return page;
};

const status = (page: Page) => page.evaluate(() => document.getElementById('status')!.textContent);

describe('Ext JS 6.2 classic (the real library, from npm): an internal app of the enterprise kind', () => {
  it('its grid is one table of rows and columns, though each row is a table of its own', async () => {
    const page = await open();
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const table = h.find({ type: 'table' });
      return {
        summary: h.summary(),
        snapshot: h.snapshot(),
        tables: table.length,
        describe: h.describe('#grid'),
        rows: h.extract(table[0]!.id, 'rows') as { columns: string[]; rows: string[][] },
        found: h.find(/Invoice 2024/),
      };
    });
    // The rows' tables are role=presentation: one table, not five; its focusable body (role rowgroup,
    // class x-unselectable) is no control.
    expect(r.summary).toMatch(/Contains: 1 table, /);
    expect(r.tables).toBe(1);
    expect(r.snapshot).not.toMatch(/rowgroup/);
    // Each column header holds an off-page "Cell value has been edited" for screen readers: not its name.
    expect(r.describe).toMatch(
      /^Table with 3 columns: Name, Type, Year\. 4 rows\. First rows: Invoice 2024-01 \| Invoice \| 2024;/,
    );
    expect(r.rows.columns).toEqual(['Name', 'Type', 'Year']);
    expect(r.rows.rows).toContainEqual(['Receipt 2024-03', 'Receipt', '2024']);
    // The cell's text, not the whole grid body.
    expect(r.found.map((m) => m.text)).toEqual(['Invoice 2024-01']);
    await page.close();
  });

  it("a row's context menu: its items, a submenu item by its path, and where to look when only its name is given", async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const opened = await h.rightClick(h.find('Invoice 2024-01')[0]!.id);
      const byName = await h.clickMenuItem(/CSV/);
      const byPath = await h.clickMenuItem('Export > CSV');
      return { opened: opened.message, byName, byPath };
    });
    expect(r.opened).toMatch(
      /its menu has 4 items: \[\d+\] Download, \[\d+\] Rename, \[\d+\] Export ▸, \[\d+\] Delete\.$/,
    );
    expect(r.byName.ok).toBe(false);
    expect(r.byName.message).toMatch(
      /No menu item matches "\/CSV\/"\. .* It may be in a submenu: give the path, e\.g\. 'Export > CSV' \(submenus: Export\)\.$/,
    );
    // The item is an a[href="#"]: no page to go to is promised. Both menus closed, said apart from the rest.
    expect(r.byPath.ok).toBe(true);
    expect(r.byPath.message).toMatch(
      /^Clicked \[\d+\] menuitem "CSV"\. Then: closed \[\d+\] menu, \[\d+\] menu; new text: "Exported CSV Invoice 2024-01"/,
    );
    expect(await status(page)).toBe('Exported CSV Invoice 2024-01');
    await page.close();
  });

  it('Delete asks through Ext.Msg: a dialog with Yes and No; No keeps the row, Yes removes it', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const ask = async () => {
        await h.rightClick(h.find('Receipt 2024-03')[0]!.id);
        return (await h.clickMenuItem('Delete')).message;
      };
      const asked = await ask();
      const no = await h.click(h.find('No', { type: 'button' })[0]!.id);
      await ask();
      const yes = await h.click(h.find('Yes', { type: 'button' })[0]!.id);
      return { asked, no: no.message, yes: yes.message, after: h.describe('#grid') };
    });
    expect(r.asked).toMatch(
      /Then: dialog opened: \[\d+\] alertdialog "Delete"; 2 new controls \(\[\d+\] button "Yes"; \[\d+\] button "No"\)/,
    );
    expect(r.no).toMatch(/Then: dialog closed: "Delete"; new text: "Kept Receipt 2024-03"/);
    expect(r.yes).toMatch(/dialog closed: "Delete"/);
    expect(r.after).toMatch(/ 3 rows\./);
    expect(await status(page)).toBe('Deleted Receipt 2024-03');
    await page.close();
  });

  it('a tree whose rows say they are collapsed, and a paging toolbar of icon buttons named by their tooltips', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find('Folders', { type: 'tab' })[0]!.id);
      const folder = h.find('Finance')[0]!;
      const clicked = await h.click(folder.id);
      // Ext's tree opens a row on ArrowRight (or its expander), not on a click of its text.
      const opened = await h.press('ArrowRight');
      const snapshot = h.snapshot();
      const next = await h.click(h.find('Next Page')[0]!.id);
      return { folder, clicked: clicked.message, opened: opened.message, snapshot, next: next.message };
    });
    expect(r.folder).toMatchObject({ text: 'Finance', expanded: false });
    expect(r.clicked).toMatch(/new text: "Folder Finance"/);
    expect(r.opened).toMatch(/new text: "Invoices", "Receipts"/);
    expect(r.snapshot).toMatch(/button "First Page" \(disabled\)\n.*button "Previous Page" \(disabled\)\n/);
    expect(r.snapshot).not.toMatch(/unselectable/);
    // The rows of page 1 are said to have gone, by their text, and what page 2 shows is new text.
    expect(r.next).toMatch(
      /^Clicked \[\d+\] button "Next Page"\. Then: 3 rows went away \("Alpha 3", "Bravo 10", "Charlie 7"\); new text: "Delta 1", "Echo 5"/,
    );
    await page.close();
  });

  it('its form: text, a read-only combobox, a typeahead that completes in the field, a checkbox and radios', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      await h.click(h.find('Settings', { type: 'tab' })[0]!.id);
      const snapshot = h.snapshot();
      const out = [
        await h.type(id('Customer'), 'ACME GmbH'),
        // Opened first, as a person might: select still picks from the list (its combobox owns itself,
        // then the list: aria-owns="self list").
        await h.click(id('Country')),
        await h.select(id('Country'), 'France'),
        await h.type(id('City'), 'Bo'),
        // The list now shows only what matches "Bo": select types the option's name to find it.
        await h.select(id('City'), 'Paris'),
        await h.type(id('Amount'), '120.5'),
        await h.check(id('Paid')),
        await h.click(id('High')),
        await h.click(id('Save')),
      ];
      return { snapshot, out: out.map((o) => [o.ok, o.message] as const) };
    });
    // The radios are laid out in a table of role presentation: no row to be in.
    expect(r.snapshot).toMatch(/radio "Low" \(unchecked\)\n.*radio "High" \(unchecked\)\n/);
    expect(r.out.map((o) => o[0])).toEqual([true, true, true, true, true, true, true, true, true]);
    expect(r.out[2]![1]).toMatch(/^Selected option "France" in \[\d+\] combobox "Country:" \(value "France"/);
    expect(r.out[3]![1]).toMatch(/the field completed it to "Bonn" \(the added part is selected/);
    expect(r.out[4]![1]).toMatch(/^Selected option "Paris" in \[\d+\] combobox "City:" \(value "Paris"/);
    expect(JSON.parse((await status(page))!.replace(/^Saved /, ''))).toEqual({
      customer: 'ACME GmbH',
      country: 'France',
      city: 'Paris',
      amount: '120.5',
      paid: 'on',
      prio: 'high',
    });
    await page.close();
  });
});

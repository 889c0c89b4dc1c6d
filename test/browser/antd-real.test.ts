import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('antd-real.html');
  await page.waitForSelector('.ant-select');
  return page;
};

describe('Ant Design 5', () => {
  it('lists the selects (transparent comboboxes), names the switch by its label and the icon buttons by their icons', async () => {
    const page = await open();
    const snapshot = await page.evaluate(() => window.LLMHelper.snapshot());
    expect(snapshot).toMatch(/\[\d+\] combobox "Country"/);
    expect(snapshot).toMatch(/\[\d+\] combobox "Tags"/);
    expect(snapshot).toMatch(/\[\d+\] combobox "Region"/);
    expect(snapshot).toMatch(/\[\d+\] switch "Notifications" \(unchecked\)/);
    const table = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find(/^documents$/i)[0]!.id);
      return h.snapshot();
    });
    expect(table).toMatch(/\[\d+\] button "filter" in row "Name"/);
    // The pager's arrow button goes by the title of the item it is alone in (before: its icon, "left").
    expect(table).toMatch(/\[\d+\] button "Previous Page" \(disabled\)/);
    // A visually hidden "Tab 2 of 2" before the tab's text is a word of its own.
    expect(table).not.toMatch(/2Documents/);
    await page.close();
  });

  it('select opens a select, picks from the options it draws (one, several), and says what it offers', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const opened = await h.click(id(/^country/i));
      await h.press('Escape');
      const out = [
        opened,
        await h.select(id(/^country/i), 'Japan'),
        await h.select(id(/^tags/i), ['red', 'blue']),
        await h.select(id(/^country/i), 'Atlantis'),
      ];
      await new Promise((done) => setTimeout(done, 500)); // the dropdown's closing animation
      return { out, snapshot: h.snapshot({ type: 'select' }) };
    });
    // The choice is drawn beside the empty input: it is the field's value.
    expect(r.snapshot).toMatch(/\[\d+\] combobox "Country" \(search, value "Japan", collapsed, has popup\)/);
    expect(r.snapshot).toMatch(/\[\d+\] combobox "Tags" \(search, value "red blue", collapsed, has popup\)/);
    expect(r.out[0]!.message).toMatch(
      /options shown: \[\d+\] "France"; \[\d+\] "Japan"; \[\d+\] "Brazil"; \[\d+\] "Canada"/,
    );
    expect(r.out[1]!.ok, r.out[1]!.message).toBe(true);
    expect(r.out[2]!.ok, r.out[2]!.message).toBe(true);
    expect(r.out[3]!.ok).toBe(false);
    expect(r.out[3]!.message).toMatch(/no option "Atlantis". Options: "France", "Japan", "Brazil", "Canada"/);
    expect((await appState(page)).form).toEqual({ country: 'japan', tags: ['red', 'blue'] });
    await page.close();
  });

  it('a filter named only by its placeholder, with a tree of options', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const before = h.snapshot({ type: 'select' });
      const chosen = await h.select(h.find('Folder')[0]!.id, 'Legal');
      await new Promise((done) => setTimeout(done, 500)); // the dropdown's closing animation
      return { before, chosen, after: h.snapshot({ type: 'select' }) };
    });
    expect(r.before).toMatch(/^\[\d+\] combobox "Folder" \(search, collapsed, has popup\)/);
    expect(r.chosen.ok, r.chosen.message).toBe(true);
    expect(r.after).toMatch(/^\[\d+\] combobox \(search, value "Legal", collapsed, has popup\)/);
    expect((await appState(page)).folder).toBe('legal');
    await page.close();
  });

  it("a zero-size listbox directly in the page's body does not take the page's tabs for its options", async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      document.body.insertAdjacentHTML(
        'beforeend',
        '<input id="lone" role="combobox" aria-label="Lone" aria-controls="lone-list">' +
          '<div role="listbox" id="lone-list" style="width:0;height:0;overflow:hidden"><div role="option">Hidden</div></div>',
      );
      const h = window.LLMHelper;
      return h.select(h.find('Lone')[0]!.id, 'Documents');
    });
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/no option "Documents". Options: \(none shown\)/);
    // The Settings tab is still the current one: no tab was clicked as an "option".
    expect(await page.getAttribute('[role=tab][aria-selected=true]', 'id')).toMatch(/tab-form$/);
    await page.close();
  });

  it('checks a radio group by the option name, switches, and walks a cascader that expands on click', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: RegExp) => h.find(p)[0]!.id;
      const out = [await h.select(id(/^plan/i), 'Pro'), await h.click(id(/^notifications/i))];
      const wrong = await h.select(id(/^plan/i), 'Gold');
      await h.click(id(/^region/i));
      out.push(await h.clickMenuItem('Asia > Tokyo'));
      return { out, wrong };
    });
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    expect(r.wrong.ok).toBe(false);
    expect(r.wrong.message).toMatch(
      /group of radio buttons: none is "Gold". Radio buttons: "Free", "Pro", "Team"/,
    );
    expect((await appState(page)).form).toEqual({ plan: 'Pro', notify: true, region: ['asia', 'jp'] });
    await page.close();
  });

  it('a form its rules refuse says which fields and why (aria-invalid, the explain text it points at)', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find(/^Sign up$/)[0]!.id);
      await h.type(h.find(/Email/, { type: 'input' })[0]!.id, 'not-an-address');
      return h.click(h.find(/^Register$/, { type: 'button' })[0]!.id);
    });
    expect(r.changes?.invalid).toEqual([
      expect.stringMatching(
        /^\[\d+\] textbox "User name" \(required, invalid\) \("Please enter a user name"\)$/,
      ),
      expect.stringMatching(
        /^\[\d+\] textbox "Email" \(value "not-an-address", invalid\) \("Not a valid email"\)$/,
      ),
    ]);
    expect((await appState(page)).registered).toBe(false);
  });

  it('a row menu with a submenu that opens on hover, and a sortable column', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find(/^documents$/i)[0]!.id);
      const more = h.find(/^more$/i, { within: h.find(/^Invoice 2$/)[0]!.id });
      return {
        more,
        paged: h.find('Invoice 11').note,
        sort: await h.click(h.find(/^Total$/)[0]!.id),
        opened: await h.click(h.find(/^more$/i)[1]!.id),
        picked: await h.clickMenuItem('Export > CSV'),
      };
    });
    // Invoice 11 is on the third page of five rows.
    expect(r.paged).toMatch(
      /^Nothing on this page matches, and the list is paged: \[\d+\] "Next Page" shows the next page\.$/,
    );
    expect(r.sort.message).toMatch(/sorted by Total \(ascending\)/);
    expect(r.opened.message).toMatch(/opened \[\d+\] menu with 3 items/);
    expect(r.picked.ok, r.picked.message).toBe(true);
    expect((await appState(page)).menu).toMatch(/^csv:Invoice \d+$/);
    await page.close();
  });
});

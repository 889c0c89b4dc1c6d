import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

/** What the form would submit: Fomantic UI keeps hidden inputs and the native select in sync. */
const submitted = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(new FormData(document.getElementById('settings') as HTMLFormElement)),
  );

describe('Fomantic UI (jQuery era: no ARIA roles) and SweetAlert2, from npm', () => {
  it('selects through its dropdowns (over a native select, with search, multiple) and reads back what they show', async () => {
    const page = await ctx.open('fomantic-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const snapshot = h.snapshot();
      const opened = await h.click(id('Region'));
      await h.press('Escape');
      const out = [
        await h.select(id('Region'), 'Asia Pacific'),
        await h.select(id('Owner'), 'Grace Hopper'),
        await h.select(id('Labels'), ['Bug', 'Docs']),
      ];
      return { snapshot, opened: opened.message, out: out.map((o) => [o.ok, o.message]) };
    });
    expect(r.snapshot).toContain('combobox "Region"\n');
    // The items are divs with class item in a div.menu: shown as the options, chosen by clicking one.
    expect(r.opened).toMatch(
      /options shown: \[\d+\] "Europe"; \[\d+\] "United States"; \[\d+\] "Asia Pacific"/,
    );
    // The widget is what is chosen through, not the native select hidden inside it (its own ID, and its
    // label's name, not the value it shows).
    expect(r.out[0]).toEqual([
      true,
      expect.stringMatching(
        /^Selected option "Asia Pacific" in \[\d+\] combobox "Region" \(value "Asia Pacific"\)\.$/,
      ),
    ]);
    // A search dropdown: the search input is the combobox; the value is the text drawn beside it.
    expect(r.out[1]).toEqual([
      true,
      expect.stringMatching(
        /^Selected option "Grace Hopper" in \[\d+\] combobox "Owner" \(value "Grace Hopper"\)/,
      ),
    ]);
    // A multiple one keeps its menu open: the items still in it are not its value.
    expect(r.out[2]![0]).toBe(true);
    expect(r.out[2]![1]).toMatch(
      /"Bug" in \[\d+\] combobox "Labels" \(value "Bug"\).*"Docs" in \[\d+\] combobox "Labels" \(value "Bug Docs"\)/,
    );
    expect(await submitted(page)).toMatchObject({ region: 'ap', owner: 'grace', labels: 'bug,docs' });
  });

  it('a dropdown button opens a menu of plain items; its modal and buttons drawn as divs are a dialog and buttons', async () => {
    const page = await ctx.open('fomantic-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const actions = h.find('Actions').map((m) => `${m.role} ${m.tag}`);
      const menu = await h.click(id('Actions'));
      const items = h.getMenuItems().items.map((i) => i.text);
      const item = await h.clickMenuItem('Export members');
      const log = document.getElementById('log')!.textContent;
      const invite = await h.click(id('Invite member'));
      await h.type(id('Email'), 'ada@example.com');
      const send = await h.click(id('Send invite'));
      return {
        actions,
        menu: menu.message,
        items,
        item: item.ok,
        log,
        invite: invite.message,
        send: send.message,
        log2: document.getElementById('log')!.textContent,
      };
    });
    expect(r.actions).toEqual(['button div']);
    // Named without its menu's items.
    expect(r.menu).toMatch(/^Clicked \[\d+\] button "Actions"\. Then: opened \[\d+\] menu with 2 items/);
    expect(r.menu).not.toMatch(/Archive/);
    expect(r.items).toEqual(['Archive team', 'Export members']);
    expect([r.item, r.log]).toEqual([true, 'action: export']);
    expect(r.invite).toMatch(
      /dialog opened: \[\d+\] dialog "Invite a member"; 3 new controls \(\[\d+\] textbox "Email" \(email\); \[\d+\] button "Cancel"; \[\d+\] button "Send invite"\)/,
    );
    expect(r.send).toMatch(/dialog closed: "Invite a member"/);
    expect(r.log2).toBe('invited ada@example.com');
  });

  it("SweetAlert2's confirm is a dialog said once, and its closing does not count its hidden fields as removed", async () => {
    const page = await ctx.open('fomantic-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const del = await h.click(id('Delete team'));
      const yes = await h.click(id('Yes, delete it'));
      return { del: del.message, yes: yes.message, log: document.getElementById('log')!.textContent };
    });
    // Its popup is also a live region: its text is not repeated as a message.
    expect(r.del).toMatch(
      /dialog opened: \[\d+\] dialog "Delete this team\?"; 2 new controls \(\[\d+\] button "Yes, delete it"; \[\d+\] button "Cancel"\); focus: \[\d+\] button "Yes, delete it"\.$/,
    );
    // It holds an input, a select, a textarea, radios and more, never shown here.
    expect(r.yes).toMatch(/dialog closed: "Delete this team\?"; message: "Team deleted"/);
    expect(r.yes).not.toMatch(/removed/);
    expect(r.log).toBe('deleted');
  });

  it("SweetAlert2's prompt: an empty answer is refused with its message, then the typed one closes it", async () => {
    const page = await ctx.open('fomantic-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const opened = await h.click(id('Rename team'));
      const empty = await h.click(id('^OK$'));
      await h.type(id('New name'), 'Platform');
      const ok = await h.click(id('^OK$'));
      return {
        opened: opened.message,
        empty: empty.message,
        ok: ok.message,
        log: document.getElementById('log')!.textContent,
      };
    });
    expect(r.opened).toMatch(
      /dialog opened: \[\d+\] dialog "Rename the team"; 3 new controls \(\[\d+\] textbox "New name"/,
    );
    // Its message is shown beside the field, which it marks aria-invalid and points at.
    expect(r.empty).toMatch(/invalid: \[\d+\] textbox "New name" \(invalid\) \("A name is required"\)/);
    expect(r.ok).toMatch(/dialog closed: "Rename the team"/);
    expect(r.log).toBe('renamed to Platform');
  });

  it('toggle and plain checkboxes drawn over hidden inputs are checkboxes named by their labels', async () => {
    const page = await ctx.open('fomantic-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      return [await h.click(id('Email notifications')), await h.click(id('Public team'))].map(
        (o) => o.message,
      );
    });
    expect(r[0]).toMatch(
      /^Clicked \[\d+\] checkbox "Email notifications" \(unchecked\); it is now checked\./,
    );
    expect(r[1]).toMatch(/^Clicked \[\d+\] checkbox "Public team" \(unchecked\); it is now checked\./);
    expect(await submitted(page)).toMatchObject({ notify: 'on', public: 'on' });
  });
});

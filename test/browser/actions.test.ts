import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

const state = async (page: Page) =>
  JSON.parse((await page.textContent('#state'))!) as Record<string, unknown>;

describe('React 18 controlled fields: actions change React state, not only the DOM', () => {
  it('type into input, textarea and contenteditable; select; check; radio', async () => {
    const page = await ctx.open('react.html');
    await page.waitForSelector('#state');
    const results = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string, o = {}) => h.find(p, o)[0]!.id;
      return [
        await h.type(id('Name', { type: 'input' }), 'Ada Lovelace'),
        await h.type(id('Bio'), 'Mathematician.\nWrote the first program.'),
        await h.select(id('Plan'), 'Pro'),
        await h.check(id('I accept the terms')),
        await h.check(id('Size L')),
        await h.type(id('Notes'), 'Remember the engine'),
      ];
    });
    for (const r of results) expect(r.ok, r.message).toBe(true);
    expect(await state(page)).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'Mathematician.\nWrote the first program.',
      plan: 'pro',
      terms: true,
      size: 'l',
      notes: 'Remember the engine',
    });
    expect(results[0]!.message).toMatch(/^Typed "Ada Lovelace" into \[\d+\] textbox "Name"/);
    expect(results[2]!.changes.value).toBe('Pro');
    await page.close();
  });

  it('types key by key, so key listeners fire, and can append; perKey: false puts the text in at once', async () => {
    const page = await ctx.open('react.html');
    await page.waitForSelector('#state');
    await page.evaluate(async () => {
      const h = window.LLMHelper;
      const name = h.find('Name', { type: 'input' })[0]!.id;
      await h.type(name, 'Ada');
      await h.type(name, ' L.', { clear: false });
      await h.type(name, 'x', { clear: false, perKey: false });
    });
    expect(await state(page)).toMatchObject({ name: 'Ada L.x', keys: 6 });
    await page.close();
  });

  it('unchecks and reports a checkbox that is already in the wanted state', async () => {
    const page = await ctx.open('react.html');
    await page.waitForSelector('#state');
    const msgs = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const terms = h.find('I accept the terms')[0]!.id;
      const a = await h.check(terms);
      const b = await h.check(terms);
      const c = await h.check(terms, false);
      return [a.message, b.message, c.message];
    });
    expect(msgs[1]).toMatch(/was already checked/);
    expect(await state(page)).toMatchObject({ terms: false });
    await page.close();
  });
});

describe('context menus on a file list', () => {
  it('rightClick returns the custom menu items; Export > CSV runs for the right row', async () => {
    const page = await ctx.open('files.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const menu = await h.rightClick(h.find('notes.txt')[0]!.id);
      const listed = h.getMenuItems();
      const picked = await h.clickMenuItem('Export > CSV');
      return { menu, listed, picked, log: (window as unknown as { log: string[] }).log };
    });
    expect(r.menu.ok).toBe(true);
    expect(r.menu.items.map((i) => i.text)).toEqual(['Download', 'Rename', 'Share', 'Delete', 'Export']);
    expect(r.menu.items.find((i) => i.text === 'Share')!.disabled).toBe(true);
    expect(r.menu.items.find((i) => i.text === 'Export')!.submenu).toBe(true);
    expect(r.listed.items).toHaveLength(5);
    expect(r.picked.ok, r.picked.message).toBe(true);
    expect(r.log).toEqual(['export-csv:notes.txt']);
    await page.close();
  });

  it('clicks a top-level item for the row that was right-clicked, and refuses a disabled one', async () => {
    const page = await ctx.open('files.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.rightClick(h.find('photo.png')[0]!.id);
      const del = await h.clickMenuItem('Delete');
      await h.rightClick(h.find('report.pdf')[0]!.id);
      const share = await h.clickMenuItem('Share');
      return { del: del.ok, share: share.message, log: (window as unknown as { log: string[] }).log };
    });
    expect(r.del).toBe(true);
    expect(r.share).toMatch(/disabled/);
    expect(r.log).toEqual(['delete:photo.png']);
    await page.close();
  });

  it('says when a row has no custom menu', async () => {
    const page = await ctx.open('files.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return h.rightClick(h.find('system.log')[0]!.id);
    });
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/no custom menu appeared.*browser's own context menu.*scripts cannot operate/);
    await page.close();
  });
});

describe('widgets', () => {
  it('menu button: opens its menu, prefers the exact item name, skips disabled', async () => {
    const page = await ctx.open('widgets-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const open = await h.click(h.find('Actions', { type: 'button' })[0]!.id);
      const items = h.getMenuItems();
      const play = await h.clickMenuItem('Play');
      await h.click(h.find('Actions', { type: 'button' })[0]!.id);
      const archive = await h.clickMenuItem('Archive');
      return { open, items, play, archive, log: (window as unknown as { log: string[] }).log };
    });
    expect(r.open.changes.menuOpened).toMatch(/^\[\d+\] menu with 4 items$/);
    expect(r.items.message).toMatch(/Open menu with 4 items: .*Archive \(disabled\)/);
    expect(r.play.ok).toBe(true);
    expect(r.archive.ok).toBe(false);
    expect(r.log).toEqual(['play']);
    await page.close();
  });

  it('menubar: hovers the parent to open a submenu instead of clicking it', async () => {
    const page = await ctx.open('widgets-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find('^File$', { type: 'menuitem' })[0]!.id);
      const res = await h.clickMenuItem('Export > PDF');
      return { res, log: (window as unknown as { log: string[] }).log };
    });
    expect(r.res.ok, r.res.message).toBe(true);
    expect(r.log).toEqual(['pdf']);
    await page.close();
  });

  it('combobox: opens the listbox, clicks the option, confirms the value', async () => {
    const page = await ctx.open('widgets-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.select(h.find('Country')[0]!.id, 'Germany');
      return { res, value: (document.getElementById('country') as HTMLInputElement).value };
    });
    expect(r.res.ok, r.res.message).toBe(true);
    expect(r.value).toBe('Germany');
    // The field as it is after the choice, not before.
    expect(r.res.message).toMatch(
      /^Selected option "Germany" in \[\d+\] combobox "Country" \(value "Germany"/,
    );
    await page.close();
  });

  it('listbox: says selected only when an option is marked selected, not because its text is in the list', async () => {
    const page = await ctx.open('visibility.html');
    const r = await page.evaluate(async () => {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<ul role="listbox" aria-label="Static"><li role="option">Red</li><li role="option">Blue</li></ul>
         <ul role="listbox" aria-label="Aria"><li role="option">Red</li><li role="option">Blue</li></ul>
         <ul role="listbox" aria-label="Classes"><li role="option">Red</li><li role="option">Blue</li></ul>`,
      );
      const [, aria, classes] = document.querySelectorAll('[role=listbox]');
      aria!.addEventListener('click', (e) => {
        for (const o of aria!.children) o.setAttribute('aria-selected', String(o === e.target));
      });
      classes!.addEventListener('click', (e) => {
        for (const o of classes!.children) o.classList.toggle('is-selected', o === e.target);
      });
      const h = window.LLMHelper;
      const pick = async (name: string) => (await h.select(h.find(name)[0]!.id, 'Blue')).message;
      return { static: await pick('Static'), aria: await pick('Aria'), classes: await pick('Classes') };
    });
    expect(r.static).toMatch(/^Clicked option "Blue" in \[\d+\] listbox "Static", but it still shows ""/);
    expect(r.aria).toMatch(/^Selected option "Blue" in \[\d+\] listbox "Aria"/);
    expect(r.classes).toMatch(/^Selected option "Blue" in \[\d+\] listbox "Classes"/);
    await page.close();
  });

  it("a native select's message shows the field with its new value", async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => window.LLMHelper.select('select[name=year]', '2023'));
    expect(r.ok, r.message).toBe(true);
    expect(r.message).toMatch(/^Selected "2023" in \[\d+\] combobox "Year" \(value "2023"\)\./);
    await page.close();
  });

  it('tabs: click and arrow keys switch the panel', async () => {
    const page = await ctx.open('widgets-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find('Details', { type: 'tab' })[0]!.id);
      const afterClick = document.getElementById('p2')!.hidden;
      const key = await h.press('ArrowLeft', { id: h.find('Details', { type: 'tab' })[0]!.id });
      return { afterClick, afterKey: document.getElementById('p1')!.hidden, key: key.message };
    });
    expect(r.afterClick).toBe(false);
    expect(r.afterKey).toBe(false);
    expect(r.key).toMatch(/moved to \[\d+\] tab "Overview"/);
    await page.close();
  });

  it('reports the cover instead of clicking a button under a modal, and force clicks anyway', async () => {
    const page = await ctx.open('widgets-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const covered = h.find('Covered button')[0]!.id;
      await h.click(h.find('Open modal')[0]!.id);
      const blocked = await h.click(covered);
      const forced = await h.click(covered, { force: true });
      return { blocked, forced, log: (window as unknown as { log: string[] }).log };
    });
    expect(r.blocked.ok).toBe(false);
    expect(r.blocked.message).toMatch(/is covered by div#backdrop\.modal-backdrop/);
    expect(r.forced.ok).toBe(true);
    expect(r.log).toEqual(['covered']);
    await page.close();
  });
});

describe('the change report', () => {
  it('reports a pushState URL change', async () => {
    const page = await ctx.open('changes.html');
    const r = await page.evaluate(async () =>
      window.LLMHelper.click(window.LLMHelper.find('Go to settings')[0]!.id),
    );
    expect(r.changes.url?.to).toMatch(/changes\.html\?tab=settings$/);
    expect(r.message).toMatch(/URL is now .*tab=settings/);
    await page.close();
  });

  it('reports a dialog opening and closing', async () => {
    const page = await ctx.open('changes.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const open = await h.click(h.find('Open dialog')[0]!.id);
      const close = await h.click(h.find('Done')[0]!.id);
      return { open: open.changes, close: close.changes };
    });
    expect(r.open.dialogOpened?.[0]).toMatch(/dialog "Edit item"/);
    expect(r.close.dialogClosed).toEqual(['"Edit item"']);
    await page.close();
  });

  it('reports new controls with IDs, a toast, and content that came after a slow request', async () => {
    const page = await ctx.open('changes.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return {
        add: await h.click(h.find('Add rows')[0]!.id),
        toast: await h.click(h.find('Save')[0]!.id),
        slow: await h.click(h.find('Load later')[0]!.id),
      };
    });
    expect(r.add.changes.added).toMatchObject({ count: 2 });
    expect(r.add.changes.added!.sample[0]).toMatch(/^\[\d+\] button "Edit Alpha"/);
    expect(r.toast.changes.alerts).toEqual(['Saved successfully']);
    expect(r.slow.changes.added?.sample[0]).toMatch(/button "Loaded action"/);
    await page.close();
  });

  it('reports text that appeared (a status line, a count), but not text drawn again the same, a ticking clock, nor what it says otherwise', async () => {
    const page = await ctx.open('changes.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return {
        sign: await h.click(h.find('Sign in')[0]!.id),
        pick: await h.click(h.find('Pick one')[0]!.id),
        refresh: await h.click(h.find('Refresh list')[0]!.id),
        add: await h.click(h.find('Add rows')[0]!.id),
        toast: await h.click(h.find('Save')[0]!.id),
        // The page's countdown (role timer) ticks every 20 ms: it is not what a click changed; nor is
        // the focus the click gave the button it clicked. (Before the typing: a click after it commits
        // the typed field, whose change the page then hears.)
        noop: await h.click(h.find('Do nothing')[0]!.id),
        typed: await h.type(h.find('Phone')[0]!.id, '555'),
      };
    });
    expect(r.noop.changes.nothingChanged).toBe(true);
    // The site's menu bar was there all along: nothing opened it.
    expect(r.sign.changes.menuOpened).toBeUndefined();
    expect(r.noop.changes.menuOpened).toBeUndefined();
    expect(r.sign.changes.text).toEqual(['Signed in as ann']);
    expect(r.sign.message).toMatch(/Then: new text: "Signed in as ann"\.$/);
    expect(r.pick.changes.text).toEqual(['1 selected']);
    expect(r.refresh.changes.text).toBeUndefined();
    // New controls, a toast and a field's value are said as such, once.
    expect(r.add.changes.text).toBeUndefined();
    expect(r.toast.changes.text).toBeUndefined();
    expect(r.typed.changes.text).toBeUndefined();
    await page.close();
  });

  it('says a value the page reformatted (the same digits) was typed, and maxlength cutting the text is a mismatch', async () => {
    const page = await ctx.open('changes.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return {
        phone: await h.type(h.find('Phone')[0]!.id, '5550100999'),
        code: await h.type(h.find('Code')[0]!.id, '123456'),
      };
    });
    expect(r.phone.ok).toBe(true);
    expect(r.phone.changes.value).toBe('(555) 010-0999');
    expect(r.phone.message).toMatch(/; formatted by the page as "\(555\) 010-0999"/);
    expect(r.code.ok).toBe(false);
    expect(r.code.message).toMatch(/now shows "1234" \(maxlength 4 cut it\)/);
    await page.close();
  });
});

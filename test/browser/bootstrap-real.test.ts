import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('Bootstrap 5: dropdowns without ARIA menu roles, and a modal that fades in', () => {
  it("a row's dropdown: the click reports the menu, its items are listed, Delete opens the modal, which is reported once it has faded in", async () => {
    const page = await ctx.open('bootstrap-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const toggle = h.findNear(h.find('bob')[0]!.id, 'Actions')[0]!;
      const opened = await h.click(toggle.id);
      const listed = h.getMenuItems();
      const chosen = await h.clickMenuItem('Delete');
      const confirmed = await h.click(h.find('Delete', { within: '.modal' })[0]!.id);
      return { opened, listed, chosen, confirmed, log: document.getElementById('log')!.textContent };
    });
    expect(r.opened.changes.menuOpened).toMatch(/^\[\d+\] menu with 2 items$/);
    expect(r.listed.items.map((i) => i.text)).toEqual(['Edit', 'Delete']);
    expect(r.chosen.ok, r.chosen.message).toBe(true);
    expect(r.chosen.changes.dialogOpened).toEqual([expect.stringMatching(/dialog "Delete user\?"/)]);
    expect(r.confirmed.ok, r.confirmed.message).toBe(true);
    expect(r.log).toBe('deleted bob\n');
    await page.close();
  });

  it('a navbar dropdown: a disabled item is refused, another is clicked', async () => {
    const page = await ctx.open('bootstrap-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find('Reports')[0]!.id);
      return {
        listed: h.getMenuItems(),
        audit: await h.clickMenuItem('Audit'),
        stock: await h.clickMenuItem('Stock'),
        hash: location.hash,
      };
    });
    expect(r.listed.items).toEqual([
      expect.objectContaining({ text: 'Sales' }),
      expect.objectContaining({ text: 'Audit', disabled: true }),
      expect.objectContaining({ text: 'Stock' }),
    ]);
    expect(r.audit).toMatchObject({ ok: false, message: 'Menu item "Audit" is disabled.' });
    expect(r.stock.ok, r.stock.message).toBe(true);
    expect(r.hash).toBe('#stock');
    await page.close();
  });

  it('a field in a collapsed section: find says which toggle opens it, and finds it once opened', async () => {
    const page = await ctx.open('bootstrap-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const before = h.find('Owner');
      const opened = await h.click(h.find('More filters')[0]!.id);
      return { before: [...before], note: before.note, opened, after: h.find('Owner') };
    });
    expect(r.before).toEqual([]);
    expect(r.note).toMatch(
      /^1 hidden element matches, inside a collapsed part that \[\d+\] "More filters" opens: click it, then find again\.$/,
    );
    expect(r.opened.ok, r.opened.message).toBe(true);
    // Shown by a class change, which adds no controls: the click report names what the toggle showed.
    expect(r.opened.message).toMatch(/showed \[\d+\] div with 1 control \(\[\d+\] textbox "Owner"\)/);
    expect(r.after[0]).toMatchObject({ tag: 'input', text: 'Owner' });
    await page.close();
  });
});

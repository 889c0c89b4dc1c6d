import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';
import { useBundledApp } from '../support/bundle-app';

const ctx = useBrowser();

// Radix UI's primitives and React from npm, bundled here and served to the fixture page.
const open = useBundledApp(ctx, 'radix', '#country');

describe('Radix UI (shadcn/ui)', () => {
  it('a select in a portal, a button checkbox and switch, and a submenu', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const out = [
        await h.select(id('Country'), 'Japan'),
        await h.check(id('I agree')),
        await h.click(id('Notifications')),
        await h.click(id('Actions')),
        await h.clickMenuItem('Export > PDF'),
      ];
      return { snapshot: h.snapshot(), out };
    });
    // Its value is what the trigger shows (not its aria-hidden arrow).
    expect(r.snapshot).toMatch(/\[\d+\] combobox "Country" \(value "Japan", collapsed\)/);
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    expect(r.out[2]!.message).toMatch(/it is now checked/);
    expect(await appState(page)).toEqual({ country: 'japan', agree: true, notify: true, menu: 'pdf' });
    await page.close();
  });

  it('a dialog opened by a trigger is reported as a dialog, not as a menu', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const opened = await h.click(h.find('Edit profile')[0]!.id);
      const menus = h.getMenuItems();
      const typed = await h.type(h.find('Display name')[0]!.id, 'Ada');
      const saved = await h.click(h.find(/^Save$/)[0]!.id);
      return { opened, menus, typed, saved };
    });
    expect(r.opened.message).toMatch(/dialog opened: \[\d+\] dialog "Edit profile"/);
    expect(r.opened.message).not.toMatch(/menu/);
    expect(r.menus.items).toEqual([]);
    expect(r.typed.ok).toBe(true);
    expect(r.saved.message).toMatch(/dialog closed: "Edit profile"/);
    expect(await appState(page)).toEqual({ name: 'Ada', saved: true });
    await page.close();
  });
});

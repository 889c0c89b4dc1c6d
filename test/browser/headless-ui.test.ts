import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';
import { useBundledApp } from '../support/bundle-app';

const ctx = useBrowser();

// Headless UI and React from npm, bundled here and served to the fixture page.
const open = useBundledApp(ctx, 'headless-ui', '[role=switch]');

describe('Headless UI (Tailwind UI)', () => {
  it('selects in a listbox and in a combobox that opens only on keys, and works every control', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string | RegExp) => h.find(p)[0]!.id;
      return [
        await h.select(id('Owner'), 'Devon Webb'),
        // A click on the input opens nothing: ArrowDown does.
        await h.select(id('Assignee'), 'Tom Cook'),
        await h.click(id(/^Options$/)),
        await h.clickMenuItem('Archive'),
        await h.click(id('Enable notifications')),
        await h.check(id('Accept terms')),
        await h.select(id('Business'), 'Business'),
        await h.click(id('Deactivate account')),
        await h.click(id(/^Deactivate$/)),
      ];
    });
    for (const x of r) expect(x.ok, x.message).toBe(true);
    expect(r[2]!.message).toMatch(/opened \[\d+\] menu "Options" with 4 items/);
    expect(r[4]!.message).toMatch(/it is now checked/);
    expect(r[7]!.message).toMatch(/dialog opened: \[\d+\] dialog "Deactivate account"/);
    expect(await appState(page)).toEqual({
      owner: 'Devon Webb',
      assignee: 'Tom Cook',
      menu: 'Archive',
      notify: true,
      agree: true,
      plan: 'Business',
      deactivated: true,
    });
    await page.close();
  });

  it('reports the panel a disclosure or tab renders only once open, and what it says', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return {
        disclosure: await h.click(h.find('refund policy')[0]!.id),
        tab: await h.click(h.find('Popular')[0]!.id),
      };
    });
    expect(r.disclosure.message).toMatch(/showed \[\d+\] div reading "Refunds within 30 days\."/);
    expect(r.tab.message).toMatch(/showed \[\d+\] tabpanel "Popular" reading "Popular posts here"/);
    await page.close();
  });

  it('while a popup makes the page inert: find says why nothing there matches, and click refuses', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const typed = await h.type(h.find('Assignee')[0]!.id, 'arl');
      const found = h.find('Deactivate account');
      const behind = h.find('Deactivate account', { visible: false })[0]!.id;
      const clicked = await h.click(behind);
      const closed = await h.press('Escape');
      const after = await h.click(behind);
      return { typed, note: found.note, count: found.length, clicked, closed, after };
    });
    // The suggestions are the options: said once.
    expect(r.typed.message).toMatch(/suggestions: \[\d+\] "Arlene Mccoy"/);
    expect(r.typed.message).not.toMatch(/options shown/);
    expect(r.count).toBe(0);
    expect(r.note).toMatch(
      /1 hidden element matches, but the page behind \[\d+\] listbox "Assignee" takes no input while it is open: finish there or close it \(press Escape\)/,
    );
    // Labelled only by its ▾ button, the listbox goes by the field that controls it; Escape closes it.
    expect(r.closed.message).toMatch(/Then: closed \[\d+\] listbox "Assignee"\.$/);
    expect(r.clicked.ok).toBe(false);
    expect(r.clicked.message).toMatch(/was not clicked: the page behind \[\d+\] listbox/);
    expect(r.after.ok, r.after.message).toBe(true);
    expect(r.after.message).toMatch(/dialog opened/);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';
import { useBundledApp } from '../support/bundle-app';

const ctx = useBrowser();

// Mantine and React from npm, bundled here and served to the fixture page.
const open = useBundledApp(ctx, 'mantine', '.mantine-Pagination-root');

describe('Mantine', () => {
  it('selects, a radio group through the text that names it, and the toggles', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string | RegExp) => h.find(p)[0]!.id;
      return [
        await h.select(id('Framework'), 'Vue'),
        await h.select(id('Country'), 'Japan'),
        await h.select(id('Tags'), ['finance', 'legal']),
        // The group's name is a div it points at with aria-labelledby.
        await h.select(id(/^Shipping$/), 'Express'),
        await h.click(id('Week')),
        await h.click(id('Dark mode')),
        await h.check(id('Subscribe')),
      ];
    });
    for (const x of r) expect(x.ok, x.message).toBe(true);
    expect(await appState(page)).toEqual({
      framework: 'Vue',
      country: 'Japan',
      tags: ['finance', 'legal'],
      ship: 'exp',
      range: 'Week',
      dark: true,
      sub: true,
    });
    await page.close();
  });

  it('a menu closed by Escape or by choosing an item says it closed', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const actions = h.find(/^Actions$/, { type: 'button' })[0]!.id;
      const opened = await h.click(actions);
      const escaped = await h.press('Escape');
      await h.click(actions);
      const chosen = await h.clickMenuItem('Rename');
      return [opened, escaped, chosen].map((x) => x.message);
    });
    expect(r[0]).toMatch(/opened \[(\d+)\] menu/);
    const menu = /opened \[(\d+)\] menu/.exec(r[0]!)![1];
    expect(r[1]).toMatch(new RegExp(`^Pressed Escape .*closed \\[${menu}\\] menu`));
    expect(r[2]).toMatch(/closed \[\d+\] menu/);
    expect((await appState(page)).menu).toBe('rename');
    await page.close();
  });

  it('names icon buttons as a person reads them, and find finds them by that name', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const buttons = h.snapshot({ type: 'button' });
      const note = h.find('no such document').note;
      const next = await h.click(h.find('next page')[0]!.id);
      const opened = await h.click(h.find('Open settings')[0]!.id);
      const close = h.find(/close/)[0];
      return { buttons, note, next, opened, close };
    });
    // The pager's arrows by where they stand, not by the class "mantine-focus-auto".
    expect(r.buttons).toMatch(/\[\d+\] button "previous page" \(disabled\)\n\[\d+\] button "1" \(current\)/);
    expect(r.buttons).toMatch(/\[\d+\] button "10"\n\[\d+\] button "next page"/);
    expect(r.buttons).not.toMatch(/mantine/);
    expect(r.note).toMatch(/the list is paged: \[\d+\] "next page" shows the next page/);
    expect(r.next.ok).toBe(true);
    expect(r.opened.message).toMatch(/dialog opened: \[\d+\] dialog "Settings"/);
    expect(r.opened.message).not.toMatch(/mantine/);
    expect(r.close).toMatchObject({ tag: 'button', text: 'modal close' });
    expect(await appState(page)).toEqual({ page: 2 });
    await page.close();
  });
});

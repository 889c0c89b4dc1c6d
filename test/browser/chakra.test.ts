import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';
import { useBundledApp } from '../support/bundle-app';

const ctx = useBrowser();

// Chakra UI and React from npm, bundled here and served to the fixture page.
const open = useBundledApp(ctx, 'chakra', '[role=tab]');

describe('Chakra UI 3 (Ark UI, Zag.js)', () => {
  it('works each control, and a click on a switch hidden under its drawn control toggles it', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string | RegExp) => h.find(p)[0]!.id;
      return [
        await h.select(id('Framework'), 'Vue.js'),
        await h.select(id('Assignee'), 'Grace Hopper'),
        await h.check(id('Accept terms')),
        await h.click(id('Email alerts')),
        await h.select(id(/^Plan$/), 'Pro'),
        await h.click(id('Open menu')),
        await h.clickMenuItem('Delete'),
        await h.click(id('Projects')),
      ];
    });
    for (const x of r) expect(x.ok, x.message).toBe(true);
    expect(r[3]!.message).toMatch(/it is now checked/);
    expect(r[7]!.message).toMatch(/showed \[\d+\] tabpanel "Projects" reading "Manage your projects"/);
    expect(await appState(page)).toEqual({
      framework: ['vue'],
      assignee: ['grace'],
      agree: true,
      notify: true,
      plan: 'pro',
      menu: 'delete',
    });
    await page.close();
  });
});

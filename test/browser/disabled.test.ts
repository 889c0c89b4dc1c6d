/** Items disabled only by their look are seen as disabled, and an action that changed nothing says so. */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();
let page: Page;
afterEach(() => page?.close());

const idOf = (p: Page, domId: string) =>
  p.evaluate((d) => {
    const h = window.LLMHelper;
    return h.find({ type: `#${d}` })[0]!.id;
  }, domId);

describe('disabled by look (real styles)', () => {
  it('a greyed-out context-menu item is listed as disabled and is not clicked', async () => {
    page = await ctx.open('disabled.html');
    const file = await idOf(page, 'file');
    const r = await page.evaluate(async (id) => {
      const h = window.LLMHelper;
      const menu = await h.rightClick(id);
      const copy = await h.clickMenuItem('Make a copy');
      return { items: menu.items, copy, log: document.getElementById('log')!.textContent };
    }, file);
    expect(r.items.map((i) => [i.text, !!i.disabled])).toEqual([
      ['Open', false],
      ['Make a copy', true],
      ['Delete', false],
    ]);
    expect(r.copy.ok).toBe(false);
    expect(r.copy.message).toMatch(/disabled/);
    expect(r.log).toBe('');
  });

  it('find marks it disabled, describe says it looks disabled, click refuses unless forced', async () => {
    page = await ctx.open('disabled.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      document.getElementById('menu')!.style.display = 'block';
      const m = h.find('Make a copy')[0]!;
      const menuId = h.find({ type: '#menu' })[0]!.id;
      const click = await h.click(m.id);
      const forced = await h.click(m.id, { force: true });
      return { m, describe: h.describe(menuId), click, forced };
    });
    expect(r.m.disabled).toBe(true);
    expect(r.describe).toMatch(/Make a copy.*looks disabled/);
    expect(r.click).toMatchObject({ ok: false });
    expect(r.click.message).toMatch(/looks disabled \(class "dis"\).*force: true/);
    expect(r.forced.ok).toBe(true);
    expect(r.forced.message).toMatch(/Nothing on the page changed/);
  });

  it('a tab greyed out beside its siblings, and a Bootstrap .disabled link (pointer-events: none)', async () => {
    page = await ctx.open('disabled.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const tab = (t: string) => h.find(t, { exact: true })[0]!;
      return {
        archive: tab('Archive').disabled ?? false,
        home: tab('Home').disabled ?? false,
        next: h.find('Next')[0]!.disabled ?? false,
        click: await h.click(h.find('Next')[0]!.id),
        submit: await h.click(h.find('Submit')[0]!.id),
      };
    });
    expect(r.submit).toMatchObject({ ok: false });
    expect(r.submit.message).toMatch(/cursor: not-allowed/);
    expect(r).toMatchObject({ archive: true, home: false, next: true, click: { ok: false } });
    expect(r.click.message).toMatch(/looks disabled \(class "disabled"\).*force: true/);
  });
});

describe('an action that changes nothing says so', () => {
  it('clicking plain text reports that nothing on the page changed; a working click does not', async () => {
    page = await ctx.open('disabled.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const dead = await h.click(h.find('Just text')[0]!.id);
      document.getElementById('menu')!.style.display = 'block';
      const open = await h.click(h.find('Open', { exact: true })[0]!.id);
      return { dead, open };
    });
    expect(r.dead.ok).toBe(true);
    expect(r.dead.changes.nothingChanged).toBe(true);
    expect(r.dead.message).toMatch(/Nothing on the page changed .* no effect/);
    expect(r.open.changes.nothingChanged).toBeUndefined();
    expect(r.open.message).not.toMatch(/Nothing on the page changed/);
  });
});

/**
 * Reports read from the page once it settled (issue #63), on pages of our own in the shapes real apps
 * have, with the truth oracle on: a toggle the page sets back, a box the page refuses, what a filter
 * visibly took away, a label's click that only moved the focus, fields beside or inside a label bound to
 * another control, a row's own control shown only on hover, and a select replacement that opens on
 * pointer down with its list inside the box it draws.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

interface Result {
  ok: boolean;
  message: string;
  changes: { itemsGone?: { count: number; sample: string[] } };
}
type Helper = {
  find(pattern: string | object, options?: object): { id: number; text: string; onHover?: true }[];
  findNear(
    id: number,
    pattern: string | object,
    options?: object,
  ): { id: number; text: string; onHover?: true }[];
  describe(target: string | number): string;
  click(target: string | number): Promise<Result>;
  select(target: string | number, value: string): Promise<Result>;
};
const call = <T>(page: Page, fn: (h: Helper) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${fn.toString()})(window.LLMHelper)`) as Promise<T>;

describe('state words read from the page after it settles', () => {
  it('says when the page set a toggle back, and never that it is now checked', async () => {
    const page = await ctx.open('todo-reads.html');
    const r = await call(page, async (h) =>
      h.click(h.find('Mark all as complete', { type: 'checkbox' })[0]!.id),
    );
    expect(await page.locator('#all').isChecked()).toBe(false);
    expect(r.message).not.toMatch(/it is now checked/);
    expect(r.message).toMatch(/set it back: it is unchecked/);
    // What it did to the list is said too.
    expect(await page.locator('li.done').count()).toBe(4);
  });

  it('claims no state for a box the page refuses to change', async () => {
    const page = await ctx.open('todo-reads.html');
    const r = await call(page, async (h) => h.click(h.find('Pin the list', { type: 'checkbox' })[0]!.id));
    expect(await page.locator('#stuck').isChecked()).toBe(false);
    expect(r.message).not.toMatch(/it is now checked/);
  });
});

describe('what went away, as a person saw it leave', () => {
  it('counts the shown items a filter took away, not the hidden ones it dropped or those drawn again', async () => {
    const page = await ctx.open('todo-reads.html');
    const r = await call(page, async (h) => h.click(h.find('Active', { type: 'link' })[0]!.id));
    expect(r.changes.itemsGone?.count).toBe(2);
    expect(r.message).toMatch(/2 list items went away \("Buy stamps", "Return the books"\)/);
  });
});

describe('a click that changed nothing but the focus', () => {
  it('says nothing changed but the focus, and where it is', async () => {
    const page = await ctx.open('labels-elsewhere.html');
    const r = await call(page, async (h) => h.click(h.find('City', { type: 'label' })[0]!.id));
    expect(r.ok).toBe(true);
    expect(r.message).toMatch(/Nothing on the page changed but the focus, now on \[\d+\] textbox "City"/);
  });
});

describe("a field's name is never another control's label", () => {
  it('takes no name from a label bound elsewhere that holds the field or stands beside it', async () => {
    const page = await ctx.open('labels-elsewhere.html');
    const lines = await call(page, (h) => [h.describe('.note'), h.describe('.alias')]);
    expect(lines[0]).not.toMatch(/Share with everyone/);
    expect(lines[1]).not.toMatch(/newsletter/);
    // The checkboxes keep their own labels.
    expect(await call(page, (h) => h.describe('#everyone'))).toMatch(/Share with everyone/);
  });
});

describe("findNear and a row's own controls", () => {
  it("puts the row's control shown only on hover first, marked so, before a far one", async () => {
    const page = await ctx.open('todo-reads.html');
    const near = await call(page, (h) => {
      const [row] = h.find('Water the plants');
      return h.findNear(row!.id, { type: 'button' });
    });
    expect(near[0]).toMatchObject({ text: '×', onHover: true });
    expect(near.findIndex((m) => m.text === 'Clear completed')).toBeGreaterThan(0);
    // Clicked by ID, it removes that row (hovered first, as a person would).
    const r = await call(page, (h) =>
      h.click(h.findNear(h.find('Water the plants')[0]!.id, { type: 'button' })[0]!.id),
    );
    expect(r.ok).toBe(true);
    expect(await page.locator('li', { hasText: 'Water the plants' }).count()).toBe(0);
  });
});

describe('a select replacement that opens on pointer down, its list inside its box', () => {
  it('is opened and chosen from as a person does, and says what it shows', async () => {
    const page = await ctx.open('drawn-select.html');
    const r = await call(page, (h) => h.select('#country', 'Germany'));
    expect(r.ok).toBe(true);
    expect(await page.locator('#said').textContent()).toBe('Ships to Germany');
    expect(await page.locator('.picker-single').textContent()).toBe('Germany');
    expect(await page.locator('.picker').getAttribute('class')).not.toContain('open');
  });
});

describe('what a click reveals, and what a summary names', () => {
  type Reveal = Helper & { summary(): string };
  const idOf = (text: string, name: string): number => {
    const m = new RegExp(`\\[(\\d+)\\] [a-z]+ "${name}"`).exec(text);
    if (!m) throw new Error(`no ID for "${name}" in: ${text}`);
    return Number(m[1]);
  };

  it('lists tabs only their pointer marks, and the links the tab shows with their IDs', async () => {
    const page = await ctx.open('reveals.html');
    const summary = await call(page, (h) => (h as Reveal).summary());
    expect(summary).toMatch(/\[\d+\] clickable "Shared files"/);
    const tab = idOf(summary, 'Shared files');
    const r = await page.evaluate((id) => window.LLMHelper.click(id), tab);
    expect(r.message).toMatch(/\[\d+\] link "Budget\.xlsx"/);
    // The ID it gave works: the link opens.
    await page.evaluate((id) => window.LLMHelper.click(id), idOf(r.message, 'Budget.xlsx'));
    expect(await page.locator('#said').textContent()).toBe('Opened Budget.xlsx');
  });

  it('does not list links a collapsed section clips away, and lists them once it opens', async () => {
    const page = await ctx.open('reveals.html');
    const summary = await call(page, (h) => (h as Reveal).summary());
    expect(summary).not.toMatch(/Export everything/);
    const r = await page.evaluate((id) => window.LLMHelper.click(id), idOf(summary, 'More settings'));
    expect(r.message).toMatch(/\[\d+\] link "Export everything"/);
    await page.evaluate((id) => window.LLMHelper.click(id), idOf(r.message, 'Export everything'));
    expect(await page.locator('#said').textContent()).toBe('Opened Export everything');
  });

  it("lists a tree's child folders drawn as spans once their parent opens", async () => {
    const page = await ctx.open('reveals.html');
    const summary = await call(page, (h) => (h as Reveal).summary());
    const r = await page.evaluate((id) => window.LLMHelper.click(id), idOf(summary, 'Projects'));
    expect(r.message).toMatch(/\[\d+\] clickable "Apollo"/);
    expect(r.message).toMatch(/\[\d+\] link "Readme\.txt"/);
    const r2 = await page.evaluate((id) => window.LLMHelper.click(id), idOf(r.message, 'Apollo'));
    expect(r2.message).toMatch(/\[\d+\] link "Brief\.pdf"/);
  });

  it('names the links in the running text in view when navigation fills the main actions', async () => {
    const page = await ctx.open('text-links.html');
    const summary = await call(page, (h) => (h as Reveal).summary());
    expect(summary).toMatch(/Links in text: .*\[\d+\] link "export your workspace"/);
    expect(summary).toMatch(/"who owns a folder"/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

const open = async (): Promise<Page> => {
  const page = await ctx.open('components-real.html');
  await page.waitForFunction(() =>
    ['sl-input', 'sl-select', 'sl-checkbox', 'sl-switch', 'sl-button'].every((t) => customElements.get(t)),
  );
  await page.waitForFunction(
    () => !!document.querySelector('sl-button')?.shadowRoot?.querySelector('button'),
  );
  return page;
};

describe('web components (Shoelace), jQuery UI autocomplete and drawn checkboxes', () => {
  it('reads text a component shows through its slots, and lists drawn checkboxes as the enabled controls they are', async () => {
    const page = await open();
    const snapshot = await page.evaluate(() => window.LLMHelper.snapshot());
    // The button's name is its slotted text, not a class name such as "medium".
    expect(snapshot).toMatch(/\[\d+\] button "Create ticket"/);
    // Transparent inputs under a drawn box: listed, and not "looks disabled" for ignoring the pointer.
    expect(snapshot).toMatch(/\[\d+\] checkbox "Notify the team" \(unchecked\)\n/);
    expect(snapshot).toMatch(/\[\d+\] switch "Public" \(unchecked\)\n/);
    expect(snapshot).toMatch(/\[\d+\] checkbox "Archive when done" \(unchecked\)\n/);
    await page.close();
  });

  it('fills the form through the components: the text leads to the control inside them', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      return [
        await h.type(id('Title'), 'Printer on fire'),
        await h.select(id('Priority'), 'High'),
        await h.check(id('Notify the team')),
        await h.check(id('Public')),
        await h.check(id('Archive when done')),
        await h.click(id('Create ticket')),
      ];
    });
    for (const x of r) expect(x.ok, x.message).toBe(true);
    expect(JSON.parse((await page.textContent('#out'))!)).toEqual({
      title: 'Printer on fire',
      priority: 'high',
      notify: true,
      public: true,
      archive: true,
      city: '',
    });
    await page.close();
  });

  it('typing into an autocomplete waits for its suggestions and lists them with IDs; clicking one chooses it', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const typed = await h.type(h.find('City')[0]!.id, 'To');
      const tokyo = /\[(\d+)\] "Tokyo"/.exec(typed.message)?.[1];
      const clicked = tokyo ? await h.click(Number(tokyo)) : null;
      return {
        typed,
        clicked,
        found: h.find('Toronto'),
        value: (document.getElementById('city') as HTMLInputElement).value,
      };
    });
    expect(r.typed.ok, r.typed.message).toBe(true);
    expect(r.typed.changes.suggestions).toEqual([
      expect.stringMatching(/"Tokyo"$/),
      expect.stringMatching(/"Toronto"$/),
    ]);
    expect(r.clicked?.ok, r.clicked?.message).toBe(true);
    expect(r.value).toBe('Tokyo');
    await page.close();
  });

  it('find names the item of a focusable list, not the whole list', async () => {
    const page = await open();
    const found = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.type(h.find('City')[0]!.id, 'o');
      return h.find('Toronto');
    });
    expect(found[0]).toMatchObject({ tag: 'li', text: 'Toronto' });
    await page.close();
  });
});

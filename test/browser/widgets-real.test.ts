import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

/** What the form would submit: the native selects the libraries keep in sync behind their widgets. */
const submitted = (page: Page) =>
  page.evaluate(() => {
    const form = new FormData(document.getElementById('shipment') as HTMLFormElement);
    return {
      country: form.get('country'),
      fruit: form.get('fruit'),
      tags: form.getAll('tags'),
      carrier: form.get('carrier'),
    };
  });

describe('select widgets from real libraries (Tom Select, Choices, Select2) that hide the native select', () => {
  it('find leads from the label to the widget, and select chooses through it', async () => {
    const page = await ctx.open('widgets-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const first = (p: string) => h.find(p)[0]!;
      const found = ['Country', 'Fruit', 'Tags', 'Carrier'].map((p) => {
        const f = first(p);
        return { tag: f.tag, role: f.role };
      });
      return {
        found,
        // Tom Select's listbox is made when it opens, while Choices shows a listbox at all times: the
        // listbox used must be the one that opened, not the first one on the page.
        country: await h.select(first('Country').id, 'Japan'),
        fruit: await h.select(first('Fruit').id, 'Banana'),
        tags: await h.select(first('Tags').id, ['Red', 'Blue']),
        carrier: await h.select(first('Carrier').id, 'UPS'),
      };
    });
    expect(r.found).toEqual([
      { tag: 'input', role: 'combobox' },
      { tag: 'div', role: 'combobox' },
      { tag: 'input', role: 'combobox' },
      { tag: 'span', role: 'combobox' },
    ]);
    for (const k of ['country', 'fruit', 'tags', 'carrier'] as const)
      expect(r[k].ok, r[k].message).toBe(true);
    expect(r.tags.message).toMatch(/"Red".*"Blue"/);
    expect(await submitted(page)).toEqual({
      country: 'jp',
      fruit: 'banana',
      tags: ['red', 'blue'],
      carrier: 'ups',
    });
    // The widgets show it too, not only the hidden selects.
    expect(
      await page.evaluate(() =>
        (
          window as unknown as { widgets: { fruit: { getValue(v: boolean): string } } }
        ).widgets.fruit.getValue(true),
      ),
    ).toBe('banana');
    expect(await page.textContent('#select2-carrier-container')).toBe('UPS');
    await page.close();
  });

  it('summary lists each widget once, not the select hidden behind it', async () => {
    const page = await ctx.open('widgets-real.html');
    const summary = await page.evaluate(() => window.LLMHelper.summary());
    expect(summary).toMatch(/\[\d+\] combobox "Country" \(collapsed, has popup\)/);
    expect(summary).not.toMatch(/×2/);
    expect(summary).not.toMatch(/value "Pick a country"/);
    await page.close();
  });

  it('snapshot shows each widget as one combobox named by its label, with what it draws inside as its value', async () => {
    const page = await ctx.open('widgets-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const before = h.snapshot();
      const found = h.find('Carrier').map((x) => `${x.tag} ${x.role}`);
      const chosen = await h.select(h.find('Carrier')[0]!.id, 'UPS');
      return { before, found, chosen: chosen.message };
    });
    // Select2 labels its combobox with its own read-only textbox showing the value, and Choices keeps a
    // listbox of the chosen item inside its combobox: neither is a control of its own. The selects the
    // widgets squeeze to a pixel are hidden, not "more not shown".
    expect(r.before).toBe(
      [
        '[1] combobox "Country" (collapsed, has popup)',
        '[2] combobox "Fruit" (collapsed, has popup)',
        '[3] combobox "Tags" (collapsed, has popup)',
        '[4] combobox "Carrier" (value "Any carrier", collapsed, has popup)',
      ].join('\n'),
    );
    expect(r.found).toEqual(['span combobox']);
    expect(r.chosen).toMatch(/^Selected option "UPS" in \[4\] combobox "Carrier" \(value "UPS"/);
    await page.close();
  });

  it('a selector for the hidden native select works through its widget too', async () => {
    const page = await ctx.open('widgets-real.html');
    const r = await page.evaluate(() => window.LLMHelper.select('#fruit', 'Cherry'));
    expect(r.ok, r.message).toBe(true);
    expect((await submitted(page)).fruit).toBe('cherry');
    await page.close();
  });

  it('an option that is not there: lists the options and closes the list it opened', async () => {
    const page = await ctx.open('widgets-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return [
        await h.select(h.find('Fruit')[0]!.id, 'Kiwi'),
        await h.select(h.find('Country')[0]!.id, 'Kiwi'),
      ];
    });
    expect(r[0]!.ok).toBe(false);
    expect(r[0]!.message).toMatch(
      /no option "Kiwi"\. Options: "Choose a fruit", "Apple", "Banana", "Cherry"/,
    );
    expect(r[1]!.message).toMatch(/no option "Kiwi"\. Options: "France", "Germany", "Japan"/);
    expect(await page.evaluate(() => document.querySelector('.choices')!.classList.contains('is-open'))).toBe(
      false,
    );
    expect(await page.isVisible('.ts-dropdown')).toBe(false);
    expect(await submitted(page)).toMatchObject({ country: '', fruit: '' });
    await page.close();
  });
});

/**
 * Held-out widgets (#38): masked fields (IMask, Cleave.js) and a list that filters on keyup (List.js),
 * each a real library loaded as a page would, operated through the public API only.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

type Result = { ok: boolean; message: string };

/** Types into the field the label names, and reads back what the field holds. */
const typeInto = (page: Awaited<ReturnType<typeof ctx.open>>, label: string, text: string) =>
  page.evaluate(
    async ([label, text]) => {
      const h = window.LLMHelper;
      const field = h.find(label, { type: 'input' })[0]!;
      const r = (await h.type(field.id, text)) as unknown as Result;
      const el = [...document.querySelectorAll('input')].find((i) =>
        i.closest('label')?.textContent?.includes(label),
      );
      return { ...r, value: el!.value };
    },
    [label, text] as const,
  );

describe('masked fields judged by what they hold, not by their characters', () => {
  it('IMask phone, Cleave card number, expiry and thousands: ok, formatted by the page as …', async () => {
    const page = await ctx.open('masks-real.html');
    const phone = await typeInto(page, 'Phone', '5551234567');
    expect(phone.value).toBe('+1 (555) 123-4567');
    expect(phone.ok, phone.message).toBe(true);
    expect(phone.message).toMatch(/formatted by the page as "\+1 \(555\) 123-4567"/);
    const expiry = await typeInto(page, 'Expiry', '1225');
    expect(expiry.value).toBe('12/25');
    expect(expiry.ok, expiry.message).toBe(true);
    const amount = await typeInto(page, 'Amount', '1234567');
    expect(amount.value).toBe('1,234,567');
    expect(amount.ok, amount.message).toBe(true);
    // What the format dropped is not what was typed: still said, and not done.
    const letters = await typeInto(page, 'Amount', '12ab');
    expect(letters.value).toBe('12');
    expect(letters.ok).toBe(false);
    expect(letters.message).toMatch(/but it now shows "12"/);
    // A card number is a secret: the report says it was formatted, without the number.
    const card = await typeInto(page, 'Card number', '4111111111111111');
    expect(card.value).toBe('4111 1111 1111 1111');
    expect(card.ok, card.message).toBe(true);
    expect(card.message).not.toMatch(/4111/);
    expect(card.message).toMatch(/formatted by the page/);
    await page.close();
  });
});

describe('typing sends the keys a keyboard does', () => {
  it('a List.js search box that filters on keyup filters, and the report says what went away', async () => {
    const page = await ctx.open('masks-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const box = h.find('Search people', { type: 'input' })[0]!;
      const result = (await h.type(box.id, 'Grace')) as unknown as Result;
      return { ...result, shown: [...document.querySelectorAll('#people li')].map((li) => li.textContent) };
    });
    expect(r.shown).toEqual(['Grace Hopper']);
    expect(r.ok, r.message).toBe(true);
    expect(r.message).toMatch(
      /5 list items went away \("Ada Lovelace", "Alan Turing", "Edsger Dijkstra", …\)/,
    );
    await page.close();
  });

  it('a filter that hides rows on keyup: rows hidden are said; a text past 200 characters still ends with its keyup', async () => {
    const page = await ctx.open('masks-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const box = h.find('Filter orders', { type: 'input' })[0]!;
      const short = (await h.type(box.id, 'berlin')) as unknown as Result;
      const long = (await h.type(box.id, `${'x'.repeat(250)}`)) as unknown as Result;
      const shown = [...document.querySelectorAll<HTMLElement>('#orders tr')].filter(
        (tr) => tr.style.display !== 'none',
      );
      return { short, long, shown: shown.length };
    });
    expect(r.short.ok).toBe(true);
    expect(r.short.message).toMatch(/2 rows went away \("Order 1002 Paris", "Order 1004 Tokyo"\)/);
    expect(r.shown).toBe(0);
    expect(r.long.message, r.long.message).toMatch(/2 rows went away/);
    await page.close();
  });
});

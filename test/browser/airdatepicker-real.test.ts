/**
 * Held-out widgets (#38 item 6): a date picker whose days are role-less divs (Air Datepicker 3). Opening
 * it says a popup opened, with its days; the days are found as buttons; picking one says the field's new
 * value and that the calendar closed.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('a calendar of role-less days (Air Datepicker)', () => {
  it('opens as a popup, its days are buttons, and a pick says the value and the close', async () => {
    const page = await ctx.open('airdatepicker-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const opened = await h.click(h.find('Due date')[0]!.id);
      const days = h.find('^15$', { type: 'button' });
      const picked = await h.click(days[0]!.id);
      return { opened: opened.message, days, picked: picked.message };
    });
    // The month title switches to a month view: drawn as a div, clickable by its pointer, listed too.
    expect(r.opened, r.opened).toMatch(
      /opened a popup with 3\d controls \(\[\d+\] clickable "November, 2026"; \[\d+\] button "1"; /,
    );
    expect(r.days).toHaveLength(1);
    expect(r.days[0]).toMatchObject({ role: 'button', text: '15' });
    expect(r.picked).toMatch(/closed a popup with 3\d controls/);
    expect(r.picked).toMatch(/set \[\d+\] textbox "Due date" \(value "2026-11-15"\)/);
    expect(await page.inputValue('#due')).toBe('2026-11-15');
    await page.close();
  });
});

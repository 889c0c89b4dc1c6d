/** Held-out widgets (#38): a date picker whose day chooses on mousedown (Pikaday), through the public API. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('a date picker that chooses on mousedown (Pikaday)', () => {
  it("picking a day says the field's new value", async () => {
    const page = await ctx.open('pikaday-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const field = h.find('Start date', { type: 'input' })[0]!;
      const open = (await h.click(field.id)) as unknown as { message: string };
      const day = h.find('^14$', { type: 'button' })[0]!;
      const pick = (await h.click(day.id)) as unknown as { ok: boolean; message: string };
      return {
        open: open.message,
        pick,
        field: field.id,
        value: (document.getElementById('start') as HTMLInputElement).value,
      };
    });
    expect(r.value).toBe('Fri Mar 14 2025');
    expect(r.pick.ok, r.pick.message).toBe(true);
    // The field by its ID (Pikaday names it "Use the arrow keys to pick a date" while it is open).
    expect(r.pick.message).toContain(`set [${r.field}] textbox`);
    expect(r.pick.message).toMatch(/set \[\d+\] textbox "[^"]*" \(value "Fri Mar 14 2025"\)/);
    await page.close();
  });
});

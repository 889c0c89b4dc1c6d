/** Held-out widgets (#38): a select replaced by a jQuery widget the SDK has no rule for (Selectric). */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('a select a widget of no known kind draws (Selectric)', () => {
  it('is chosen through what the page shows, and the result says what it shows', async () => {
    const page = await ctx.open('selectric-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = h.find('Country', { type: 'select' })[0]!.id;
      const result = (await h.select(id, 'Germany')) as unknown as { ok: boolean; message: string };
      return {
        result,
        shown: document.querySelector('.selectric .label')!.textContent,
        native: (document.getElementById('country') as HTMLSelectElement).value,
      };
    });
    expect(r.native).toBe('de');
    expect(r.shown).toBe('Germany');
    expect(r.result.ok, r.result.message).toBe(true);
    expect(r.result.message).toMatch(
      /^Selected "Germany" in \[\d+\] .* through the list it draws \(the hidden select \[\d+\] combobox "Country"/,
    );
    await page.close();
  });
});

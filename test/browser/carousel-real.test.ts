/** Held-out widgets (#38): a carousel (Splide) whose "go to slide" click changes only which slide is shown. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('a carousel (Splide)', () => {
  it('a click that changes only which slide is shown says what is shown now', async () => {
    const page = await ctx.open('carousel-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const go = h.find('Go to slide 3', { type: 'button' })[0]!;
      const result = (await h.click(go.id)) as unknown as { ok: boolean; message: string };
      const next = h.find('Next slide', { type: 'button' })[0]!;
      const after = (await h.click(next.id)) as unknown as { ok: boolean; message: string };
      return { result, after };
    });
    expect(r.result.ok, r.result.message).toBe(true);
    expect(r.result.message).toMatch(/showed .*"Quarterly review on the 14th"/);
    expect(r.after.message).toMatch(/showed .*"Welcome to our new hires"/);
    await page.close();
  });
});

/** Held-out widgets (#38): a slider drawn by noUiSlider (role slider, aria-valuenow), through the public API. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

type Result = { ok: boolean; message: string };

describe('a slider the page draws (noUiSlider)', () => {
  it('reads its value, and is set by the keys a person would press until it reads the value', async () => {
    const page = await ctx.open('slider-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = h.find('Volume', { type: 'slider' })[0]!.id;
      const read = h.extract(id, 'value');
      const snapshot = h.snapshot();
      const set = (await h.type(id, '45')) as unknown as Result;
      const shown = document.getElementById('out')!.textContent;
      const between = (await h.type(id, '47')) as unknown as Result;
      const top = (await h.type(id, '100')) as unknown as Result;
      const outside = (await h.type(id, '120')) as unknown as Result;
      return { read, snapshot, set, shown, between, top, outside, now: h.extract(id, 'value') };
    });
    expect(r.read).toBe('20%');
    expect(r.snapshot).toMatch(/slider "Volume"[^\n]*20%/);
    expect(r.set.ok, r.set.message).toBe(true);
    expect(r.set.message).toMatch(/^Set \[\d+\] slider "Volume".* to 45 \("45%"\) with the arrow keys/);
    expect(r.shown).toBe('45%');
    expect(r.between.ok).toBe(false);
    expect(r.between.message).toMatch(
      /Did not set .* to 47: it reads (45|50) \("(45|50)%"\), the nearest it takes/,
    );
    expect(r.top.ok, r.top.message).toBe(true);
    expect(r.outside.ok).toBe(false);
    expect(r.outside.message).toMatch(/is not a number it takes \(it takes 0 to 100\)/);
    expect(r.now).toBe('100%');
    await page.close();
  });
});

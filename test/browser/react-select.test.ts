import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { useBundledApp } from '../support/bundle-app';

const ctx = useBrowser();

// react-select and React from npm, bundled here and served to the fixture page.
const open = useBundledApp(ctx, 'react-select', '#out');

describe('react-select (React state, a listbox rendered only while open)', () => {
  it('selects one value, several values, and says which options there are for one that is not', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return {
        snapshot: h.snapshot(),
        one: await h.select(h.find('Country')[0]!.id, 'Japan'),
        many: await h.select(h.find('Tags')[0]!.id, ['France', 'Japan']),
        none: await h.select(h.find('Country')[0]!.id, 'Kiwi'),
        state: JSON.parse(document.getElementById('out')!.textContent!),
        after: h.snapshot({ type: 'select' }),
      };
    });
    // The choice is drawn beside the empty input (its grey placeholder is not a value).
    expect(r.after).toMatch(/\[\d+\] combobox "Country" \(value "Japan", collapsed, has popup\)/);
    expect(r.snapshot).toMatch(/\[\d+\] combobox "Country" \(collapsed, has popup\)/);
    expect(r.one.ok, r.one.message).toBe(true);
    expect(r.many.ok, r.many.message).toBe(true);
    expect(r.none).toMatchObject({ ok: false });
    expect(r.none.message).toMatch(/no option "Kiwi"\. Options: "France", "Germany", "Japan"/);
    expect(r.state).toEqual({ country: 'jp', tags: ['fr', 'jp'] });
    await page.close();
  });
});

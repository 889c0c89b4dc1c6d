/**
 * #75's "went away" on the list apps of bench/lists/, one per framework as its docs teach: keyed lists
 * (React, Vue, Preact, Knockout, AngularJS), a list redrawn whole (Backbone) and lists that reuse their
 * rows by position (Lit, Mithril). A filter that hides two of four items says those two went away, by
 * what they showed, whichever elements the framework kept; the truth oracle is on (support/browser.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useBrowser } from '../support/browser';
import { LISTS, openLibraryPage } from '../../bench/library-corpus.mjs';

const ctx = useBrowser();
const FRAMEWORKS = ['react', 'vue', 'preact', 'lit', 'knockout', 'backbone', 'mithril', 'angularjs'];

/** Clicks the control whose name is exactly `name` (find reaches Lit's shadow root too). */
const clickNamed = (name: string) =>
  window.LLMHelper.click(window.LLMHelper.find(new RegExp(`^${name}$`))[0]!.id).then((r) => r.message);

describe('what went away, by what it showed', () => {
  for (const fw of FRAMEWORKS)
    it(`${fw}: the Active filter took "Call Ada" and "Book flights" away, and All brought them back`, async () => {
      const spec = JSON.parse(readFileSync(join(LISTS, `${fw}.json`), 'utf8')) as { ready: string };
      const page = await openLibraryPage(ctx.browser, ctx.server, `${fw}.html`, spec, LISTS);
      const active = await page.evaluate(clickNamed, 'Active');
      expect(active).toMatch(/\b2 list items went away \("Call Ada[^"]*", "Book flights[^"]*"\)/);
      const all = await page.evaluate(clickNamed, 'All');
      expect(all).not.toMatch(/went away/);
      await page.close();
    });

  for (const fw of FRAMEWORKS)
    it(`${fw}: completing an item the Active filter then hides says it was checked, and that it left`, async () => {
      const spec = JSON.parse(readFileSync(join(LISTS, `${fw}.json`), 'utf8')) as { ready: string };
      const page = await openLibraryPage(ctx.browser, ctx.server, `${fw}.html`, spec, LISTS);
      await page.evaluate(clickNamed, 'Active');
      const r = await page.evaluate(async () => {
        const h = window.LLMHelper;
        const box = h.find({ type: 'checkbox' }).find((m) => /Buy milk/.test(m.text));
        return box ? h.check(box.id, true) : { ok: false, message: '(no checkbox for Buy milk)' };
      });
      expect(r.message).toMatch(/^Checked .*"Buy milk".*; then the page took it away with its item/);
      expect(r.ok).toBe(true);
      expect(r.message).toMatch(/1 list item went away \("Buy milk/);
      await page.close();
    });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import { useBrowser } from '../support/browser';
import { ROOT } from '../support/harness.mjs';

const ctx = useBrowser();

// react-select and React from npm, bundled here (no file is written) and served to the fixture page.
let app = '';
const production: Plugin = {
  name: 'node-env',
  transform: (code) =>
    code.includes('process.env.NODE_ENV') ? code.replaceAll('process.env.NODE_ENV', '"production"') : null,
};
beforeAll(async () => {
  const bundle = await rollup({
    input: join(ROOT, 'test/fixtures/react-select-app.js'),
    plugins: [production, resolve({ browser: true }), commonjs()],
    onwarn() {},
  });
  app = (await bundle.generate({ format: 'iife' })).output[0].code;
  await bundle.close();
}, 60_000);

const open = async () => {
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route('**/react-select-app.bundle.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: app }),
  );
  await page.goto(`${ctx.server.url}/test/fixtures/react-select.html`);
  await page.waitForFunction(() => !!window.LLMHelper && !!document.getElementById('out'));
  return page;
};

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
      };
    });
    expect(r.snapshot).toMatch(/\[\d+\] combobox "Country" \(collapsed, has popup\)/);
    expect(r.one.ok, r.one.message).toBe(true);
    expect(r.many.ok, r.many.message).toBe(true);
    expect(r.none).toMatchObject({ ok: false });
    expect(r.none.message).toMatch(/no option "Kiwi"\. Options: "France", "Germany", "Japan"/);
    expect(r.state).toEqual({ country: 'jp', tags: ['fr', 'jp'] });
    await page.close();
  });
});

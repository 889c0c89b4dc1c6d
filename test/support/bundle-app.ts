// A fixture app written against npm packages (React and a widget library), bundled in memory at test
// time (no file is written) and served to its fixture page through Playwright's route.
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { rollup, type Plugin } from 'rollup';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import type { BrowserContextForTests } from './browser';
import { ROOT } from './harness.mjs';

const production: Plugin = {
  name: 'node-env',
  transform: (code) =>
    code.includes('process.env.NODE_ENV') ? code.replaceAll('process.env.NODE_ENV', '"production"') : null,
};

/** test/fixtures/<name>-app.js bundled as one script. */
export async function bundleApp(name: string): Promise<string> {
  const bundle = await rollup({
    input: join(ROOT, `test/fixtures/${name}-app.js`),
    plugins: [production, resolve({ browser: true }), commonjs()],
    onwarn() {},
  });
  const code = (await bundle.generate({ format: 'iife' })).output[0].code;
  await bundle.close();
  return code;
}

/** Opens test/fixtures/<name>.html with its app served as /<name>-app.bundle.js. */
export async function openWithApp(ctx: BrowserContextForTests, name: string, app: string): Promise<Page> {
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route(`**/${name}-app.bundle.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: app }),
  );
  await page.goto(`${ctx.server.url}/test/fixtures/${name}.html`);
  await page.waitForFunction(() => !!window.LLMHelper);
  return page;
}

/**
 * Waits until the page's custom elements, in its shadow trees too, are defined and have rendered (a Lit
 * element's updateComplete), and a frame has been drawn: the app's first render, however slow the machine.
 */
export async function rendered(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const elements = (root: Document | ShadowRoot): Element[] =>
      [...root.querySelectorAll('*')].flatMap((e) => (e.shadowRoot ? [e, ...elements(e.shadowRoot)] : [e]));
    for (
      let seen = -1, all = elements(document);
      all.length !== seen;
      seen = all.length, all = elements(document)
    ) {
      const custom = all.filter((e) => e.localName.includes('-'));
      await Promise.all(custom.map((e) => customElements.whenDefined(e.localName)));
      await Promise.all(custom.map((e) => (e as { updateComplete?: Promise<unknown> }).updateComplete));
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * A test file's app: bundled once before its tests; the function returned opens its page and waits for
 * `ready` (a selector) to show the app has rendered, and for its custom elements' first render.
 */
export function useBundledApp(ctx: BrowserContextForTests, name: string, ready: string): () => Promise<Page> {
  let app = '';
  beforeAll(async () => {
    app = await bundleApp(name);
  }, 90_000);
  return async () => {
    const page = await openWithApp(ctx, name, app);
    await page.waitForSelector(ready, { state: 'attached' });
    await rendered(page);
    return page;
  };
}

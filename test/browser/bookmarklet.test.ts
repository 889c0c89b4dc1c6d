/**
 * The bookmarklets from `npm run bookmarklet`: the loader brings the SDK and the panel to a page that does
 * not have it; the inline one carries the whole bundle; a page whose CSP refuses the script gets a message
 * that says why and what to do. (Playwright cannot click a bookmark; it evaluates the same javascript: code.)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();
const ROOT = new URL('../../', import.meta.url).pathname;

function make(url: string): { loader: string; inline: string | null } {
  execFileSync(process.execPath, [`${ROOT}scripts/bookmarklet.mjs`, '--url', url]);
  const page = readFileSync(`${ROOT}dist/bookmarklets.html`, 'utf8');
  const hrefs = [...page.matchAll(/href="javascript:([^"]*)"/g)].map((m) =>
    decodeURIComponent(m[1]!.replace(/&quot;/g, '"')),
  );
  return { loader: hrefs[0]!, inline: hrefs[1] ?? null };
}

describe('bookmarklets', () => {
  it('the loader adds the SDK with its panel to a page without it; no key is in it', async () => {
    const { loader } = make(`${ctx.server.otherOrigin}/dist/llm-helper.umd.min.js`);
    expect(loader).not.toMatch(/apiKey|sk-|key=/i);
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.server.url}/test/fixtures/plain.html`);
    expect(await page.evaluate(() => typeof (window as unknown as { LLMHelper?: unknown }).LLMHelper)).toBe(
      'undefined',
    );
    await page.evaluate(loader);
    await page.locator('[data-llm-helper-ui] .panel').waitFor();
    expect(await page.evaluate(() => window.LLMHelper.find('Archive').length)).toBe(1);
    await page.close();
  });

  it('the inline one carries the whole bundle', async () => {
    const { inline } = make(`${ctx.server.url}/dist/llm-helper.umd.min.js`);
    expect(inline).not.toBeNull();
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.server.url}/test/fixtures/plain.html`);
    await page.evaluate(inline!);
    await page.locator('[data-llm-helper-ui] .panel').waitFor();
    expect(await page.evaluate(() => window.LLMHelper.summary())).toMatch(/Team notes/);
    await page.close();
  });

  it('on a page that enforces Trusted Types (as Google apps do), the loader brings the SDK and the panel, which work there', async () => {
    const { loader } = make(`${ctx.server.otherOrigin}/dist/llm-helper.umd.min.js`);
    const page = await ctx.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${ctx.server.url}/test/fixtures/trusted-types.html`);
    await page.evaluate(loader);
    await page.locator('[data-llm-helper-ui] .panel').waitFor();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const click = await h.click(h.find('Open', { type: 'button' })[0]!.id);
      return { click: click.message, html: h.extract(h.find('Q3 report')[0]!.id, 'html') };
    });
    expect(r.click).toMatch(/^Clicked \[\d+\] button "Open"/);
    expect(r.html).toBe('<td>Q3 report</td>');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a page that lets no Trusted Types policy be made: the person is told why and what to do', async () => {
    const { loader } = make(`${ctx.server.otherOrigin}/dist/llm-helper.umd.min.js`);
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.server.url}/test/fixtures/trusted-types-none.html`);
    const message = new Promise<string>((resolve) =>
      page.once('dialog', (d) => (resolve(d.message()), void d.dismiss())),
    );
    await page.evaluate(loader);
    expect(await message).toMatch(/Trusted Types policies: use the inline bookmarklet/);
    await page.close();
  });

  it('a page whose CSP refuses the script: the person is told why and what to do', async () => {
    const { loader } = make(`${ctx.server.otherOrigin}/dist/llm-helper.umd.min.js`);
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.server.url}/test/fixtures/csp-strict.html`);
    const message = new Promise<string>((resolve) =>
      page.once('dialog', (d) => (resolve(d.message()), void d.dismiss())),
    );
    await page.evaluate(loader);
    expect(await message).toMatch(
      /this page's Content-Security-Policy blocks scripts from other places\. The inline bookmarklet works where/,
    );
    await page.close();
  });

  it('a loader whose script is not there says nothing was found at its URL, not that the page refused it', async () => {
    const url = `${ctx.server.otherOrigin}/dist/no-such-file.js`;
    const { loader } = make(url);
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.server.url}/test/fixtures/plain.html`);
    const message = new Promise<string>((resolve) =>
      page.once('dialog', (d) => (resolve(d.message()), void d.dismiss())),
    );
    await page.evaluate(loader);
    expect(await message).toBe(
      `LLMHelper could not load: nothing was found at ${url}. Is that server running, and is the file there?`,
    );
    await page.close();
  });

  it("without --url, the loader is for the demo server's copy, and the command says so", () => {
    const out = execFileSync(process.execPath, [`${ROOT}scripts/bookmarklet.mjs`], { encoding: 'utf8' });
    expect(out).toMatch(
      /No --url given: the loader loads http:\/\/127\.0\.0\.1:5173\/dist\/llm-helper\.umd\.min\.js/,
    );
    expect(readFileSync(`${ROOT}dist/bookmarklets.html`, 'utf8')).toContain(
      'Loads <code>http://127.0.0.1:5173/dist/llm-helper.umd.min.js</code>',
    );
  });
});

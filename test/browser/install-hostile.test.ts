/** The SDK installs beside old libraries and hostile globals, and never breaks the host page. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('installing on pages with old libraries', () => {
  it('with RequireJS: installs the global, registers no AMD module, and the page can still require()', async () => {
    const page = await ctx.open('host-amd.html');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const r = await page.evaluate(async () => ({
      greeting: await (window as unknown as { appLoaded: Promise<string> }).appLoaded,
      found: window.LLMHelper.find('Go').length,
      defined: (window as unknown as { requirejs: { s: { contexts: { _: { defined: object } } } } }).requirejs
        .s.contexts._.defined,
    }));
    expect(r.greeting).toBe('hello');
    expect(r.found).toBe(1);
    expect(Object.keys(r.defined)).toEqual(['app/greeting']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('beside enumerable prototype additions, a foreign LLMHelper global and a throwing fetch', async () => {
    const page = await ctx.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const warnings: string[] = [];
    page.on('console', (m) => warnings.push(m.text()));
    await page.goto(`${ctx.server.url}/test/fixtures/host-hostile.html`);
    await page.waitForFunction(() => (window as unknown as { __llmHelper?: object }).__llmHelper);
    const r = await page.evaluate(async () => {
      const h = (window as unknown as { __llmHelper: typeof window.LLMHelper }).__llmHelper;
      const id = h.find('Save')[0]!.id;
      const click = await h.click(id);
      const exec = await h.execute({ name: 'browser_find', arguments: { pattern: 'Saved' } });
      return {
        theirs: window.LLMHelper as unknown,
        click: { ok: click.ok, message: click.message },
        exec: { ok: exec.ok, data: exec.data },
      };
    });
    expect(r.theirs).toEqual({ theirs: true });
    expect(warnings.some((w) => /window\.__llmHelper/.test(w))).toBe(true);
    expect(r.click.ok).toBe(true);
    expect(r.exec.ok).toBe(true);
    expect(Array.isArray((r.exec.data as { matches: unknown }).matches)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * The providers from a page in real Chromium: the bundle's LLMHelper.provider(...) calls the mock model
 * server on another origin (another port), so every request meets real fetch, real CORS preflights and
 * the headers the server chooses to expose.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { startMockModel, type MockModel } from '../support/mock-model.mjs';
import { CASES, CASE_REQUEST, WIRES, baseURLFor, checkOutcome, runCase } from '../support/provider-cases';

const ctx = useBrowser();
let mock: MockModel;
let closed: MockModel;
beforeAll(async () => {
  mock = await startMockModel();
  closed = await startMockModel({
    cors: false,
    scenario: { replies: [{ text: 'unreachable from a page' }] },
  });
});
afterAll(async () => {
  await mock.close();
  await closed.close();
});
beforeEach(() => {
  mock.log.length = 0;
  mock.clearFaults();
});

/** Runs one chat in the page; returns the result or the error's kind and message, and the events. */
async function chatInPage(
  page: Awaited<ReturnType<typeof ctx.open>>,
  wire: string,
  baseURL: string,
  more: { abortAfterEvents?: number; retryAfterCheck?: boolean } = {},
) {
  return page.evaluate(
    async ({ wire, baseURL, more }) => {
      const events: string[] = [];
      const controller = new AbortController();
      const provider = (
        window.LLMHelper as unknown as {
          provider: (n: string, o: unknown) => { chat(r: unknown): Promise<unknown> };
        }
      ).provider(wire, {
        apiKey: 'sk-page-test',
        baseURL,
        model: 'scripted-model',
        maxRetries: 2,
      });
      const t0 = performance.now();
      try {
        const result = await provider.chat({
          system: 'You operate a web page.',
          messages: [{ role: 'user', content: 'Find Save.' }],
          tools: [
            {
              name: 'find',
              description: 'Find.',
              parameters: { type: 'object', properties: { pattern: { type: 'string' } } },
            },
          ],
          signal: controller.signal,
          onEvent: (e: { type: string }) => {
            events.push(e.type);
            if (more.abortAfterEvents && events.length === more.abortAfterEvents) controller.abort();
          },
        });
        return { ok: true, result, events, ms: performance.now() - t0 };
      } catch (e) {
        const err = e as { kind?: string; message: string; name: string };
        return {
          ok: false,
          name: err.name,
          kind: err.kind,
          message: err.message,
          events,
          ms: performance.now() - t0,
        };
      }
    },
    { wire, baseURL, more },
  );
}

describe('the conformance cases, from a page', () => {
  for (const wire of WIRES)
    it(`${wire}: every case of test/support/provider-cases.ts`, async () => {
      const page = await ctx.open('invoices.html');
      await page.addScriptTag({ content: `window.__runCase = ${runCase.toString()};` });
      const slow = await startMockModel({ delayMs: 40 });
      try {
        for (const c of CASES) {
          const server = c.options?.slow ? slow : mock;
          server.log.length = 0;
          server.clearFaults();
          server.setScenario({ replies: c.replies });
          for (const [kind, more] of c.faults ?? []) server.fault(kind, more);
          const out = await page.evaluate(
            ({ wire, baseURL, c, request }) =>
              (window as unknown as { __runCase: typeof runCase }).__runCase(
                (w, o) =>
                  (
                    window.LLMHelper as unknown as {
                      provider: (w: string, o: unknown) => { chat(r: unknown): Promise<unknown> };
                    }
                  ).provider(w, o),
                wire,
                baseURL,
                c,
                request,
              ),
            {
              wire,
              baseURL: baseURLFor(server.url, wire),
              c: { options: c.options, stream: c.stream, abortAfterEvents: c.abortAfterEvents },
              request: CASE_REQUEST,
            },
          );
          checkOutcome(c, out, server.log.length);
          expect(server.log[0]!.headers.origin).toBe(new URL(ctx.server.url).origin); // cross-origin, with CORS
        }
      } finally {
        await slow.close();
        await page.close();
      }
    }, 60_000);
});

describe('providers from a page (real fetch, real CORS)', () => {
  it('a service that refuses the page (no CORS) is a network error that explains CORS and the proxy', async () => {
    const page = await ctx.open('invoices.html');
    const r = await chatInPage(page, 'openai', `${closed.url}/v1`);
    expect(r).toMatchObject({ ok: false, kind: 'network', name: 'LLMHelperError' });
    expect(r.message).toMatch(
      /Maybe it refused this origin, http:\/\/127.0.0.1:\d+ \(CORS: .*provider\('proxy'\)\)/,
    );
    expect(r.message).not.toContain('sk-page-test');
    await page.close();
  });

  it('a public page kept from a model on localhost (local network access) is told so, with the fix', async () => {
    const page = await ctx.browser.newPage();
    // Served by the test rather than from 127.0.0.1, the page is public to Chromium, which then refuses
    // it the loopback address, as it refuses a web app calling a person's Ollama.
    await page.route('**/invoices.html', async (route) =>
      route.fulfill({ body: await (await route.fetch()).text(), contentType: 'text/html' }),
    );
    await page.goto(`${ctx.server.url}/test/fixtures/invoices.html`);
    await page.waitForFunction(() => window.LLMHelper);
    const r = await chatInPage(page, 'openai', `${mock.url}/v1`);
    expect(r).toMatchObject({ ok: false, kind: 'network' });
    expect(r.message).toMatch(
      /kept this page from a local address \(allow local network access in the site's settings\)/,
    );
    expect(mock.log).toHaveLength(0);
    await page.close();
  });

  it('LLMHelper.providers lists the presets with what a page may call', async () => {
    const page = await ctx.open('invoices.html');
    const list = await page.evaluate(() =>
      (
        window.LLMHelper as unknown as { providers: { name: string; capabilities: { browser: unknown } }[] }
      ).providers.map((p) => [p.name, p.capabilities.browser]),
    );
    expect(list).toContainEqual(['anthropic', true]);
    expect(list).toContainEqual(['ollama', 'setting']);
    expect(list).toContainEqual(['deepseek', false]);
    await page.close();
  });
});

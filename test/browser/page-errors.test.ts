/**
 * What went wrong on the page is part of the report: requests an action started that failed (status 400 and
 * up, or no answer), with a short path, the status and the first words of an error body; what the page's
 * own scripts threw; and the console tool's log of both, console errors and warnings too. Nothing of a
 * request body or headers is read, and a token in a URL is scrubbed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';

const ctx = useBrowser();
const mock = useMockModel();

async function open(): Promise<Page> {
  const page = await ctx.open('page-errors.html');
  await page.route('**/api/save', (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"database down"}' }),
  );
  await page.route('**/api/gone', (r) => r.abort('connectionrefused'));
  await page.route('**/api/items**', (r) =>
    r.fulfill({ status: 403, contentType: 'text/plain', body: 'Forbidden for this token' }),
  );
  await page.route('**/api/ok', (r) =>
    r.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
  );
  await page.route('**/api/xhr', (r) =>
    r.fulfill({ status: 404, contentType: 'text/plain', body: 'Not here' }),
  );
  return page;
}

const clickOn = (page: Page, name: string) =>
  page.evaluate(async (name) => {
    const h = window.LLMHelper;
    const r = await h.click(h.find(name, { type: 'button' })[0]!.id);
    return r.message;
  }, name);

describe('an action reports what went wrong on the page', () => {
  it('a failed POST that changes nothing on screen, with its status and the error body', async () => {
    const page = await open();
    const message = await clickOn(page, 'Save');
    expect(message).toMatch(/request failed: POST \/api\/save → 500 \("database down"\)/);
    expect(message).not.toMatch(/4111/); // the request body is never read
    await page.close();
  });

  it("a handler that throws, and an unhandled rejection: the page's own error, without its stack", async () => {
    const page = await open();
    const broken = await clickOn(page, 'Broken');
    expect(broken).toMatch(
      /page error: TypeError: Cannot set properties of null \(setting 'x'\) \(at page-errors\.html:\d+\)/,
    );
    expect(broken).not.toMatch(/\n\s+at /);
    expect(await clickOn(page, 'Reject')).toMatch(/page error: unhandled rejection: Error: quota exceeded/);
    await page.close();
  });

  it('a network error, an XHR that failed, and a URL token scrubbed; a request that worked adds no line', async () => {
    const page = await open();
    expect(await clickOn(page, 'Offline')).toMatch(
      /request failed: GET \/api\/gone → no answer \(network error\)/,
    );
    expect(await clickOn(page, 'Send old')).toMatch(/request failed: POST \/api\/xhr → 404 \("Not here"\)/);
    const token = await clickOn(page, 'Token');
    expect(token).toMatch(
      /request failed: GET \/api\/items\?access_token=\[redacted\]&page=2 → 403 \("Forbidden for this token"\)/,
    );
    expect(token).not.toContain('ya29-url-secret');
    const ok = await clickOn(page, 'Load');
    expect(ok).not.toMatch(/request failed|page error/);
    expect(ok).toMatch(/Loaded/);
    await page.close();
  });
});

describe('the console tool and LLMHelper.console()', () => {
  it('lists page errors, console errors and warnings and failed requests since the SDK loaded, numbered; since and level narrow it', async () => {
    const page = await open();
    for (const name of ['Save', 'Broken', 'Log', 'Token']) await clickOn(page, name);
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper as unknown as typeof window.LLMHelper & {
        console(o?: object): { n: number; level: string; kind: string; text: string }[];
      };
      const all = h.console();
      const errors = h.console({ level: 'error' });
      const after = h.console({ since: all[1]!.n });
      const tool = await h.execute({ name: 'browser_console', arguments: {} });
      const none = await h.execute({ name: 'browser_console', arguments: { since: all.at(-1)!.n } });
      return { all, errors, after, tool: tool.text, none: none.text };
    });
    const texts = r.all.map((e) => `${e.kind}: ${e.text}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^request: request failed: POST \/api\/save → 500/),
        expect.stringMatching(/^page error: TypeError: Cannot set properties of null/),
        expect.stringMatching(/^console: slow response$/),
        expect.stringMatching(/^console: boom from console$/),
        expect.stringMatching(/^request: request failed: GET \/api\/items\?access_token=\[redacted\]/),
      ]),
    );
    expect(JSON.stringify(r.all)).not.toContain('ya29-url-secret');
    expect(r.errors.some((e) => e.level === 'warning')).toBe(false);
    expect(r.after.every((e) => e.n > r.all[1]!.n)).toBe(true);
    expect(r.tool).toMatch(/^#\d+ request: request failed: POST \/api\/save/m);
    expect(r.none).toMatch(/Nothing went wrong on the page after #\d+/);
    await page.close();
  });
});

describe('the agent', () => {
  it('says, when its actions change nothing, that the page logged errors, and offers the console tool', async () => {
    const page = await open();
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Broken' }),
        call('click', { id: '$id' }),
        call('find', { pattern: 'Reject' }),
        call('click', { id: '$id' }),
        call('find', { pattern: 'Archive' }),
        call('click', { id: '$id' }),
        call('find', { pattern: 'Star' }),
        call('click', { id: '$id' }),
        call('console', { level: 'error' }),
        call('done', { answer: 'The app is broken: its buttons throw errors.' }),
      ],
    });
    const r = await page.evaluate(async (url) => {
      const L = window.LLMHelper as unknown as {
        provider(n: string, o: unknown): unknown;
        Agent: new (o: unknown) => { run(t: string): Promise<{ status: string }> };
      };
      const provider = L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' });
      return new L.Agent({ provider }).run('Archive and star everything.');
    }, mock.url);
    expect(r.status).toBe('done');
    const bodies = mock.log.map((l) => JSON.stringify(l.body));
    expect(bodies.some((b) => /The page logged \d+ errors meanwhile: console shows them/.test(b))).toBe(true);
    expect(bodies.at(-1)).toMatch(/page error: ReferenceError: starAll is not defined/);
    await page.close();
  });
});

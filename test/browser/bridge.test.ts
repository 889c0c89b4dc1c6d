/**
 * The bridge: the official MCP SDK client drives a page open in Chromium through bridge/bin/llm-helper-bridge.mjs,
 * over stdio and over Streamable HTTP; refusals (token, origin, another host); a bridge restart mid-session;
 * secrets and confirmations through it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { request as httpRequest } from 'node:http';
import { Buffer } from 'node:buffer';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();
const BIN = new URL('../../bridge/bin/llm-helper-bridge.mjs', import.meta.url).pathname;
const TOKEN = 'test-pairing-token-123';
let port = 18765;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const origin = () => new URL(ctx.server.url).origin;
const args = (p: number, extra: string[] = []) => [
  BIN,
  '--port',
  String(p),
  '--token',
  TOKEN,
  '--allow-origin',
  origin(),
  ...extra,
];

async function stdioClient(p: number): Promise<Client> {
  const client = new Client({ name: 'bridge-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: args(p), stderr: 'pipe' }),
  );
  cleanups.push(() => client.close());
  return client;
}

/** Starts the bridge with MCP over HTTP; resolves once both ports listen. */
async function httpBridge(p: number, httpPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, args(p, ['--http', String(httpPort)]), {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  cleanups.push(() => child.kill());
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (d) => {
      seen += String(d);
      if (seen.includes('MCP over HTTP')) resolve();
    });
    child.on('exit', () => reject(new Error(`bridge exited: ${seen}`)));
  });
  return child;
}

/** Stops a bridge, starts it again on the same ports and token, and waits for the page to reconnect. */
async function restartBridge(first: ChildProcess, page: Page, p: number, httpPort: number): Promise<void> {
  first.kill();
  await page.waitForFunction(
    () => (window as unknown as { conn: { status: string } }).conn.status === 'connecting',
  );
  await httpBridge(p, httpPort);
  await page.waitForFunction(
    () => (window as unknown as { conn: { status: string } }).conn.status === 'open',
    null,
    { timeout: 15_000 },
  );
}

/** MCP over HTTP as a client authenticates: the pairing token as a bearer credential. */
const httpTransport = (httpPort: number) =>
  new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${httpPort}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
  });

/** A raw POST to the bridge's HTTP endpoint, with headers fetch would not let us set (Host). */
function rawPost(
  httpPort: number,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: httpPort,
        path: '/mcp',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    // The server may answer (413) and close before the whole body is written.
    req.on('error', (e) => (/EPIPE|ECONNRESET/.test(String(e)) ? undefined : reject(e)));
    req.end(body);
  });
}

const callFind = (pattern: string, id = 1) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'find', arguments: { pattern } },
  });

async function connectPage(page: Page, p: number, token = TOKEN, preset = 'standard'): Promise<string> {
  await page.evaluate(
    ({ p, token, preset }) => {
      const w = window as unknown as { conn: unknown; statuses: string[] };
      w.statuses = [];
      w.conn = (window.LLMHelper as unknown as { connect(u: string, o: unknown): unknown }).connect(
        `ws://127.0.0.1:${p}`,
        {
          token,
          preset,
          onStatus: (s: string, d?: string) => w.statuses.push(d ? `${s}: ${d}` : s),
        },
      );
    },
    { p, token, preset },
  );
  await page.waitForFunction(
    () => /open|refused/.test((window as unknown as { conn: { status: string } }).conn.status),
    null,
    { timeout: 15_000 },
  );
  return page.evaluate(() => (window as unknown as { conn: { status: string } }).conn.status);
}

const textOf = (r: unknown) =>
  ((r as { content: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

describe('the bridge', () => {
  it('an MCP client over stdio lists the page tools and runs find → click → extract; the DOM changes', async () => {
    const p = port++;
    const client = await stdioClient(p);
    const page = await ctx.open('invoices.html');
    expect(await connectPage(page, p)).toBe('open');
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['list_pages', 'select_page', 'find', 'click', 'extract']));
    expect(textOf(await client.callTool({ name: 'list_pages', arguments: {} }))).toMatch(
      /connected "Invoices/,
    );
    const found = textOf(await client.callTool({ name: 'find', arguments: { pattern: 'Invoice 2024-03' } }));
    const row = Number(/\[(\d+)\]/.exec(found)![1]);
    const near = textOf(
      await client.callTool({ name: 'find', arguments: { near: row, pattern: 'Download' } }),
    );
    const button = Number(/\[(\d+)\]/.exec(near)![1]);
    expect(textOf(await client.callTool({ name: 'click', arguments: { id: button } }))).toMatch(/Clicked/);
    expect(await page.evaluate(() => window.clicked)).toEqual(['2024-03']);
    expect(
      textOf(await client.callTool({ name: 'extract', arguments: { id: button, property: 'text' } })),
    ).toMatch(/Download/);
    await page.close();
  });

  it('an MCP client over Streamable HTTP does the same', async () => {
    const p = port++;
    const httpPort = port++;
    await httpBridge(p, httpPort);
    const page = await ctx.open('invoices.html');
    expect(await connectPage(page, p)).toBe('open');
    const client = new Client({ name: 'bridge-test-http', version: '1.0.0' });
    await client.connect(httpTransport(httpPort));
    cleanups.push(() => client.close());
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('find');
    const found = textOf(await client.callTool({ name: 'find', arguments: { pattern: 'Invoice 2024-01' } }));
    const near = textOf(
      await client.callTool({
        name: 'find',
        arguments: { near: Number(/\[(\d+)\]/.exec(found)![1]), pattern: 'Download' },
      }),
    );
    await client.callTool({ name: 'click', arguments: { id: Number(/\[(\d+)\]/.exec(near)![1]) } });
    expect(await page.evaluate(() => window.clicked)).toEqual(['2024-01']);
    await page.close();
  });

  it('refuses a wrong token, an origin not allowed, and connections from another host', async () => {
    const p = port++;
    const httpPort = port++;
    await httpBridge(p, httpPort);
    const page = await ctx.open('invoices.html');
    expect(await connectPage(page, p, 'wrong-token')).toBe('refused');
    expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses.at(-1))).toMatch(
      /wrong pairing token/,
    );
    await page.close();
    // The same page from another origin (localhost instead of 127.0.0.1) is not in --allow-origin.
    const other = await ctx.browser.newPage();
    await other.goto(`${ctx.server.otherOrigin}/test/fixtures/invoices.html`);
    await other.waitForFunction(() => typeof window.LLMHelper === 'object');
    expect(await connectPage(other, p)).toBe('refused');
    expect(await other.evaluate(() => (window as unknown as { statuses: string[] }).statuses.at(-1))).toMatch(
      /is not allowed/,
    );
    await other.close();
    // It listens on 127.0.0.1 only: this machine's other addresses refuse the connection.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (external) {
      const refused = await fetch(`http://${external.address}:${httpPort}/mcp`, {
        method: 'POST',
        body: '{}',
      }).then(
        () => 'answered',
        (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
      );
      expect(refused).toMatch(/ECONNREFUSED/);
    }
  });

  it('the page reconnects after the bridge restarts, and the next call runs once', async () => {
    const p = port++;
    const httpPort = port++;
    const first = await httpBridge(p, httpPort);
    const page = await ctx.open('invoices.html');
    expect(await connectPage(page, p)).toBe('open');
    await restartBridge(first, page, p, httpPort);
    const client = new Client({ name: 'bridge-test-restart', version: '1.0.0' });
    await client.connect(httpTransport(httpPort));
    cleanups.push(() => client.close());
    const found = textOf(await client.callTool({ name: 'find', arguments: { pattern: 'Invoice 2024-02' } }));
    const near = textOf(
      await client.callTool({
        name: 'find',
        arguments: { near: Number(/\[(\d+)\]/.exec(found)![1]), pattern: 'Download' },
      }),
    );
    await client.callTool({ name: 'click', arguments: { id: Number(/\[(\d+)\]/.exec(near)![1]) } });
    expect(await page.evaluate(() => window.clicked)).toEqual(['2024-02']);
    await page.close();
  });

  it('a call sent again with the same id (after a reconnect) is answered from memory, not run twice', async () => {
    const p = port++;
    // A bare bridge: it sends one click twice with the same id, as the bridge does after a reconnect.
    const wss = new WebSocketServer({ host: '127.0.0.1', port: p });
    cleanups.push(() => {
      for (const c of wss.clients) c.terminate();
      return new Promise((r) => wss.close(r));
    });
    const answers: unknown[] = [];
    let hello: unknown;
    wss.on('connection', (ws) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as { method?: string; id?: number; result?: unknown };
        if (msg.method === 'hello') {
          hello = msg;
          ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'welcome' }));
          ws.send(
            JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: { name: 'find', arguments: { pattern: 'Invoice 2024-04' } },
            }),
          );
        } else if (msg.id === 1) {
          const id = Number(/\[(\d+)\]/.exec(JSON.stringify(msg.result))![1]);
          const click = {
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: 'find', arguments: { near: id, pattern: 'Download' } },
          };
          ws.send(JSON.stringify(click));
        } else if (msg.id === 2) {
          const id = Number(/\[(\d+)\]/.exec(JSON.stringify(msg.result))![1]);
          const click = JSON.stringify({
            jsonrpc: '2.0',
            id: 3,
            method: 'tools/call',
            params: { name: 'click', arguments: { id } },
          });
          ws.send(click);
          ws.send(click);
        } else answers.push(msg.result);
      });
    });
    // The page's URL carries a token (an OAuth callback's): the hello names the page without it.
    const page = await ctx.open('invoices.html?access_token=ya29-url-secret&view=all');
    expect(await connectPage(page, p)).toBe('open');
    await expect.poll(() => answers.length).toBe(2);
    expect(answers[1]).toEqual(answers[0]);
    expect(JSON.stringify(hello)).not.toContain('ya29-url-secret');
    expect(JSON.stringify(hello)).toContain('invoices.html?access_token=[redacted]&view=all');
    expect(await page.evaluate(() => window.clicked)).toEqual(['2024-04']);
    await page.close();
  });

  it('secrets stay redacted, and a risky call needs the person in the page', async () => {
    const p = port++;
    const client = await stdioClient(p);
    const page = await ctx.open('agent-app.html');
    await page.fill('input[type=password]', 'hunter2-Very-Secret');
    expect(await connectPage(page, p)).toBe('open');
    const found = textOf(await client.callTool({ name: 'find', arguments: { pattern: 'Password' } }));
    const id = Number(/\[(\d+)\]/.exec(found)![1]);
    const value = textOf(await client.callTool({ name: 'extract', arguments: { id, property: 'value' } }));
    expect(value).not.toContain('hunter2');
    const cell = textOf(await client.callTool({ name: 'find', arguments: { pattern: 'report.pdf' } }));
    await client.callTool({
      name: 'click',
      arguments: { id: Number(/\[(\d+)\]/.exec(cell)![1]), button: 'right' },
    });
    const del = await client.callTool({ name: 'menu', arguments: { path: 'Delete' } });
    expect(textOf(del)).toMatch(/needs the person's confirmation/);
    expect((del as { isError?: boolean }).isError).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { log: string[] }).log)).toEqual([]);
    await page.close();
  });

  it('the panel shows the connection (to what, which tools) and disconnects; risky calls ask in the panel', async () => {
    const p = port++;
    const client = await stdioClient(p);
    const page = await ctx.open('agent-app.html');
    await page.evaluate(() =>
      (window.LLMHelper as unknown as { panel(o: unknown): unknown }).panel({
        provider: {
          name: 'none',
          chat: async () => ({
            text: '',
            toolCalls: [],
            usage: { inputTokens: 0, outputTokens: 0 },
            finishReason: 'stop',
          }),
        },
      }),
    );
    expect(await connectPage(page, p)).toBe('open');
    const bar = page.locator('[data-llm-helper-ui] .bridge');
    await expect
      .poll(() => bar.textContent())
      .toMatch(new RegExp(`Outside agent via ws://127.0.0.1:${p} · standard · open`));
    // A risky call from outside: the panel asks; the person allows it.
    const cell = textOf(await client.callTool({ name: 'find', arguments: { pattern: 'report.pdf' } }));
    await client.callTool({
      name: 'click',
      arguments: { id: Number(/\[(\d+)\]/.exec(cell)![1]), button: 'right' },
    });
    const pending = client.callTool({ name: 'menu', arguments: { path: 'Delete' } });
    const dialog = page.locator('[data-llm-helper-ui] [role=alertdialog]');
    await dialog.waitFor();
    await page.waitForTimeout(650); // Allow takes no press in the card's first moments
    await dialog.locator('button').first().click();
    expect(textOf(await pending)).toMatch(/Clicked/);
    expect(await page.evaluate(() => (window as unknown as { log: string[] }).log)).toEqual([
      'delete:report.pdf',
    ]);
    await bar.locator('button').click();
    await page.waitForFunction(
      () => (window as unknown as { conn: { status: string } }).conn.status === 'closed',
    );
    expect(await bar.isHidden()).toBe(true);
    await page.close();
  });

  it('survives a same-origin navigation when the integrator opts in on the next page (LLMHelper.reconnect())', async () => {
    const p = port++;
    const client = await stdioClient(p);
    const page = await ctx.open('invoices.html');
    expect(await connectPage(page, p)).toBe('open');
    await page.goto(`${ctx.server.url}/test/fixtures/files.html`);
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    // Not by itself: what the tab remembers, a page script could have written.
    await new Promise((r) => setTimeout(r, 1000));
    expect(textOf(await client.callTool({ name: 'list_pages', arguments: {} }))).toMatch(
      /reconnecting|not connected|disconnected/,
    );
    await page.evaluate(() => (window.LLMHelper as unknown as { reconnect(): unknown }).reconnect());
    await page.waitForFunction(
      () =>
        (window.LLMHelper as unknown as { connection?: { status: string } }).connection?.status === 'open',
      null,
      { timeout: 15_000 },
    );
    const pages = textOf(await client.callTool({ name: 'list_pages', arguments: {} }));
    expect(pages.split('\n')).toHaveLength(1); // the same page, now at its new URL
    expect(pages).toMatch(/files\.html/);
    expect(textOf(await client.callTool({ name: 'find', arguments: { pattern: 'report.pdf' } }))).toMatch(
      /report\.pdf/,
    );
    await page.close();
  });
});

describe('the bridge answers only its pairing', () => {
  it('over HTTP: no credential 401, a wrong one 401, a rebinding Host 403, a foreign Origin 403, 50 MB 413; the page is untouched', async () => {
    const p = port++;
    const httpPort = port++;
    await httpBridge(p, httpPort);
    const page = await ctx.open('invoices.html');
    expect(await connectPage(page, p)).toBe('open');
    // Counts the calls that reach the page's tools.
    await page.evaluate(() => {
      const w = window as unknown as { calls: number };
      w.calls = 0;
      const L = window.LLMHelper as unknown as { execute(c: unknown, o?: unknown): unknown };
      const run = L.execute.bind(L);
      L.execute = (c: unknown, o?: unknown) => {
        w.calls++;
        return run(c, o);
      };
    });
    const calls = () => page.evaluate(() => (window as unknown as { calls: number }).calls);
    const ok = { Authorization: `Bearer ${TOKEN}` };
    const none = await rawPost(httpPort, callFind('Invoice'), {});
    expect(none.status).toBe(401);
    expect(none.text).not.toMatch(/Invoice 2024/);
    const wrong = await rawPost(httpPort, callFind('Invoice'), { Authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    const rebound = await rawPost(httpPort, callFind('Invoice'), {
      ...ok,
      host: `rebind.attacker.example:${httpPort}`,
    });
    expect(rebound.status).toBe(403);
    const foreign = await rawPost(httpPort, callFind('Invoice'), { ...ok, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toMatch(/Invoice 2024/);
    const huge = await rawPost(httpPort, Buffer.alloc(50 * 1024 * 1024, 32), ok);
    expect(huge.status).toBe(413);
    expect(await calls()).toBe(0);
    // The same request with the pairing token, from no browser (no Origin), is answered.
    const good = await rawPost(httpPort, callFind('Invoice 2024-03'), ok);
    expect(good.status).toBe(200);
    expect(good.text).toMatch(/Invoice 2024-03/);
    expect(await calls()).toBe(1);
    await page.close();
  });

  it("a restarted bridge with the same token is never answered from the old one's calls", async () => {
    const p = port++;
    const httpPort = port++;
    const first = await httpBridge(p, httpPort);
    const page = await ctx.open('invoices.html');
    expect(await connectPage(page, p)).toBe('open');
    const ok = { Authorization: `Bearer ${TOKEN}` };
    expect((await rawPost(httpPort, callFind('Invoice 2024-01'), ok)).text).toMatch(/Invoice 2024-01/);
    await restartBridge(first, page, p, httpPort);
    const second = await rawPost(httpPort, callFind('Invoice 2024-02'), ok);
    expect(second.text).toMatch(/Invoice 2024-02/);
    expect(second.text).not.toMatch(/Invoice 2024-01/);
    await page.close();
  });

  it('a call whose page goes away (closed, or navigated) ends at once, saying so, and is not run on the next page', async () => {
    const p = port++;
    const client = await stdioClient(p);
    const page = await ctx.open('invoices.html');
    expect(await connectPage(page, p)).toBe('open');
    // The longest wait the tool takes: a timeout would say so; it ends because the page went away.
    const waiting = client
      .callTool({ name: 'waitFor', arguments: { pattern: 'Never shown', timeout: 60_000 } })
      .then(textOf, (e: Error) => e.message);
    await new Promise((r) => setTimeout(r, 500));
    await page.goto(`${ctx.server.url}/test/fixtures/files.html`);
    expect(await waiting).toMatch(
      /disconnected .* while running waitFor; it may or may not have taken effect/,
    );
    // The next page connects (the integrator's opt-in) and gets no resent call.
    await page.evaluate(() => {
      const w = window as unknown as { calls: string[] };
      w.calls = [];
      const L = window.LLMHelper as unknown as {
        reconnect(): unknown;
        execute(c: unknown, o?: unknown): unknown;
      };
      const run = L.execute.bind(L);
      L.execute = (c: unknown, o?: unknown) => {
        w.calls.push(JSON.stringify(c));
        return run(c, o);
      };
      L.reconnect();
    });
    await page.waitForFunction(
      () =>
        (window.LLMHelper as unknown as { connection?: { status: string } }).connection?.status === 'open',
      null,
      { timeout: 15_000 },
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual([]);
    await page.close();
  });

  it('a bridge address planted in sessionStorage is not connected to at load; the panel asks the person', async () => {
    const p = port++;
    const wss = new WebSocketServer({ host: '127.0.0.1', port: p });
    let connections = 0;
    wss.on('connection', () => connections++);
    cleanups.push(() => {
      for (const c of wss.clients) c.terminate();
      return new Promise((r) => wss.close(r));
    });
    const page = await ctx.open('invoices.html');
    await page.evaluate((p) => {
      sessionStorage.setItem(
        'llm-helper.bridge.resume',
        JSON.stringify({ url: `ws://127.0.0.1:${p}`, token: 'planted', preset: 'full' }),
      );
    }, p);
    await page.reload();
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    await new Promise((r) => setTimeout(r, 1000));
    expect(connections).toBe(0);
    await page.evaluate(() =>
      (window.LLMHelper as unknown as { panel(o: unknown): unknown }).panel({
        provider: {
          name: 'none',
          chat: async () => ({
            text: '',
            toolCalls: [],
            usage: { inputTokens: 0, outputTokens: 0 },
            finishReason: 'stop',
          }),
        },
      }),
    );
    const bar = page.locator('[data-llm-helper-ui] .bridge');
    await expect
      .poll(() => bar.textContent())
      .toMatch(new RegExp(`connected to an outside agent at ws://127.0.0.1:${p}`));
    // A page script's click on Connect does nothing; the person's does.
    await bar.getByRole('button', { name: 'Connect' }).evaluate((b: HTMLElement) => b.click());
    await new Promise((r) => setTimeout(r, 500));
    expect(connections).toBe(0);
    await bar.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => connections).toBe(1);
    await page.close();
  });
});

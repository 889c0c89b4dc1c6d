#!/usr/bin/env node
// llm-helper-bridge: lets an agent outside the page drive pages that run LLMHelper. Pages connect out to
// it over a WebSocket (LLMHelper.connect('ws://127.0.0.1:8765', { token })); it exposes their tools as
// an MCP server, over stdio (desktop MCP clients) or Streamable HTTP (--http PORT). It listens on
// 127.0.0.1 only, pages must present the pairing token it prints, and their Origin must be allowed.
//
//   npx llm-helper-bridge --allow-origin https://intranet.example.com            (MCP over stdio)
//   npx llm-helper-bridge --allow-origin http://127.0.0.1:5173 --http 8766      (MCP over HTTP)
//
// Options: --port (WebSocket for pages, default 8765), --http PORT, --allow-origin ORIGIN (repeatable;
// default: http://127.0.0.1 and http://localhost on any port), --token TOKEN (default: a random one).
// Messages go to stderr; with stdio, stdout belongs to MCP.
import { Buffer } from 'node:buffer';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const all = (name) => argv.flatMap((a, i) => (a === `--${name}` && argv[i + 1] ? [argv[i + 1]] : []));
const port = Number(opt('port') ?? 8765);
const httpPort = opt('http') !== undefined ? Number(opt('http')) : null;
const token = opt('token') ?? process.env.LLM_HELPER_BRIDGE_TOKEN ?? randomBytes(12).toString('base64url');
const origins = all('allow-origin');
const CALL_TIMEOUT_MS = 120_000;
const log = (...a) => console.error('[llm-helper-bridge]', ...a);

const allowed = (origin) =>
  origins.length
    ? origins.includes(origin ?? '')
    : /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin ?? '');
const sameToken = (given) => {
  const a = Buffer.from(String(given ?? ''));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Connected pages by their id; a page that reconnects (or navigates) keeps its id and pending calls. */
const pages = new Map();
let selected = null;
let nextId = 1;

function send(page, msg) {
  if (page.ws?.readyState === 1) page.ws.send(JSON.stringify(msg));
}

/** One request to a page; resent after a reconnect (the page answers a repeated id from memory). */
function request(page, method, params) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      page.pending.delete(id);
      reject(new Error(`The page did not answer ${method} within ${CALL_TIMEOUT_MS / 1000} s.`));
    }, CALL_TIMEOUT_MS);
    const msg = { jsonrpc: '2.0', id, method, params };
    page.pending.set(id, { msg, resolve, reject, timer });
    send(page, msg);
  });
}

const wss = new WebSocketServer({ host: '127.0.0.1', port });
wss.on('connection', (ws, req) => {
  const origin = req.headers.origin;
  if (!allowed(origin)) {
    log(`refused a page from ${origin ?? 'no origin'}: not in --allow-origin`);
    ws.close(
      4003,
      `origin ${origin ?? '(none)'} is not allowed; start the bridge with --allow-origin ${origin ?? 'ORIGIN'}`,
    );
    return;
  }
  const hello = setTimeout(() => ws.close(4001, 'no hello with the pairing token'), 5000);
  let page = null;
  ws.on('message', (data) => {
    let msg;
    try {
      msg = JSON.parse(String(data));
    } catch {
      return;
    }
    if (!page) {
      if (msg.method !== 'hello' || !sameToken(msg.params?.token)) {
        log(`refused a page from ${origin}: wrong pairing token`);
        ws.close(4001, 'wrong pairing token');
        return;
      }
      clearTimeout(hello);
      const p = msg.params;
      page = pages.get(p.page) ?? { id: p.page, pending: new Map() };
      Object.assign(page, { ws, url: p.url, title: p.title, preset: p.preset, origin });
      pages.set(page.id, page);
      selected ??= page.id;
      ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'welcome' }));
      log(`page connected: ${page.title} (${page.url}), tools: ${page.preset}`);
      for (const { msg: pending } of page.pending.values()) send(page, pending);
      return;
    }
    const waiting = page.pending.get(msg.id);
    if (!waiting) return;
    page.pending.delete(msg.id);
    clearTimeout(waiting.timer);
    if (msg.error) waiting.reject(new Error(msg.error.message));
    else waiting.resolve(msg.result);
  });
  ws.on('close', () => {
    clearTimeout(hello);
    if (page && page.ws === ws) {
      page.ws = null;
      log(`page disconnected: ${page.title} (calls in flight wait for it to come back)`);
    }
  });
});

const BRIDGE_TOOLS = [
  {
    name: 'list_pages',
    description: 'List the browser pages connected to this bridge, and which one the other tools act on.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'select_page',
    description: 'Choose the connected page the other tools act on, by the id list_pages shows.',
    inputSchema: { type: 'object', properties: { page: { type: 'string' } }, required: ['page'] },
  },
];
const text = (t, isError = false) => ({
  content: [{ type: 'text', text: t }],
  ...(isError ? { isError } : {}),
});
const current = () => (selected ? pages.get(selected) : undefined);

function makeServer() {
  const server = new Server({ name: 'llm-helper-bridge', version: '0.1.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const page = current();
    if (!page?.ws) return { tools: BRIDGE_TOOLS };
    const listed = await request(page, 'tools/list', {});
    return { tools: [...BRIDGE_TOOLS, ...listed.tools] };
  });
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const { name, arguments: args = {} } = req.params;
    if (name === 'list_pages')
      return text(
        pages.size
          ? [...pages.values()]
              .map(
                (p) =>
                  `${p.id === selected ? '* ' : '  '}${p.id} ${p.ws ? 'connected' : 'reconnecting'} "${p.title}" ${p.url} (${p.preset} tools)`,
              )
              .join('\n')
          : 'No page is connected. In the page: LLMHelper.connect(url, { token }).',
      );
    if (name === 'select_page') {
      if (!pages.has(args.page)) return text(`No page ${args.page}; list_pages shows the ids.`, true);
      selected = args.page;
      return text(`Now acting on ${args.page}.`);
    }
    const page = current();
    if (!page) return text('No page is connected. In the page: LLMHelper.connect(url, { token }).', true);
    return request(page, 'tools/call', { name, arguments: args });
  });
  return server;
}

wss.on('listening', async () => {
  log(`pages connect to ws://127.0.0.1:${wss.address().port} with the pairing token: ${token}`);
  log(`allowed origins: ${origins.length ? origins.join(', ') : 'http://127.0.0.1:*, http://localhost:*'}`);
  if (httpPort === null) {
    await makeServer().connect(new StdioServerTransport());
    log('MCP over stdio');
    return;
  }
  const http = createServer(async (req, res) => {
    if (req.url !== '/mcp' || req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end('POST /mcp');
      return;
    }
    const chunks = [];
    for await (const c of req) chunks.push(c);
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end('not JSON');
      return;
    }
    // Stateless: one server and transport per request, as the SDK recommends for this mode.
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  http.listen(httpPort, '127.0.0.1', () =>
    log(`MCP over HTTP at http://127.0.0.1:${http.address().port}/mcp`),
  );
});
wss.on('error', (e) => {
  log(`cannot listen on 127.0.0.1:${port}: ${e.message}`);
  process.exit(1);
});

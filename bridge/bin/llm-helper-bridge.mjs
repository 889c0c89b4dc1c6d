#!/usr/bin/env node
// llm-helper-bridge: lets an agent outside the page drive pages that run LLMHelper. Pages connect out to
// it over a WebSocket (LLMHelper.connect('ws://127.0.0.1:8765', { token })); it exposes their tools as
// an MCP server, over stdio (desktop MCP clients) or Streamable HTTP (--http PORT). It listens on
// 127.0.0.1 only, pages must present the pairing token it prints, and their Origin must be allowed.
//
//   npx llm-helper-bridge --allow-origin https://intranet.example.com            (MCP over stdio)
//   npx llm-helper-bridge --allow-origin http://127.0.0.1:5173 --http 8766      (MCP over HTTP)
//
// Over HTTP, an MCP client authenticates with the same pairing token as a bearer credential
// (`Authorization: Bearer TOKEN`); requests without it, with another Host than this machine's loopback
// names at the bridge's port (DNS rebinding), or with an Origin not allowed, are refused.
// Messages go to stderr; with stdio, stdout belongs to MCP. `--help` lists the options.
import { Buffer } from 'node:buffer';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import express from 'express';
import { WebSocketServer } from 'ws';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const HELP = `llm-helper-bridge: lets an agent outside the page (an MCP client, a backend) drive browser pages
that run LLMHelper. Pages connect out to it over a WebSocket; it serves their tools as an MCP server.

  npx llm-helper-bridge --allow-origin https://intranet.example.com            (MCP over stdio)
  npx llm-helper-bridge --allow-origin http://127.0.0.1:5173 --http 8766      (MCP over HTTP)

Options
  --port PORT            WebSocket port for pages (default 8765), on 127.0.0.1 only
  --http PORT            serve MCP over Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio
  --allow-origin ORIGIN  a page origin that may connect (repeatable; default http://127.0.0.1:* and
                         http://localhost:*); over HTTP, also the only browser Origins MCP requests may carry
  --token TOKEN          the pairing token (default: a random one each start; or LLM_HELPER_BRIDGE_TOKEN)
  --help                 this text

Pairing
  In the page:  LLMHelper.connect('ws://127.0.0.1:PORT', { token: 'TOKEN' })
  MCP over HTTP: every request carries the header  Authorization: Bearer TOKEN
    (for example, in the MCP SDK: new StreamableHTTPClientTransport(url, { requestInit: { headers:
    { Authorization: 'Bearer TOKEN' } } })). Requests without it answer 401; a Host other than
    127.0.0.1, localhost or [::1] at the HTTP port, or an Origin not allowed, answer 403; bodies over
    1 MB answer 413.
`;

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(HELP);
  process.exit(0);
}
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
/** The largest MCP request body taken over HTTP; a larger one answers 413. */
const MAX_BODY = '1mb';
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

/** Connected pages by their id; a page that reconnects (or navigates) keeps its id. */
const pages = new Map();
let selected = null;
// Call ids are unique to this bridge's run: a page remembers answers by id (so a repeated id is not run
// twice), and a restarted bridge must never be answered from its predecessor's calls.
const run = randomBytes(6).toString('hex');
let nextId = 1;

function send(page, msg) {
  if (page.ws?.readyState === 1) page.ws.send(JSON.stringify(msg));
}

/** One request to a page. It fails at once when the page goes away (closed, navigated): never resent. */
function request(page, method, params) {
  const id = `${run}-${nextId++}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      page.pending.delete(id);
      reject(new Error(`The page did not answer ${method} within ${CALL_TIMEOUT_MS / 1000} s.`));
    }, CALL_TIMEOUT_MS);
    const msg = { jsonrpc: '2.0', id, method, params };
    if (!page.ws) {
      clearTimeout(timer);
      reject(
        new Error(`The page "${page.title}" is not connected now (it closed or is loading another page).`),
      );
      return;
    }
    page.pending.set(id, { msg, resolve, reject, timer });
    send(page, msg);
  });
}

/** Ends every call waiting on a page that went away: whether it ran is unknown, so it is never resent. */
function dropPending(page, why) {
  for (const [id, { msg, reject, timer }] of page.pending) {
    clearTimeout(timer);
    page.pending.delete(id);
    const what = msg.method === 'tools/call' ? `${msg.params.name}` : msg.method;
    reject(
      new Error(
        `The page ${why} while running ${what}; it may or may not have taken effect: look at the page (find, summary) before trying again.`,
      ),
    );
  }
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
      // A second socket for the same page (it reconnected before the old one closed): the old one's calls end.
      if (page.ws && page.ws !== ws) dropPending(page, 'reconnected');
      Object.assign(page, { ws, url: p.url, title: p.title, preset: p.preset, origin });
      pages.set(page.id, page);
      selected ??= page.id;
      ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'welcome' }));
      log(`page connected: ${page.title} (${page.url}), tools: ${page.preset}`);
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
      dropPending(page, 'disconnected (it closed, or navigated to another page)');
      log(`page disconnected: ${page.title}`);
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
                  `${p.id === selected ? '* ' : '  '}${p.id} ${p.ws ? 'connected' : 'not connected'} "${p.title}" ${p.url} (${p.preset} tools)`,
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
  // The SDK's own protections: the Host must be a loopback name (DNS rebinding), the bearer token the
  // pairing token; the transport checks Host with the port and Origin exactly.
  const app = express();
  app.use(hostHeaderValidation(['127.0.0.1', 'localhost', '[::1]']));
  app.use(
    requireBearerAuth({
      verifier: {
        async verifyAccessToken(given) {
          if (!sameToken(given))
            throw new InvalidTokenError('wrong pairing token: use the one the bridge printed');
          return {
            token: given,
            clientId: 'mcp-client',
            scopes: [],
            expiresAt: Math.floor(Date.now() / 1000) + 3600,
          };
        },
      },
    }),
  );
  app.use(express.json({ limit: MAX_BODY }));
  app.post('/mcp', async (req, res) => {
    const hostPort = http.address().port;
    // Stateless: one server and transport per request, as the SDK recommends for this mode.
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts: ['127.0.0.1', 'localhost', '[::1]'].map((h) => `${h}:${hostPort}`),
      // Browsers send an Origin; MCP clients outside a browser send none (allowed).
      allowedOrigins: origins.length ? origins : ['http://127.0.0.1', 'http://localhost'],
    });
    res.on('close', () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.all('/mcp', (_req, res) => res.status(405).set('allow', 'POST').send('POST /mcp'));
  // Body-parser's errors (413 over the limit, 400 not JSON) as short JSON-RPC errors.
  // Four parameters: how express knows an error handler.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  app.use((err, _req, res, _next) => {
    const status = err.status ?? 500;
    res.status(status).json({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          status === 413
            ? `request body over ${MAX_BODY}`
            : status === 400
              ? 'the body is not JSON'
              : 'bridge error',
      },
      id: null,
    });
  });
  const http = app.listen(httpPort, '127.0.0.1', () => {
    log(`MCP over HTTP at http://127.0.0.1:${http.address().port}/mcp`);
    log(`MCP clients authenticate with the header  Authorization: Bearer ${token}`);
  });
});
wss.on('error', (e) => {
  log(`cannot listen on 127.0.0.1:${port}: ${e.message}`);
  process.exit(1);
});

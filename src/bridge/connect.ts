/**
 * The page side of the bridge: LLMHelper.connect(url, { token }) opens a WebSocket to the bridge
 * (the llm-helper-bridge package) and serves this page's tools over it, so an agent outside the page (an
 * MCP client, a Python backend) drives the same tools, IDs, redaction and confirmations.
 *
 * Protocol (JSON-RPC 2.0, one message per WebSocket frame):
 *   page → bridge  {"jsonrpc":"2.0","method":"hello","params":{"token","page","url","title","preset","version"}}
 *   bridge → page  {"jsonrpc":"2.0","method":"welcome"}   (the token was right; the page is connected)
 *   bridge → page  {"jsonrpc":"2.0","id":7,"method":"tools/list"}  or  "tools/call" with MCP's params
 *   page → bridge  {"jsonrpc":"2.0","id":7,"result":{...}}  MCP's ListToolsResult / CallToolResult
 * A call the page already ran (same id, after a reconnect) is answered from memory, never run twice; ids
 * are unique to one run of the bridge, so a restarted bridge is never answered from the old one's calls.
 */
import { LLMHelperError, checkOptions, readOptions, shown } from '../errors';
import { risksOf } from '../tools/rules';
import { pageUrl, type PageTools } from '../agent/page-tools';
import { classify } from '../agent/safety';
import type { PendingCall } from '../agent/types';
import type { Preset } from '../tools/define';
import { VERSION } from '../version';
import * as dom from '../page/dom/members';
import { scrubText } from '../page/perceive/redact';

export interface ConnectOptions {
  /** The pairing token the bridge printed. */
  token: string;
  /** Which tools the outside agent gets (default 'read': it can look, not act). */
  preset?: Preset;
  /** Asked before a risky call from outside; without it, risky calls are refused. */
  confirm?(call: PendingCall): boolean | Promise<boolean>;
  /** Connection changes: 'connecting', 'open', 'closed', 'refused'. */
  onStatus?(status: ConnectionStatus, detail?: string): void;
}

export type ConnectionStatus = 'connecting' | 'open' | 'closed' | 'refused';

export interface Connection {
  readonly status: ConnectionStatus;
  close(): void;
}

/** Calls answered recently, by id, so a call resent after a reconnect is not run again. */
const ANSWERED_KEPT = 200;

/** Where the connection is remembered for the tab, so the next same-origin page reconnects by itself. */
const RESUME_KEY = 'llm-helper.bridge.resume';

/**
 * The connection this tab had before it navigated, if any (url, token, preset). A page script can write
 * sessionStorage too, so it is reopened only by the person (the panel asks) or the integrator's own code
 * (LLMHelper.reconnect()), never by itself.
 */
export function savedConnection(): { url: string; token: string; preset?: Preset } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(RESUME_KEY) ?? 'null') as Record<string, unknown> | null;
    if (
      !v ||
      typeof v.url !== 'string' ||
      !/^wss?:\/\//.test(v.url) ||
      typeof v.token !== 'string' ||
      !v.token ||
      (v.preset !== undefined && !['read', 'standard', 'full'].includes(v.preset as string))
    )
      return null;
    return { url: v.url, token: v.token, ...(v.preset ? { preset: v.preset as Preset } : {}) };
  } catch {
    return null;
  }
}

/** Forgets the saved connection (the person chose not to reconnect). */
export const forgetConnection = (): void => remember(null);

function remember(value: { url: string; token: string; preset: Preset } | null): void {
  try {
    if (value) sessionStorage.setItem(RESUME_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(RESUME_KEY);
  } catch {
    /* storage blocked: no resume after navigation */
  }
}

/** This page load's identity, kept across same-origin navigations of the tab. */
function pageId(): string {
  const key = 'llm-helper.bridge.page';
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const id = `page-${Math.random().toString(36).slice(2, 10)}`;
    sessionStorage.setItem(key, id);
    return id;
  } catch {
    return `page-${Math.random().toString(36).slice(2, 10)}`;
  }
}

/**
 * Serves `helper`'s tools: the page's own LLMHelper, or (in the extension's side panel) the link to the
 * tab, with the page's address and title as `describe` tells them.
 */
export function connect(
  helper: PageTools & { title?(): string | Promise<string> },
  url: string,
  options: ConnectOptions,
): Connection {
  if (typeof url !== 'string' || !/^wss?:\/\//.test(url))
    throw new LLMHelperError(
      'bad_argument',
      `connect(url, { token }): url must be ws:// or wss://, such as ws://127.0.0.1:8765; got ${shown(url)}.`,
    );
  options = readOptions('connect(url, { token })', options) as unknown as ConnectOptions;
  checkOptions('connect(url, { token })', options as unknown as Record<string, unknown>, {
    preset: ['read', 'standard', 'full'],
    confirm: 'function',
    onStatus: 'function',
  });
  if (typeof options.token !== 'string' || !options.token)
    throw new LLMHelperError(
      'bad_argument',
      'connect(url, { token }) needs the pairing token the bridge printed.',
    );
  const preset = options.preset ?? 'read';
  remember({ url, token: options.token, preset });
  const answered = new Map<string | number, Promise<unknown>>();
  const page = pageId();
  let socket: WebSocket | null = null;
  let status: ConnectionStatus = 'connecting';
  let closedByUs = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const set = (s: ConnectionStatus, detail?: string) => {
    status = s;
    options.onStatus?.(s, detail);
  };

  async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (method === 'tools/list') return helper.tools({ format: 'mcp', preset, prefix: '' });
    if (method !== 'tools/call') throw new Error(`unknown method ${method}`);
    const full = await helper.tools({ format: 'mcp', preset, prefix: '', detail: 'full' });
    const name = String(params.name ?? '');
    const args = (params.arguments && typeof params.arguments === 'object' ? params.arguments : {}) as Record<
      string,
      unknown
    >;
    const risk = await classify(helper, name, args, risksOf(full.tools, '').get(name));
    if (risk.risky) {
      const ok = options.confirm ? await options.confirm({ name, args, risk }) : false;
      if (!ok) {
        const text = options.confirm
          ? `Not done: the person refused (${risk.reason}).`
          : `Not done: ${risk.reason} needs the person's confirmation in the page, and none can be asked.`;
        return { content: [{ type: 'text', text }], isError: true };
      }
    }
    const r = await helper.execute({ name, arguments: args }, { preset, prefix: '' });
    return r.message;
  }

  function open() {
    set('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch (e) {
      set('refused', (e as Error).message);
      return;
    }
    socket = ws;
    ws.onopen = async () => {
      attempt = 0;
      const hello = {
        token: options.token,
        page,
        // Scrubbed like every other output: a page's URL can carry a token (an OAuth callback's).
        url: scrubText(await pageUrl(helper).catch(() => '')),
        title: scrubText(
          helper.title ? await Promise.resolve(helper.title()).catch(() => '') : dom.title(document),
        ),
        preset,
        version: VERSION,
      };
      ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'hello', params: hello }));
      // 'open' once the bridge accepts the token (its welcome), not when the socket opens.
    };
    ws.onmessage = async (e) => {
      let msg: { id?: string | number; method?: string; params?: Record<string, unknown> };
      try {
        msg = JSON.parse(String(e.data)) as typeof msg;
      } catch {
        return;
      }
      if (msg.method === 'welcome') return set('open');
      if (msg.id === undefined || !msg.method) return;
      const id = msg.id;
      // A call is remembered from the moment it starts, so the same id arriving again (after a
      // reconnect, even while the first is still running) waits for that one run.
      let run = msg.method === 'tools/call' ? answered.get(id) : undefined;
      if (!run) {
        run = answer(msg.method, msg.params ?? {});
        if (msg.method === 'tools/call') {
          answered.set(id, run);
          if (answered.size > ANSWERED_KEPT) answered.delete(answered.keys().next().value!);
        }
      }
      let reply: Record<string, unknown>;
      try {
        reply = { jsonrpc: '2.0', id, result: await run };
      } catch (err) {
        reply = { jsonrpc: '2.0', id, error: { code: -32603, message: (err as Error).message } };
      }
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(reply));
    };
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (closedByUs) return set('closed');
      // 4001: bad token; 4003: origin not allowed. Retrying would not help.
      if (e.code === 4001 || e.code === 4003) {
        remember(null);
        return set('refused', e.reason || `closed with ${e.code}`);
      }
      set('connecting', 'reconnecting');
      const wait = Math.min(8000, 500 * 2 ** attempt++) * (1 - Math.random() * 0.25);
      timer = setTimeout(open, wait);
    };
  }

  open();
  return {
    get status() {
      return status;
    },
    close() {
      closedByUs = true;
      remember(null);
      clearTimeout(timer);
      socket?.close(1000, 'closed by the page');
      set('closed');
    },
  };
}

/**
 * LLMHelper.provider(name, options): an adapter or a preset, made into an object with `chat`. HTTP
 * adapters share the request, retry and streaming code; the built-in Chrome model and text mode wrap
 * the same interface.
 */
import { LLMHelperError, checkOptions, readOptions, shown } from '../errors';
import { escapeRegExp } from '../regexp';
import { anthropic } from './anthropic';
import { chrome } from './chrome';
import { ProviderError, providerError } from './errors';
import { gemini } from './gemini';
import { readSSE, send, type RetryOptions } from './http';
import { openai } from './openai';
import { PRESETS, cloud, type Preset, type ProviderName } from './presets';
import { Reply } from './reply';
import { responses } from './responses';
import { withTextMode } from './text-mode';
import type { Capabilities, ChatRequest, ChatResult, Provider } from './types';
import type { WireFormat, WireOptions } from './wire';

export type WireName = 'openai' | 'responses' | 'anthropic' | 'gemini';
const WIRES: Record<WireName, WireFormat> = { openai, responses, anthropic, gemini };

export interface ProviderOptions extends RetryOptions, WireOptions {
  apiKey?: string;
  /** The API root as the official clients take it, e.g. http://127.0.0.1:11434/v1 or https://api.anthropic.com. */
  baseURL?: string;
  model?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Overrides of the preset's capabilities; tools: false sends the tools in the prompt (text mode). */
  capabilities?: Partial<Capabilities>;
  /** proxy: your endpoint, which adds the key and forwards the body. */
  url?: string;
  /** proxy: the wire format your endpoint forwards (default 'openai'). */
  format?: WireName;
  /** fetch's credentials mode (the proxy sends the page's cookies by default: 'same-origin'). */
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
  /** chrome: the languages of the text the built-in model reads and writes, BCP 47 tags (default ['en']). */
  languages?: string[];
}

/**
 * A base URL is an absolute http(s) URL, never resolved against the page (a key sent to the host site's
 * own server); plain http to another machine is allowed with a warning, since the key travels in clear.
 */
function checkBaseURL(where: string, options: ProviderOptions): void {
  const raw = (options.baseURL = options.baseURL!.trim());
  let url: URL | null = null;
  try {
    url = /^https?:\/\//i.test(raw) ? new URL(raw) : null;
  } catch {
    url = null;
  }
  if (!url)
    throw new LLMHelperError(
      'bad_argument',
      `${where}: baseURL must be an absolute http(s) URL such as https://api.openai.com/v1; got ${shown(raw)}. Nothing was sent.`,
    );
  // A full endpoint pasted where the API root goes (…/v1/chat/completions) would be requested twice over.
  const root = raw.replace(/\/(chat\/completions|responses|messages)\/?$/i, '');
  if (root !== raw) {
    options.baseURL = root;
    console.info(`LLMHelper: ${raw} is an endpoint; using its API root, ${root}, as the baseURL.`);
  }
  if (url.protocol === 'http:' && options.apiKey && !/^(localhost|127(\.\d+){3}|\[::1\])$/.test(url.hostname))
    console.warn(
      `LLMHelper: ${url.origin} is plain http: the API key travels in clear to it. Use https unless it is on a network you trust.`,
    );
}

/** Presets and adapters by name, for the panel and the README. */
export const providers = (): Preset[] => PRESETS.map((p) => ({ ...p, capabilities: { ...p.capabilities } }));

function checkRequest(req: ChatRequest): void {
  if (!req || typeof req !== 'object' || !Array.isArray(req.messages))
    throw new LLMHelperError(
      'bad_argument',
      'chat takes { messages: [...], system?, tools?, signal?, onEvent? }.',
    );
}

/** A provider over one of the HTTP wire formats. */
function httpProvider(
  label: string,
  wire: WireFormat,
  base: string,
  o: ProviderOptions,
  caps: Capabilities,
): Provider {
  const model = o.model ?? '';
  // prompt_cache_key only where it is known to be taken: OpenAI's own API (a preset's base URL moved to
  // another server keeps its other settings, not this one).
  const extra = { ...o, cacheKey: !!o.cacheKey && /^https:\/\/api\.openai\.com\//.test(base) };
  // The key as a whole token (a server may echo it), not its letters inside words: a placeholder key
  // such as 'k' or 'ollama' must not turn "blocks" into "bloc[api key]s".
  const key = o.apiKey && new RegExp(`(^|[^\\w-])${escapeRegExp(o.apiKey)}(?![\\w-])`, 'g');
  const scrubKey = (e: unknown): unknown =>
    key && e instanceof ProviderError
      ? new ProviderError(e.kind, e.message.replace(key, '$1[api key]'), e.status, e.retryAfterMs, e.url)
      : e;
  return {
    name: label,
    model,
    capabilities: caps,
    async chat(req: ChatRequest): Promise<ChatResult> {
      checkRequest(req);
      let url = o.url ?? wire.url(base, model);
      if (o.url && wire === gemini) url += `${url.includes('?') ? '&' : '?'}alt=sse`;
      let reply = new Reply(req.onEvent);
      try {
        return await send(
          {
            ...o,
            provider: label,
            url,
            headers: { 'content-type': 'application/json', ...wire.headers(o.apiKey, o), ...o.headers },
            body: wire.body(req, model, extra),
            signal: req.signal,
          },
          async (res, reading) => {
            reply = new Reply(req.onEvent);
            await readSSE(
              res,
              reading,
              label,
              (d, e) => wire.event(d, e, reply),
              () => reply.finishReason !== null,
            );
            if (reply.finishReason === 'content-filter' && !reply.text && !reply.delivered)
              throw providerError('blocked', label);
            return reply.result();
          },
          () => reply.delivered,
        );
      } catch (e) {
        throw scrubKey(e);
      }
    },
  };
}

/** A provider by adapter or preset name: provider('anthropic', { apiKey }), provider('ollama', { model }). */
export function createProvider(name: ProviderName, options: ProviderOptions = {}): Provider {
  if (typeof name !== 'string')
    throw new LLMHelperError(
      'bad_argument',
      `provider(name, options): name must be a preset's name such as 'openai'; got ${shown(name)}.`,
    );
  // Every adapter but the proxy is also a preset of its own service.
  const preset = PRESETS.find((p) => p.name === name);
  if (!preset && name !== 'proxy')
    throw new LLMHelperError(
      'bad_argument',
      `No provider ${shown(name, 40)}: use one of ${[...PRESETS.map((p) => p.name), 'proxy'].join(', ')}.`,
    );
  const where = `provider('${name}', { apiKey, model, baseURL })`;
  options = readOptions(where, options) as ProviderOptions;
  checkOptions(where, options as Record<string, unknown>, {
    apiKey: 'string',
    baseURL: 'string',
    model: 'string',
    url: 'string',
    format: Object.keys(WIRES),
    headers: 'object',
    capabilities: 'object',
    fetch: 'function',
    timeoutMs: 'number',
    maxRetries: 'number',
    maxRetryMs: 'number',
    credentials: ['omit', 'same-origin', 'include'],
    cacheKey: 'boolean',
    languages: 'string[]',
  });
  if (options.headers) {
    const headers = readOptions(`${where}: headers`, options.headers);
    for (const [k, v] of Object.entries(headers))
      if (typeof v !== 'string')
        throw new LLMHelperError(
          'bad_argument',
          `${where}: header ${shown(k)} must be text; got ${shown(v)}.`,
        );
    options.headers = headers as Record<string, string>;
  }
  if (options.capabilities)
    options.capabilities = readOptions(`${where}: capabilities`, options.capabilities);
  if (options.baseURL !== undefined) checkBaseURL(where, options);
  const o: ProviderOptions = { ...preset, ...options, headers: { ...preset?.headers, ...options.headers } };
  o.model = options.model ?? preset?.model;
  const caps: Capabilities = {
    ...(preset?.capabilities ?? cloud(true)),
    ...options.capabilities,
  };
  // The built-in model takes the Prompt API's own tools where the browser has them, text mode elsewhere.
  if (name === 'chrome') return chrome(o, caps);
  const adapter = name === 'proxy' ? (options.format ?? 'openai') : preset!.adapter;
  const wire = WIRES[adapter as WireName];
  if (!wire)
    throw new LLMHelperError(
      'bad_argument',
      `format must be ${Object.keys(WIRES).join(', ')}; got "${String(adapter)}".`,
    );
  if (name === 'proxy') {
    if (typeof options.url !== 'string' || !options.url)
      throw new LLMHelperError(
        'bad_argument',
        "provider('proxy', { url: '/api/llm', format: 'openai' }) needs the url of your endpoint.",
      );
    o.credentials ??= 'same-origin';
  } else if ((preset?.requiresApiKey ?? true) && !options.apiKey)
    throw new LLMHelperError(
      'bad_argument',
      `${name} needs an apiKey (or keep it on your server: provider('proxy', { url, format: '${adapter}' })).`,
    );
  const base = (options.baseURL ?? preset?.baseURL ?? '').replace(/\/+$/, '');
  if (name !== 'proxy' && (!base || base.includes('YOUR-RESOURCE')))
    throw new LLMHelperError('bad_argument', `${name} needs a baseURL (the API root).`);
  if (!o.model && name !== 'proxy') throw new LLMHelperError('bad_argument', `${name} needs a model.`);
  const made = httpProvider(name, wire, base, o, caps);
  return caps.tools ? made : withTextMode(made);
}

/**
 * LLMHelper.provider(name, options): an adapter or a preset, made into an object with `chat`. HTTP
 * adapters share the request, retry and streaming code; the built-in Chrome model and text mode wrap
 * the same interface.
 */
import { LLMHelperError } from '../errors';
import { escapeRegExp } from '../regexp';
import { anthropic } from './anthropic';
import { chrome } from './chrome';
import { ProviderError, providerError } from './errors';
import { gemini } from './gemini';
import { readSSE, send, type RetryOptions } from './http';
import { openai } from './openai';
import { PRESETS, cloud, type Preset } from './presets';
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
  // The key as a whole token (a server may echo it), not its letters inside words: a placeholder key
  // such as 'k' or 'ollama' must not turn "blocks" into "bloc[api key]s".
  const key = o.apiKey && new RegExp(`(^|[^\\w-])${escapeRegExp(o.apiKey)}(?![\\w-])`, 'g');
  const scrubKey = (e: unknown): unknown =>
    key && e instanceof ProviderError
      ? new ProviderError(e.kind, e.message.replace(key, '$1[api key]'), e.status, e.retryAfterMs)
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
            body: wire.body(req, model, o),
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
export function createProvider(name: string, options: ProviderOptions = {}): Provider {
  // Every adapter but the proxy is also a preset of its own service.
  const preset = PRESETS.find((p) => p.name === name);
  if (!preset && name !== 'proxy')
    throw new LLMHelperError(
      'bad_argument',
      `No provider "${String(name).slice(0, 40)}": use one of ${[...PRESETS.map((p) => p.name), 'proxy'].join(', ')}.`,
    );
  if (options === null || typeof options !== 'object')
    throw new LLMHelperError(
      'bad_argument',
      `provider('${name}', { apiKey, model, baseURL }): options must be an object.`,
    );
  const o: ProviderOptions = { ...preset, ...options, headers: { ...preset?.headers, ...options.headers } };
  o.model = options.model ?? preset?.model;
  const caps: Capabilities = {
    ...(preset?.capabilities ?? cloud(true)),
    ...options.capabilities,
  };
  let made: Provider;
  if (name === 'chrome') made = chrome(o, caps);
  else {
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
    made = httpProvider(name, wire, base, o, caps);
  }
  return caps.tools ? made : withTextMode(made);
}

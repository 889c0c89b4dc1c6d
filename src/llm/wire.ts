/**
 * What an adapter for one wire format provides; provider.ts does the rest (HTTP, retries, streaming).
 * Requests always stream: every service and local server in the presets streams tool calls, and a
 * streamed reply shows the person watching what the model is writing.
 */
import { providerError, type ProviderError, type ProviderErrorKind } from './errors';
import type { Reply } from './reply';
import type { ChatRequest, FinishReason } from './types';

export interface WireFormat {
  /** The request URL from the API root (baseURL) and the model. */
  url(base: string, model: string): string;
  /** Authentication and version headers; none without a key (a proxy holds it). */
  headers(apiKey: string | undefined, extra: WireOptions): Record<string, string>;
  body(req: ChatRequest, model: string, extra: WireOptions): Record<string, unknown>;
  /** One streamed event, into the reply; true at the API's last event. */
  event(data: unknown, event: string | undefined, reply: Reply): boolean | undefined;
}

export interface WireOptions {
  /** Chat Completions: the field for the output limit (OpenAI's own API wants max_completion_tokens). */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** Chat Completions: the key's header, when not `Authorization: Bearer` (Azure: api-key). */
  keyHeader?: string;
  /** Chat Completions: ask for usage at the stream's end (default true); Mistral refuses the option and sends it anyway. */
  includeUsage?: boolean;
  /** Send the request's cacheKey as prompt_cache_key (OpenAI's own API; other servers may refuse it). */
  cacheKey?: boolean;
}

export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
/** An error the API sent inside the stream, as { message } (an overloaded Anthropic is worth a retry). */
export const streamError = (error: unknown, kind: ProviderErrorKind = 'server'): ProviderError =>
  providerError(kind, 'The model', str(obj(error).message) || 'the reply failed');

/**
 * The OpenAI APIs' tool results hold text: the pictures of a turn's results follow in one user message,
 * each as `part` makes it from its data: URL. None when there are none.
 */
export const picturesMessage = (
  results: { images?: { mediaType: string; data: string }[] }[],
  part: (url: string) => Obj,
): Obj[] => {
  const parts = results.flatMap((r) =>
    (r.images ?? []).map((i) => part(`data:${i.mediaType};base64,${i.data}`)),
  );
  return parts.length ? [{ role: 'user', content: parts }] : [];
};

/** Finish reasons of every API (Chat Completions, Responses, Anthropic, Gemini), to the neutral ones. */
const FINISH: [RegExp, FinishReason][] = [
  [/^(stop|end_turn|stop_sequence|completed)$/i, 'stop'],
  [/^(tool_calls|function_call|tool_use)$/, 'tool-calls'],
  [/^(length|max_tokens|max_output_tokens)$/i, 'length'],
  [/^(content_filter|refusal|safety|recitation|blocklist|prohibited_content|spii)$/i, 'content-filter'],
];
export const finishOf = (reason: unknown): FinishReason =>
  FINISH.find(([re]) => re.test(str(reason)))?.[1] ?? 'other';

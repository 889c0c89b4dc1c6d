/**
 * What went wrong talking to a model, as one of a few kinds a caller can act on, with a message that
 * says what to do. The kind decides whether a retry can help.
 */
import { LLMHelperError } from '../errors';

export type ProviderErrorKind =
  | 'auth'
  | 'permission'
  | 'rate_limit'
  | 'quota'
  | 'overloaded'
  | 'bad_request'
  | 'context_length'
  | 'server'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'blocked'
  | 'bad_reply';

const RETRYABLE = new Set<ProviderErrorKind>(['rate_limit', 'overloaded', 'server', 'network', 'timeout']);

export class ProviderError extends LLMHelperError {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
    /** How long the server asked us to wait, when it said. */
    readonly retryAfterMs?: number,
    /** The address it tried, for a service that could not be reached. */
    readonly url?: string,
  ) {
    super('provider', message);
  }
  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

const ADVICE: Record<ProviderErrorKind, string> = {
  auth: 'Check the apiKey.',
  permission: 'This key may not use this model or endpoint.',
  rate_limit: 'Rate limited: wait, or send fewer requests.',
  quota: 'Out of quota or credit: not retried. Check billing.',
  overloaded: 'Overloaded: try again shortly.',
  bad_request: 'The service refused the request: check the model name and the options.',
  context_length: 'The conversation is too long for this model: start a new task.',
  server: 'The service failed: try again shortly.',
  network: 'The service could not be reached.',
  timeout: 'No answer in time: raise timeoutMs or retry.',
  aborted: 'Stopped.',
  blocked: "Blocked by the model's safety filter.",
  bad_reply:
    'Choose a model with function calling (tools), or one that follows the reply format; a larger model often does.',
};

/**
 * The message in an API's error body: OpenAI, Anthropic and Gemini all use { error: { message } };
 * Mistral's is a list of what it refused ({ message: { detail: [...] } }), said as JSON.
 */
function bodyMessage(body: unknown): string {
  const b = body as { error?: { message?: unknown } | string; message?: unknown } | null;
  const m = typeof b?.error === 'string' ? b.error : (b?.error?.message ?? b?.message);
  return (typeof m === 'string' ? m : m ? (JSON.stringify(m) ?? '') : '').slice(0, 300);
}

/** The error of a failed HTTP response, from its status, headers and body (parsed JSON, if it was JSON). */
export function errorFromResponse(
  status: number,
  headers: Headers,
  body: unknown,
  provider: string,
  url = '',
): ProviderError {
  const raw = JSON.stringify(body ?? '') ?? '';
  const said = bodyMessage(body);
  let kind: ProviderErrorKind;
  if (status === 401) kind = 'auth';
  else if (status === 403) kind = 'permission';
  else if (status === 429)
    kind = /insufficient_quota|PerDay|per day|billing|credit/i.test(raw) ? 'quota' : 'rate_limit';
  else if (status === 529 || /overloaded/i.test(raw)) kind = 'overloaded';
  else if (
    /context_length|context window|prompt is too long|maximum (number of )?(context|tokens)|too many tokens/i.test(
      raw,
    )
  )
    kind = 'context_length';
  else if (status === 408) kind = 'timeout';
  else if (status >= 500) kind = 'server';
  else kind = 'bad_request';
  const at = url.split('?')[0];
  return new ProviderError(
    kind,
    status === 404
      ? `${provider} answered 404 (nothing there) at ${at}${said ? `: ${said}` : ''}. Check the base URL (the API root, such as https://api.openai.com/v1) and the model name.`
      : `${provider} answered ${status}${said ? `: ${said}` : ''}. ${ADVICE[kind]}`,
    status,
    retryAfter(headers, body),
  );
}

export const providerError = (kind: ProviderErrorKind, provider: string, detail = ''): ProviderError =>
  new ProviderError(kind, `${provider}: ${detail ? `${detail}. ` : ''}${ADVICE[kind]}`);

/**
 * How long the server asked us to wait: retry-after-ms, retry-after (seconds or an HTTP date), or
 * Gemini's RetryInfo.retryDelay ("12s") in the body. Headers are only readable cross-origin when the
 * server exposes them.
 */
export function retryAfter(headers: Headers, body?: unknown): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers.get('retry-after');
  if (after) {
    const s = Number(after);
    if (Number.isFinite(s) && s >= 0) return s * 1000;
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return Math.max(0, at - Date.now());
  }
  const details = (body as { error?: { details?: { retryDelay?: unknown }[] } } | null)?.error?.details;
  if (Array.isArray(details))
    for (const d of details) {
      const m = typeof d?.retryDelay === 'string' ? /^([\d.]+)s$/.exec(d.retryDelay) : null;
      if (m) return Number(m[1]) * 1000;
    }
  return undefined;
}

/**
 * fetch rejects with a bare TypeError for every failure it will not describe (CORS, CSP, mixed content,
 * a refused local-network request, DNS): say which it could be and what to do about each.
 */
export function explainFetchFailure(url: string, provider: string, error: unknown): ProviderError {
  const here = typeof location === 'undefined' ? '' : location.origin;
  const origin = /^https?:\/\/[^/]+/.exec(url)?.[0] ?? url;
  const cause = error instanceof Error ? error.message : String(error);
  // A model on this machine or network: the browser may ask before a page reaches it (Chrome's local
  // network access), and a page that was not allowed gets the same bare TypeError.
  const local = /^https?:\/\/(localhost|127\.|\[::1\]|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(url);
  return new ProviderError(
    'network',
    `${provider}: no answer from ${origin} (${cause.slice(0, 100)}). ${
      here && origin !== here
        ? `Maybe it refused this origin, ${here} (CORS: allow it there, e.g. OLLAMA_ORIGINS for Ollama or "Enable CORS" in LM Studio, or use provider('proxy')), or the page's Content-Security-Policy blocks it${
            local
              ? ", or the browser kept this page from a local address (allow local network access in the site's settings)"
              : ''
          }.`
        : 'Check that it runs at that address.'
    }`,
    undefined,
    undefined,
    origin,
  );
}

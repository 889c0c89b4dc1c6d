/**
 * One model request over fetch: a time limit while waiting and between streamed chunks, the caller's
 * abort, and retries with exponential backoff and jitter (0.5 s doubling to 8 s) for what a retry can
 * fix (408, 409, 429, 5xx, network failures), honouring x-should-retry, retry-after-ms, retry-after and
 * Gemini's RetryInfo. A reply that has already handed anything on (a text delta, a tool call) is never
 * sent again: that would act twice.
 */
import { ProviderError, errorFromResponse, explainFetchFailure, providerError } from './errors';

/**
 * fetch as it was when the SDK loaded: a page script that wraps fetch later does not see the requests
 * (their key, their body). One that wraps it before the SDK loads does (docs/security.md).
 */
const loadedFetch: typeof fetch | undefined = (() => {
  try {
    return typeof fetch === 'function' ? fetch : undefined;
  } catch {
    return undefined; // a page that made fetch a getter that throws: read again at the request
  }
})();

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** Longest wait for an answer, and between streamed chunks (default 60 s). */
  timeoutMs?: number;
  /** Longest total time spent waiting to retry (default 60 s). */
  maxRetryMs?: number;
}

export interface HttpRequest extends RetryOptions {
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
}

/** What reading a response needs: to say the stream is alive, and whether anything was handed on. */
export interface Reading {
  alive(): void;
  delivered(): boolean;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

/** Backoff before retry `n` (0-based): 0.5 s, 1 s, 2 s, 4 s, 8 s, less up to a quarter of jitter. */
export const backoff = (n: number): number => Math.min(8000, 500 * 2 ** n) * (1 - Math.random() * 0.25);

/**
 * Sends `req` and hands the response to `read`, retrying as the header comment says. `delivered`
 * reports whether `read` has handed anything on; once it has, a failure is final.
 */
export async function send<T>(
  req: HttpRequest,
  read: (res: Response, reading: Reading) => Promise<T>,
  delivered: () => boolean,
): Promise<T> {
  const maxRetries = req.maxRetries ?? 3;
  const timeoutMs = req.timeoutMs ?? 60_000;
  let retryBudget = req.maxRetryMs ?? 60_000;
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    const onAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    let error: ProviderError;
    let forced: boolean | undefined;
    try {
      if (req.signal?.aborted) throw providerError('aborted', req.provider);
      alive();
      let res: Response;
      try {
        const f = req.fetch ?? loadedFetch ?? globalThis.fetch;
        res = await f(req.url, {
          method: 'POST',
          headers: req.headers,
          body: JSON.stringify(req.body),
          signal: controller.signal,
          credentials: req.credentials,
        });
      } catch (e) {
        throw fetchFailure(e);
      }
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON: keep the text */
        }
        const should = res.headers.get('x-should-retry');
        forced = should === 'true' ? true : should === 'false' ? false : undefined;
        throw errorFromResponse(res.status, res.headers, body, req.provider, req.url);
      }
      try {
        return await read(res, { alive, delivered });
      } catch (e) {
        // The service answered: a failure now is the stream being cut, not CORS or the page's CSP.
        throw e instanceof ProviderError ? e : streamCut(e);
      }
    } catch (e) {
      error = e instanceof ProviderError ? e : providerError('network', req.provider, String(e));
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }

    function streamCut(e: unknown): ProviderError {
      if (req.signal?.aborted) return providerError('aborted', req.provider);
      if (timedOut)
        return providerError(
          'timeout',
          req.provider,
          `the answer stopped for ${Math.round(timeoutMs / 1000)} s`,
        );
      const cause = e instanceof Error ? e.message : String(e);
      return new ProviderError(
        'network',
        `${req.provider}: the connection was cut while the answer was arriving (${cause.slice(0, 100)}).`,
      );
    }

    function fetchFailure(e: unknown): ProviderError {
      if (req.signal?.aborted) return providerError('aborted', req.provider);
      if (timedOut)
        return providerError('timeout', req.provider, `no answer for ${Math.round(timeoutMs / 1000)} s`);
      return explainFetchFailure(req.url, req.provider, e);
    }

    const retryable =
      (forced ?? (error.retryable || error.status === 409)) &&
      !delivered() &&
      error.kind !== 'aborted' &&
      attempt < maxRetries;
    // Said only when it happened: how many times the request went out.
    const tried = (e: ProviderError) =>
      attempt
        ? new ProviderError(
            e.kind,
            `${e.message} (Sent ${attempt + 1} times.)`,
            e.status,
            e.retryAfterMs,
            e.url,
          )
        : e;
    if (!retryable) {
      if (delivered() && error.retryable)
        throw new ProviderError(
          error.kind,
          `${error.message} Not sent again: part of the reply was already handed on.`,
          error.status,
          undefined,
          error.url,
        );
      throw tried(error);
    }
    const wait = error.retryAfterMs ?? backoff(attempt);
    if (wait > retryBudget) throw tried(error);
    retryBudget -= wait;
    try {
      await sleep(wait, req.signal);
    } catch {
      throw providerError('aborted', req.provider);
    }
  }
}

/**
 * Server-sent events from text chunks, as the HTML standard parses them: lines end in CRLF, LF or CR;
 * "field: value" (one space after the colon dropped); lines starting with ":" are comments (OpenRouter
 * sends ": OPENROUTER PROCESSING" while it waits); a blank line ends an event that has data.
 */
export function sseParser(
  onMessage: (data: string, event: string | undefined) => void,
): (chunk: string) => void {
  let rest = '';
  let data: string[] = [];
  let event: string | undefined;
  let afterCR = false;
  return (chunk) => {
    // A CR at the end of one chunk and an LF at the start of the next are one line break.
    if (afterCR && chunk.startsWith('\n')) chunk = chunk.slice(1);
    afterCR = chunk.endsWith('\r');
    const lines = (rest + chunk).split(/\r\n|\r|\n/);
    rest = lines.pop()!; // a chunk may end inside a line
    for (const line of lines) {
      if (!line) {
        if (data.length && data.join('')) onMessage(data.join('\n'), event);
        data = [];
        event = undefined;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
      if (field === 'data') data.push(value);
      else if (field === 'event') event = value;
    }
  };
}

/**
 * Reads an SSE stream, handing each event's data (parsed JSON) to `onEvent`; comment lines (such as
 * OpenRouter's ": OPENROUTER PROCESSING") are skipped. `onEvent` returns true at the API's last event;
 * a stream that ends before it was cut.
 */
export async function readSSE(
  res: Response,
  reading: Reading,
  provider: string,
  onEvent: (data: unknown, event: string | undefined) => boolean | undefined,
  /** True when the reply was complete even without the API's last event (a finish reason was seen). */
  finished: () => boolean = () => false,
): Promise<void> {
  if (!res.body) throw providerError('server', provider, 'the answer had no body to stream');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let done = false;
  const state: { failure: ProviderError | null } = { failure: null };
  const feed = sseParser((text, event) => {
    if (done || state.failure || text === '[DONE]') {
      if (text === '[DONE]') done = true;
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      state.failure = providerError(
        'server',
        provider,
        `a streamed event was not JSON (${text.slice(0, 80)})`,
      );
      return;
    }
    try {
      if (onEvent(data, event)) done = true;
    } catch (e) {
      state.failure = e instanceof ProviderError ? e : providerError('server', provider, String(e));
    }
  });
  try {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      reading.alive();
      feed(decoder.decode(value, { stream: true }));
      if (state.failure) throw state.failure;
      if (done) break;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  if (!done && !finished())
    throw providerError('network', provider, 'the stream ended before the reply was complete');
}

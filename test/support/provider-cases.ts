/**
 * The provider conformance cases, as data, so one suite runs from Node (test/node/providers.test.ts)
 * and from a page in Chromium (test/browser/providers.test.ts) against the mock model server.
 */
import { expect } from 'vitest';
import type { FaultKind, ScriptedReply } from './mock-model.mjs';

export interface CaseOutcome {
  ok: boolean;
  kind?: string;
  message?: string;
  text?: string;
  calls?: { name: string; args: unknown }[];
  finishReason?: string;
  /** Events handed on, by type. */
  events: string[];
  ms: number;
}

export interface ProviderCase {
  name: string;
  replies: ScriptedReply[];
  faults?: [FaultKind, Record<string, unknown>?][];
  /** Options for the provider besides apiKey, baseURL and model (slow: the mock that waits between events). */
  options?: Record<string, unknown>;
  /** false: no onEvent listener (the request still streams). */
  stream?: boolean;
  abortAfterEvents?: number;
  /** What must hold: the outcome (partly), how many requests reached the server. */
  expect: Partial<Omit<CaseOutcome, 'events' | 'ms'>> & {
    requests: number;
    toolCallEvents?: number;
    atLeastMs?: number;
    /** What the error message must say, and must not (it says "Sent N times" only when it was). */
    says?: RegExp;
    saysNot?: RegExp;
  };
}

export const CASES: ProviderCase[] = [
  {
    name: 'plain text',
    replies: [{ text: 'Hello there.' }],
    expect: { ok: true, text: 'Hello there.', finishReason: 'stop', requests: 1 },
  },
  {
    name: 'one tool call, streamed arguments',
    replies: [{ toolCalls: [{ name: 'find', args: { pattern: 'Save' } }] }],
    expect: {
      ok: true,
      calls: [{ name: 'find', args: { pattern: 'Save' } }],
      finishReason: 'tool-calls',
      requests: 1,
      toolCallEvents: 1,
    },
  },
  {
    name: 'parallel tool calls',
    replies: [
      {
        toolCalls: [
          { name: 'find', args: { pattern: 'A' } },
          { name: 'find', args: { pattern: 'B' } },
        ],
      },
    ],
    expect: {
      ok: true,
      calls: [
        { name: 'find', args: { pattern: 'A' } },
        { name: 'find', args: { pattern: 'B' } },
      ],
      requests: 1,
      toolCallEvents: 2,
    },
  },
  {
    name: 'text, with no event listener (the request still streams)',
    stream: false,
    replies: [{ text: 'Whole.' }],
    expect: { ok: true, text: 'Whole.', requests: 1 },
  },
  {
    name: '401 is auth, not retried',
    replies: [{ text: 'x' }],
    faults: [['401']],
    expect: { ok: false, kind: 'auth', requests: 1 },
  },
  {
    name: '403 is permission',
    replies: [{ text: 'x' }],
    faults: [['403']],
    expect: { ok: false, kind: 'permission', requests: 1 },
  },
  {
    name: 'per-day quota is quota, not retried',
    replies: [{ text: 'x' }],
    faults: [['quota']],
    expect: { ok: false, kind: 'quota', requests: 1 },
  },
  {
    name: 'context too long',
    replies: [{ text: 'x' }],
    faults: [['context']],
    expect: { ok: false, kind: 'context_length', requests: 1 },
  },
  {
    name: 'another 400 is bad_request',
    replies: [{ text: 'x' }],
    faults: [['bad']],
    expect: { ok: false, kind: 'bad_request', requests: 1 },
  },
  {
    name: '500 every time is server, after retries',
    replies: [{ text: 'x' }],
    faults: [['500'], ['500'], ['500']],
    expect: { ok: false, kind: 'server', requests: 3, says: /\(Sent 3 times\.\)/, saysNot: /retried/ },
  },
  {
    name: '503, 529 and 429 are retried, then it works',
    replies: [{ text: 'after retries' }],
    options: { maxRetries: 3 },
    faults: [
      ['503', { retryAfterMs: 10 }],
      ['529', { retryAfterMs: 10 }],
      ['429', { retryAfterMs: 10 }],
    ],
    expect: { ok: true, text: 'after retries', requests: 4 },
  },
  {
    name: '529 that never clears is overloaded',
    replies: [{ text: 'x' }],
    faults: [
      ['529', { retryAfterMs: 1 }],
      ['529', { retryAfterMs: 1 }],
      ['529', { retryAfterMs: 1 }],
    ],
    expect: { ok: false, kind: 'overloaded', requests: 3 },
  },
  {
    name: '429 that never clears is rate_limit',
    replies: [{ text: 'x' }],
    faults: [
      ['429', { retryAfterMs: 1 }],
      ['429', { retryAfterMs: 1 }],
      ['429', { retryAfterMs: 1 }],
    ],
    expect: { ok: false, kind: 'rate_limit', requests: 3 },
  },
  {
    name: 'Retry-After in seconds is honoured',
    replies: [{ text: 'waited' }],
    faults: [['429', { retryAfter: 1 }]],
    expect: { ok: true, text: 'waited', requests: 2, atLeastMs: 900 },
  },
  {
    name: "Gemini's RetryInfo in the body is honoured",
    replies: [{ text: 'waited' }],
    faults: [['429', { retryDelay: '1s' }]],
    expect: { ok: true, text: 'waited', requests: 2 },
  },
  {
    name: 'x-should-retry: false is not retried',
    replies: [{ text: 'x' }],
    faults: [['503', { shouldRetry: false }]],
    expect: { ok: false, kind: 'server', requests: 1, saysNot: /retried|Sent \d+ times/ },
  },
  {
    name: 'a hang is a timeout',
    replies: [{ text: 'x' }],
    options: { timeoutMs: 200, maxRetries: 1 },
    faults: [['hang'], ['hang']],
    expect: { ok: false, kind: 'timeout', requests: 2 },
  },
  {
    name: 'a malformed stream is retried',
    replies: [{ text: 'fine' }],
    faults: [['malformed']],
    expect: { ok: true, text: 'fine', requests: 2 },
  },

  {
    name: 'a stream cut before anything was handed on is retried, with no duplicate tool call',
    replies: [{ toolCalls: [{ name: 'click', args: { id: 3 } }] }],
    faults: [['cut', { after: 0 }]],
    expect: { ok: true, calls: [{ name: 'click', args: { id: 3 } }], requests: 2, toolCallEvents: 1 },
  },
  {
    name: 'a stream cut after part of the reply was handed on is not sent again',
    replies: [
      { text: 'Here is a long answer that will be cut', toolCalls: [{ name: 'click', args: { id: 3 } }] },
    ],
    faults: [['cut', { after: 5 }]],
    expect: {
      ok: false,
      kind: 'network',
      requests: 1,
      toolCallEvents: 0,
      // The service answered 200: the cut is the stream's, not CORS's or the page's CSP's.
      says: /connection was cut while the answer was arriving/,
      saysNot: /CORS|Content-Security-Policy/,
    },
  },
  {
    name: 'a reply the safety filter blocked',
    replies: [{ finish: 'filter' }],
    expect: { ok: false, kind: 'blocked', requests: 1 },
  },
  {
    name: 'abort mid-stream',
    replies: [{ text: 'z'.repeat(300) }],
    abortAfterEvents: 2,
    options: { slow: true },
    expect: { ok: false, kind: 'aborted', requests: 1 },
  },
];

export const WIRES = ['openai', 'responses', 'anthropic', 'gemini'] as const;
export const baseURLFor = (url: string, wire: string): string =>
  wire === 'openai' || wire === 'responses' ? `${url}/v1` : url;

/** The request every case sends. */
export const CASE_REQUEST = {
  system: 'You operate a web page.',
  messages: [{ role: 'user', content: 'Find the Save button.' }],
  tools: [
    {
      name: 'find',
      description: 'Find elements.',
      parameters: { type: 'object', properties: { pattern: { type: 'string' } } },
    },
    {
      name: 'click',
      description: 'Click.',
      parameters: { type: 'object', properties: { id: { type: 'integer' } } },
    },
  ],
};

/**
 * Runs one case with a `provider` factory (the SDK's createProvider in Node, LLMHelper.provider in a
 * page); the same code runs in both, so it only uses what both have. Serialisable for page.evaluate.
 */
export async function runCase(
  make: (wire: string, options: Record<string, unknown>) => { chat(r: unknown): Promise<unknown> },
  wire: string,
  baseURL: string,
  c: Pick<ProviderCase, 'options' | 'stream' | 'abortAfterEvents'>,
  request: unknown,
): Promise<CaseOutcome> {
  const events: string[] = [];
  const controller = new AbortController();
  const provider = make(wire, {
    apiKey: 'sk-case-0123456789',
    baseURL,
    model: 'scripted-model',
    maxRetries: 2,
    ...c.options,
  });
  const t0 = Date.now();
  try {
    const r = (await provider.chat({
      ...(request as object),
      signal: controller.signal,
      ...(c.stream === false
        ? {}
        : {
            onEvent: (e: { type: string }) => {
              events.push(e.type);
              if (c.abortAfterEvents && events.length === c.abortAfterEvents) controller.abort();
            },
          }),
    })) as { text: string; toolCalls: { name: string; args: unknown }[]; finishReason: string };
    return {
      ok: true,
      text: r.text,
      calls: r.toolCalls.map((t) => ({ name: t.name, args: t.args })),
      finishReason: r.finishReason,
      events,
      ms: Date.now() - t0,
    };
  } catch (e) {
    const err = e as { kind?: string; message: string };
    return { ok: false, kind: err.kind, message: err.message, events, ms: Date.now() - t0 };
  }
}

/** The checks of one conformance case, shared with the browser runner. */
export function checkOutcome(c: ProviderCase, out: CaseOutcome, requests: number): void {
  const { requests: want, toolCallEvents, atLeastMs, says, saysNot, ...rest } = c.expect;
  if (says) expect(out.message).toMatch(says);
  if (saysNot) expect(out.message ?? '').not.toMatch(saysNot);
  expect(out, JSON.stringify(out)).toMatchObject(rest);
  expect(requests, 'requests that reached the server').toBe(want);
  if (toolCallEvents !== undefined)
    expect(out.events.filter((e) => e === 'tool-call')).toHaveLength(toolCallEvents);
  if (atLeastMs !== undefined) expect(out.ms).toBeGreaterThanOrEqual(atLeastMs);
  if (!out.ok) expect(out.message).not.toContain('sk-case-0123456789');
}

/**
 * The provider conformance suite, from Node: every HTTP adapter over real HTTP against the mock model
 * server on 127.0.0.1, with and without an event listener (requests always stream), and every error
 * class and retry rule (the shared cases).
 * (test/browser/providers.test.ts runs the same adapters from a page, with real CORS.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProvider, type ProviderOptions, type WireName } from '../../src/llm/provider';
import type { ProviderError } from '../../src/llm/errors';
import type { ProviderEvent, ToolSpec } from '../../src/llm/types';
import { startMockModel, type MockModel } from '../support/mock-model.mjs';
import { CASES, CASE_REQUEST, baseURLFor, checkOutcome, runCase } from '../support/provider-cases';

let mock: MockModel;
let slow: MockModel;
beforeAll(async () => {
  mock = await startMockModel();
  slow = await startMockModel({ delayMs: 40 });
});
afterAll(async () => {
  await mock.close();
  await slow.close();
});
beforeEach(() => {
  mock.log.length = 0;
  mock.clearFaults();
});

const KEY = 'sk-test-0123456789abcdef';
const WIRES: WireName[] = ['openai', 'responses', 'anthropic', 'gemini'];
const base = (wire: WireName) => (wire === 'openai' || wire === 'responses' ? `${mock.url}/v1` : mock.url);
const make = (wire: WireName, more: ProviderOptions = {}) =>
  createProvider(wire, { apiKey: KEY, baseURL: base(wire), model: 'scripted-model', maxRetries: 2, ...more });

const TOOLS: ToolSpec[] = [
  {
    name: 'find',
    description: 'Find elements by text.',
    parameters: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'] },
  },
  {
    name: 'click',
    description: 'Click an element.',
    parameters: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
  },
];
const ask = (text = 'Find the Save button.') => ({
  system: 'You operate a web page.',
  messages: [{ role: 'user' as const, content: text }],
  tools: TOOLS,
});

const failureOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the call to throw');
};

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (e) {
    return e as ProviderError;
  }
  throw new Error('expected the call to fail');
}

for (const wire of WIRES)
  describe(`${wire} adapter`, () => {
    for (const streamed of [true, false])
      describe(streamed ? 'with onEvent' : 'without onEvent', () => {
        const run = (events: ProviderEvent[] = []) => ({
          ...ask(),
          ...(streamed ? { onEvent: (e: ProviderEvent) => events.push(e) } : {}),
        });

        it('plain text, with usage and the finish reason', async () => {
          mock.setScenario({
            replies: [{ text: 'The Save button is at the bottom right.', usage: { input: 42, output: 9 } }],
          });
          const events: ProviderEvent[] = [];
          const r = await make(wire).chat(run(events));
          expect(r).toEqual({
            text: 'The Save button is at the bottom right.',
            toolCalls: [],
            // Cached tokens as each API reports them: zero said by all but Gemini, which leaves it out.
            usage: {
              inputTokens: 42,
              outputTokens: 9,
              ...(wire === 'gemini' ? {} : { cachedInputTokens: 0 }),
            },
            finishReason: 'stop',
          });
          expect(mock.log[0]!.stream).toBe(true); // always streamed, for the idle timeout and live text
          if (streamed) {
            const deltas = events.filter((e) => e.type === 'text-delta');
            expect(deltas.length).toBeGreaterThan(1); // really streamed, in pieces
            expect(deltas.map((e) => e.text).join('')).toBe(r.text);
            expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', usage: r.usage });
          }
        });

        it('one tool call, its arguments streamed in fragments', async () => {
          mock.setScenario({
            replies: [{ toolCalls: [{ name: 'find', args: { pattern: 'Save changes now' } }] }],
          });
          const events: ProviderEvent[] = [];
          const r = await make(wire).chat(run(events));
          expect(r.finishReason).toBe('tool-calls');
          expect(r.toolCalls).toHaveLength(1);
          expect(r.toolCalls[0]).toMatchObject({ name: 'find', args: { pattern: 'Save changes now' } });
          expect(r.toolCalls[0]!.id).toMatch(/\S/);
          if (streamed) {
            const starts = events.filter((e) => e.type === 'tool-input-start');
            expect(starts).toEqual([{ type: 'tool-input-start', id: r.toolCalls[0]!.id, name: 'find' }]);
            const deltas = events.filter((e) => e.type === 'tool-input-delta');
            if (wire !== 'gemini') expect(deltas.length).toBeGreaterThan(1); // Gemini sends calls whole
            expect(JSON.parse(deltas.map((e) => e.delta).join(''))).toEqual({ pattern: 'Save changes now' });
            expect(events.filter((e) => e.type === 'tool-call')).toEqual([
              { type: 'tool-call', call: r.toolCalls[0] },
            ]);
          }
        });

        it('parallel tool calls, text beside them', async () => {
          mock.setScenario({
            replies: [
              {
                text: 'Looking.',
                toolCalls: [
                  { name: 'find', args: { pattern: 'Save' } },
                  { name: 'click', args: { id: 7 } },
                ],
              },
            ],
          });
          const r = await make(wire).chat(run());
          expect(r.text).toBe('Looking.');
          expect(r.toolCalls.map((c) => [c.name, c.args])).toEqual([
            ['find', { pattern: 'Save' }],
            ['click', { id: 7 }],
          ]);
          expect(new Set(r.toolCalls.map((c) => c.id)).size).toBe(2);
        });

        it('a reply cut by the output limit says length', async () => {
          mock.setScenario({ replies: [{ text: 'A long answer that', finish: 'length' }] });
          expect((await make(wire).chat(run())).finishReason).toBe('length');
        });
      });

    it('sends the key the way the API wants it, and never in the URL', async () => {
      mock.setScenario({ replies: [{ text: 'ok' }] });
      await make(wire).chat(ask());
      const { headers, path } = mock.log[0]!;
      expect(path).not.toContain(KEY);
      const expected = {
        openai: { authorization: `Bearer ${KEY}` },
        responses: { authorization: `Bearer ${KEY}` },
        anthropic: {
          'x-api-key': KEY,
          'anthropic-version': '2026-10-21',
          'anthropic-dangerous-direct-browser-access': 'true',
        },
        gemini: { 'x-goog-api-key': KEY },
      }[wire];
      expect(headers).toMatchObject(expected);
    });

    it("a call goes back as the API gave it (Gemini 3's thought signature with it), its result in the API's shape", async () => {
      mock.setScenario({
        replies: [
          { toolCalls: [{ name: 'find', args: { pattern: 'Save' } }] },
          { when: { lastToolResult: 'no match' }, text: 'Nothing found.' },
          { when: { lastToolResult: 'Found 1' }, text: 'Found it.' },
        ],
      });
      const provider = make(wire);
      const first = await provider.chat(ask('Find Save.'));
      const call = first.toolCalls[0]!;
      const r = await provider.chat({
        ...ask(),
        messages: [
          { role: 'user', content: 'Find Save.' },
          { role: 'assistant', text: first.text, toolCalls: first.toolCalls },
          {
            role: 'tool',
            results: [{ callId: call.id, name: 'find', content: 'Found 1: [4] button "Save"' }],
          },
        ],
      });
      // The mock refuses, as Gemini 3 does, a turn whose function calls come back unsigned.
      expect(r.text).toBe('Found it.');
      if (wire === 'gemini') {
        expect(call.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
        const sent = (mock.log.at(-1)!.body as { contents: { parts: Record<string, unknown>[] }[] })
          .contents[1]!.parts[0]!;
        expect(sent).toEqual({
          functionCall: { name: 'find', args: { pattern: 'Save' } },
          thoughtSignature: call.signature,
        });
      } else expect(call.signature).toBeUndefined();
    });

    describe('the conformance cases (also run from a page: test/browser/providers.test.ts)', () => {
      for (const c of CASES)
        it(c.name, async () => {
          const server = c.options?.slow ? slow : mock;
          server.log.length = 0;
          server.clearFaults();
          server.setScenario({ replies: c.replies });
          for (const [kind, more] of c.faults ?? []) server.fault(kind, more);
          const out = await runCase(
            createProvider as never,
            wire,
            baseURLFor(server.url, wire),
            c,
            CASE_REQUEST,
          );
          checkOutcome(c, out, server.log.length);
        });
    });

    it('a Retry-After longer than the retry budget fails at once, saying how long', async () => {
      mock.fault('429', { retryAfter: 120 });
      const e = await failure(make(wire, { maxRetryMs: 5000 }).chat(ask()));
      expect(e.kind).toBe('rate_limit');
      expect(e.retryAfterMs).toBe(120_000);
      expect(mock.log).toHaveLength(1);
    });

    it('a server that is not there is network, with the address and what to check', async () => {
      const gone = await startMockModel();
      const url = gone.url;
      await gone.close();
      const e = await failure(
        createProvider(wire, { apiKey: KEY, baseURL: url, model: 'm', maxRetries: 1, maxRetryMs: 2000 }).chat(
          ask(),
        ),
      );
      expect(e.kind).toBe('network');
      expect(e.message).toContain(url);
    });
  });

describe('providers by name', () => {
  it('presets fill in the adapter, base URL and model; a key is required where the service needs one', async () => {
    expect(() => createProvider('deepseek')).toThrow(/deepseek needs an apiKey .*provider\('proxy'/);
    expect(() => createProvider('nope' as never)).toThrow(/No provider "nope": use one of openai, responses/);
    // Each name once (the adapters used to be listed again after the presets that bear their names).
    const names = /use one of (.*)\.$/
      .exec(failureOf(() => createProvider('nope' as never)))![1]!
      .split(', ');
    expect(names).toEqual([...new Set(names)]);
    expect(names).toEqual(expect.arrayContaining(['gemini', 'chrome', 'ollama', 'proxy']));
    for (const odd of ['toString', '__proto__', 'constructor'])
      expect(() => createProvider(odd as never), odd).toThrow(/No provider/);
    const ollama = createProvider('ollama', { baseURL: `${mock.url}/v1` });
    expect(ollama.model).toBe('qwen2.5:7b');
    mock.setScenario({ replies: [{ text: 'local' }] });
    expect((await ollama.chat(ask())).text).toBe('local');
    expect(mock.log[0]!.headers.authorization).toBeUndefined(); // no key, no header
  });

  it('the proxy posts the chosen wire format to your endpoint, with no key', async () => {
    mock.setScenario({ replies: [{ text: 'through the proxy' }] });
    const proxy = createProvider('proxy', {
      url: `${mock.url}/api/llm/messages`,
      format: 'anthropic',
      model: 'claude',
    });
    expect((await proxy.chat({ ...ask(), onEvent: () => {} })).text).toBe('through the proxy');
    expect(mock.log[0]!.headers['x-api-key']).toBeUndefined();
    expect(mock.log[0]!.body.model).toBe('claude');
  });

  it('a custom provider is any object with chat', async () => {
    const mine = {
      chat: async () => ({
        text: 'mine',
        toolCalls: [],
        usage: { inputTokens: 1, outputTokens: 1 },
        finishReason: 'stop' as const,
      }),
    };
    expect((await mine.chat()).text).toBe('mine');
  });

  it('a key the server echoes back never appears in the error', async () => {
    mock.fault('401', { message: `Incorrect API key provided: ${KEY}.` });
    const e = await failure(make('openai').chat(ask()));
    expect(e.kind).toBe('auth');
    expect(e.message).not.toContain(KEY);
    expect(e.message).toContain('[api key]');
  });

  it("a placeholder key ('k', 'ollama') is masked as a word, never as letters inside the message's words", async () => {
    for (const apiKey of ['k', 'ollama', 'o']) {
      mock.fault('401', { message: `Invalid key ${apiKey}; check the key you passed.` });
      const e = await failure(make('openai', { apiKey, maxRetries: 0 }).chat(ask()));
      expect(e.message, apiKey).toContain('Invalid key [api key]; check the key you passed.');
    }
    // A closed port: the network failure's advice keeps its words ("blocks", "Ollama") whole.
    const e = await failure(
      createProvider('ollama', {
        apiKey: 'k',
        baseURL: 'http://127.0.0.1:9/v1',
        model: 'm',
        maxRetries: 0,
      }).chat(ask()),
    );
    expect(e.message).not.toContain('[api key]');
  });
});

describe('Chat Completions servers stricter than OpenAI', () => {
  it("mistral: no stream_options, which Mistral refuses with 422; usage still read from the stream's end", async () => {
    const strict = await startMockModel({ strict: true, scenario: { replies: [{ text: 'Bonjour.' }] } });
    try {
      const r = await createProvider('mistral', { apiKey: KEY, baseURL: `${strict.url}/v1` }).chat(ask());
      expect(r.text).toBe('Bonjour.');
      expect(r.usage.inputTokens).toBeGreaterThan(0);
      expect(strict.log[0]!.body.stream_options).toBeUndefined();
      // The same server through the plain adapter: the refusal says what was refused.
      const e = await failure(
        createProvider('openai', {
          apiKey: KEY,
          baseURL: `${strict.url}/v1`,
          model: 'm',
          maxRetries: 0,
        }).chat(ask()),
      );
      expect(e.kind).toBe('bad_request');
      expect(e.message).toMatch(
        /answered 422: .*extra_forbidden.*stream_options.*Extra inputs are not permitted/,
      );
    } finally {
      await strict.close();
    }
  });
});

describe('Chat Completions servers that number streamed calls their own way', () => {
  for (const callIndex of ['ollama', 'none'] as const)
    it(`parallel calls stay apart when the server gives ${callIndex === 'ollama' ? 'every call index 0 (Ollama)' : 'no index'}`, async () => {
      mock.setScenario({
        replies: [
          {
            callIndex,
            toolCalls: [
              { name: 'find', args: { pattern: 'Save' } },
              { name: 'click', args: { id: 4 } },
              { name: 'find', args: { pattern: 'Close' } },
            ],
          },
        ],
      });
      const r = await createProvider('ollama', { baseURL: `${mock.url}/v1` }).chat(ask());
      expect(r.toolCalls.map((c) => [c.name, c.args])).toEqual([
        ['find', { pattern: 'Save' }],
        ['click', { id: 4 }],
        ['find', { pattern: 'Close' }],
      ]);
      expect(new Set(r.toolCalls.map((c) => c.id)).size).toBe(3);
    });
});

describe('text mode (models without function calling)', () => {
  it('tools travel in the prompt; prose gets one corrective re-ask; the JSON action becomes a tool call', async () => {
    mock.setScenario({
      replies: [
        { text: 'I think I should click the Save button.' },
        { text: 'Sorry.\n```json\n{"tool": "click", "args": {"id": 4}}\n```' },
      ],
    });
    const events: ProviderEvent[] = [];
    const p = make('openai', { capabilities: { tools: false } });
    const r = await p.chat({ ...ask(), onEvent: (e) => events.push(e) });
    expect(r.toolCalls).toEqual([{ id: expect.any(String), name: 'click', args: { id: 4 } }]);
    expect(r.finishReason).toBe('tool-calls');
    expect(mock.log).toHaveLength(2);
    const first = mock.log[0]!.body as { tools?: unknown; messages: { role: string; content: string }[] };
    expect(first.tools).toBeUndefined();
    expect(first.messages[0]!.content).toContain('- click: Click an element.');
    const second = mock.log[1]!.body as { messages: { role: string; content: string }[] };
    expect(second.messages.at(-1)!.content).toMatch(/Your reply could not be used: it was not a JSON object/);
    // The person watching sees the call, not the raw JSON.
    expect(events.some((e) => e.type === 'text-delta' && e.text.includes('"tool"'))).toBe(false);
    expect(events.filter((e) => e.type === 'tool-call')).toHaveLength(1);
  });

  it('a tool result goes back as text, and an answer ends the turn', async () => {
    mock.setScenario({ replies: [{ text: '{"answer": "Saved."}' }] });
    const r = await make('anthropic', { capabilities: { tools: false } }).chat({
      ...ask(),
      messages: [
        { role: 'user', content: 'Save.' },
        { role: 'assistant', toolCalls: [{ id: 'c1', name: 'click', args: { id: 4 } }] },
        { role: 'tool', results: [{ callId: 'c1', name: 'click', content: 'Clicked [4] button "Save".' }] },
      ],
    });
    expect(r).toMatchObject({ text: 'Saved.', toolCalls: [], finishReason: 'stop' });
    const body = mock.log[0]!.body as { messages: { role: string; content: unknown }[] };
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    // The latest turn as a block, with the cache breakpoint on it.
    expect(body.messages[2]!.content).toEqual([
      {
        type: 'text',
        text: 'Result of click: Clicked [4] button "Save".',
        cache_control: { type: 'ephemeral' },
      },
    ]);
  });
});

describe("the browser's built-in model (Chrome's LanguageModel API)", () => {
  it('streams text through a session, with the tools in the prompt and the reply held to the action schema', async () => {
    // A stand-in for window.LanguageModel with the API's shape (Node has no built-in model).
    const seen: { initialPrompts?: unknown; input?: string; constraint?: unknown } = {};
    (globalThis as Record<string, unknown>).LanguageModel = {
      // A browser whose Prompt API has no tool use refuses the tool types (text mode then).
      availability: async (o: unknown) => {
        if (JSON.stringify(o).includes('tool-call')) throw new TypeError('not a valid enum value');
        return 'available';
      },
      create: async (o: { initialPrompts: unknown }) => {
        seen.initialPrompts = o.initialPrompts;
        return {
          promptStreaming: (input: string, opts: { responseConstraint?: unknown }) => {
            seen.input = input;
            seen.constraint = opts.responseConstraint;
            return new ReadableStream({
              start(c) {
                for (const part of ['{"tool": "fi', 'nd", "args": {"pattern": "Save"}}']) c.enqueue(part);
                c.close();
              },
            });
          },
          destroy() {},
        };
      },
    };
    try {
      const r = await createProvider('chrome').chat(ask());
      expect(r.toolCalls).toEqual([{ id: expect.any(String), name: 'find', args: { pattern: 'Save' } }]);
      expect(seen.input).toBe('Find the Save button.');
      expect(JSON.stringify(seen.initialPrompts)).toContain('- find: Find elements by text.');
      expect(seen.constraint).toMatchObject({ type: 'object' });
      delete (globalThis as Record<string, unknown>).LanguageModel;
      const e = await failure(createProvider('chrome').chat(ask()));
      expect(e.message).toMatch(/No built-in model here/);
    } finally {
      delete (globalThis as Record<string, unknown>).LanguageModel;
    }
  });
});

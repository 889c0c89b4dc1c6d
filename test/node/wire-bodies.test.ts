/**
 * Request bodies against the official clients (devDependencies only): for each conversation the
 * official SDK sends it to the mock model server, our adapter sends the same, and the two logged bodies
 * must be equal up to key order. Nothing of the SDKs is in the bundle.
 */
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/llm/provider';
import type { ChatRequest, ToolSpec } from '../../src/llm/types';
import { startMockModel, type MockModel } from '../support/mock-model.mjs';

let mock: MockModel;
beforeAll(async () => {
  mock = await startMockModel({ scenario: { replies: [] } });
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.log.length = 0;
});

const KEY = 'sk-test';
const MODEL = 'scripted-model';
const SYSTEM = 'You operate a web page for a person.';
const TOOL: ToolSpec = {
  name: 'find',
  description: 'Find elements by visible text.',
  parameters: {
    type: 'object',
    properties: {
      pattern: { type: 'string', description: 'Text or regex.' },
      limit: { type: 'integer', minimum: 1 },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
};
const SIGNATURE = 'c2NyaXB0ZWQgdGhvdWdodA==';
const SAVE = { pattern: 'Save' };
const CLOSE = { pattern: 'Close' };

/** One conversation in the neutral form: a task, two parallel calls, their results, a follow-up. */
const CONVERSATION: ChatRequest = {
  system: SYSTEM,
  messages: [
    { role: 'user', content: 'Save the form, then close it.' },
    {
      role: 'assistant',
      text: 'Looking for both buttons.',
      // A thinking model's reasoning: back as reasoning_content (DeepSeek), as a signed thinking block (Anthropic).
      reasoning: [{ text: 'Save first, then Close.', signature: 'c2lnbmVk' }],
      toolCalls: [
        // Gemini gives the first of parallel calls a thought signature, to be sent back with it.
        { id: 'call_a', name: 'find', args: SAVE, signature: SIGNATURE },
        { id: 'call_b', name: 'find', args: CLOSE },
      ],
    },
    {
      role: 'tool',
      results: [
        { callId: 'call_a', name: 'find', content: '[3] button "Save"' },
        { callId: 'call_b', name: 'find', content: 'No match', isError: true },
      ],
    },
    { role: 'user', content: 'Go on.' },
  ],
  tools: [TOOL],
  toolChoice: 'auto',
  maxOutputTokens: 500,
  temperature: 0,
  onEvent: () => {},
};
const PLAIN: ChatRequest = {
  system: SYSTEM,
  messages: [{ role: 'user', content: 'What is on this page?' }],
  onEvent: () => {},
};

/** Sends with the official client, then with ours; returns both logged bodies. */
async function both(official: () => Promise<unknown>, ours: () => Promise<unknown>) {
  mock.setScenario({ replies: [{ text: 'ok' }, { text: 'ok' }] });
  mock.log.length = 0;
  await official();
  await ours();
  expect(mock.log).toHaveLength(2);
  return { theirs: mock.log[0]!, mine: mock.log[1]! };
}
const drain = async (stream: AsyncIterable<unknown>) => {
  for await (const _ of stream) void _;
};

describe('request bodies equal the official clients', () => {
  const client = () => new OpenAI({ apiKey: KEY, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  /** PLAIN as the official client sends it to Chat Completions, with `more` fields. */
  const plainChat = async (more: { prompt_cache_key?: string } = {}) =>
    drain(
      await client().chat.completions.create({
        model: MODEL,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: 'What is on this page?' },
        ],
        ...more,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );

  it('openai (Chat Completions): a conversation with parallel calls and results, and plain text', async () => {
    const messages = [
      { role: 'system' as const, content: SYSTEM },
      { role: 'user' as const, content: 'Save the form, then close it.' },
      {
        role: 'assistant' as const,
        content: 'Looking for both buttons.',
        // DeepSeek's field for a thinking model's reasoning (not in the openai client's types).
        reasoning_content: 'Save first, then Close.',
        tool_calls: [
          {
            id: 'call_a',
            type: 'function' as const,
            function: { name: 'find', arguments: JSON.stringify(SAVE) },
          },
          {
            id: 'call_b',
            type: 'function' as const,
            function: { name: 'find', arguments: JSON.stringify(CLOSE) },
          },
        ],
      },
      { role: 'tool' as const, tool_call_id: 'call_a', content: '[3] button "Save"' },
      { role: 'tool' as const, tool_call_id: 'call_b', content: 'No match' },
      { role: 'user' as const, content: 'Go on.' },
    ];
    const { theirs, mine } = await both(
      async () =>
        drain(
          await client().chat.completions.create({
            model: MODEL,
            messages,
            tools: [
              {
                type: 'function',
                function: { name: TOOL.name, description: TOOL.description, parameters: TOOL.parameters },
              },
            ],
            tool_choice: 'auto',
            max_completion_tokens: 500,
            temperature: 0,
            stream: true,
            stream_options: { include_usage: true },
          }),
        ),
      () =>
        createProvider('openai', { apiKey: KEY, baseURL: `${mock.url}/v1`, model: MODEL }).chat(CONVERSATION),
    );
    expect(mine.body).toEqual(theirs.body);
    expect(mine.path).toBe(theirs.path);
    const plain = await both(
      () => plainChat(),
      () => createProvider('openai', { apiKey: KEY, baseURL: `${mock.url}/v1`, model: MODEL }).chat(PLAIN),
    );
    expect(plain.mine.body).toEqual(plain.theirs.body);
  });

  it('responses (OpenAI Responses): the same conversation as input items', async () => {
    const { theirs, mine } = await both(
      async () =>
        drain(
          await client().responses.create({
            model: MODEL,
            instructions: SYSTEM,
            input: [
              { role: 'user', content: 'Save the form, then close it.' },
              { role: 'assistant', content: 'Looking for both buttons.' },
              { type: 'function_call', call_id: 'call_a', name: 'find', arguments: JSON.stringify(SAVE) },
              { type: 'function_call', call_id: 'call_b', name: 'find', arguments: JSON.stringify(CLOSE) },
              { type: 'function_call_output', call_id: 'call_a', output: '[3] button "Save"' },
              { type: 'function_call_output', call_id: 'call_b', output: 'No match' },
              { role: 'user', content: 'Go on.' },
            ],
            tools: [
              {
                type: 'function',
                name: TOOL.name,
                description: TOOL.description,
                parameters: TOOL.parameters,
                strict: false,
              },
            ],
            tool_choice: 'auto',
            max_output_tokens: 500,
            temperature: 0,
            stream: true,
          }),
        ),
      () =>
        createProvider('responses', { apiKey: KEY, baseURL: `${mock.url}/v1`, model: MODEL }).chat(
          CONVERSATION,
        ),
    );
    expect(mine.body).toEqual(theirs.body);
    expect(mine.path).toBe(theirs.path);
  });

  it('anthropic (Messages): tool_use and tool_result blocks, is_error, tool_choice', async () => {
    const anthropic = new Anthropic({ apiKey: KEY, baseURL: mock.url, maxRetries: 0 });
    const { theirs, mine } = await both(
      async () =>
        drain(
          await anthropic.messages.create({
            model: MODEL,
            max_tokens: 500,
            // Cache breakpoints after the tools, the system prompt and the latest turn.
            system: [{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }],
            messages: [
              { role: 'user', content: 'Save the form, then close it.' },
              {
                role: 'assistant',
                content: [
                  { type: 'thinking', thinking: 'Save first, then Close.', signature: 'c2lnbmVk' },
                  { type: 'text', text: 'Looking for both buttons.' },
                  { type: 'tool_use', id: 'call_a', name: 'find', input: SAVE },
                  { type: 'tool_use', id: 'call_b', name: 'find', input: CLOSE },
                ],
              },
              {
                role: 'user',
                content: [
                  { type: 'tool_result', tool_use_id: 'call_a', content: '[3] button "Save"' },
                  { type: 'tool_result', tool_use_id: 'call_b', content: 'No match', is_error: true },
                ],
              },
              {
                role: 'user',
                content: [{ type: 'text', text: 'Go on.', cache_control: { type: 'ephemeral' } }],
              },
            ],
            tools: [
              {
                name: TOOL.name,
                description: TOOL.description,
                input_schema: TOOL.parameters as Anthropic.Tool.InputSchema,
                cache_control: { type: 'ephemeral' },
              },
            ],
            tool_choice: { type: 'auto' },
            stream: true,
          }),
        ),
      () => createProvider('anthropic', { apiKey: KEY, baseURL: mock.url, model: MODEL }).chat(CONVERSATION),
    );
    expect(mine.body).toEqual(theirs.body);
    expect(mine.path).toBe(theirs.path);
    expect(mine.headers['anthropic-version']).toBe(theirs.headers['anthropic-version']);
  });

  it("prompt caching: OpenAI's prompt_cache_key on its own API (Chat Completions, Responses), none elsewhere", async () => {
    // api.openai.com is not reachable here: the provider's fetch sends its requests to the mock server.
    const toMock: typeof fetch = (url, init) =>
      fetch(String(url).replace('https://api.openai.com/v1', `${mock.url}/v1`), init);
    const request = { ...PLAIN, cacheKey: 'llm-helper-1a2b' };
    const chat = await both(
      () => plainChat({ prompt_cache_key: 'llm-helper-1a2b' }),
      () => createProvider('openai', { apiKey: KEY, model: MODEL, fetch: toMock }).chat(request),
    );
    expect(chat.mine.body).toEqual(chat.theirs.body);
    const responses = await both(
      async () =>
        drain(
          await client().responses.create({
            model: MODEL,
            instructions: SYSTEM,
            input: [{ role: 'user', content: 'What is on this page?' }],
            prompt_cache_key: 'llm-helper-1a2b',
            stream: true,
          }),
        ),
      () => createProvider('responses', { apiKey: KEY, model: MODEL, fetch: toMock }).chat(request),
    );
    expect(responses.mine.body).toEqual(responses.theirs.body);
    // Another server that speaks Chat Completions may refuse the field: it is not sent there.
    mock.setScenario({ replies: [{ text: 'ok' }, { text: 'ok' }] });
    mock.log.length = 0;
    await createProvider('openai', { apiKey: KEY, baseURL: `${mock.url}/v1`, model: MODEL }).chat(request);
    await createProvider('groq', { apiKey: KEY, baseURL: `${mock.url}/v1`, model: MODEL }).chat(request);
    expect(mock.log.map((r) => 'prompt_cache_key' in (r.body as object))).toEqual([false, false]);
  });

  it('cached input tokens, as each API reports them, reach the usage', async () => {
    for (const name of ['openai', 'responses', 'anthropic', 'gemini'] as const) {
      mock.setScenario({ replies: [{ text: 'ok', usage: { input: 3000, output: 5, cached: 2048 } }] });
      const base = name === 'openai' || name === 'responses' ? `${mock.url}/v1` : mock.url;
      const r = await createProvider(name, { apiKey: KEY, baseURL: base, model: MODEL }).chat(PLAIN);
      expect(r.usage, name).toEqual({ inputTokens: 3000, outputTokens: 5, cachedInputTokens: 2048 });
    }
  });

  it('gemini (generateContent): contents, systemInstruction, functionDeclarations, toolConfig, generationConfig', async () => {
    const ai = new GoogleGenAI({ apiKey: KEY, httpOptions: { baseUrl: mock.url } });
    const { theirs, mine } = await both(
      async () =>
        drain(
          await ai.models.generateContentStream({
            model: MODEL,
            contents: [
              { role: 'user', parts: [{ text: 'Save the form, then close it.' }] },
              {
                role: 'model',
                parts: [
                  { text: 'Looking for both buttons.' },
                  { functionCall: { name: 'find', args: SAVE }, thoughtSignature: SIGNATURE },
                  { functionCall: { name: 'find', args: CLOSE } },
                ],
              },
              {
                role: 'user',
                parts: [
                  { functionResponse: { name: 'find', response: { output: '[3] button "Save"' } } },
                  { functionResponse: { name: 'find', response: { error: 'No match' } } },
                ],
              },
              { role: 'user', parts: [{ text: 'Go on.' }] },
            ],
            config: {
              systemInstruction: { parts: [{ text: SYSTEM }] },
              tools: [
                {
                  functionDeclarations: [
                    {
                      name: TOOL.name,
                      description: TOOL.description,
                      parameters: {
                        type: 'OBJECT' as never,
                        properties: {
                          pattern: { type: 'STRING' as never, description: 'Text or regex.' },
                          limit: { type: 'INTEGER' as never, minimum: 1 },
                        },
                        required: ['pattern'],
                      },
                    },
                  ],
                },
              ],
              toolConfig: { functionCallingConfig: { mode: 'AUTO' as never } },
              maxOutputTokens: 500,
              temperature: 0,
            },
          }),
        ),
      () => createProvider('gemini', { apiKey: KEY, baseURL: mock.url, model: MODEL }).chat(CONVERSATION),
    );
    expect(mine.path).toBe(theirs.path);
    expect(lowerTypes(mine.body)).toEqual(lowerTypes(theirs.body));
  });
});

/** Gemini's schema types are case-insensitive enums (OBJECT = object); compare them in one case. */
function lowerTypes(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(lowerTypes);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [
        k,
        k === 'type' && typeof x === 'string' ? x.toLowerCase() : lowerTypes(x),
      ]),
    );
  return v;
}

// A scripted model server on 127.0.0.1: it speaks the four wire formats (OpenAI Chat Completions,
// OpenAI Responses, Anthropic Messages, Gemini generateContent), as JSON and as SSE, with CORS, so the
// SDK's providers, the agent, the demo and the bench can run against it over real HTTP. It is not a
// language model: it answers from a scenario (a list of replies, each optionally conditioned on the last
// tool result), and fails on demand (HTTP errors, 429 with Retry-After, hangs, malformed bodies, streams
// cut midway). Every request body is logged.
//
//   const mock = await startMockModel({ scenario: { replies: [{ text: 'Hi' }] } });
//   mock.url            // http://127.0.0.1:PORT  (OpenAI base: mock.url + '/v1')
//   mock.fault('429', { retryAfter: 1 }); mock.log; await mock.close();
//
// In a scripted call's arguments, "$id" stands for the first element ID in the last tool result.
//
// Or from a shell: node test/support/mock-model.mjs --port 8787 --scenario demo/scenario.json
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';

/** What the scripted model calls itself, wherever a person could see it. */
export const MOCK_LABEL = 'Scripted model (not a language model)';
export const MOCK_MODEL = 'scripted-model';

const chunks = (s, n) => {
  const out = [];
  for (let i = 0; i < s.length; i += n) out.push(s.slice(i, i + n));
  return out.length ? out : [''];
};
const estimateTokens = (s) => Math.max(1, Math.ceil(s.length / 4));

/**
 * A stand-in for a provider's prompt cache (a simulation, not the services' own accounting): the part
 * of a request's prompt (the body without its volatile fields) that repeats the start of an earlier
 * one of the same wire format counts as read from the cache, at least 1,024 tokens of it as OpenAI and
 * Gemini require, and for Anthropic only when the request marks it with cache_control.
 */
function cachedTokens(seen, wire, body) {
  // In the order the services read a request: tools, then the system prompt, then the conversation.
  const prompt = JSON.stringify([
    body.tools,
    body.system ?? body.instructions ?? body.systemInstruction,
    // Anthropic reads a string content as one text block: the same tokens either way.
    (body.messages ?? body.input ?? body.contents)?.map((m) =>
      wire === 'anthropic' && typeof m.content === 'string'
        ? { ...m, content: [{ type: 'text', text: m.content }] }
        : m,
    ),
  ]).replace(/,?"cache_control":\{"type":"ephemeral"\}/g, '');
  const earlier = seen.get(wire) ?? [];
  let common = 0;
  for (const before of earlier) {
    let i = 0;
    while (i < before.length && i < prompt.length && before[i] === prompt[i]) i++;
    common = Math.max(common, i);
  }
  earlier.push(prompt);
  seen.set(wire, earlier.slice(-20));
  const marked = wire !== 'anthropic' || JSON.stringify(body).includes('"cache_control"');
  const tokens = Math.floor(common / 4);
  return marked && tokens >= 1024 ? tokens : 0;
}

/** Anthropic counts cache reads apart: input_tokens is what was neither read from nor written to it. */
const anthropicInput = (usage) => ({
  input_tokens: usage.input - (usage.cached ?? 0),
  cache_read_input_tokens: usage.cached ?? 0,
  cache_creation_input_tokens: 0,
});

function wireOf(method, path) {
  if (method !== 'POST') return null;
  if (/\/chat\/completions$/.test(path)) return { wire: 'openai' };
  if (/\/responses$/.test(path)) return { wire: 'responses' };
  if (/\/messages$/.test(path)) return { wire: 'anthropic' };
  const g = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
  if (g)
    return {
      wire: 'gemini',
      model: (() => {
        try {
          return decodeURIComponent(g[1]);
        } catch {
          return g[1]; // malformed escapes: the model name as sent
        }
      })(),
      geminiStream: g[2] === 'streamGenerateContent',
    };
  return null;
}

/** The last tool result in a request body, as text, whatever the wire format. */
export function lastToolResult(wire, body) {
  const text = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
  if (wire === 'openai') {
    const m = [...(body.messages ?? [])].reverse().find((x) => x.role === 'tool');
    if (m) return text(m.content);
    // Text mode (a model without function calling): results come back as the person's turn. A run resumed
    // after a page load carries its steps as a record in its one user turn: the last result is in it.
    const said = [...(body.messages ?? [])]
      .reverse()
      .find(
        (x) =>
          x.role === 'user' &&
          typeof x.content === 'string' &&
          (x.content.startsWith('Result of ') || /Steps so far|此前的步骤/.test(x.content)),
      );
    return said ? said.content : null;
  }
  if (wire === 'responses') {
    const m = [...(Array.isArray(body.input) ? body.input : [])]
      .reverse()
      .find((x) => x.type === 'function_call_output');
    return m ? text(m.output) : null;
  }
  if (wire === 'anthropic') {
    for (const m of [...(body.messages ?? [])].reverse())
      if (Array.isArray(m.content)) {
        const r = [...m.content].reverse().find((b) => b.type === 'tool_result');
        if (r) return text(r.content);
      }
    return null;
  }
  for (const c of [...(body.contents ?? [])].reverse()) {
    const r = [...(c.parts ?? [])].reverse().find((p) => p.functionResponse);
    if (r) {
      const { output, error } = r.functionResponse.response ?? {};
      return typeof output === 'string'
        ? output
        : typeof error === 'string'
          ? error
          : text(r.functionResponse.response);
    }
  }
  return null;
}

/** The texts of the person's turns in a request body (tool results excluded), whatever the wire format. */
export function userTexts(wire, body) {
  const flat = (c) =>
    typeof c === 'string'
      ? [c]
      : Array.isArray(c)
        ? c.flatMap((b) =>
            typeof b === 'string' ? [b] : b?.type === 'text' || b?.type === 'input_text' ? [b.text] : [],
          )
        : [];
  if (wire === 'openai' || wire === 'anthropic')
    return (body.messages ?? []).filter((m) => m.role === 'user').flatMap((m) => flat(m.content));
  if (wire === 'responses')
    return typeof body.input === 'string'
      ? [body.input]
      : (body.input ?? []).filter((m) => m.role === 'user').flatMap((m) => flat(m.content));
  return (body.contents ?? [])
    .filter((c) => c.role === 'user')
    .flatMap((c) => (c.parts ?? []).filter((p) => typeof p.text === 'string').map((p) => p.text));
}

const ERROR_TYPES = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
  529: 'overloaded_error',
};
const GEMINI_STATUS = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** An error body in the wire format's own shape. */
function errorBody(wire, status, message, extra = {}) {
  if (wire === 'anthropic')
    return { type: 'error', error: { type: extra.type ?? ERROR_TYPES[status] ?? 'api_error', message } };
  if (wire === 'gemini')
    return {
      error: {
        code: status,
        message,
        status: GEMINI_STATUS[status] ?? 'UNKNOWN',
        ...(extra.details ? { details: extra.details } : {}),
      },
    };
  return {
    error: {
      message,
      type: extra.type ?? ERROR_TYPES[status] ?? 'server_error',
      code: extra.code ?? null,
      param: null,
    },
  };
}

/** A reply's events in one wire format: [eventName|null, data][] for SSE, and the whole JSON body. */
function render(wire, reply, ids, usage) {
  const text = reply.text ?? '';
  const calls = (reply.toolCalls ?? []).map((c, i) => ({
    id: c.id ?? ids(),
    name: c.name,
    args: typeof c.args === 'string' ? c.args : JSON.stringify(c.args ?? {}),
    i,
  }));
  const finish = reply.finish ?? (calls.length ? 'tool' : 'stop');
  if (wire === 'openai') {
    const reason = { stop: 'stop', tool: 'tool_calls', length: 'length', filter: 'content_filter' }[finish];
    const base = { id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model: MOCK_MODEL };
    const events = [
      [
        null,
        { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
      ],
    ];
    // A thinking model (DeepSeek, Kimi) streams its reasoning first, apart from the text.
    if (reply.reasoning)
      for (const part of chunks(reply.reasoning, 12))
        events.push([
          null,
          { ...base, choices: [{ index: 0, delta: { reasoning_content: part }, finish_reason: null }] },
        ]);
    if (text)
      for (const part of chunks(text, 8))
        events.push([
          null,
          { ...base, choices: [{ index: 0, delta: { content: part }, finish_reason: null }] },
        ]);
    // reply.callIndex: 'ollama' numbers every call 0 and sends each whole in one chunk (Ollama's
    // OpenAI-compatible streaming); 'none' leaves the index out (some proxies).
    const quirk = reply.callIndex;
    const at = (c) => (quirk === 'none' ? {} : { index: quirk === 'ollama' ? 0 : c.i });
    for (const c of calls) {
      const whole = quirk === 'ollama';
      events.push([
        null,
        {
          ...base,
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [
                  {
                    ...at(c),
                    id: c.id,
                    type: 'function',
                    function: { name: c.name, arguments: whole ? c.args : '' },
                  },
                ],
              },
              finish_reason: null,
            },
          ],
        },
      ]);
      if (!whole)
        for (const part of chunks(c.args, 10))
          events.push([
            null,
            {
              ...base,
              choices: [
                {
                  index: 0,
                  delta: { tool_calls: [{ ...at(c), function: { arguments: part } }] },
                  finish_reason: null,
                },
              ],
            },
          ]);
    }
    events.push([null, { ...base, choices: [{ index: 0, delta: {}, finish_reason: reason }] }]);
    events.push([
      null,
      {
        ...base,
        choices: [],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
          prompt_tokens_details: { cached_tokens: usage.cached ?? 0 },
        },
      },
    ]);
    events.push([null, '[DONE]']);
    const message = { role: 'assistant', content: text || null };
    if (reply.reasoning) message.reasoning_content = reply.reasoning;
    if (calls.length)
      message.tool_calls = calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.args },
      }));
    const json = {
      id: 'chatcmpl-mock',
      object: 'chat.completion',
      created: 0,
      model: MOCK_MODEL,
      choices: [{ index: 0, message, finish_reason: reason }],
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
        prompt_tokens_details: { cached_tokens: usage.cached ?? 0 },
      },
    };
    return { events, json };
  }
  if (wire === 'responses') {
    const output = [];
    const events = [
      [
        'response.created',
        { type: 'response.created', response: { id: 'resp_mock', status: 'in_progress', output: [] } },
      ],
    ];
    // A reasoning model's reasoning item comes first; without reasoning.summary asked for, its summary
    // is empty (and without include: ['reasoning.encrypted_content'], so is its content).
    if (reply.reasoning) {
      const item = { type: 'reasoning', id: `rs_${ids().replace(/^call_/, '')}`, summary: [] };
      for (const type of ['response.output_item.added', 'response.output_item.done'])
        events.push([type, { type, output_index: output.length, item }]);
      output.push(item);
    }
    if (text) {
      const item = {
        type: 'message',
        id: 'msg_mock',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text, annotations: [] }],
      };
      events.push([
        'response.output_item.added',
        {
          type: 'response.output_item.added',
          output_index: output.length,
          item: { ...item, content: [], status: 'in_progress' },
        },
      ]);
      for (const part of chunks(text, 8))
        events.push([
          'response.output_text.delta',
          {
            type: 'response.output_text.delta',
            item_id: item.id,
            output_index: output.length,
            content_index: 0,
            delta: part,
          },
        ]);
      events.push([
        'response.output_item.done',
        { type: 'response.output_item.done', output_index: output.length, item },
      ]);
      output.push(item);
    }
    for (const c of calls) {
      const item = {
        type: 'function_call',
        id: `fc_${c.id}`,
        call_id: c.id,
        name: c.name,
        arguments: c.args,
        status: 'completed',
      };
      events.push([
        'response.output_item.added',
        {
          type: 'response.output_item.added',
          output_index: output.length,
          item: { ...item, arguments: '', status: 'in_progress' },
        },
      ]);
      for (const part of chunks(c.args, 10))
        events.push([
          'response.function_call_arguments.delta',
          {
            type: 'response.function_call_arguments.delta',
            item_id: item.id,
            output_index: output.length,
            delta: part,
          },
        ]);
      events.push([
        'response.function_call_arguments.done',
        {
          type: 'response.function_call_arguments.done',
          item_id: item.id,
          output_index: output.length,
          arguments: c.args,
        },
      ]);
      events.push([
        'response.output_item.done',
        { type: 'response.output_item.done', output_index: output.length, item },
      ]);
      output.push(item);
    }
    const incomplete = finish === 'length' || finish === 'filter';
    const response = {
      id: 'resp_mock',
      object: 'response',
      model: MOCK_MODEL,
      status: incomplete ? 'incomplete' : 'completed',
      incomplete_details: incomplete
        ? { reason: finish === 'filter' ? 'content_filter' : 'max_output_tokens' }
        : null,
      output,
      usage: {
        input_tokens: usage.input,
        output_tokens: usage.output,
        total_tokens: usage.input + usage.output,
        input_tokens_details: { cached_tokens: usage.cached ?? 0 },
      },
    };
    const last = incomplete ? 'response.incomplete' : 'response.completed';
    events.push([last, { type: last, response }]);
    return { events, json: response };
  }
  if (wire === 'anthropic') {
    const stop = { stop: 'end_turn', tool: 'tool_use', length: 'max_tokens', filter: 'refusal' }[finish];
    const content = [];
    const events = [
      [
        'message_start',
        {
          type: 'message_start',
          message: {
            id: 'msg_mock',
            type: 'message',
            role: 'assistant',
            model: MOCK_MODEL,
            content: [],
            stop_reason: null,
            usage: { ...anthropicInput(usage), output_tokens: 1 },
          },
        },
      ],
    ];
    // A model that thinks (some Claude models do without being asked): a signed thinking block first.
    if (reply.reasoning) {
      const signature = Buffer.from(`scripted signature: ${reply.reasoning}`).toString('base64');
      events.push([
        'content_block_start',
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        },
      ]);
      for (const part of chunks(reply.reasoning, 12))
        events.push([
          'content_block_delta',
          { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: part } },
        ]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature } },
      ]);
      events.push(['content_block_stop', { type: 'content_block_stop', index: 0 }]);
      content.push({ type: 'thinking', thinking: reply.reasoning, signature });
    }
    if (text) {
      const index = content.length;
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      ]);
      events.push(['ping', { type: 'ping' }]);
      for (const part of chunks(text, 8))
        events.push([
          'content_block_delta',
          { type: 'content_block_delta', index, delta: { type: 'text_delta', text: part } },
        ]);
      events.push(['content_block_stop', { type: 'content_block_stop', index }]);
      content.push({ type: 'text', text });
    }
    for (const c of calls) {
      const index = content.length;
      events.push([
        'content_block_start',
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} },
        },
      ]);
      for (const part of chunks(c.args, 10))
        events.push([
          'content_block_delta',
          { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } },
        ]);
      events.push(['content_block_stop', { type: 'content_block_stop', index }]);
      content.push({ type: 'tool_use', id: c.id, name: c.name, input: JSON.parse(c.args) });
    }
    events.push([
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: usage.output },
      },
    ]);
    events.push(['message_stop', { type: 'message_stop' }]);
    const json = {
      id: 'msg_mock',
      type: 'message',
      role: 'assistant',
      model: MOCK_MODEL,
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage: { ...anthropicInput(usage), output_tokens: usage.output },
    };
    return { events, json };
  }
  // gemini: each streamed chunk is a whole GenerateContentResponse; function calls arrive whole.
  const reason = { stop: 'STOP', tool: 'STOP', length: 'MAX_TOKENS', filter: 'SAFETY' }[finish];
  const usageMetadata = {
    promptTokenCount: usage.input,
    candidatesTokenCount: usage.output,
    totalTokenCount: usage.input + usage.output,
    ...(usage.cached ? { cachedContentTokenCount: usage.cached } : {}),
  };
  const parts = [];
  const events = [];
  const textParts = text ? chunks(text, 8) : [];
  textParts.forEach((part) =>
    events.push([
      null,
      {
        candidates: [{ content: { role: 'model', parts: [{ text: part }] }, index: 0 }],
        modelVersion: MOCK_MODEL,
      },
    ]),
  );
  if (text) parts.push({ text });
  // As Gemini 3 does: the first function call of a reply carries a thought signature, which the
  // client must send back with it (the server refuses a turn whose calls lack it; see geminiMissingSignature).
  const fcs = calls.map((c, i) => ({
    functionCall: { name: c.name, args: JSON.parse(c.args) },
    ...(i === 0 ? { thoughtSignature: Buffer.from(`scripted thought ${c.id}`).toString('base64') } : {}),
  }));
  parts.push(...fcs);
  events.push([
    null,
    {
      candidates: [{ content: { role: 'model', parts: fcs }, finishReason: reason, index: 0 }],
      usageMetadata,
      modelVersion: MOCK_MODEL,
    },
  ]);
  const json = {
    candidates: [{ content: { role: 'model', parts }, finishReason: reason, index: 0 }],
    usageMetadata,
    modelVersion: MOCK_MODEL,
  };
  return { events, json };
}

/**
 * Gemini 3's check: in the current turn (after the last user content with text), the first function
 * call of each model step must carry its thought signature. The message is Gemini's own.
 */
export function geminiMissingSignature(body) {
  const contents = Array.isArray(body.contents) ? body.contents : [];
  let start = 0;
  contents.forEach((c, i) => {
    if (c?.role === 'user' && (c.parts ?? []).some((p) => typeof p?.text === 'string')) start = i + 1;
  });
  for (let i = start; i < contents.length; i++) {
    const c = contents[i];
    if (c?.role !== 'model') continue;
    const first = (c.parts ?? []).findIndex((p) => p?.functionCall);
    if (first >= 0 && !c.parts[first].thoughtSignature)
      return `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${c.parts[first].functionCall.name}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`;
  }
  return null;
}

/**
 * OpenAI Responses' check: a function_call item sent back with the ID of one made while reasoning comes
 * after that reasoning item, and a reasoning item is one the API gave.
 */
export function unpairedReasoning(body, thought) {
  const input = Array.isArray(body.input) ? body.input : [];
  const given = new Set(thought.values());
  for (const [i, item] of input.entries()) {
    if (item?.type === 'reasoning' && !given.has(item.id))
      return `Item with id '${item.id}' not found. Items are not persisted when \`store\` is set to false.`;
    const rs = item?.type === 'function_call' && item.id ? thought.get(item.id) : undefined;
    if (rs && !input.slice(0, i).some((x) => x?.type === 'reasoning' && x.id === rs))
      return `Item '${item.id}' of type 'function_call' was provided without its required 'reasoning' item: '${rs}'.`;
  }
  return null;
}

/** DeepSeek's check in thinking mode: an assistant message with calls made while thinking carries its reasoning_content. */
export function missingReasoning(body, thought) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const i = messages.findIndex(
    (m) =>
      m?.role === 'assistant' && !m.reasoning_content && (m.tool_calls ?? []).some((c) => thought.has(c?.id)),
  );
  return i < 0
    ? null
    : `Missing reasoning_content field in the assistant message at message index ${i}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls`;
}

/**
 * Anthropic's check: an assistant turn whose tool calls were made while thinking starts with that
 * thinking block, its signature unchanged.
 */
export function missingThinking(body, thought) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  for (const [i, m] of messages.entries()) {
    const content = Array.isArray(m?.content) ? m.content : [];
    const call = content.find((b) => b?.type === 'tool_use' && thought.has(b.id));
    if (m?.role !== 'assistant' || !call) continue;
    if (content[0]?.type !== 'thinking')
      return `messages.${i}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${content[0]?.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns.`;
    if (content[0].signature !== thought.get(call.id))
      return `messages.${i}.content.0: Invalid \`signature\` in \`thinking\` block`;
  }
  return null;
}

const sseLine = ([event, data]) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/**
 * Starts the server. Options: scenario ({ replies: [...] }, or { tasks, unknown } below), port (0: any
 * free one), cors (false: no CORS headers, as a service that refuses pages), delayMs between streamed
 * events, stepDelayMs before each reply (the demo paces its steps so a person can follow), strict (Chat
 * Completions: refuse stream_options with 422, as Mistral does).
 *
 * A scenario of tasks ({ tasks: [{ match, replies }], unknown }) picks its script by the task the
 * person typed (match: a regex source) when a conversation starts, and answers `unknown` for any other
 * task. Its scripts are strict: replies go in order, and a reply whose `when` does not hold stops the
 * script with its `says` (what the step expected to see) instead of skipping ahead.
 */
export async function startMockModel(options = {}) {
  let scenario = options.scenario ?? { replies: [] };
  const promptsSeen = new Map();
  let used = new Set();
  const faults = [];
  const log = [];
  const sockets = new Set();
  let callNo = 0;
  const ids = () => `call_mock_${++callNo}`;
  // Calls made in thinking mode: DeepSeek refuses a request that sends one back without its reasoning.
  // (Anthropic: the thinking block's signature, which must come back unchanged.)
  const thought = new Map();

  /** The script for this request: the scenario's replies, or the task script its first message picks. */
  let script = null;
  function scriptFor(wire, body) {
    if (!scenario.tasks) return { replies: scenario.replies ?? [], strict: false };
    const said = userTexts(wire, body);
    const task = said[0] ?? '';
    const answeredBefore =
      wire === 'gemini'
        ? (body.contents ?? []).some((c) => c.role === 'model')
        : wire === 'responses'
          ? Array.isArray(body.input) &&
            body.input.some((x) => x.role === 'assistant' || x.type === 'function_call')
          : (body.messages ?? []).some((m) => m.role === 'assistant');
    if (!answeredBefore || script?.task !== task) {
      // A new conversation: the task picks the script, which starts from its first step.
      used = new Set();
      const known = scenario.tasks.find((t) => new RegExp(t.match, 'i').test(task));
      script = { task, replies: known?.replies ?? null, strict: true };
    }
    return script;
  }

  function nextReply(wire, body) {
    const last = lastToolResult(wire, body);
    const current = scriptFor(wire, body);
    const { replies, strict } = current;
    // The person's last answer to ask_user, kept for the steps after it.
    const answered = /^The person answered: ([\s\S]*)$/.exec(last ?? '')?.[1]?.trim();
    if (answered !== undefined) current.answer = answered;
    // After a pause the person may have changed anything: a script cannot see what, so it stops.
    if (strict && scenario.paused && /The person paused you/.test(userTexts(wire, body).at(-1) ?? ''))
      return { text: scenario.paused };
    if (!replies) return { text: scenario.unknown ?? `${MOCK_LABEL}: no script for this task.` };
    for (let i = 0; i < replies.length; i++) {
      if (used.has(i)) continue;
      const when = replies[i].when;
      if (
        when?.lastToolResult !== undefined &&
        !(last !== null && new RegExp(when.lastToolResult, 'i').test(last))
      ) {
        if (!strict) continue;
        // The page is not as this step expects (the person changed it, or a step did something else):
        // a script cannot adapt, so it says so and stops rather than claim what it did not do.
        replies.slice(i).forEach((_, j) => used.add(i + j));
        return {
          text: scenario.stopped?.replace('$expected', when.says ?? when.lastToolResult) ?? when.says,
        };
      }
      used.add(i);
      // "$id" in a call's arguments stands for the first element ID ("[12]") in the last tool result,
      // so a scenario need not know which IDs the page hands out; "$answer" for the person's last
      // answer to ask_user.
      const id = /\[(\d+)\]/.exec(last ?? '')?.[1];
      const answer = current.answer;
      // "$seen:<regex>": the ID of the latest "[N] …" line the regex matches in anything the model has
      // seen so far (the first observation, the results): a step that acts on what it was shown.
      const seenText = JSON.stringify(body).replaceAll('\\"', '"');
      let unseen = null;
      const seen = (pattern) => {
        const all = [...seenText.matchAll(new RegExp(`\\[(\\d+)\\] ${pattern}`, 'gi'))];
        if (!all.length) unseen ??= pattern;
        return all.length ? Number(all.at(-1)[1]) : 0;
      };
      const fill = (v) =>
        v === '$id' && id
          ? Number(id)
          : typeof v === 'string' && v.startsWith('$seen:')
            ? seen(v.slice(6))
            : typeof v === 'string' && answer !== undefined
              ? v.replaceAll('$answer', answer)
              : Array.isArray(v)
                ? v.map(fill)
                : v && typeof v === 'object'
                  ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
                  : v;
      const toolCalls = replies[i].toolCalls?.map((c) => ({ ...c, args: fill(c.args) }));
      if (unseen !== null && strict) {
        replies.slice(i).forEach((_, j) => used.add(i + j));
        return { text: scenario.stopped?.replace('$expected', when?.says ?? unseen) ?? unseen };
      }
      return {
        ...replies[i],
        // In a text reply too ("click(id=$id)", for models that write their calls as text).
        ...(typeof replies[i].text === 'string' && id ? { text: replies[i].text.replaceAll('$id', id) } : {}),
        toolCalls,
        index: i,
      };
    }
    return { text: `${MOCK_LABEL}: the scenario has no more replies.` };
  }

  const server = createServer((req, res) => {
    const origin = req.headers.origin;
    if (options.cors !== false) {
      res.setHeader('access-control-allow-origin', origin ?? '*');
      res.setHeader('access-control-expose-headers', 'retry-after, retry-after-ms, x-should-retry');
      res.setHeader('vary', 'origin');
    }
    if (req.method === 'OPTIONS') {
      if (options.cors !== false) {
        res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
        res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
        res.setHeader('access-control-max-age', '600');
        // Chrome's Private Network Access preflight, for pages on public origins calling 127.0.0.1.
        if (req.headers['access-control-request-private-network'])
          res.setHeader('access-control-allow-private-network', 'true');
      }
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = wireOf(req.method, url.pathname);
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', async () => {
      if (!route) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `No such endpoint: ${req.method} ${url.pathname}` } }));
        return;
      }
      let body;
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody(route.wire, 400, 'Request body is not JSON.')));
        return;
      }
      const { wire } = route;
      const stream =
        wire === 'gemini'
          ? route.geminiStream && url.searchParams.get('alt') === 'sse'
          : body.stream === true;
      const headers = {};
      for (const h of [
        'authorization',
        'x-api-key',
        'x-goog-api-key',
        'api-key',
        'anthropic-version',
        'anthropic-dangerous-direct-browser-access',
        'content-type',
        'origin',
      ])
        if (req.headers[h] !== undefined) headers[h] = req.headers[h];
      log.push({
        path: url.pathname + url.search,
        wire,
        stream,
        model: route.model ?? body.model,
        headers,
        body,
      });
      const fault = faults.shift();
      if (fault) {
        const f = fault.kind;
        if (f === 'hang') return; // never answers; the client's timeout or abort ends it
        const status = {
          401: 401,
          403: 403,
          429: 429,
          500: 500,
          503: 503,
          529: 529,
          408: 408,
          409: 409,
          quota: 429,
          context: 400,
          bad: 400,
        }[f];
        if (status) {
          const h = { 'content-type': 'application/json' };
          if (fault.retryAfter !== undefined) h['retry-after'] = String(fault.retryAfter);
          if (fault.retryAfterMs !== undefined) h['retry-after-ms'] = String(fault.retryAfterMs);
          if (fault.shouldRetry !== undefined) h['x-should-retry'] = String(fault.shouldRetry);
          const message =
            f === 'quota'
              ? 'You exceeded your current quota, please check your plan and billing details.'
              : f === 'context'
                ? "This model's maximum context length is 128000 tokens. (context_length_exceeded)"
                : (fault.message ?? `Scripted fault ${status}.`);
          const extra =
            f === 'quota'
              ? { code: 'insufficient_quota', type: 'insufficient_quota' }
              : f === 'context'
                ? { code: 'context_length_exceeded' }
                : fault.retryDelay
                  ? {
                      details: [
                        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: fault.retryDelay },
                      ],
                    }
                  : {};
          res.writeHead(status, h).end(JSON.stringify(errorBody(wire, status, message, extra)));
          return;
        }
        if (f === 'malformed' && !stream) {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [ this is not JSON');
          return;
        }
      }
      // Mistral's server refuses fields it does not take, stream_options among them.
      if (wire === 'openai' && options.strict && body.stream_options) {
        res.writeHead(422, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            object: 'error',
            message: {
              detail: [
                {
                  type: 'extra_forbidden',
                  loc: ['body', 'stream_options'],
                  msg: 'Extra inputs are not permitted',
                  input: body.stream_options,
                },
              ],
            },
            type: 'invalid_request_error',
            param: null,
            code: null,
          }),
        );
        return;
      }
      const unsigned =
        wire === 'gemini'
          ? geminiMissingSignature(body)
          : wire === 'openai'
            ? missingReasoning(body, thought)
            : wire === 'anthropic'
              ? missingThinking(body, thought)
              : wire === 'responses'
                ? unpairedReasoning(body, thought)
                : null;
      if (unsigned) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody(wire, 400, unsigned)));
        return;
      }
      const reply = nextReply(wire, body);
      if (options.stepDelayMs) await new Promise((r) => setTimeout(r, options.stepDelayMs));
      const usage = reply.usage ?? {
        input: estimateTokens(raw),
        output: estimateTokens((reply.text ?? '') + JSON.stringify(reply.toolCalls ?? [])),
        cached: cachedTokens(promptsSeen, wire, body),
      };
      const { events, json } = render(wire, reply, ids, usage);
      if (reply.reasoning && wire === 'openai')
        for (const c of json.choices?.[0]?.message?.tool_calls ?? []) thought.set(c.id, true);
      if (reply.reasoning && wire === 'responses')
        for (const item of json.output)
          if (item.type === 'function_call') thought.set(item.id, json.output[0].id);
      if (reply.reasoning && wire === 'anthropic')
        for (const b of json.content) if (b.type === 'tool_use') thought.set(b.id, json.content[0].signature);
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      // OpenRouter sends comment lines while it waits; clients must skip them.
      if (wire === 'openai') res.write(': OPENROUTER PROCESSING\n\n');
      const cutAt = fault?.kind === 'cut' ? (fault.after ?? Math.ceil(events.length / 2)) : Infinity;
      for (let i = 0; i < events.length; i++) {
        if (i === cutAt) {
          used.delete(reply.index); // the reply never arrived: a retry gets it again
          // The connection drops mid-reply, after the client had time to read what came before.
          setTimeout(() => res.destroy(), 50);
          return;
        }
        if (fault?.kind === 'malformed' && i === 0) {
          used.delete(reply.index); // the client retries and should get this reply again
          res.write('data: {"this is": not JSON\n\n');
        }
        res.write(sseLine(events[i]));
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        if (res.destroyed) return;
      }
      res.end();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    /** Replace the scenario (and start it from its first reply). */
    setScenario(s) {
      scenario = s;
      used = new Set();
      script = null;
    },
    /** Queue a fault for the next request: '401' | '403' | '408' | '409' | '429' | '500' | '503' | '529' | 'quota' | 'context' | 'bad' | 'hang' | 'malformed' | 'cut'. */
    fault(kind, more = {}) {
      faults.push({ kind, ...more });
    },
    /** Drop queued faults that no request has met. */
    clearFaults() {
      faults.length = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const file = arg('scenario');
  const mock = await startMockModel({
    port: Number(arg('port') ?? 8787),
    scenario: file ? JSON.parse(readFileSync(file, 'utf8')) : undefined,
  });
  console.log(`${MOCK_LABEL} listening on ${mock.url}`);
}

/** A scripted reply that makes one tool call. */
export const call = (name, args) => ({ toolCalls: [{ name, args }] });

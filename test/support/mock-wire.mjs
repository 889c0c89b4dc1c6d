// The scripted model's reading of the four wire formats (test/support/mock-model.mjs): which API a
// request speaks, what its body says (the last tool result, the person's turns, the checks each
// provider makes of a conversation), token counts as each API reports them, and error bodies.

export const MOCK_MODEL = 'scripted-model';

export const chunks = (s, n) => {
  const out = [];
  for (let i = 0; i < s.length; i += n) out.push(s.slice(i, i + n));
  return out.length ? out : [''];
};
export const estimateTokens = (s) => Math.max(1, Math.ceil(s.length / 4));

/**
 * A stand-in for a provider's prompt cache (a simulation, not the services' own accounting): the part
 * of a request's prompt (the body without its volatile fields) that repeats the start of an earlier
 * one of the same wire format counts as read from the cache, at least 1,024 tokens of it as OpenAI and
 * Gemini require, and for Anthropic only when the request marks it with cache_control.
 */
export function cachedTokens(seen, wire, body) {
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
export const anthropicInput = (usage) => ({
  input_tokens: usage.input - (usage.cached ?? 0),
  cache_read_input_tokens: usage.cached ?? 0,
  cache_creation_input_tokens: 0,
});

export function wireOf(method, path) {
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

export const ERROR_TYPES = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
  529: 'overloaded_error',
};
export const GEMINI_STATUS = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** An error body in the wire format's own shape. */
export function errorBody(wire, status, message, extra = {}) {
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

export const sseLine = ([event, data]) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

// A scripted reply as each wire format sends it (test/support/mock-model.mjs): the SSE events and the
// whole JSON body of OpenAI Chat Completions, OpenAI Responses, Anthropic Messages and Gemini.
import { Buffer } from 'node:buffer';
import { MOCK_MODEL, anthropicInput, chunks } from './mock-wire.mjs';

/** A reply's events in one wire format: [eventName|null, data][] for SSE, and the whole JSON body. */
export function render(wire, reply, ids, usage) {
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

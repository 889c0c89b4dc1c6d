/**
 * Anthropic Messages. A page may call it directly with `anthropic-dangerous-direct-browser-access`;
 * streamed arguments arrive as input_json_delta; usage comes from message_start and message_delta.
 */
import type { Reply } from './reply';
import type { ChatRequest } from './types';
import { finishOf, num, obj, str, streamError, type Obj, type WireFormat } from './wire';

/** The output limit Anthropic requires, when the caller set none. */
const DEFAULT_MAX_TOKENS = 16000; // room for thinking, which counts toward it, before the calls

function messages(req: ChatRequest): Obj[] {
  return req.messages.map((m) => {
    if (m.role === 'user') return { role: 'user', content: m.content };
    if (m.role === 'tool')
      return {
        role: 'user',
        content: m.results.map((r) => ({
          type: 'tool_result',
          tool_use_id: r.callId,
          content: r.images?.length
            ? [
                { type: 'text', text: r.content },
                ...r.images.map((i) => ({
                  type: 'image',
                  source: { type: 'base64', media_type: i.mediaType, data: i.data },
                })),
              ]
            : r.content,
          ...(r.isError ? { is_error: true } : {}),
        })),
      };
    // Thinking blocks go back first, unchanged and in order: the API refuses a tool-use turn made while
    // thinking that comes back without them (models that think without being asked included).
    const content: Obj[] = (m.toolCalls?.length ? (m.reasoning ?? []) : []).map((r) =>
      r.redacted
        ? { type: 'redacted_thinking', data: r.redacted }
        : { type: 'thinking', thinking: r.text, signature: r.signature ?? '' },
    );
    if (m.text) content.push({ type: 'text', text: m.text });
    for (const c of m.toolCalls ?? [])
      content.push({
        type: 'tool_use',
        id: c.id,
        name: c.name,
        input: typeof c.args === 'object' ? c.args : {},
      });
    return { role: 'assistant', content };
  });
}

function toolChoice(choice: NonNullable<ChatRequest['toolChoice']>): Obj {
  if (typeof choice === 'object') return { type: 'tool', name: choice.name };
  return { type: choice === 'required' ? 'any' : choice };
}

/** Anthropic counts apart what it wrote to and read from the cache; inputTokens here is all of it. */
function usage(u: unknown, reply: Reply): void {
  const x = obj(u);
  const input = num(x.input_tokens);
  const read = num(x.cache_read_input_tokens);
  reply.setUsage(
    input === undefined ? undefined : input + (num(x.cache_creation_input_tokens) ?? 0) + (read ?? 0),
    num(x.output_tokens),
    read,
  );
}

const EPHEMERAL = { type: 'ephemeral' };

/**
 * Cache breakpoints: after the tools, after the system prompt, and on the latest turn, so that each
 * step of a run reads everything before it from the cache (three of the four Anthropic allows).
 */
function withCache(body: Obj): void {
  const tools = body.tools as Obj[] | undefined;
  if (tools?.length) tools[tools.length - 1] = { ...tools.at(-1), cache_control: EPHEMERAL };
  if (typeof body.system === 'string')
    body.system = [{ type: 'text', text: body.system, cache_control: EPHEMERAL }];
  const last = (body.messages as Obj[]).at(-1);
  if (last?.role !== 'user') return;
  const content =
    typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : [...(last.content as Obj[])];
  if (!content.length) return;
  content[content.length - 1] = { ...content.at(-1), cache_control: EPHEMERAL };
  last.content = content;
}

export const anthropic: WireFormat = {
  url: (base) => `${base}/v1/messages`,
  headers: (key) => ({
    ...(key ? { 'x-api-key': key } : {}),
    // The version the official SDK sends; it no longer takes temperature, top_p or top_k. Pass
    // headers: { 'anthropic-version': '2023-06-01' } to use the older one.
    'anthropic-version': '2026-10-21',
    'anthropic-dangerous-direct-browser-access': 'true',
  }),
  body(req, model) {
    const body: Obj = {
      model,
      max_tokens: req.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
      messages: messages(req),
    };
    if (req.system) body.system = req.system;
    if (req.tools?.length) {
      body.tools = req.tools.map((t) => ({
        name: t.name,
        description: t.description,
        input_schema: t.parameters,
      }));
      if (req.toolChoice) body.tool_choice = toolChoice(req.toolChoice);
    }
    if (req.cache !== false) withCache(body);
    body.stream = true;
    return body;
  },
  event(data, _event, reply) {
    const e = obj(data);
    switch (e.type) {
      case 'message_start':
        usage(obj(e.message).usage, reply);
        break;
      case 'content_block_start': {
        const block = obj(e.content_block);
        if (block.type === 'tool_use') reply.startCall(num(e.index) ?? 0, str(block.id), str(block.name));
        if (block.type === 'text') reply.addText(str(block.text));
        if (block.type === 'thinking' || block.type === 'redacted_thinking') {
          reply.addReasoning(str(block.thinking), true, str(block.data) || undefined);
          if (block.signature) reply.signReasoning(str(block.signature));
        }
        break;
      }
      case 'content_block_delta': {
        const delta = obj(e.delta);
        if (delta.type === 'text_delta') reply.addText(str(delta.text));
        if (delta.type === 'input_json_delta') reply.addArgs(num(e.index) ?? 0, str(delta.partial_json));
        if (delta.type === 'thinking_delta') reply.addReasoning(str(delta.thinking));
        if (delta.type === 'signature_delta') reply.signReasoning(str(delta.signature));
        break;
      }
      case 'content_block_stop':
        reply.endCall(num(e.index) ?? 0);
        break;
      case 'message_delta':
        // output_tokens here is the running total; input_tokens only when the API sends it again.
        usage(e.usage, reply);
        if (obj(e.delta).stop_reason) reply.finish(finishOf(obj(e.delta).stop_reason));
        break;
      case 'message_stop':
        return true;
      case 'error':
        throw streamError(e.error, obj(e.error).type === 'overloaded_error' ? 'overloaded' : 'server');
    }
  },
};

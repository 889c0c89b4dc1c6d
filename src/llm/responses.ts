/**
 * OpenAI Responses. Input is a list of items (messages, reasoning, function_call, function_call_output);
 * streamed arguments arrive as response.function_call_arguments.delta; usage comes with
 * response.completed.
 */
import { argsText, type Reply } from './reply';
import type { ChatRequest } from './types';
import {
  arr,
  finishOf,
  num,
  obj,
  picturesMessage,
  str,
  streamError,
  type Obj,
  type WireFormat,
} from './wire';

function input(req: ChatRequest): Obj[] {
  const out: Obj[] = [];
  for (const m of req.messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.content });
    else if (m.role === 'tool') {
      for (const r of m.results)
        out.push({ type: 'function_call_output', call_id: r.callId, output: r.content });
      out.push(...picturesMessage(m.results, (url) => ({ type: 'input_image', image_url: url })));
    } else {
      // A reasoning model's reasoning items go back before the calls they led to, which then carry
      // their own item IDs (the API refuses one without the other); by ID, as the API keeps them.
      const reasoned = (m.toolCalls?.length ? (m.reasoning ?? []) : []).filter((r) => r.id);
      for (const r of reasoned)
        out.push({
          type: 'reasoning',
          id: r.id,
          summary: r.text ? [{ type: 'summary_text', text: r.text }] : [],
          ...(r.signature ? { encrypted_content: r.signature } : {}),
        });
      if (m.text) out.push({ role: 'assistant', content: m.text });
      for (const c of m.toolCalls ?? [])
        out.push({
          type: 'function_call',
          ...(reasoned.length && c.itemId ? { id: c.itemId } : {}),
          call_id: c.id,
          name: c.name,
          arguments: argsText(c.args),
        });
    }
  }
  return out;
}

function completed(response: Obj, reply: Reply): void {
  const usage = obj(response.usage);
  reply.setUsage(
    num(usage.input_tokens),
    num(usage.output_tokens),
    num(obj(usage.input_tokens_details).cached_tokens),
  );
  const reason = str(obj(response.incomplete_details).reason);
  reply.finish(response.status === 'incomplete' ? finishOf(reason || 'max_output_tokens') : 'stop');
}

export const responses: WireFormat = {
  url: (base) => `${base}/responses`,
  headers: (key): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {}),
  body(req, model, extra) {
    const body: Obj = { model, input: input(req) };
    if (extra.cacheKey && req.cacheKey) body.prompt_cache_key = req.cacheKey;
    if (req.system) body.instructions = req.system;
    if (req.tools?.length) {
      // strict: false, because the Responses API treats a function without it as strict, which needs
      // every property required.
      body.tools = req.tools.map((t) => ({
        type: 'function',
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        strict: false,
      }));
      const choice = req.toolChoice;
      if (choice)
        body.tool_choice = typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
    }
    if (req.maxOutputTokens !== undefined) body.max_output_tokens = req.maxOutputTokens;
    if (req.temperature !== undefined) body.temperature = req.temperature;
    body.stream = true;
    return body;
  },
  event(data, _event, reply) {
    const e = obj(data);
    switch (e.type) {
      case 'response.output_text.delta':
        reply.addText(str(e.delta));
        break;
      case 'response.output_item.added': {
        const item = obj(e.item);
        if (item.type === 'function_call')
          reply.startCall(str(item.id), str(item.call_id), str(item.name), { itemId: str(item.id) });
        break;
      }
      case 'response.function_call_arguments.delta':
        reply.addArgs(str(e.item_id), str(e.delta));
        break;
      case 'response.output_item.done': {
        const item = obj(e.item);
        if (item.type === 'function_call') reply.endCall(str(item.id), argsText(item.arguments));
        if (item.type === 'reasoning') {
          const summary = arr(item.summary).map((p) => str(obj(p).text));
          reply.reasoning.push({ text: summary.join('\n\n'), id: str(item.id) });
          if (item.encrypted_content) reply.signReasoning(str(item.encrypted_content));
        }
        break;
      }
      case 'response.completed':
      case 'response.incomplete':
        completed(obj(e.response), reply);
        return true;
      case 'response.failed':
        throw streamError(obj(e.response).error);
      case 'error':
        throw streamError(e);
    }
  },
};

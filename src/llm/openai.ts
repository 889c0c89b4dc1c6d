/**
 * OpenAI Chat Completions, also spoken by most other services and local servers (OpenRouter, Groq,
 * DeepSeek, Qwen, GLM, Mistral, Together, Ollama, LM Studio, vLLM, llama.cpp). Streamed tool-call
 * arguments arrive by `delta.tool_calls[index]`; usage comes in a last chunk (stream_options.include_usage).
 */
import { argsText, type Reply } from './reply';
import type { ChatRequest, Message } from './types';
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

function messages(req: ChatRequest): Obj[] {
  const out: Obj[] = req.system ? [{ role: 'system', content: req.system }] : [];
  for (const m of req.messages) out.push(...message(m));
  return out;
}

function message(m: Message): Obj[] {
  if (m.role === 'user') return [{ role: 'user', content: m.content }];
  if (m.role === 'tool')
    return [
      ...m.results.map((r) => ({ role: 'tool', tool_call_id: r.callId, content: r.content })),
      ...picturesMessage(m.results, (url) => ({ type: 'image_url', image_url: { url } })),
    ];
  const out: Obj = { role: 'assistant', content: m.text || null };
  if (m.toolCalls?.length) {
    // A thinking model's reasoning goes back with its calls: DeepSeek refuses the turn without it.
    if (m.reasoning) out.reasoning_content = m.reasoning.map((r) => r.text).join('');
    out.tool_calls = m.toolCalls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: argsText(c.args) },
    }));
  }
  return [out];
}

function toolChoice(choice: ChatRequest['toolChoice']): unknown {
  if (!choice || typeof choice === 'string') return choice;
  return { type: 'function', function: { name: choice.name } };
}

export const openai: WireFormat = {
  url: (base) => `${base}/chat/completions`,
  headers: (key, extra) =>
    !key ? {} : extra.keyHeader ? { [extra.keyHeader]: key } : { authorization: `Bearer ${key}` },
  body(req, model, extra) {
    const body: Obj = { model, messages: messages(req) };
    if (req.tools?.length) {
      body.tools = req.tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      }));
      if (req.toolChoice) body.tool_choice = toolChoice(req.toolChoice);
    }
    if (req.maxOutputTokens !== undefined) body[extra.maxTokensField ?? 'max_tokens'] = req.maxOutputTokens;
    if (req.temperature !== undefined) body.temperature = req.temperature;
    body.stream = true;
    if (extra.includeUsage !== false) body.stream_options = { include_usage: true };
    if (extra.cacheKey && req.cacheKey) body.prompt_cache_key = req.cacheKey;
    return body;
  },
  event(data, _event, reply) {
    const chunk = obj(data);
    if (chunk.error) throw streamError(chunk.error);
    usage(chunk.usage, reply);
    for (const c of arr(chunk.choices)) {
      const choice = obj(c);
      const delta = obj(choice.delta);
      reply.addText(str(delta.content));
      // DeepSeek, Kimi, Qwen and vLLM stream reasoning_content; OpenRouter streams reasoning.
      const reasoning = str(delta.reasoning_content) || str(delta.reasoning);
      if (reasoning) reply.addReasoning(reasoning);
      for (const t of arr(delta.tool_calls)) {
        const call = obj(t);
        const f = obj(call.function);
        const key = reply.slot(num(call.index) ?? 0, str(call.id));
        if (call.id || f.name) reply.startCall(key, str(call.id), str(f.name));
        reply.addArgs(key, str(f.arguments));
      }
      if (choice.finish_reason) reply.finish(finishOf(choice.finish_reason));
    }
    return undefined; // the stream ends with [DONE]
  },
};

function usage(u: unknown, reply: Reply): void {
  if (!u) return;
  const x = obj(u);
  reply.setUsage(
    num(x.prompt_tokens),
    num(x.completion_tokens),
    num(obj(x.prompt_tokens_details).cached_tokens),
  );
}

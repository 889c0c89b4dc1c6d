/**
 * Text mode, for models without function calling: the tools are described in the system prompt, the
 * model answers with one JSON object, and the reply is parsed tolerantly (code fences, prose around
 * it, trailing commas, single quotes, Python literals, <think> blocks) and checked with the tool's own
 * schema. One action per turn; a reply that cannot be used gets one corrective re-ask.
 */
import { newCallId } from './reply';
import type { ChatRequest, ChatResult, Message, Provider, ToolSpec } from './types';

export type ParsedReply =
  | { kind: 'call'; name: string; args: Record<string, unknown>; note?: string }
  | { kind: 'answer'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'invalid'; reason: string };

/** The JSON Schema of a reply, for models that can be constrained to one (Chrome's responseConstraint). */
export const REPLY_SCHEMA = {
  type: 'object',
  properties: { tool: { type: 'string' }, args: { type: 'object' }, answer: { type: 'string' } },
};

export function toolPrompt(tools: ToolSpec[]): string {
  const lines = tools.map(
    (t) => `- ${t.name}: ${t.description} Arguments (JSON Schema): ${JSON.stringify(t.parameters)}`,
  );
  return [
    'You act by replying with exactly one JSON object and nothing else.',
    'To use a tool: {"tool": "<name>", "args": {...}}. To finish and answer the person: {"answer": "<text>"}.',
    'One tool per reply; you will get its result before the next. Tools:',
    ...lines,
  ].join('\n');
}

/** Balanced {...} spans of `text`, outermost first, ignoring braces inside strings. */
function objects(text: string): { spans: string[]; open: boolean } {
  const spans: string[] = [];
  let depth = 0;
  let start = -1;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || (c === "'" && depth > 0)) quote = c;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && depth > 0 && --depth === 0) spans.push(text.slice(start, i + 1));
  }
  return { spans, open: depth > 0 };
}

/** JSON as models write it almost right: trailing commas, single quotes, bare keys, Python literals. */
function looseJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    /* repair below */
  }
  const repaired = text
    .replace(/'((?:[^'\\]|\\.)*)'/g, (_m, s: string) => JSON.stringify(s.replace(/\\'/g, "'")))
    .replace(/([{,]\s*)([A-Za-z_$][\w$]*)(\s*:)/g, '$1"$2"$3')
    .replace(/,\s*([}\]])/g, '$1')
    .replace(/\bTrue\b/g, 'true')
    .replace(/\bFalse\b/g, 'false')
    .replace(/\bNone\b/g, 'null');
  return JSON.parse(repaired);
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** One reply of a text-mode model, to an action, an answer, plain text, or why it cannot be used. */
export function parseReply(reply: string, tools: ToolSpec[]): ParsedReply {
  const text = reply.replace(/<think>[\s\S]*?(<\/think>|$)/g, '').trim();
  const fenced = [...text.matchAll(/```(?:json|JSON)?\s*([\s\S]*?)```/g)].map((m) => m[1]!);
  const { spans, open } = objects(fenced.length ? fenced.join('\n') : text);
  const parsed: Record<string, unknown>[] = [];
  for (const span of spans) {
    try {
      const v = looseJSON(span);
      if (isObj(v)) parsed.push(v);
    } catch {
      /* not JSON even when repaired */
    }
  }
  if (!parsed.length) {
    if (open) return { kind: 'invalid', reason: 'the reply was cut off before its JSON object ended' };
    if (spans.length) return { kind: 'invalid', reason: 'the JSON object in the reply could not be read' };
    return text ? { kind: 'text', text } : { kind: 'invalid', reason: 'the reply was empty' };
  }
  const first = parsed[0]!;
  const name = first.tool ?? first.name ?? first.action ?? first.function;
  if (typeof first.answer === 'string' && name === undefined) return { kind: 'answer', text: first.answer };
  if (typeof name !== 'string')
    return { kind: 'invalid', reason: 'the JSON object has neither "tool" nor "answer"' };
  const tool = tools.find((t) => t.name === name);
  if (!tool)
    return {
      kind: 'invalid',
      reason: `there is no tool "${name}"; the tools are ${tools.map((t) => t.name).join(', ')}`,
    };
  let args: unknown = first.args ?? first.arguments ?? first.parameters ?? first.input ?? {};
  if (typeof args === 'string') {
    try {
      args = looseJSON(args);
    } catch {
      return { kind: 'invalid', reason: `the arguments of ${name} are not a JSON object` };
    }
  }
  if (!isObj(args)) return { kind: 'invalid', reason: `the arguments of ${name} must be a JSON object` };
  const problem = tool.check?.(args);
  if (problem) return { kind: 'invalid', reason: `the arguments of ${name} are wrong: ${problem}` };
  const note =
    parsed.length > 1
      ? `${parsed.length - 1} more action(s) in the reply were ignored: one action per turn.`
      : undefined;
  return { kind: 'call', name, args, ...(note ? { note } : {}) };
}

/** The conversation with tool calls and results written as text, for a model without function calling. */
function asText(messages: Message[]): Message[] {
  return messages.map((m) => {
    if (m.role === 'assistant' && m.toolCalls?.length)
      return {
        role: 'assistant',
        text: JSON.stringify({ tool: m.toolCalls[0]!.name, args: m.toolCalls[0]!.args }),
      };
    if (m.role === 'tool')
      return {
        role: 'user',
        content: m.results
          .map((r) => `Result of ${r.name}${r.isError ? ' (error)' : ''}: ${r.content}`)
          .join('\n\n'),
      };
    return m;
  });
}

/** A provider whose model has no function calling, given tools through the prompt. */
export function withTextMode(inner: Provider): Provider {
  return {
    ...inner,
    capabilities: { ...inner.capabilities, tools: false },
    async chat(req: ChatRequest): Promise<ChatResult> {
      if (!req.tools?.length) return inner.chat(req);
      const tools = req.tools;
      const base: ChatRequest = {
        ...req,
        system: [req.system, toolPrompt(tools)].filter(Boolean).join('\n\n'),
        messages: asText(req.messages),
        tools: undefined,
        toolChoice: undefined,
        responseSchema: REPLY_SCHEMA,
        onEvent: undefined, // the raw JSON is not for the person watching; the outcome is emitted below
      };
      let r = await inner.chat(base);
      let parsed = parseReply(r.text, tools);
      const usage = { ...r.usage };
      if (parsed.kind === 'invalid' || parsed.kind === 'text') {
        const why = parsed.kind === 'invalid' ? parsed.reason : 'it was not a JSON object';
        r = await inner.chat({
          ...base,
          messages: [
            ...base.messages,
            { role: 'assistant', text: r.text },
            {
              role: 'user',
              content: `Your reply could not be used: ${why}. Reply again with exactly one JSON object: {"tool": "<name>", "args": {...}} or {"answer": "<text>"}.`,
            },
          ],
        });
        usage.inputTokens += r.usage.inputTokens;
        usage.outputTokens += r.usage.outputTokens;
        parsed = parseReply(r.text, tools);
        // Prose twice: take it as the answer. Still unusable: hand back the text and say why.
        if (parsed.kind === 'text') parsed = { kind: 'answer', text: parsed.text };
      }
      const emit = req.onEvent;
      if (parsed.kind === 'call') {
        const call = { id: newCallId(), name: parsed.name, args: parsed.args };
        emit?.({ type: 'tool-input-start', id: call.id, name: call.name });
        emit?.({ type: 'tool-call', call });
        emit?.({ type: 'finish', finishReason: 'tool-calls', usage });
        return { text: parsed.note ?? '', toolCalls: [call], usage, finishReason: 'tool-calls' };
      }
      const text = parsed.kind === 'answer' ? parsed.text : r.text;
      if (text) emit?.({ type: 'text-delta', text });
      const finishReason = parsed.kind === 'answer' ? 'stop' : 'other';
      emit?.({ type: 'finish', finishReason, usage });
      return { text, toolCalls: [], usage, finishReason };
    },
  };
}

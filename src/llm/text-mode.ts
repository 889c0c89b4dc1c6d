/**
 * Text mode, for models without function calling: the tools are described in the system prompt, the
 * model answers with one JSON object, and the reply is parsed tolerantly (code fences, prose around
 * it, trailing commas, single quotes, Python literals, <think> blocks), and in the other styles such
 * models write (Python calls in a tool_code block, ReAct's Action / Action Input, Llama 3.1's
 * <function=name>), then checked with the tool's own schema. One action per turn; a reply that cannot
 * be used gets one corrective re-ask, and a reply that tried to act but still cannot be read ends the
 * run as an error, never as its answer.
 */
import { providerError } from './errors';
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

/** The tool a model named: as listed, or with a prefix it added or left off (browser_find, functions.find). */
function toolNamed(name: string, tools: ToolSpec[]): ToolSpec | undefined {
  const bare = (n: string) => n.replace(/^(functions|tools)\./, '').replace(/^browser_/, '');
  return tools.find((t) => t.name === name) ?? tools.find((t) => bare(t.name) === bare(name));
}

/** A call to a named tool with arguments as the model gave them, checked; `more` calls were dropped. */
function callOf(name: string, given: unknown, tools: ToolSpec[], more = 0): ParsedReply {
  const tool = toolNamed(name, tools);
  if (!tool)
    return {
      kind: 'invalid',
      reason: `there is no tool "${name.slice(0, 60)}"; the tools are ${tools.map((t) => t.name).join(', ')}`,
    };
  let args: unknown = given ?? {};
  if (typeof args === 'string') {
    try {
      args = looseJSON(args);
    } catch {
      return { kind: 'invalid', reason: `the arguments of ${tool.name} are not a JSON object` };
    }
  }
  if (!isObj(args)) return { kind: 'invalid', reason: `the arguments of ${tool.name} must be a JSON object` };
  const problem = tool.check?.(args);
  if (problem) return { kind: 'invalid', reason: `the arguments of ${tool.name} are wrong: ${problem}` };
  const note = more ? `${more} more action(s) in the reply were ignored: one action per turn.` : undefined;
  return { kind: 'call', name: tool.name, args, ...(note ? { note } : {}) };
}

/** A tool's parameter names, required first: where positional arguments go (find("Save")). */
function paramOrder(tool: ToolSpec | undefined): string[] {
  const p = (tool?.parameters ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
  const required = Array.isArray(p.required) ? p.required : [];
  return [...new Set([...required, ...Object.keys(p.properties ?? {})])];
}

/**
 * `find(pattern="Save", limit=3)` or `find("Save")`, with Python literals, as arguments: keywords become
 * an object's keys, positional values go to the tool's parameters in order (not both in one call).
 */
function pythonArgs(inner: string, tool: ToolSpec | undefined): Record<string, unknown> | null {
  try {
    if (/^\s*[A-Za-z_]\w*\s*=(?!=)/.test(inner))
      return looseJSON(`{${inner.replace(/(^|,)\s*([A-Za-z_]\w*)\s*=(?!=)/g, '$1"$2":')}}`) as Record<
        string,
        unknown
      >;
    const values = looseJSON(`[${inner}]`) as unknown[];
    const order = paramOrder(tool);
    if (values.length > order.length) return null;
    return Object.fromEntries(values.map((v, i) => [order[i], v]));
  } catch {
    return null;
  }
}

/** Calls written as Python (`name(key=value)`), in a tool_code or python block or alone on a line. */
function pythonCalls(text: string, tools: ToolSpec[]): { name: string; args: unknown }[] {
  const blocks = [...text.matchAll(/```(?:tool_code|python|py)\s*([\s\S]*?)```/g)].map((m) => m[1]!);
  const out: { name: string; args: unknown }[] = [];
  for (const line of (blocks.length ? blocks.join('\n') : text).split('\n')) {
    const m = /^\s*(?:print\()?\s*([A-Za-z_][\w.]*)\s*\(([\s\S]*)\)\s*\)?\s*;?\s*$/.exec(line);
    if (!m) continue;
    const tool = toolNamed(m[1]!, tools);
    if (!tool && !blocks.length) continue; // a bare line that names no tool is prose, not a call
    const args = pythonArgs(m[2]!, tool);
    out.push({ name: m[1]!, args: args ?? 'not readable as arguments' });
  }
  return out;
}

/** ReAct: "Action: find" then "Action Input: {...}" (or the value of the tool's first argument). */
function reactCall(text: string, tools: ToolSpec[]): { name: string; args: unknown } | null {
  const action = /^\s*Action\s*:\s*(.+)$/im.exec(text);
  if (!action) return null;
  const name = action[1]!.trim().replace(/^[`"'*]+|[`"'*.]+$/g, '');
  const input =
    /^\s*Action\s*Input\s*:\s*([\s\S]*?)\s*(?=^\s*(?:Observation|Thought|Action)\s*:|$(?![\s\S]))/im.exec(
      text.slice(action.index + action[0].length),
    );
  const raw = input?.[1]?.trim().replace(/^```(?:json)?\s*|\s*```$/g, '') ?? '';
  if (!raw || raw.startsWith('{')) return { name, args: raw || {} };
  const first = paramOrder(toolNamed(name, tools))[0];
  return { name, args: first ? { [first]: raw.replace(/^["']|["']$/g, '') } : raw };
}

/** Whether a reply tried to act (a call in some style, or a tool named as if called) though none could be read. */
function triedToAct(text: string, tools: ToolSpec[]): boolean {
  if (
    /^\s*Action\s*:|<tool_call>|<function[=\s>]|\[TOOL_CALLS\]|<\|python_tag\|>|```(?:tool_code|python)/im.test(
      text,
    )
  )
    return true;
  const names = tools.map((t) => t.name.replace(/^browser_/, '').replace(/[^\w]/g, '')).filter(Boolean);
  return names.length > 0 && new RegExp(`\\b(?:browser_)?(?:${names.join('|')})\\s*\\(`).test(text);
}

/** One reply of a text-mode model, to an action, an answer, plain text, or why it cannot be used. */
export function parseReply(reply: string, tools: ToolSpec[]): ParsedReply {
  const text = reply.replace(/<think>[\s\S]*?(<\/think>|$)/g, '').trim();
  // Llama 3.1's custom format: <function=find>{"pattern": "Save"}</function>
  const llama = [...text.matchAll(/<function=([\w.-]+)>([\s\S]*?)(?:<\/function>|$)/g)];
  if (llama.length) return callOf(llama[0]![1]!, llama[0]![2]!.trim() || {}, tools, llama.length - 1);
  const final = /^\s*Final Answer\s*:\s*([\s\S]+)$/im.exec(text);
  if (final && !/^\s*Action\s*:/im.test(text)) return { kind: 'answer', text: final[1]!.trim() };
  const react = reactCall(text, tools);
  if (react) return callOf(react.name, react.args, tools);
  const python = pythonCalls(text, tools);
  if (python.length) return callOf(python[0]!.name, python[0]!.args, tools, python.length - 1);
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
    if (text && triedToAct(text, tools))
      return { kind: 'invalid', reason: 'it looks like an action, but no tool call could be read from it' };
    return text ? { kind: 'text', text } : { kind: 'invalid', reason: 'the reply was empty' };
  }
  const first = parsed[0]!;
  const name = first.tool ?? first.name ?? first.action ?? first.function;
  if (typeof first.answer === 'string' && name === undefined) return { kind: 'answer', text: first.answer };
  if (typeof name !== 'string')
    return { kind: 'invalid', reason: 'the JSON object has neither "tool" nor "answer"' };
  return callOf(
    name,
    first.args ?? first.arguments ?? first.parameters ?? first.input ?? {},
    tools,
    parsed.length - 1,
  );
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
        // Prose twice: take it as the answer. An action that still cannot be read is no answer: the run
        // ends as an error, saying so, rather than as done with nothing done.
        if (parsed.kind === 'text') parsed = { kind: 'answer', text: parsed.text };
        if (parsed.kind === 'invalid')
          throw providerError(
            'bad_reply',
            inner.name ?? 'the model',
            `the model's replies could not be read as a tool call (${parsed.reason}; it was asked once more with the format)`,
          );
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

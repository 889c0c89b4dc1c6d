/**
 * Tool calls in every API's shape, to one neutral form, and results back to each API's result message.
 * OpenAI tool_calls entry, Responses function_call item, Anthropic tool_use block, Gemini functionCall
 * part, MCP tools/call params, or plain { name, arguments }.
 */
import { LLMHelperError } from '../errors';
import type { ToolMessage } from './api-types';
import type { ImageOutput } from './define';

export type CallFormat = 'openai' | 'responses' | 'anthropic' | 'gemini' | 'mcp';

export interface NeutralCall {
  name: string;
  /** Arguments as given: an object, or a JSON string (possibly encoded twice). */
  args: unknown;
  format: CallFormat;
  /** The API's call ID, for the result message. */
  callId?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function normalizeCall(call: unknown): NeutralCall {
  if (typeof call === 'string') {
    try {
      call = JSON.parse(call);
    } catch {
      throw new LLMHelperError(
        'bad_argument',
        'A tool call given as a string must be JSON, e.g. {"name":"find","arguments":{"pattern":"Save"}}.',
      );
    }
  }
  if (!isObj(call))
    throw new LLMHelperError(
      'bad_argument',
      'A tool call must be an object: { name, arguments }, or a tool call as OpenAI, Anthropic, Gemini or MCP return it.',
    );
  if (isObj(call.function) && typeof call.function.name === 'string')
    return {
      name: call.function.name,
      args: call.function.arguments,
      format: 'openai',
      callId: str(call.id),
    };
  if (call.type === 'custom' && isObj(call.custom) && typeof call.custom.name === 'string')
    return { name: call.custom.name, args: call.custom.input, format: 'openai', callId: str(call.id) };
  if (call.type === 'function_call' && typeof call.name === 'string')
    return {
      name: call.name,
      args: call.arguments,
      format: 'responses',
      callId: str(call.call_id) ?? str(call.id),
    };
  if (call.type === 'tool_use' && typeof call.name === 'string')
    return { name: call.name, args: call.input, format: 'anthropic', callId: str(call.id) };
  const fc = isObj(call.functionCall)
    ? call.functionCall
    : 'args' in call && typeof call.name === 'string'
      ? call
      : null;
  if (fc && typeof fc.name === 'string')
    return { name: fc.name, args: fc.args, format: 'gemini', callId: str(fc.id) };
  if (typeof call.name === 'string')
    return {
      name: call.name,
      args: call.arguments ?? call.input ?? call.args ?? {},
      format: 'mcp',
      callId: str(call.id),
    };
  throw new LLMHelperError(
    'bad_argument',
    'The tool call has no tool name. Expected { name, arguments } or an API tool call (function.name, tool_use, functionCall).',
  );
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Arguments as an object: JSON strings parsed (twice if a model double-encoded them). */
export function argumentObject(args: unknown, tool: string): Obj {
  let value = args ?? {};
  for (let i = 0; i < 2 && typeof value === 'string'; i++) {
    if (!value.trim()) return {};
    try {
      value = JSON.parse(value);
    } catch {
      throw new LLMHelperError(
        'bad_argument',
        `The arguments of ${tool} are not valid JSON: ${String(args).slice(0, 120)}. Send an object such as {"id": 12}.`,
      );
    }
  }
  if (!isObj(value))
    throw new LLMHelperError(
      'bad_argument',
      `The arguments of ${tool} must be an object of named fields; got ${Array.isArray(value) ? 'an array' : typeof value}.`,
    );
  return value;
}

export interface ToolResult {
  ok: boolean;
  /** The concise result for the model. */
  text: string;
  /** The structured result. */
  data?: unknown;
  /** Pictures beside the text (ToolOutput.images). */
  images?: ImageOutput[];
}

/** The result as the message or block each API expects back. */
export function resultMessage(call: NeutralCall, result: ToolResult): ToolMessage {
  switch (call.format) {
    case 'openai':
      return { role: 'tool', tool_call_id: call.callId ?? '', content: result.text };
    case 'responses':
      return { type: 'function_call_output', call_id: call.callId ?? '', output: result.text };
    case 'anthropic':
      return {
        type: 'tool_result',
        tool_use_id: call.callId ?? '',
        // A tool's pictures go in the result as image blocks (the other APIs' tool results hold text).
        content: result.images?.length
          ? [
              { type: 'text', text: result.text },
              ...result.images.map((i) => ({
                type: 'image' as const,
                source: { type: 'base64' as const, media_type: i.mediaType, data: i.data },
              })),
            ]
          : result.text,
        ...(result.ok ? {} : { is_error: true }),
      };
    case 'gemini':
      return {
        functionResponse: {
          ...(call.callId ? { id: call.callId } : {}),
          name: call.name,
          response: result.ok ? { output: result.text } : { error: result.text },
        },
      };
    default:
      return {
        content: [
          { type: 'text', text: result.text },
          ...(result.images ?? []).map((i) => ({
            type: 'image' as const,
            data: i.data,
            mimeType: i.mediaType,
          })),
        ],
        ...(isObj(result.data) ? { structuredContent: result.data } : {}),
        ...(result.ok ? {} : { isError: true }),
      };
  }
}

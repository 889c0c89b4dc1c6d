/**
 * The shapes of each model API's tool listings, tool calls and result messages, as their published
 * references give them. They type tools() and execute() so that what we return goes straight into each
 * official client's requests (openai, @anthropic-ai/sdk, @google/genai, ai, the MCP SDK) without a cast,
 * and they hold without any of those clients, or zod, installed.
 */
import type { JSONSchema } from './formats/json-schema';

/** A Standard Schema (standardschema.dev), as zod 4 schemas are: what the AI SDK takes as inputSchema. */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: readonly { readonly message: string }[] }
      | Promise<
          | { readonly value: Output; readonly issues?: undefined }
          | { readonly issues: readonly { readonly message: string }[] }
        >;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** OpenAI Chat Completions `tools` entry. */
export interface OpenAITool {
  type: 'function';
  /** strict only with detail 'full' (Chat Completions' default is not strict). */
  function: { name: string; description: string; parameters: JSONSchema; strict?: boolean };
}
/** OpenAI Responses API function tool. */
export interface ResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JSONSchema;
  strict: boolean;
}
/** Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JSONSchema & { type: 'object' };
}
/** Gemini function declaration. */
export interface GeminiDeclaration {
  name: string;
  description: string;
  parameters: JSONSchema;
}
/** MCP tools/list entry. */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JSONSchema & { type: 'object' };
  /** readOnlyHint on read-only tools; every hint with detail 'full'. */
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** A saved task's tool says so here ('llm-helper/savedTask': true): its replay asks for each risky step. */
  _meta?: Record<string, unknown>;
}
/** Vercel AI SDK tool: the schema itself (Standard Schema) and an execute that runs it in the page. */
export interface AiSdkTool {
  description: string;
  inputSchema: StandardSchema<Record<string, unknown>>;
  execute(args: unknown): Promise<string>;
}

/** What tools({ format }) returns, by format. */
export interface ToolListings {
  openai: OpenAITool[];
  responses: ResponsesTool[];
  anthropic: AnthropicTool[];
  gemini: { functionDeclarations: GeminiDeclaration[] };
  mcp: { tools: McpTool[] };
  'ai-sdk': Record<string, AiSdkTool>;
}

/** An OpenAI Chat Completions tool_calls entry (a custom tool call is read the same way). */
export type OpenAICall =
  | { id: string; type: 'function'; function: { name: string; arguments: string } }
  | { id: string; type: 'custom'; custom: { name: string; input: string } };
/** An OpenAI Responses function_call output item. */
export interface ResponsesCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
}
/** An Anthropic tool_use content block. */
export interface AnthropicCall {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}
/** A Gemini content part with a functionCall. */
export interface GeminiCall {
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
}
/** MCP tools/call params, or plain { name, arguments }. */
export interface McpCall {
  name: string;
  arguments?: Record<string, unknown>;
}

export interface OpenAIToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}
export interface ResponsesToolOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  /** Text; with the tool's pictures, a text block and image blocks. */
  content:
    | string
    | (
        | { type: 'text'; text: string }
        | { type: 'image'; source: { type: 'base64'; media_type: 'image/png' | 'image/jpeg'; data: string } }
      )[];
  is_error?: true;
}
export interface GeminiToolResponse {
  functionResponse: { id?: string; name: string; response: Record<string, unknown> };
}
/** MCP CallToolResult. */
export interface McpToolResult {
  content: (
    { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: 'image/png' | 'image/jpeg' }
  )[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
}
/** Any API's result message. */
export type ToolMessage =
  OpenAIToolMessage | ResponsesToolOutput | AnthropicToolResult | GeminiToolResponse | McpToolResult;

/**
 * Tool listings for each model API, from one set of tool definitions. Each format's shape follows the
 * API's published reference; the tests check each against that API's rules.
 */
import type { AnyTool } from '../define';
import type { AnthropicTool, GeminiDeclaration, McpTool, OpenAITool, ResponsesTool } from '../api-types';
import { baseSchema, geminiSchema, strictSchema, type JSONSchema } from './json-schema';

export type Format = 'openai' | 'responses' | 'anthropic' | 'gemini' | 'mcp' | 'ai-sdk';
export const FORMATS: Format[] = ['openai', 'responses', 'anthropic', 'gemini', 'mcp', 'ai-sdk'];

export interface Named {
  tool: AnyTool;
  /** The name the model sees (with the prefix). */
  name: string;
}

/** OpenAI Chat Completions `tools` entries (strict mode). */
export const openai = ({ tool, name }: Named): OpenAITool => ({
  type: 'function',
  function: {
    name,
    description: tool.description,
    parameters: strictSchema(baseSchema(tool.input)),
    strict: true,
  },
});

/** OpenAI Responses API function tools (strict mode). */
export const responses = ({ tool, name }: Named): ResponsesTool => ({
  type: 'function',
  name,
  description: tool.description,
  parameters: strictSchema(baseSchema(tool.input)),
  strict: true,
});

/** Anthropic Messages API tools. */
export const anthropic = ({ tool, name }: Named): AnthropicTool => ({
  name,
  description: tool.description,
  input_schema: baseSchema(tool.input) as JSONSchema & { type: 'object' },
});

/** One Gemini function declaration; the listing wraps them as { functionDeclarations }. */
export const gemini = ({ tool, name }: Named): GeminiDeclaration => ({
  name,
  description: tool.description,
  parameters: geminiSchema(baseSchema(tool.input)),
});

/** MCP tools/list entries, with behaviour annotations from the tool's risk. */
export const mcp = ({ tool, name }: Named): McpTool => ({
  name,
  title: tool.name,
  description: tool.description,
  inputSchema: baseSchema(tool.input) as JSONSchema & { type: 'object' },
  annotations: {
    title: tool.name,
    readOnlyHint: tool.risk === 'read',
    destructiveHint: tool.risk === 'danger',
    idempotentHint: tool.risk === 'read',
    openWorldHint: tool.name === 'navigate' || tool.name === 'runJS',
  },
});

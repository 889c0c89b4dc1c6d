/**
 * Tool listings for each model API, from one set of tool definitions. Each format's shape follows the
 * API's published reference; the tests check each against that API's rules.
 */
import type { AnyTool } from '../define';
import type { AnthropicTool, GeminiDeclaration, McpTool, OpenAITool, ResponsesTool } from '../api-types';
import {
  baseSchema as fullSchema,
  briefSchema,
  geminiSchema,
  strictSchema,
  type JSONSchema,
} from './json-schema';

export type Format = 'openai' | 'responses' | 'anthropic' | 'gemini' | 'mcp' | 'ai-sdk';
export const FORMATS: Format[] = ['openai', 'responses', 'anthropic', 'gemini', 'mcp', 'ai-sdk'];

export interface Named {
  tool: AnyTool;
  /** The name the model sees (with the prefix). */
  name: string;
  /** With detail 'full', the tool's details too: every listing's schema and words in full. */
  full?: boolean;
}

/** The tool's input schema: in brief without bounds (execute() checks them), with detail 'full' whole. */
const schemaOf = ({ tool, full }: Named): JSONSchema =>
  full ? fullSchema(tool.input) : briefSchema(fullSchema(tool.input));

/** The tool's one line, and with detail 'full' its details after it. */
export const words = ({ tool, full }: Named): string =>
  full && tool.details ? `${tool.description} ${tool.details}` : tool.description;

/**
 * OpenAI's parameters: in brief the plain schema (execute() checks every call against it anyway); with
 * detail 'full', strict mode, whose every-field-required, null-for-omitted form costs a third more.
 */
const openaiParameters = (n: Named) =>
  n.full
    ? { parameters: strictSchema(schemaOf(n)), strict: true }
    : { parameters: schemaOf(n), strict: false };

/** OpenAI Chat Completions `tools` entries (not strict is the default there, so brief leaves it out). */
export const openai = (n: Named): OpenAITool => {
  const { strict, ...parameters } = openaiParameters(n);
  return {
    type: 'function',
    function: { name: n.name, description: words(n), ...parameters, ...(strict ? { strict } : {}) },
  };
};

/** OpenAI Responses API function tools (strict is its default: brief says false). */
export const responses = (n: Named): ResponsesTool => ({
  type: 'function',
  name: n.name,
  description: words(n),
  ...openaiParameters(n),
});

/** Anthropic Messages API tools. */
export const anthropic = (n: Named): AnthropicTool => ({
  name: n.name,
  description: words(n),
  input_schema: schemaOf(n) as JSONSchema & { type: 'object' },
});

/** One Gemini function declaration; the listing wraps them as { functionDeclarations }. */
export const gemini = (n: Named): GeminiDeclaration => ({
  name: n.name,
  description: words(n),
  parameters: geminiSchema(schemaOf(n)),
});

/**
 * MCP tools/list entries, with behaviour annotations from the tool's risk: in brief only read-only
 * tools say so (MCP's default for the rest, may change the page and destructively, is true of any
 * click); with detail 'full' every hint and a title.
 */
export const mcp = (n: Named): McpTool => {
  const { tool } = n;
  const entry: McpTool = {
    name: n.name,
    description: words(n),
    inputSchema: schemaOf(n) as JSONSchema & { type: 'object' },
    ...(tool.risk === 'read' ? { annotations: { readOnlyHint: true } } : {}),
  };
  if (n.full) {
    entry.title = tool.name;
    entry.annotations = {
      title: tool.name,
      readOnlyHint: tool.risk === 'read',
      destructiveHint: tool.risk === 'danger',
      idempotentHint: tool.risk === 'read',
      openWorldHint: tool.name === 'navigate' || tool.name === 'runJS',
    };
  }
  return entry;
};

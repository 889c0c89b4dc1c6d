/**
 * One definition per tool: name, a description written for a model, a zod schema for its input, a risk
 * level and the function that runs it. Types, validation, every format's JSON Schema and help() all
 * derive from this.
 */
import * as core from 'zod/v4/core';
import { LLMHelperError } from '../errors';
import type { PageApi } from '../page-api';

// No generated parsers, for an integrator's own tools either (zod classic's objects compile code unless
// told not to): pages with a strict Content-Security-Policy forbid it, and report even the probe. zod
// keeps this in its shared global config, so a page's own zod 4 parses without generated code too.
core.config({ jitless: true });

export type Risk = 'read' | 'write' | 'danger';

export interface ToolContext {
  helper: PageApi;
  /** The preset the tools were made for: standard refuses navigation to other sites, for one. */
  preset: Preset;
}

/** What a tool returns: text for the model, and optionally structured data. */
export interface ToolOutput {
  ok?: boolean;
  text: string;
  data?: unknown;
  /** Pictures for a model that sees images (a screenshot), sent beside the text; others get the text only. */
  images?: ImageOutput[];
}

/** A picture a tool returns: base64 data and its type. */
export interface ImageOutput {
  mediaType: 'image/png' | 'image/jpeg';
  /** Base64, without a data: prefix. */
  data: string;
}

/**
 * Any zod 4 object schema, classic (`zod`) or mini (`zod/mini`), by the shape their shared core gives
 * it, so that our declarations need no zod installed: `_zod.def` says it is an object, `_zod.input` and
 * `_zod.output` carry its types.
 */
export interface ObjectSchema<I = unknown, O = unknown> {
  readonly _zod: {
    readonly def: { readonly type: 'object'; readonly shape: Readonly<Record<string, unknown>> };
    readonly input: I;
    readonly output: O;
  };
}

export interface Tool<S extends ObjectSchema = ObjectSchema> {
  name: string;
  /** For a model: what it does and what its arguments mean, in one line. */
  description: string;
  /** More for a model that can afford it: listed after the description with tools({ detail: 'full' }). */
  details?: string;
  input: S;
  risk: Risk;
  /**
   * Only meaningful inside an agent loop (done ends the loop's run): MCP listings and WebMCP leave it
   * out unless asked for with loopTools.
   */
  loop?: boolean;
  /** A valid example call's arguments, for help(). */
  example?: S['_zod']['input'];
  run(args: S['_zod']['output'], ctx: ToolContext): ToolOutput | Promise<ToolOutput>;
}

export type Preset = 'read' | 'standard' | 'full';

const NAME = /^[a-zA-Z0-9_-]{1,48}$/;

export function defineTool<S extends ObjectSchema>(tool: Tool<S>): Tool<S> {
  const def = (tool as { input?: { _zod?: { def?: { type?: unknown } } } } | null)?.input?._zod?.def;
  if (def?.type !== 'object')
    throw new LLMHelperError(
      'bad_argument',
      `Tool "${tool.name}": input must be a zod 4 object schema, z.object({...}) (zod 3 schemas do not work).`,
    );
  if (!NAME.test(tool.name))
    throw new LLMHelperError(
      'bad_argument',
      `Tool name "${tool.name}" must be 1–48 letters, digits, _ or - (every model API accepts that).`,
    );
  if (!tool.description?.trim())
    throw new LLMHelperError('bad_argument', `Tool "${tool.name}" needs a description.`);
  if (!['read', 'write', 'danger'].includes(tool.risk))
    throw new LLMHelperError(
      'bad_argument',
      `Tool "${tool.name}" has risk "${String(tool.risk)}"; use read, write or danger.`,
    );
  return tool;
}

// Tools are stored and listed without their exact schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any>;

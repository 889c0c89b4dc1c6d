/**
 * One definition per tool: name, a description written for a model, a zod schema for its input, a risk
 * level and the function that runs it. Types, validation, every format's JSON Schema and help() all
 * derive from this.
 */
import * as core from 'zod/v4/core';
import { LLMHelperError } from '../errors';
import type { LLMHelper } from '../helper';

// No generated parsers, for an integrator's own tools either (zod classic's objects compile code unless
// told not to): pages with a strict Content-Security-Policy forbid it, and report even the probe. zod
// keeps this in its shared global config, so a page's own zod 4 parses without generated code too.
core.config({ jitless: true });

export type Risk = 'read' | 'write' | 'danger';

export interface ToolContext {
  helper: LLMHelper;
  /** The preset the tools were made for: standard refuses navigation to other sites, for one. */
  preset: Preset;
}

/** What a tool returns: text for the model, and optionally structured data. */
export interface ToolOutput {
  ok?: boolean;
  text: string;
  data?: unknown;
}

/** Any zod object schema: classic (`zod`) or mini (`zod/mini`), which share one core. */
export type ObjectSchema = core.$ZodObject;

export interface Tool<S extends ObjectSchema = ObjectSchema> {
  name: string;
  /** For a model: what it does, when to use it, what it returns. Three sentences at most. */
  description: string;
  input: S;
  risk: Risk;
  /** A valid example call's arguments, for help(). */
  example?: core.input<S>;
  run(args: core.output<S>, ctx: ToolContext): ToolOutput | Promise<ToolOutput>;
}

export type Preset = 'read' | 'standard' | 'full';

const NAME = /^[a-zA-Z0-9_-]{1,48}$/;

export function defineTool<S extends ObjectSchema>(tool: Tool<S>): Tool<S> {
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

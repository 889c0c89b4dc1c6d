/**
 * The part of zod/v4/core that LLMHelper uses at run time, for the browser bundle (see ./mini.ts):
 * safeParse, the registry of descriptions and config. A schema made by zod itself (an integrator's own
 * tool) is run by its own zod, and its issues come back in the same shape.
 */
import { Schema, safeParse as parseLite, type Issue } from './mini';

type ZodPayload = { value: unknown; issues: Issue[] };
interface ZodSchema {
  _zod: { run(payload: ZodPayload, ctx: { async: false }): ZodPayload | Promise<unknown> };
}

export function safeParse(
  schema: unknown,
  value: unknown,
): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } } {
  if (schema instanceof Schema) return parseLite(schema, value);
  const r = (schema as ZodSchema)._zod.run({ value, issues: [] }, { async: false });
  if (r instanceof Promise)
    throw new Error('This schema checks asynchronously; tool arguments are checked synchronously.');
  if (!r.issues.length) return { success: true, data: r.value };
  return {
    success: false,
    error: { issues: r.issues.map((i) => ({ ...i, message: i.message ?? 'Invalid input' })) },
  };
}

export const globalRegistry = {
  // zod keeps its descriptions in one registry per page, on globalThis (shared by every copy of zod).
  get: (schema: unknown): { description?: string } | undefined =>
    schema instanceof Schema
      ? { description: schema.description }
      : (
          globalThis as { __zod_globalRegistry?: { get(s: unknown): { description?: string } | undefined } }
        ).__zod_globalRegistry?.get(schema),
};

/** zod's settings; this core never generates code, so there is nothing to set. */
export const config = (settings?: unknown): unknown => settings;

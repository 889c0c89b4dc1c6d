/** JSON Schema from a tool's zod schema, and the per-API adjustments. */
import type { $ZodType } from 'zod/v4/core';
import { zodToJSON, type JSONSchema } from './zod-json';

export type { JSONSchema };

/** The tool's input as JSON Schema (draft 2020-12 keywords, no $schema). */
export const baseSchema = (input: $ZodType): JSONSchema => zodToJSON(input);

/** A copy of a node with only the keys that pass `keep`. */
const pick = (node: JSONSchema, keep: (key: string) => boolean): JSONSchema =>
  Object.fromEntries(Object.entries(node).filter(([k]) => keep(k)));

/** Applies `f` to every schema node, children first. */
export function mapSchema(node: JSONSchema, f: (node: JSONSchema) => JSONSchema): JSONSchema {
  const out: JSONSchema = { ...node };
  if (out.properties && typeof out.properties === 'object')
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, JSONSchema>).map(([k, v]) => [k, mapSchema(v, f)]),
    );
  if (out.items && typeof out.items === 'object' && !Array.isArray(out.items))
    out.items = mapSchema(out.items as JSONSchema, f);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(out[key])) out[key] = (out[key] as JSONSchema[]).map((s) => mapSchema(s, f));
  return f(out);
}

/** Bounds a brief listing leaves out: execute() checks them, and says so when a call is out of bounds. */
const BOUNDS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
]);

/** The schema without its bounds (the brief listings'). */
export const briefSchema = (schema: JSONSchema): JSONSchema =>
  mapSchema(schema, (node) => pick(node, (k) => !BOUNDS.has(k)));

/** Keywords OpenAI's strict mode does not accept (its structured-outputs subset). */
const NOT_STRICT = new Set([
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'examples',
  'title',
]);

/**
 * OpenAI strict mode: every object closed (additionalProperties: false) with every property required;
 * optional properties become nullable instead; unsupported keywords go.
 */
export function strictSchema(schema: JSONSchema): JSONSchema {
  return mapSchema(schema, (input) => {
    const node = pick(input, (k) => !NOT_STRICT.has(k));
    if (node.type === 'object') {
      const props = (node.properties ?? {}) as Record<string, JSONSchema>;
      const required = new Set((node.required as string[] | undefined) ?? []);
      for (const [k, v] of Object.entries(props)) if (!required.has(k)) props[k] = nullable(v);
      node.properties = props;
      node.required = Object.keys(props);
      node.additionalProperties = false;
    }
    return node;
  });
}

function nullable(s: JSONSchema): JSONSchema {
  if (Array.isArray(s.enum))
    return { ...s, type: [s.type, 'null'].flat(), enum: [...(s.enum as unknown[]), null] };
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  if (Array.isArray(s.anyOf)) return { ...s, anyOf: [...(s.anyOf as JSONSchema[]), { type: 'null' }] };
  return { anyOf: [s, { type: 'null' }] };
}

/** The keys Gemini's function-declaration Schema (an OpenAPI 3.0 subset) accepts. */
const GEMINI_KEYS = new Set([
  'type',
  'format',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'items',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'title',
]);

/**
 * Gemini: uppercase types, nullable instead of type arrays, enum instead of const, unknown keys removed
 * (no propertyOrdering: it orders structured output, and function arguments are read by name).
 */
export function geminiSchema(schema: JSONSchema): JSONSchema {
  return mapSchema(schema, (node) => {
    if ('const' in node) node.enum = [node.const];
    if (node.exclusiveMinimum !== undefined && node.minimum === undefined)
      node.minimum = node.exclusiveMinimum;
    if (Array.isArray(node.type)) {
      const types = (node.type as string[]).filter((t) => t !== 'null');
      if (types.length < (node.type as string[]).length) node.nullable = true;
      node.type = types[0];
    }
    if (typeof node.type === 'string') node.type = node.type.toUpperCase();
    if (node.enum) {
      node.enum = (node.enum as unknown[]).filter((v) => v !== null).map(String);
      node.type = 'STRING';
      node.format = 'enum';
    }
    return pick(node, (k) => GEMINI_KEYS.has(k));
  });
}

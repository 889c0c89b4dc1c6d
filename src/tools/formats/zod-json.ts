/**
 * JSON Schema from a tool's zod schema, for the kinds tool arguments use (object, string, number and
 * integer with bounds, boolean, enum, literal, array, optional, nullable, union, description). It gives
 * what zod's own toJSONSchema gives for them (test/unit/zod-json.test.ts checks every built-in tool
 * against it), in a fraction of the bytes, so zod's converter stays out of the bundle. A kind it does not
 * know becomes {} (any value), as zod's converter does with unrepresentable: 'any'.
 */
import { globalRegistry, type $ZodType } from 'zod/v4/core';

export type JSONSchema = Record<string, unknown>;

interface Def {
  type: string;
  format?: string;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: $ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: {
    _zod: {
      def: {
        check: string;
        value?: number;
        inclusive?: boolean;
        minimum?: number;
        maximum?: number;
        format?: string;
      };
    };
  }[];
}

const defOf = (s: $ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Bounds from checks: minLength/maxLength for strings, minItems/maxItems for arrays, minimum/maximum for numbers. */
function bounds(def: Def, out: JSONSchema, lengthKeys: [string, string] | null): void {
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'greater_than') out[d.inclusive ? 'minimum' : 'exclusiveMinimum'] = d.value;
    else if (d.check === 'less_than') out[d.inclusive ? 'maximum' : 'exclusiveMaximum'] = d.value;
    else if (lengthKeys && d.check === 'min_length') out[lengthKeys[0]] = d.minimum;
    else if (lengthKeys && d.check === 'max_length') out[lengthKeys[1]] = d.maximum;
  }
}

export function zodToJSON(schema: $ZodType): JSONSchema {
  const def = defOf(schema);
  let out: JSONSchema;
  switch (def.type) {
    case 'object': {
      const properties: JSONSchema = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        properties[key] = zodToJSON(value);
        if (defOf(value).type !== 'optional') required.push(key);
      }
      out = { type: 'object', properties, ...(required.length ? { required } : {}) };
      break;
    }
    case 'string':
      out = { type: 'string' };
      bounds(def, out, ['minLength', 'maxLength']);
      break;
    case 'number': {
      // z.int() says so in its format; classic zod's z.number().int() in a number_format check.
      const formats = [def.format, ...(def.checks ?? []).map((c) => c._zod.def.format)];
      out = { type: formats.some((f) => f && /int/.test(f)) ? 'integer' : 'number' };
      bounds(def, out, null);
      break;
    }
    case 'boolean':
      out = { type: 'boolean' };
      break;
    case 'null':
      out = { type: 'null' };
      break;
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      out = { type: values.every((v) => typeof v === 'number') ? 'number' : 'string', enum: values };
      break;
    }
    case 'literal':
      out = def.values!.length === 1 ? { const: def.values![0] } : { enum: def.values };
      break;
    case 'array':
      out = { type: 'array', items: zodToJSON(def.element!) };
      bounds(def, out, ['minItems', 'maxItems']);
      break;
    case 'optional':
      out = zodToJSON(def.innerType!);
      break;
    case 'nullable':
      out = { anyOf: [zodToJSON(def.innerType!), { type: 'null' }] };
      break;
    case 'union':
      out = { anyOf: def.options!.map(zodToJSON) };
      break;
    default:
      out = {};
  }
  const description = globalRegistry.get(schema)?.description;
  if (description) out.description = description;
  return out;
}

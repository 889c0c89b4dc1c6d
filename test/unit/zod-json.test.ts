/** Our JSON Schema converter gives what zod's own toJSONSchema gives, for every built-in tool. */
import fc from 'fast-check';
import * as z from 'zod/mini';
import * as classic from 'zod';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from '../../src/tools/builtin/index';
import { zodToJSON, type JSONSchema } from '../../src/tools/formats/zod-json';
import { mapSchema } from '../../src/tools/formats/json-schema';

/** zod's converter, as the SDK used it: input side, no $schema, no implicit safe-integer bounds. */
function zods(schema: $ZodType): JSONSchema {
  const out = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JSONSchema;
  delete out.$schema;
  return mapSchema(out, (node) => {
    if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
    if (node.minimum === -Number.MAX_SAFE_INTEGER) delete node.minimum;
    return node;
  });
}

describe('zodToJSON', () => {
  for (const tool of BUILTIN_TOOLS)
    it(tool.name, () => expect(zodToJSON(tool.input)).toEqual(zods(tool.input)));

  it("classic zod's z.number().int() is an integer (an integrator's own tool)", () => {
    const own = classic.object({ n: classic.number().int().min(1).describe('How many.') });
    expect(zodToJSON(own)).toEqual(zods(own));
    expect(zodToJSON(own)).toMatchObject({ properties: { n: { type: 'integer', minimum: 1 } } });
  });

  it('random argument shapes of the kinds tools use', () => {
    const leaf = fc.constantFrom<(() => $ZodType)[]>(
      () => z.string(),
      () => z.string().check(z.minLength(2), z.maxLength(9)),
      () => z.int().check(z.minimum(1)),
      () => z.number().check(z.maximum(5)),
      () => z.boolean(),
      () => z.enum(['a', 'b']),
      () => z.string().check(z.describe('described')),
      () => z.array(z.string()).check(z.minLength(1)),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.tuple(leaf, fc.boolean())),
        (fields) => {
          const shape = Object.fromEntries(
            Object.entries(fields).map(([k, [make, opt]]) => [k, opt ? z.optional(make()) : make()]),
          );
          const schema = z.object(shape);
          expect(zodToJSON(schema)).toEqual(zods(schema));
        },
      ),
      { numRuns: 300, seed: 4 },
    );
  });
});

/**
 * Property test: random argument objects at every tool. execute() never throws, and every rejection of
 * arguments names a field. Runs in jsdom (no layout), so valid calls may fail at the page; that is fine
 * here, as long as the failure is a message and not an exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLLMHelper } from '../../src/helper';
import { BUILTIN_TOOLS } from '../../src/tools/builtin';
import { baseSchema } from '../../src/tools/formats/json-schema';

const helper = createLLMHelper();
const value = fc.oneof(
  fc.integer({ min: -5, max: 5000 }),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), {
    maxKeys: 3,
  }),
);

describe('random arguments at every tool', () => {
  for (const tool of BUILTIN_TOOLS) {
    it(
      tool.name,
      async () => {
        document.body.innerHTML = '<main><h1>Fuzz</h1><button>Save</button><input aria-label="Name"></main>';
        const fields = Object.keys((baseSchema(tool.input).properties ?? {}) as object);
        const key = fields.length
          ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 }))
          : fc.string({ maxLength: 8 });
        await fc.assert(
          fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 5 }), async (args) => {
            // Keep waits short so that a valid waitFor does not hold the run for its whole timeout.
            if ('timeout' in args && typeof args.timeout === 'number')
              args.timeout = Math.min(args.timeout, 50);
            const r = await helper.execute(
              { name: `browser_${tool.name}`, arguments: args },
              { preset: 'full' },
            );
            expect(typeof r.text).toBe('string');
            if (r.text.startsWith('Invalid arguments')) expect(r.text).toMatch(/field [\w.]+|unknown field/);
          }),
          { numRuns: 40 },
        );
      },
      60_000,
    );
  }
});

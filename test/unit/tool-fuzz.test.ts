/**
 * Property test: random argument objects at every tool. execute() never throws, and every rejection of
 * arguments names a field. Runs in jsdom (no layout), so valid calls may fail at the page; that is fine
 * here, as long as the failure is a message and not an exception. test/browser/tool-fuzz.test.ts runs
 * the same property in Chromium.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLLMHelper } from '../../src/helper';
import { BUILTIN_TOOLS } from '../../src/tools/builtin/index';
import { baseSchema } from '../../src/tools/formats/json-schema';
import { namesAField, randomArguments } from '../support/fuzz-args';

const helper = createLLMHelper();

describe('random arguments at every tool (jsdom)', () => {
  for (const tool of BUILTIN_TOOLS) {
    it(
      tool.name,
      async () => {
        document.body.innerHTML = '<main><h1>Fuzz</h1><button>Save</button><input aria-label="Name"></main>';
        const fields = Object.keys((baseSchema(tool.input).properties ?? {}) as object);
        await fc.assert(
          fc.asyncProperty(randomArguments(fields), async (args) => {
            const r = await helper.execute(
              { name: `browser_${tool.name}`, arguments: args },
              { preset: 'full' },
            );
            expect(typeof r.text).toBe('string');
            expect(namesAField(r.text), r.text).toBe(true);
          }),
          { numRuns: 40 },
        );
      },
      60_000,
    );
  }
});

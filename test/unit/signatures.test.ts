import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LLMHelperError } from '../../src/errors';
import { createLLMHelper } from '../../src/helper';
import { SIGNATURES, checkArguments } from '../../src/signatures';

describe('argument signatures', () => {
  it('every public method has one, so none skips the check', () => {
    const helper = createLLMHelper() as unknown as Record<string, unknown>;
    const methods = Object.keys(helper).filter((k) => typeof helper[k] === 'function');
    expect(methods.filter((m) => !SIGNATURES[m])).toEqual([]);
  });

  it('answers any value with nothing or a one-line LLMHelperError naming the call', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(SIGNATURES)),
        fc.array(fc.anything(), { maxLength: 4 }),
        (m, args) => {
          try {
            checkArguments(m, args);
          } catch (e) {
            expect(e).toBeInstanceOf(LLMHelperError);
            expect((e as Error).message.startsWith(`${m}(`)).toBe(true);
            expect((e as Error).message).not.toMatch(/\n|undefined \(|\[object Object\]/);
            expect((e as Error).message.length).toBeLessThan(400);
          }
        },
      ),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('says which option is unknown and which exist', () => {
    expect(() => checkArguments('click', [3, { buton: 'left' }])).toThrow(
      "click(id, options?): options has no option 'buton'; it takes { button?, clickCount?, modifiers?, force? }.",
    );
    expect(() => checkArguments('scroll', [{ to: 'sideways' }])).toThrow(
      `scroll(options?): options.to must be 'top', 'bottom', 'left' or 'right', not "sideways".`,
    );
  });
});

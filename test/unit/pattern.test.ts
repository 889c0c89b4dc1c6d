import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LLMHelperError } from '../../src/errors';
import { matchesText, toPattern } from '../../src/page/find/pattern';
import { fuzzRuns, regexSource } from '../support/fuzz-regex';

const refusal = (p: string | RegExp, opts = {}) => {
  try {
    toPattern(p, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(LLMHelperError);
    return (e as Error).message;
  }
  return null;
};

describe('toPattern refuses patterns that find nothing a person reads', () => {
  it.each([' ', '   ', '\t', '^', '$', '\\b', '^$', '\\s+', '\\s*', '(?:)', '(?=a)'])(
    '%j is refused with a sentence saying what to do',
    (p) => {
      expect(refusal(p)).toMatch(/white space|only match empty text/);
    },
  );

  it('accepts patterns that can match empty text but also real text; only real matches count', () => {
    for (const p of ['x?', '\\d*', '.*', 'Save|', 'a*']) expect(refusal(p)).toBeNull();
    expect(matchesText(toPattern('x?'), 'hello')).toBe(false);
    expect(matchesText(toPattern('x?'), 'hex')).toBe(true);
    expect(matchesText(toPattern('\\d*'), 'Invoice 12')).toBe(true);
    expect(matchesText(toPattern('\\d*'), 'Invoice')).toBe(false);
    expect(matchesText(toPattern('Save|'), 'Cancel')).toBe(false);
    expect(matchesText(toPattern(/a*/), 'banana')).toBe(true);
  });

  it('refuses a pattern longer than 1,000 characters, saying the limit', () => {
    expect(refusal('x'.repeat(1_000_000))).toMatch(/1000000 characters long; the limit is 1000/);
    expect(refusal('x'.repeat(1_000_000))!.length).toBeLessThan(300);
  });
});

describe('toPattern refuses catastrophic shapes before running them', () => {
  it.each([
    '(a+)+$',
    '(a*)*',
    '(\\w+\\s?)+$',
    '(.*,)+x',
    '(a|ab)+c',
    '(\\w|\\d)+!',
    '((a+)b?)+$',
    'a*a*a*b',
    '.*\\s*.*x',
    '(x+x+)+y',
  ])('%s', (p) => {
    expect(refusal(p)).toMatch(/exponential time.*Simplify it/);
    expect(refusal(new RegExp(p))).toMatch(/exponential time/);
  });

  it.each([
    '(\\d+,)*\\d+',
    '(ab+)+',
    '\\w+\\s+\\w+',
    '(foo|bar)+',
    '(https?://)?example',
    'Invoice.*2024',
    '^\\s*in\\s*$',
    '(a|b)+',
    '\\d{4}-\\d{2}',
    'Save (draft)',
  ])('accepts the everyday pattern %s', (p) => {
    expect(refusal(p)).toBeNull();
  });

  it('never takes long to decide, and a pattern it accepts runs fast on text that almost matches', () => {
    fc.assert(
      fc.property(regexSource(), (src) => {
        let p;
        try {
          p = toPattern(src);
        } catch (e) {
          expect(e).toBeInstanceOf(LLMHelperError);
          return;
        }
        // Text that almost matches is where backtracking explodes; an accepted pattern must not.
        const t0 = performance.now();
        for (const text of ['a'.repeat(40) + '!', 'ab '.repeat(30) + '!', 'a1,'.repeat(30)])
          matchesText(p, text);
        // A hang guard, not a speed target: a catastrophic pattern takes hours on these texts, an accepted
        // one well under a millisecond; the bound is generous for a loaded machine.
        expect(performance.now() - t0).toBeLessThan(10_000);
      }),
      { numRuns: fuzzRuns(400), seed: process.env.FUZZ_RUNS ? undefined : 7 },
    );
  });
});

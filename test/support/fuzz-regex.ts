/** Random regex sources built from the parts models write: literals, classes, groups, quantifiers, anchors. */
import fc from 'fast-check';

export function regexSource(): fc.Arbitrary<string> {
  const atom = fc.constantFrom(
    'a',
    'b',
    '1',
    ',',
    ' ',
    '.',
    '\\w',
    '\\d',
    '\\s',
    '[ab]',
    '[^,]',
    'ab',
    '\\b',
  );
  const quant = fc.constantFrom('', '', '*', '+', '?', '{2,}', '{1,3}');
  const { expr } = fc.letrec((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small' },
      fc.tuple(atom, quant).map(([a, q]) => (a === '\\b' ? a : a + q)),
      fc.tuple(tie('expr'), tie('expr')).map(([x, y]) => `${String(x)}${String(y)}`),
      fc.tuple(tie('expr'), quant).map(([x, q]) => `(${String(x)})${q}`),
      fc.tuple(tie('expr'), tie('expr'), quant).map(([x, y, q]) => `(${String(x)}|${String(y)})${q}`),
    ),
  }));
  return fc
    .tuple(fc.constantFrom('', '^'), expr as fc.Arbitrary<string>, fc.constantFrom('', '$'))
    .map((p) => p.join(''));
}

/** How many runs a property takes: FUZZ_RUNS (npm run fuzz) or the quick default of `npm test`. */
export const fuzzRuns = (quick: number): number => Number(process.env.FUZZ_RUNS) || quick;

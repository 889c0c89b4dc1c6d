import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPattern } from '../../src/page/find/pattern';
import { folded, normalize, readable, thousands, truncate } from '../../src/page/dom/text';

describe('normalize', () => {
  it('reads &nbsp; and runs of white space as one space', () => {
    expect(normalize('  Price:\u00a0\u00a042\n\tEUR ')).toBe('Price: 42 EUR');
  });
});

describe('readable and folded', () => {
  const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
  // ASCII with runs of what unifies (combining marks after an "e", full-width letters, ligatures, soft
  // hyphens, zero-width joiners, dashes, no-break spaces, CJK, emoji).
  const unifying = fc.string({
    maxLength: 40,
    unit: fc.constantFrom(
      '\u0301',
      'Ａ',
      'ﬁ',
      '\u00ad',
      '\u200d',
      '—',
      '…',
      '\u00a0',
      '語',
      'é',
      '\ud83d\ude00',
    ),
  });
  const text = fc
    .array(
      fc.oneof(fc.string({ maxLength: 200, unit: fc.constantFrom('a', 'e', ' ', '\n', '7') }), unifying),
      {
        maxLength: 12,
      },
    )
    .map((parts) => parts.join(''));

  it('give one Unicode form without invisible characters, and ASCII unchanged', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(readable(s)).toBe(s.normalize('NFC').replace(INVISIBLE, ''));
        expect(folded(s)).toBe(s.normalize('NFKC').replace(INVISIBLE, ''));
      }),
      { numRuns: 200 },
    );
  });

  it('give back the very string when there is nothing to unify', () => {
    const ascii = 'Order 77777 '.repeat(5000);
    expect(readable(ascii)).toBe(ascii);
    expect(folded('e\u0301')).toBe('é');
  });
});

describe('truncate', () => {
  it('keeps short text and ends long text with an ellipsis within the limit', () => {
    expect(truncate('short', 10)).toBe('short');
    const t = truncate('a'.repeat(100), 10);
    expect(t.length).toBeLessThanOrEqual(10);
    expect(t.endsWith('…')).toBe(true);
  });
});

describe('toPattern', () => {
  it('is case-insensitive by default and case-sensitive on request', () => {
    expect(toPattern('ok').regex.test('OK')).toBe(true);
    expect(toPattern('ok', { caseSensitive: true }).regex.test('OK')).toBe(false);
  });

  it("honours a RegExp's own flags and drops the stateful g/y flags", () => {
    const p = toPattern(/Ok/g);
    expect(p.regex.flags).toBe('');
    expect(p.regex.test('Ok')).toBe(true);
    expect(p.regex.test('Ok')).toBe(true);
    expect(p.regex.test('ok')).toBe(false);
  });

  it('falls back to literal text for an invalid regex and says so', () => {
    const p = toPattern('Total [EUR');
    expect(p.regex.test('Total [EUR] 12')).toBe(true);
    expect(p.note).toMatch(/"Total \[EUR" is not a valid regular expression .* searched as plain text/);
  });

  it('matches a string that is meant literally as well as its regex reading', () => {
    const p = toPattern('Save (draft)');
    expect(p.regex.test('Save (draft)')).toBe(true);
    expect(p.regex.test('Save draft')).toBe(true);
    expect(p.note).toBeUndefined();
  });

  it('exact anchors the whole text', () => {
    expect(toPattern('Play', { exact: true }).regex.test('Playback')).toBe(false);
    expect(toPattern('Play', { exact: true }).regex.test('Play')).toBe(true);
  });
});

describe('toPattern scan regex', () => {
  it('is a superset of the exact regex: anchors and word boundaries dropped, spaces optional', () => {
    const p = toPattern('^Delete  all$');
    expect(p.regex.test('Delete all')).toBe(true);
    expect(p.regex.test('Delete all now')).toBe(false);
    expect(p.scan.flags).toContain('g');
    expect(new RegExp(p.scan.source, 'i').test('\n   Deleteall\n now')).toBe(true);
    expect(toPattern(/\bDownload\b/).scan.source).toBe('Download');
  });

  it('leaves character classes alone', () => {
    const p = toPattern(/[^ a]b/);
    expect(p.scan.source).toBe('[^ a]b');
    expect(p.regex.test('xb')).toBe(true);
  });
});

describe('thousands', () => {
  it('writes any count as en-US number formatting does, without loading it', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat(), fc.nat({ max: 2_000_000 }), fc.constant(Number.MAX_SAFE_INTEGER)),
        (n) => {
          expect(thousands(n)).toBe(n.toLocaleString('en-US'));
        },
      ),
    );
  });
});

/**
 * A title as a name (src/page/perceive/name.ts titleOf), over generated titles (fast-check): an access-key
 * hint is not a name, and a title with one is named without it; other titles are kept whole.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { titleOf } from '../../src/page/perceive/name';

const titled = (title: string) => {
  const el = document.createElement('input');
  el.setAttribute('title', title);
  return el;
};
const word = fc.stringMatching(/^[A-Za-z][a-z]{2,10}( [a-z]{2,8})?$/);
const key = fc.constantFrom('F', 'k', '1', 'F5', 'Esc');
const mods = fc.subarray(['Alt', 'Ctrl', 'Shift', '⌘'], { minLength: 0, maxLength: 3 });

describe('a title as a name', () => {
  it('drops an access-key hint: alone it names nothing, after words it is cut off', () => {
    fc.assert(
      fc.property(word, key, mods, fc.constantFrom('[]', '()'), (name, k, m, [open, close]) => {
        const hint = `${open}${[...m, k].join('+')}${close}`;
        expect(titleOf(titled(hint))).toBe('');
        expect(titleOf(titled(`${name} ${hint}`))).toBe(name);
        if (m.length) expect(titleOf(titled([...m, k].join('+')))).toBe('');
      }),
    );
  });

  it('keeps every other title whole', () => {
    fc.assert(
      fc.property(word, (name) => {
        expect(titleOf(titled(name))).toBe(name);
        expect(titleOf(titled(`${name} [draft notes]`))).toBe(`${name} [draft notes]`);
      }),
    );
    expect(titleOf(titled('X'))).toBe('X');
  });
});

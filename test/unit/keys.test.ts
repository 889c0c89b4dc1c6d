/** Key names and characters to the key, code and legacy keyCode that real keyboards send (US layout). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyInfo } from '../../src/page/dom/events';

describe('keyInfo', () => {
  it.each([
    ['Enter', { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' }],
    [' ', { key: ' ', code: 'Space', keyCode: 32, text: ' ' }],
    ['Space', { key: ' ', code: 'Space', keyCode: 32, text: ' ' }],
    ['Tab', { key: 'Tab', code: 'Tab', keyCode: 9, text: '' }],
    ['ArrowDown', { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, text: '' }],
    ['Shift', { key: 'Shift', code: 'ShiftLeft', keyCode: 16, text: '' }],
    ['Control', { key: 'Control', code: 'ControlLeft', keyCode: 17, text: '' }],
    ['Meta', { key: 'Meta', code: 'MetaLeft', keyCode: 91, text: '' }],
    ['F5', { key: 'F5', code: 'F5', keyCode: 116, text: '' }],
    ['a', { key: 'a', code: 'KeyA', keyCode: 65, text: 'a' }],
    ['7', { key: '7', code: 'Digit7', keyCode: 55, text: '7' }],
    ['!', { key: '!', code: 'Digit1', keyCode: 49, text: '!' }],
    ['-', { key: '-', code: 'Minus', keyCode: 189, text: '-' }],
    ['_', { key: '_', code: 'Minus', keyCode: 189, text: '_' }],
    ['~', { key: '~', code: 'Backquote', keyCode: 192, text: '~' }],
    ['é', { key: 'é', code: '', keyCode: 0, text: 'é' }],
    // Names on Object's prototype are not keys.
    ['constructor', { key: 'constructor', code: '', keyCode: 0, text: '' }],
    ['toString', { key: 'toString', code: '', keyCode: 0, text: '' }],
  ])('%j', (key, info) => {
    expect(keyInfo(key)).toEqual(info);
  });

  it('gives every string a key, a code and a numeric keyCode', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (k) => {
        const info = keyInfo(k);
        expect(typeof info.code).toBe('string');
        expect(Number.isInteger(info.keyCode)).toBe(true);
      }),
    );
  });
});

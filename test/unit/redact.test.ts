import { afterEach, describe, expect, it } from 'vitest';
import { configure, defaults } from '../../src/config';
import { fieldValue, isSecretField, redactText, scrub } from '../../src/page/redact';

afterEach(() => {
  configure(defaults());
  document.body.innerHTML = '';
});

describe('redactText', () => {
  it('replaces Luhn-valid card numbers, with or without separators', () => {
    expect(redactText('Card 4111 1111 1111 1111 ok')).toBe('Card [redacted] ok');
    expect(redactText('Card 5555-5555-5555-4444.')).toBe('Card [redacted].');
    expect(redactText('378282246310005')).toBe('[redacted]');
  });

  it('leaves numbers that are not card numbers alone', () => {
    expect(redactText('Order 1234 5678 9012 3456 7')).toBe('Order 1234 5678 9012 3456 7');
    expect(redactText('Call 555-0100 at 2024-03-31')).toBe('Call 555-0100 at 2024-03-31');
  });

  it('applies integrator text patterns', () => {
    configure({ redactText: [/EMP-\d+/] });
    expect(redactText('Badge EMP-7788 and EMP-1')).toBe('Badge [redacted] and [redacted]');
  });

  it('reaches every string in a result, array extras included', () => {
    const arr = Object.assign(['4111111111111111'], { note: 'x 4111111111111111' });
    const out = scrub({ a: [arr], b: 'fine' });
    expect(out.a[0]![0]).toBe('[redacted]');
    expect((out.a[0] as unknown as { note: string }).note).toBe('x [redacted]');
  });
});

describe('secret fields', () => {
  it('hides passwords, card data, codes, keys and tokens, but not ordinary fields', () => {
    document.body.innerHTML = `
      <input id="pw" type="password" value="p">
      <label>Card number <input id="cc" value="4"></label>
      <input id="cvc" name="cvc" value="1">
      <input id="otp" autocomplete="one-time-code" value="1">
      <input id="key" placeholder="Your API key" value="k">
      <input id="tok" name="auth_token" value="t">
      <label>PIN <input id="pin" value="0000"></label>
      <label>Email <input id="email" value="a@b.c"></label>`;
    const secret = (id: string) => isSecretField(document.getElementById(id)!);
    for (const id of ['pw', 'cc', 'cvc', 'otp', 'key', 'tok', 'pin']) expect(secret(id), id).toBe(true);
    expect(secret('email')).toBe(false);
    expect(fieldValue(document.getElementById('pw')!)).toBe('[redacted]');
    expect(fieldValue(document.getElementById('email')!)).toBe('a@b.c');
  });

  it('applies integrator field patterns', () => {
    document.body.innerHTML = `<label>Employee badge <input id="b" value="B-1"></label>`;
    expect(fieldValue(document.getElementById('b')!)).toBe('B-1');
    configure({ redactFields: [/badge/i] });
    expect(fieldValue(document.getElementById('b')!)).toBe('[redacted]');
  });

  it('returns a value exactly, untrimmed', () => {
    document.body.innerHTML = `<input id="v" value="  two  spaces ">`;
    expect(fieldValue(document.getElementById('v')!)).toBe('  two  spaces ');
  });
});

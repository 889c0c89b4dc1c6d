import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { defaults, using } from '../../src/config';
import { fieldValue, isSecretField, redactText, scrub } from '../../src/page/perceive/redact';

afterEach(() => {
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

  it('replaces credentials in URLs: token, key, signature and session parameters, and user:password@', () => {
    const cases: Array<[string, string]> = [
      [
        'https://app.test/cb#access_token=ya29.a0Af&token_type=Bearer',
        'https://app.test/cb#access_token=[redacted]&token_type=Bearer',
      ],
      ['/reset?email=a@b.test&token=9f8e7d', '/reset?email=a@b.test&token=[redacted]'],
      [
        'https://s3.test/f.pdf?X-Amz-Credential=AKIA%2F&X-Amz-Signature=abc123 done',
        'https://s3.test/f.pdf?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted] done',
      ],
      ['maps?key=AIzaSyA&q=Paris', 'maps?key=[redacted]&q=Paris'],
      ['/app;jsessionid=ABC123?x=1', '/app;jsessionid=[redacted]?x=1'],
      ['ftp://ada:s3cret@files.test/x', 'ftp://ada:[redacted]@files.test/x'],
      ['<a href="/dl?api_key=k-123">', '<a href="/dl?api_key=[redacted]">'],
    ];
    for (const [url, want] of cases) expect(redactText(url)).toBe(want);
    // Names that only contain those words, and text that is not a URL, are left alone.
    for (const text of [
      '/books?author=Ada&monkey=3',
      '/search?q=token&page=2',
      'a = b',
      'mail ada@example.test',
      'https://host.test:8080/x',
    ])
      expect(redactText(text)).toBe(text);
  });

  it('property: a credential parameter never survives, wherever it sits in a URL; other parameters do', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9._~%+/-]{1,40}$/).map((v) => `Zq${v}`);
    const name = fc.constantFrom(
      'access_token',
      'id_token',
      'token',
      'api_key',
      'apikey',
      'X-Amz-Signature',
      'client_secret',
      'password',
      'sessionid',
      'key',
    );
    const plain = fc.constantFrom('q', 'page', 'sort', 'author', 'monkey', 'token_type', 'lang');
    fc.assert(
      fc.property(name, value, plain, fc.constantFrom('?', '#', '&'), fc.boolean(), (n, v, p, sep, first) => {
        const url = first
          ? `https://h.test/p${sep === '&' ? '?a=1&' : sep}${n}=${v}&${p}=x1`
          : `https://h.test/p?${p}=x1&${n}=${v}`;
        const out = redactText(`see ${url} now`);
        expect(out).not.toContain(v);
        expect(out).toContain(`${p}=x1`);
        expect(out).toContain(`${n}=[redacted]`);
      }),
      { numRuns: 300 },
    );
  });

  it("replaces API keys and tokens shown as text, in their issuers' formats", () => {
    // Made-up values in each issuer's documented shape.
    const keys = [
      'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
      'sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe',
      'sk_live_51HxYzAbCdEfGhIj',
      'rk_test_4eC39HqLyjWDarjtT1zdp7dc',
      'whsec_5f8a2b9c1d3e4f6a7b8c9d0e1f2a3b4c',
      'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
      'github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyz0123456789',
      'glpat-xYz123AbC456dEf789gHi0',
      'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp',
      'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY',
      'AKIAIOSFODNN7EXAMPLE',
      'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
      'hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ];
    for (const key of keys) {
      expect(redactText(`Your new token: ${key} (copy it now)`), key).toBe(
        'Your new token: [redacted] (copy it now)',
      );
      expect(redactText(`"${key}"`), key).toBe('"[redacted]"');
    }
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAKC\n-----END RSA PRIVATE KEY-----';
    expect(redactText(`key:\n${pem}\nthanks`)).toBe('key:\n[redacted]\nthanks');
    expect(redactText('-----BEGIN PRIVATE KEY-----\nMIIEvQ cut here')).toBe('[redacted]');
    // Words and slugs that only start or contain such letters are left alone.
    for (const text of [
      'task-1234567890abcdefghijklmn',
      'sk-learn-is-a-python-library-for-ml',
      'desk_live_stream_session',
      'risk_test_plan_2024_final',
      'ghost_of_the_opera',
      'AKIA is how an AWS key ID starts',
      'eyJ alone, or eyJhbGci.notJWT',
      '-----BEGIN PGP PUBLIC KEY BLOCK-----',
    ])
      expect(redactText(text)).toBe(text);
  });

  it('property: a key in any of those shapes never survives, wherever it sits in text', () => {
    const body = fc.stringMatching(/^[A-Za-z0-9]{40,60}$/).map((b) => `${b}7`);
    const prefix = fc.constantFrom('sk-proj-', 'sk_live_', 'ghp_', 'github_pat_', 'glpat-', 'npm_', 'hf_');
    const around = fc.string({ maxLength: 30 }).map((s) => s.replace(/[\w-]+$/, ''));
    fc.assert(
      fc.property(around, prefix, body, around, (before, p, b, after) => {
        const out = redactText(`${before} ${p}${b} ${after}`);
        expect(out).not.toContain(b.slice(0, 20));
      }),
      { numRuns: 300 },
    );
  });

  it('stays linear on long adversarial text', () => {
    for (const text of [
      'eyJ'.repeat(200_000),
      'sk-'.repeat(200_000),
      `sk-${'a'.repeat(600_000)}`,
      'AKIA'.repeat(150_000),
      '-----BEGIN PRIVATE KEY-----'.repeat(20_000),
    ])
      expect(typeof redactText(text)).toBe('string');
  });

  it('applies integrator text patterns', () => {
    const settings = { ...defaults(), redactText: [/EMP-\d+/] };
    expect(using(settings, () => redactText('Badge EMP-7788 and EMP-1'))).toBe(
      'Badge [redacted] and [redacted]',
    );
    // Outside that instance's calls the pattern does not apply.
    expect(redactText('Badge EMP-7788')).toBe('Badge EMP-7788');
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
    const settings = { ...defaults(), redactFields: [/badge/i] };
    expect(using(settings, () => fieldValue(document.getElementById('b')!))).toBe('[redacted]');
  });

  it('returns a value exactly, untrimmed', () => {
    document.body.innerHTML = `<input id="v" value="  two  spaces ">`;
    expect(fieldValue(document.getElementById('v')!)).toBe('  two  spaces ');
  });
});

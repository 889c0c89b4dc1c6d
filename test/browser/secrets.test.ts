import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

const SECRETS = [
  'hunter2-secret',
  '4111 1111 1111 1111',
  '918273',
  'sk-live-abcdef123456',
  '5555 5555 5555 4444',
];

describe('secrets never leave the page', () => {
  it('are redacted by every tool', async () => {
    const page = await ctx.open('secrets.html');
    const out = await page.evaluate(() => {
      const h = window.LLMHelper;
      const fields = h.find({ type: 'input', limit: 20 });
      const byName = (n: string) => fields.find((f) => f.text === n)!.id;
      const card = h.find('Card on file')[0]!.id;
      return {
        find: fields,
        findText: h.find('5555'),
        findNear: h.findNear(byName('Email'), { type: 'input' }),
        describe: [h.describe('form'), h.describe(byName('Password')), h.describe(card), h.describe()],
        summary: h.summary(),
        snapshot: h.snapshot(),
        extract: [
          h.extract(byName('Password'), 'value'),
          h.extract(byName('Card number'), 'value'),
          h.extract(byName('One-time code'), 'value'),
          h.extract(byName('API key'), 'value'),
          h.extract(byName('CVC'), 'value'),
          h.extract(byName('Password'), 'value'),
          h.extract(byName('Card number'), 'attribute:value'),
          h.extract(card, 'text'),
          h.extract('form', 'html'),
          h.extract('body', 'text'),
          h.extract(byName('Email'), 'value'),
        ],
      };
    });
    const all = JSON.stringify(out);
    for (const secret of SECRETS) expect(all).not.toContain(secret);
    expect(out.extract[0]).toBe('[redacted]');
    expect(out.extract[7]).toBe('Card on file: [redacted] (expires 12/29)');
    expect(out.extract[10]).toBe('jane@example.com');
    expect(all).toContain('Order number 1234 5678 9012 3456 7'); // not a card number: left alone
    expect(out.find.find((f) => f.text === 'CVC')!.value).toBe('[redacted]');
    await page.close();
  });

  it('takes integrator patterns for fields and text', async () => {
    const page = await ctx.open('secrets.html');
    const out = await page.evaluate(() => {
      const h = window.LLMHelper;
      h.configure({ redactFields: [/badge/i], redactText: [/jane@example\.com/] });
      return JSON.stringify([h.find({ type: 'input', limit: 20 }), h.snapshot(), h.describe('form')]);
    });
    expect(out).not.toContain('BADGE-7788');
    expect(out).not.toContain('jane@example.com');
    await page.close();
  });
});

/**
 * Two LLMHelpers from createLLMHelper() are independent: settings, allowRunJS, redaction lists and added
 * tools belong to the one that was configured. (jsdom has no layout: find looks at hidden elements too.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createLLMHelper, defineTool, LLMHelperError } from '../../src/index';

describe('instances', () => {
  it('keep their own configuration, runJS switch, redaction and tools', async () => {
    document.body.innerHTML = '<p>Badge EMP-7788</p><p>Badge EMP-1234</p><button>Save</button>';
    const [one, two] = [createLLMHelper(), createLLMHelper()];
    one.configure({ allowRunJS: true, redactText: [/EMP-\d+/], findLimit: 1 });

    expect(await two.runJS('return 1 + 1')).toMatchObject({ ok: false, message: /runJS is turned off/ });
    expect(await one.runJS('return 1 + 1')).toMatchObject({ ok: true });

    const text = (h: typeof one) => h.extract(h.find('Badge', { visible: false })[0]!.id);
    expect(text(one)).toBe('Badge [redacted]');
    expect(text(two)).toBe('Badge EMP-7788');

    expect(one.find('Badge', { visible: false })).toHaveLength(1);
    expect(two.find('Badge', { visible: false })).toHaveLength(2);

    one.addTool(
      defineTool({
        name: 'openTicket',
        description: 'Open a ticket by number.',
        input: z.object({ number: z.number() }),
        risk: 'write',
        run: ({ number }) => ({ text: `Opened ${number}` }),
      }),
    );
    const names = (h: typeof one) => h.tools({ format: 'anthropic', prefix: '' }).map((t) => t.name);
    expect(names(one)).toContain('openTicket');
    expect(names(two)).not.toContain('openTicket');
  });

  it('defineTool says what is wrong with a schema that is not a zod 4 object', () => {
    const zod3Like = { _def: { typeName: 'ZodObject' }, parse: () => ({}) };
    expect(() =>
      defineTool({
        name: 'x',
        description: 'X.',
        input: zod3Like as never,
        risk: 'read',
        run: () => ({ text: '' }),
      }),
    ).toThrow(/input must be a zod 4 object schema, z\.object\(\{\.\.\.\}\) \(zod 3 schemas do not work\)/);
    expect(() =>
      defineTool({
        name: 'x',
        description: 'X.',
        input: z.string() as never,
        risk: 'read',
        run: () => ({ text: '' }),
      }),
    ).toThrow(/zod 4 object schema/);
  });

  it('createLLMHelper(options) takes real input, and says what is wrong with anything else', async () => {
    const sent: string[] = [];
    document.body.innerHTML = '<button>Go</button>';
    const h = createLLMHelper({
      input: {
        click: async () => (sent.push('click'), false), // false: the SDK sends its own events
        key: async () => (sent.push('key'), true),
      },
    });
    const id = h.find('Go', { visible: false })[0]!.id;
    await h.click(id, { force: true });
    await h.press('Enter', { id });
    // Each asked first; the click's false left it to the SDK's events (real Chromium: extension.test.ts).
    expect(sent).toEqual(['click', 'key']);
    expect(() => createLLMHelper({ input: { click: 1 } } as never)).toThrow(
      /input needs click\(at, options\) and key/,
    );
    fc.assert(
      fc.property(fc.anything(), (options) => {
        try {
          createLLMHelper(options as never);
        } catch (e) {
          expect(e).toBeInstanceOf(LLMHelperError);
        }
      }),
      { numRuns: 200 },
    );
  });
});

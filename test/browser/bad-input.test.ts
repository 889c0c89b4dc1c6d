/** Bad input gets a clear LLMHelperError, never a raw TypeError, a hang or a wrong action. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('bad input at the direct API', () => {
  it('each of the reported calls fails with an LLMHelperError that says what to pass, and nothing happens', async () => {
    const page = await ctx.open('invoices.html');
    const url = page.url();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = h.find('Download')[0]!.id;
      const sel = h.find({ type: 'select' })[0]!.id;
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const calls: [string, () => unknown][] = [
        ['summary(null)', () => h.summary(null as never)],
        ['click(id, null)', () => h.click(id, null as never)],
        ['tools(null)', () => h.tools(null as never)],
        ['execute(call, null)', () => h.execute({ name: 'browser_summary', arguments: {} }, null as never)],
        ['click(circular)', () => h.click(circular as never)],
        ['click(10n)', () => h.click(10n as never)],
        ['help(123)', () => h.help(123 as never)],
        ["tools({ only: 'find' })", () => h.tools({ only: 'find' as never })],
        ['navigate(undefined)', () => h.navigate(undefined as never)],
        ['navigate(null)', () => h.navigate(null as never)],
        ['navigate(-1)', () => h.navigate(-1 as never)],
        ['navigate(NaN)', () => h.navigate(NaN as never)],
        ["select(id, '')", () => h.select(sel, '')],
        ['select(id, [])', () => h.select(sel, [])],
        ['snapshot({ budget: 0 })', () => h.snapshot({ budget: 0 })],
        ["scroll({ to: 'sideways' })", () => h.scroll({ to: 'sideways' as never })],
        [
          'panel({ models: [{ price: { input: -1 } }] })',
          () =>
            (h as unknown as { panel(o: unknown): unknown }).panel({
              models: [
                {
                  label: 'Own model',
                  make: () => ({ chat: async () => ({}) }),
                  price: { input: -1, output: 1 },
                },
              ],
            }),
        ],
        [
          "Agent({ price: { input: '0.4' } })",
          () =>
            new h.Agent({
              provider: { name: 'x', chat: async () => ({}) as never },
              price: { input: '0.4', output: 1 } as never,
            }),
        ],
      ];
      const out: Record<string, string> = {};
      for (const [name, call] of calls)
        try {
          await call();
          out[name] = 'no error';
        } catch (e) {
          out[name] = `${(e as Error).name}: ${(e as Error).message}`;
        }
      return out;
    });
    for (const [call, outcome] of Object.entries(r)) {
      expect(outcome, call).toMatch(/^LLMHelperError: /);
      expect(outcome.length, call).toBeLessThan(400);
    }
    expect(page.url()).toBe(url); // navigate(undefined) did not go to /undefined
    await page.close();
  });

  it('execute answers ok: false for circular or BigInt arguments instead of rejecting', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(async () => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const out = [];
      for (const args of [circular, { pattern: 10n }, { pattern: circular }])
        out.push(await window.LLMHelper.execute({ name: 'browser_find', arguments: args }));
      return out.map((x) => ({ ok: x.ok, text: x.text }));
    });
    for (const x of r) {
      expect(x.ok).toBe(false);
      expect(x.text).toMatch(/Invalid arguments for browser_find: .*field/);
    }
    await page.close();
  });

  it('echoed inputs are bounded: a 1 MB text or tool name comes back in a short message', async () => {
    const page = await ctx.open('changes.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const big = 'x'.repeat(1_000_000);
      const typed = await h.type(h.find('Phone')[0]!.id, big);
      return { typed: typed.message.length, help: h.help(big).length };
    });
    expect(r.typed).toBeLessThanOrEqual(2000);
    expect(r.help).toBeLessThan(2000);
    await page.close();
  });

  it('random values at every public function: only LLMHelperError, never a raw error', async () => {
    const page = await ctx.open('invoices.html');
    const names = [
      'find',
      'findNear',
      'describe',
      'summary',
      'snapshot',
      'extract',
      'getMenuItems',
      'help',
      'tools',
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.array(
          fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 12 }), fc.object({ maxDepth: 1 })),
          { maxLength: 3 },
        ),
        async (name, args) => {
          const outcome = await page.evaluate(
            ([n, a]) => {
              try {
                (window.LLMHelper as unknown as Record<string, (...x: unknown[]) => unknown>)[n]!(...a);
                return 'ok';
              } catch (e) {
                return e instanceof window.LLMHelper.LLMHelperError ? 'ok' : `raw ${String(e)}`;
              }
            },
            [name, args] as const,
          );
          expect(outcome, `${name}(${JSON.stringify(args)})`).toBe('ok');
        },
      ),
      { numRuns: 150, seed: 5 },
    );
    await page.close();
  }, 60_000);
  it("any type: a list, or a sentence that says what is wrong with it, never a raw error (names on Object's prototype too)", async () => {
    const page = await ctx.open('invoices.html');
    const type = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.stringMatching(/^[a-z]{1,8}$/),
      fc.constantFrom(
        'toString',
        'constructor',
        '__proto__',
        'hasOwnProperty',
        'valueOf',
        'textbox',
        'slider',
      ),
    );
    await fc.assert(
      fc.asyncProperty(type, fc.constantFrom('find', 'snapshot'), async (t, name) => {
        const outcome = await page.evaluate(
          ([t, name]) => {
            try {
              const r =
                name === 'find' ? window.LLMHelper.find({ type: t }) : window.LLMHelper.snapshot({ type: t });
              return Array.isArray(r) || typeof r === 'string' ? 'ok' : `odd ${typeof r}`;
            } catch (e) {
              const m = (e as Error).message;
              // The exit's catch-all (a raw error it wrapped) means no check saw the bad type first.
              return e instanceof window.LLMHelper.LLMHelperError && !/ failed: .*Check its/.test(m)
                ? 'ok'
                : `raw ${m}`;
            }
          },
          [t, name] as const,
        );
        expect(outcome, `${name}({ type: ${JSON.stringify(t)} })`).toBe('ok');
      }),
      { numRuns: 150, seed: 7 },
    );
    await page.close();
  }, 60_000);

  it('random values at every action: an LLMHelperError or an answer, never a raw error or a hang', async () => {
    const page = await ctx.open('invoices.html');
    // Links and forms stay on this page whatever a random selector clicks.
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        (e) => (e.target as Element).closest?.('a') && e.preventDefault(),
        true,
      );
      document.addEventListener('submit', (e) => e.preventDefault(), true);
      window.LLMHelper.find('Download'); // IDs 1.. exist, so small integers hit real elements too
    });
    const names = [
      'click',
      'dblclick',
      'hover',
      'focus',
      'rightClick',
      'clickMenuItem',
      'type',
      'select',
      'check',
      'press',
      'scroll',
      'scrollIntoView',
      'upload',
      'drag',
      'waitFor',
    ] as const;
    const value = fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.integer({ min: -2, max: 12 }),
      fc.boolean(),
      fc.string({ maxLength: 8 }),
      fc.constantFrom('a', 'button', '#nope', '[', 'Enter', 'Control+a'),
      fc.object({ maxDepth: 1 }),
      fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.array(value, { maxLength: 3 }), async (name, args) => {
        const outcome = await page.evaluate(
          async ([n, a]) => {
            // waitFor with a random target would wait its default time: keep it short.
            if (n === 'waitFor') a = [a[0], { timeout: 50 }];
            try {
              const r = await (window.LLMHelper as unknown as Record<string, (...x: unknown[]) => unknown>)[
                n
              ]!(...a);
              return r && typeof r === 'object' ? 'ok' : `odd result ${String(r)}`;
            } catch (e) {
              if (!(e instanceof window.LLMHelper.LLMHelperError)) return `raw ${String(e)}`;
              // The exit's catch-all (a raw error it wrapped) means no check saw the bad value first.
              return / failed: .*Check its arguments/.test(e.message) ? `unchecked: ${e.message}` : 'ok';
            }
          },
          [name, args] as const,
        );
        expect(outcome, `${name}(${JSON.stringify(args)})`).toBe('ok');
      }),
      { numRuns: 120, seed: 11 },
    );
    expect(new URL(page.url()).pathname).toBe('/test/fixtures/invoices.html');
    await page.close();
  }, 120_000);
});

/** A value fast-check can send into the page, where the nasty ones are made (they do not cross evaluate). */
const NASTY = ['proxy', 'getter', 'nullproto', 'bigint', 'symbol', 'fn', 'huge'] as const;
const OPTION_KEYS = [
  'apiKey',
  'baseURL',
  'model',
  'provider',
  'helper',
  'preset',
  'tools',
  'maxSteps',
  'confirm',
  'ask',
  'language',
  'token',
  'models',
  'steps',
  'messages',
  'version',
  'marker',
  'mode',
  'headers',
  'url',
  'format',
  'timeoutMs',
  'allow',
  'deny',
  'capabilities',
  'collapsed',
];
const recipe: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.constantFrom(...NASTY).map((n) => ({ $nasty: n })),
    fc.dictionary(fc.constantFrom(...OPTION_KEYS), tie('value'), { maxKeys: 4 }),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
})).value;

describe('bad input at the agent side (provider, Agent and its methods, panel, connect, replay, fromState, resume)', () => {
  it('random values, getters that throw, Proxies and objects with no toString: an LLMHelperError or a result, never a raw error', async () => {
    const page = await ctx.open('agent-app.html');
    await page.evaluate(() => {
      const make = (v: unknown): unknown => {
        if (Array.isArray(v)) return v.map(make);
        if (v && typeof v === 'object') {
          const n = (v as { $nasty?: string }).$nasty;
          const trap = () => {
            throw new Error('trap');
          };
          if (n === 'proxy')
            return new Proxy({}, { get: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, has: trap });
          if (n === 'getter') return Object.defineProperty({}, 'apiKey', { enumerable: true, get: trap });
          if (n === 'nullproto') return Object.create(null);
          if (n === 'bigint') return 10n;
          if (n === 'symbol') return Symbol('s');
          if (n === 'fn') return () => {};
          if (n === 'huge') return 'x'.repeat(200_000);
          return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, make(x)]));
        }
        return v;
      };
      const L = window.LLMHelper as unknown as Record<string, (...a: unknown[]) => unknown> & {
        Agent: (new (o: unknown) => Record<string, (...a: unknown[]) => unknown>) & {
          fromState(s: unknown, o: unknown): unknown;
          resume(o: unknown): { result: Promise<unknown> } | null;
          resumeReplay(o: unknown): { result: Promise<unknown> } | null;
          resumeRerun(o: unknown, p?: unknown): { result: Promise<unknown> } | null;
        };
      };
      const fake = {
        name: 'fake',
        chat: async () => ({
          text: 'ok',
          toolCalls: [],
          usage: { inputTokens: 1, outputTokens: 1 },
          finishReason: 'stop',
        }),
      };
      const agent = new L.Agent({ provider: fake });
      const calls: Record<string, (a: unknown, b: unknown) => unknown> = {
        provider: (a, b) => L.provider!(a, b),
        'provider(openai)': (_a, b) => L.provider!('openai', b),
        Agent: (a) => new L.Agent(a),
        'Agent(provider)': (_a, b) => {
          let options = b; // a Proxy cannot be spread here: it goes in as it is
          try {
            if (b && typeof b === 'object' && !Array.isArray(b)) options = { provider: fake, ...b };
          } catch {
            /* as it is */
          }
          return new L.Agent(options);
        },
        run: (a, b) => agent.run!(a, b),
        replay: (a) => agent.replay!(a),
        continue: (a) => agent.continue!(a),
        fromState: (a, b) => L.Agent.fromState(a, b),
        resume: (a) => L.Agent.resume(a)?.result,
        resumeReplay: (a) => L.Agent.resumeReplay(a)?.result,
        // Whatever a page script left where a replay waits for the next page: dropped, or replayed by the rules.
        'resumeReplay(saved)': (a) => {
          try {
            sessionStorage.setItem('llm-helper.agent.replay', JSON.stringify(a));
          } catch {
            sessionStorage.setItem('llm-helper.agent.replay', String(typeof a));
          }
          return L.Agent.resumeReplay({ provider: fake })?.result;
        },
        resumeRerun: (a, b) => L.Agent.resumeRerun(a, b)?.result,
        // Whatever a page script left for a saved task's run on the next page: dropped, or replayed by the rules.
        'resumeRerun(saved)': (a) => {
          try {
            sessionStorage.setItem('llm-helper.agent.replay', JSON.stringify(a));
          } catch {
            sessionStorage.setItem('llm-helper.agent.replay', String(typeof a));
          }
          return L.Agent.resumeRerun({ provider: fake }, { heal: false })?.result;
        },
        'fromState(provider)': (a) => L.Agent.fromState(a, { provider: fake }),
        panel: (_a, b) => L.panel!(b),
        connect: (a, b) => L.connect!(a, b),
        'connect(url)': (_a, b) => L.connect!('ws://127.0.0.1:9', b),
      };
      (window as unknown as { tryCall: unknown }).tryCall = async (name: string, a: unknown, b: unknown) => {
        try {
          const r = await calls[name]!(make(a), make(b));
          if (r && typeof r === 'object' && typeof (r as { close?: unknown }).close === 'function')
            (r as { close(): void }).close();
          return 'ok';
        } catch (e) {
          return e instanceof Error && e.name === 'LLMHelperError'
            ? 'ok'
            : `raw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
        }
      };
    });
    const names = [
      'provider',
      'provider(openai)',
      'Agent',
      'Agent(provider)',
      'run',
      'replay',
      'continue',
      'fromState',
      'fromState(provider)',
      'resume',
      'resumeReplay',
      'resumeReplay(saved)',
      'resumeRerun',
      'resumeRerun(saved)',
      'panel',
      'connect',
      'connect(url)',
    ];
    for (const name of names)
      await fc.assert(
        fc.asyncProperty(recipe, recipe, async (a, b) => {
          const outcome = await page.evaluate(
            ({ name, a, b }) =>
              (window as unknown as { tryCall(n: string, a: unknown, b: unknown): Promise<string> }).tryCall(
                name,
                a,
                b,
              ),
            { name, a, b },
          );
          expect(outcome, `${name}(${JSON.stringify(a)}, ${JSON.stringify(b)})`).toBe('ok');
        }),
        { numRuns: 60 },
      );
    await page.close();
  }, 120_000);
});

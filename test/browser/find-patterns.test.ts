/**
 * find never hangs and never answers wrongly: patterns that can match empty text, catastrophic regexes,
 * and exact / anchored patterns judged against each element's own text. The fuzz sends generated
 * regexes to every pattern-taking function with a wall-clock guard against a frozen tab.
 */
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { fuzzRuns, regexSource } from '../support/fuzz-regex';

const ctx = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await ctx.open('patterns.html');
});
afterAll(() => page?.close());

/** Runs `fn` in the page; a call that has not answered in `ms` means the tab is frozen. */
async function guarded<T>(fn: () => Promise<T>, ms = 5000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: the tab is frozen`)), ms);
  });
  try {
    return await Promise.race([fn(), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** find, waitFor and execute for one pattern: each result, or the error message it threw. */
const allWays = (pattern: string, asRegExp = false) =>
  guarded(() =>
    page.evaluate(
      async ([p, rx]) => {
        const h = window.LLMHelper;
        const arg = rx ? new RegExp(p) : p;
        const attempt = async (f: () => unknown) => {
          try {
            return { ok: true, value: JSON.parse(JSON.stringify(await f())) as unknown };
          } catch (e) {
            return { ok: false, error: `${(e as Error).name}: ${(e as Error).message}` };
          }
        };
        return {
          find: await attempt(() => h.find(arg)),
          waitFor: await attempt(() => h.waitFor(arg, { timeout: 50 })),
          execute: await attempt(() =>
            h.execute({ name: 'browser_find', arguments: JSON.stringify({ pattern: p }) }),
          ),
        };
      },
      [pattern, asRegExp] as const,
    ),
  );

describe('patterns that can match empty text never freeze the tab', () => {
  it.each([' ', '^', '\\b', '   '])(
    '%j is refused with a clear message by find, waitFor and execute',
    async (p) => {
      const r = await allWays(p);
      expect(r.find.error).toMatch(/LLMHelperError: The pattern .* (white space|only match empty text)/);
      expect(r.waitFor.error).toMatch(/LLMHelperError/);
      expect(r.execute.value).toMatchObject({ ok: false });
      expect((r.execute.value as { text: string }).text).toMatch(/white space|only match empty text/);
    },
  );

  it.each(['x?', '\\d*', '.*', 'Save|', 'a*'])(
    '%j answers, counting only matches with real text',
    async (p) => {
      const r = await allWays(p);
      expect(r.find.ok).toBe(true);
      expect(r.waitFor.ok).toBe(true);
      expect(r.execute.value).toMatchObject({ ok: true });
    },
  );

  it('/a*/ as a RegExp finds the texts that hold an a, not every element', async () => {
    const r = await allWays('\\d+', true);
    const texts = (r.find.value as { text: string }[]).map((m) => m.text);
    expect(texts.some((t) => /Monday, 12 March/.test(t))).toBe(true);
    expect(texts.every((t) => /\d/.test(t))).toBe(true);
    // A pattern that matches the empty string matches nameless elements too (#50), and no other text.
    const digits = await page.evaluate(() => window.LLMHelper.find('\\d*').map((m) => m.text));
    expect(digits.every((t) => !t || /\d/.test(t))).toBe(true);
  });
});

describe('catastrophic regexes are refused before they run', () => {
  it.each(['(a+)+$', '(\\w+\\s?)+$', '(a|aa)+$', '(.*a){12}!?$'])(
    '%s: as RegExp, string and through execute, with how to simplify it',
    async (p) => {
      for (const asRegExp of [false, true]) {
        const r = await allWays(p, asRegExp);
        expect(r.find.error).toMatch(/exponential time.*Simplify it/);
        expect(r.waitFor.error).toMatch(/exponential time/);
      }
      const r = await allWays(p);
      expect((r.execute.value as { text: string }).text).toMatch(/exponential time/);
    },
  );

  it('a 1 MB pattern is refused in a short message', async () => {
    const msg = await page.evaluate(() => {
      try {
        window.LLMHelper.find('x'.repeat(1_000_000));
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(msg).toMatch(/the limit is 1000/);
    expect(msg.length).toBeLessThan(300);
  });
});

describe('exact, ^ and $ are judged against each element, not its whole block', () => {
  const ids = (p: string | { rx: string }, opts: object = {}) =>
    page.evaluate(
      ([p, o]) => {
        const h = window.LLMHelper;
        const pattern = typeof p === 'string' ? p : new RegExp(p.rx);
        return h.find(pattern, o).map((m) => h.extract(m.id, 'id') as string);
      },
      [p, opts] as const,
    );

  it('a link inside a sentence: exact and ^…$', async () => {
    expect(await ids('in', { exact: true })).toEqual(['in-link']);
    expect(await ids('^\\s*in\\s*$')).toEqual(['in-link']);
    expect(await ids('ada', { exact: true })).toEqual(['user']);
    expect(await ids({ rx: '^ada$' })).toEqual(['user']);
  });

  it('a checkbox named by its label among other labels', async () => {
    expect(await ids({ rx: '^iU$' }, { type: 'checkbox' })).toEqual(['iu']);
    expect(await ids({ rx: '\\biU$' })).toEqual(['iu']);
  });

  it('the whole sentence still matches its own anchors', async () => {
    expect(await ids({ rx: '^Hello there in and' })).toEqual(['sentence']);
    expect(await ids('Save', { exact: true })).toEqual(['save']);
  });
});

describe('generated regexes at every pattern-taking function (fixed seed; npm run fuzz runs longer)', () => {
  it(
    'each call answers or refuses clearly, and none freezes the tab',
    async () => {
      await fc.assert(
        fc.asyncProperty(regexSource(), async (src) => {
          const r = await guarded(() =>
            page.evaluate(async (p) => {
              const h = window.LLMHelper;
              const outcomes: string[] = [];
              const attempt = async (f: () => unknown) => {
                try {
                  await f();
                  outcomes.push('ok');
                } catch (e) {
                  outcomes.push(e instanceof h.LLMHelperError ? 'refused' : `raw ${String(e)}`);
                }
              };
              await attempt(() => h.find(p));
              await attempt(() => h.find(new RegExp(p)));
              await attempt(() => h.find(p, { exact: true }));
              await attempt(() => h.findNear(h.find('Save')[0]!.id, p));
              await attempt(() => h.waitFor(p, { timeout: 20 }));
              await attempt(() => h.select(h.find({ type: 'select' })[0]!.id, new RegExp(p)));
              const ex = await h.execute({ name: 'browser_find', arguments: { pattern: p } });
              outcomes.push(ex.ok || /pattern/i.test(ex.text) ? 'ok' : `execute: ${ex.text}`);
              return outcomes;
            }, src),
          );
          for (const o of r) expect(o, src).toMatch(/^(ok|refused)$/);
        }),
        { numRuns: fuzzRuns(60), seed: process.env.FUZZ_RUNS ? undefined : 3 },
      );
    },
    60_000 + fuzzRuns(60) * 300,
  );
});

describe('a long block is searched whole', () => {
  it('a word anywhere in a long <pre>, split over text nodes and spans, is found and shown in context', async () => {
    const logPage = await ctx.open('visibility.html');
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 60_000 }),
          fc.integer({ min: 1, max: 40 }),
          async (at, pieces) => {
            const r = await guarded(() =>
              logPage.evaluate(
                ([at, pieces]) => {
                  document.getElementById('fuzz-log')?.remove();
                  const filler = 'lorem ipsum dolor '.repeat(4000).slice(0, 60_000);
                  const text = `${filler.slice(0, at)} zyzzyva ${filler.slice(at)}`;
                  const log = document.createElement('pre');
                  log.id = 'fuzz-log';
                  // Cut into pieces, every other one in a span, as a log viewer writes it.
                  const size = Math.ceil(text.length / pieces);
                  for (let i = 0; i < text.length; i += size) {
                    const part = text.slice(i, i + size);
                    if ((i / size) % 2) log.append(part);
                    else log.appendChild(document.createElement('span')).textContent = part;
                  }
                  document.body.append(log);
                  return window.LLMHelper.find('zyzzyva').map((m) => m.text);
                },
                [at, pieces] as const,
              ),
            );
            expect(r, `at ${at} in ${pieces} pieces`).toHaveLength(1);
            expect(r[0]).toContain('zyzzyva');
          },
        ),
        { numRuns: 40, seed: 7 },
      );
    } finally {
      await logPage.close();
    }
  });
});

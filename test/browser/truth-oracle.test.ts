/**
 * The truth oracle (test/support/truth-oracle.js) that checks every action's report in the browser
 * tests: first that it can fail (an API that lies is caught on each kind of lie), then over generated
 * pages that mix the patterns apps are made of (forms without <form>, two-way binding, labels drawing
 * transparent inputs, hover-only buttons, replacement widgets, shadow roots, tabs, dialogs): fast-check
 * picks the mix and the actions, every action must succeed, and the oracle must find nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truthFindings } from '../support/harness.mjs';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

describe('the truth oracle', () => {
  it('catches each kind of report the page contradicts', async () => {
    const page = await ctx.open('truth.html');
    await page.evaluate(async () => {
      document.body.insertAdjacentHTML(
        'beforeend',
        '<input id="f" value="xyz"><input type="checkbox" id="b">',
      );
      const lie =
        (message: string, ok: boolean, changes = {}, act = () => {}) =>
        async () => {
          act();
          return { ok, message, changes };
        };
      // An API that lies, installed where the SDK installs itself: the oracle wraps it the same way.
      (window as unknown as { __llmHelper: unknown }).__llmHelper = {
        click: lie('Clicked [1] button "Save".', true),
        dblclick: lie('Clicked [1] button "Save".', true, { nothingChanged: true }, () =>
          document.body.append(document.createElement('p')),
        ),
        type: lie('Typed "abc" into [2] textbox.', true, { value: 'abc' }, () =>
          document.getElementById('f')!.dispatchEvent(new Event('input', { bubbles: true })),
        ),
        check: lie('Clicked [3] checkbox but the page kept it unchecked.', false, {}, () => {
          (document.getElementById('b') as HTMLInputElement).checked = true;
        }),
        press: lie('Pressed Enter. Then: URL is http://elsewhere.example/.', true, {
          url: { from: location.href, to: 'http://elsewhere.example/' },
        }),
      };
      const api = (
        window as unknown as { __llmHelper: Record<string, (...a: unknown[]) => Promise<unknown>> }
      ).__llmHelper;
      await api.click!(1);
      await api.dblclick!(1);
      await api.type!(2, 'abc');
      await api.check!(3, true);
      await api.press!('Enter');
    });
    await page.close();
    const found = truthFindings.splice(0);
    expect(found.some((f) => /click\(.*ok, but the page shows no change at all/.test(f))).toBe(true);
    expect(found.some((f) => /dblclick\(.*says nothing changed, but the page changed/.test(f))).toBe(true);
    expect(found.some((f) => /type\(.*says the value is "abc", but the field holds "xyz"/.test(f))).toBe(
      true,
    );
    expect(found.some((f) => /check\(.*not ok, but a box is now checked as asked/.test(f))).toBe(true);
    expect(found.some((f) => /press\(.*says the URL is http:\/\/elsewhere/.test(f))).toBe(true);
  });
});

/** What a person would do with each pattern of app-patterns.html, run through the public API. */
const OPS: Record<string, string[]> = {
  formless: ['add and remove'],
  bound: ['add'],
  drawn: ['toggle'],
  replaced: ['choose'],
  shadow: ['fill and save'],
  tabs: ['switch and act'],
  details: ['open'],
  dialog: ['open and close'],
  settings: ['check', 'commit city'],
};

describe('generated app patterns', () => {
  it('every action on any mix of patterns does what it says, and the page bears out every report', async () => {
    const names = Object.keys(OPS);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...names), { minLength: 2, maxLength: 5 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 6 }),
        async (mix, picks) => {
          const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
          try {
            await page.goto(`${ctx.server.url}/test/fixtures/app-patterns.html?mix=${mix.join(',')}`);
            await page.waitForFunction(() => typeof window.LLMHelper === 'object');
            const ops = mix.flatMap((name, i) => OPS[name]!.map((op) => ({ name, p: `${name}${i}`, op })));
            for (const [n, pick] of picks.entries()) {
              const { name, p, op } = ops[pick % ops.length]!;
              const results = await page.evaluate(
                async ({ name, p, op, n }) => {
                  const h = window.LLMHelper;
                  const id = (pattern: string, opts = {}) => {
                    const m = h.find(pattern, opts)[0];
                    if (!m) throw new Error(`nothing found for ${pattern}`);
                    return m.id;
                  };
                  const out = [];
                  if (name === 'formless') {
                    out.push(await h.type(id(`New ${p} item`), `Item ${n}`, { submit: true }));
                    const near = h.findNear(id(`Item ${n}`), 'Remove');
                    const hidden = /\[(\d+)\] button "Remove"/.exec(near.note ?? '')?.[1];
                    out.push(await h.click(hidden ? Number(hidden) : near[0]!.id));
                  } else if (name === 'bound')
                    out.push(await h.type(id(`Write ${p} note`), `Note ${n}`, { submit: true }));
                  else if (name === 'drawn') out.push(await h.click(id(`Enable ${p}`)));
                  else if (name === 'replaced')
                    out.push(await h.select(`#${p} select`, n % 2 ? `${p} Alpha` : `${p} Beta`));
                  else if (name === 'shadow') {
                    out.push(await h.type(id(`${p} name`, { type: 'input' }), `Name ${n}`));
                    out.push(await h.click(id(`Save ${p}`)));
                  } else if (name === 'tabs') {
                    out.push(await h.click(id(`${p} Two`)));
                    out.push(await h.click(id(`${p} second action`)));
                    out.push(await h.click(id(`${p} One`)));
                  } else if (name === 'details') out.push(await h.click(id(`${p} more`)));
                  else if (name === 'dialog') {
                    out.push(await h.click(id(`Open ${p}`)));
                    out.push(await h.click(id(`Close ${p}`)));
                  } else if (op === 'check') out.push(await h.check(id(`${p} alerts`), n % 2 === 0));
                  else {
                    out.push(await h.type(id(`${p} city`, { type: 'input' }), `City ${n}`));
                    out.push(await h.press('Enter'));
                  }
                  return out.map((r) => ({ ok: r.ok, message: r.message }));
                },
                { name, p, op, n },
              );
              for (const r of results) expect(r.ok, `${name} ${op}: ${r.message}`).toBe(true);
            }
          } finally {
            await page.close();
          }
          const found = truthFindings.splice(0);
          expect(found, `mix ${mix.join(',')}, picks ${picks.join(',')}`).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);
});

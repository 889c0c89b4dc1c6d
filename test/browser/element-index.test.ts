/**
 * The page's elements are indexed once and then kept up to date from mutation records (element-index.ts).
 * In Chromium, through the built bundle: after any changes to a page, its frame and its shadow roots,
 * summary()'s counts are what the page's own selectors count.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { useBrowser } from '../support/browser';
import { BUNDLE } from '../support/harness.mjs';
import { generateAppPage } from '../../bench/generate-app.mjs';

const ctx = useBrowser();

/** Tags and roles whose counting rule is one selector each (census.test.ts checks the rest). */
const TAGS = ['a', 'button', 'input', 'h2', 'img', 'table', 'div', 'span', 'section'];
const ROLES = ['button', 'link', 'heading', null];

type Op =
  | { op: 'add'; where: number; at: number; tag: string; role: string | null; href: boolean; kids: number }
  | { op: 'remove' | 'host'; where: number; at: number }
  | { op: 'move'; where: number; at: number; to: number }
  | { op: 'role'; where: number; at: number; role: string | null }
  | { op: 'href'; where: number; at: number; on: boolean }
  | { op: 'check' }
  | { op: 'prepare'; wait: boolean };

const where = fc.nat(2); // 0: the document, 1: the frame's document, 2: a shadow root
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    where,
    at: fc.nat(),
    tag: fc.constantFrom(...TAGS),
    role: fc.constantFrom(...ROLES),
    href: fc.boolean(),
    kids: fc.nat(3),
  }),
  fc.record({ op: fc.constantFrom('remove' as const, 'host' as const), where, at: fc.nat() }),
  fc.record({ op: fc.constant('move' as const), where, at: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('role' as const), where, at: fc.nat(), role: fc.constantFrom(...ROLES) }),
  fc.record({ op: fc.constant('href' as const), where, at: fc.nat(), on: fc.boolean() }),
  fc.record({ op: fc.constant('check' as const) }),
  fc.record({ op: fc.constant('prepare' as const), wait: fc.boolean() }),
);

describe('the element index in Chromium', () => {
  it("keeps summary()'s counts right through any changes to the page, its frame and shadow roots", async () => {
    const page = await ctx.open('element-index.html');
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        const wrong = await page.evaluate(async (ops: Op[]) => {
          document.body.innerHTML = '<main><a href="#">start</a></main>';
          const frame = document.createElement('iframe');
          frame.srcdoc = '<body><button>in frame</button></body>';
          document.body.append(frame);
          await new Promise((r) => frame.addEventListener('load', r, { once: true }));
          const host = document.createElement('div');
          host.attachShadow({ mode: 'open' }).innerHTML = '<h2>in shadow</h2>';
          document.body.append(host);
          // The frame's document as it is now: moving a frame loads it again.
          const docs = () => [
            document,
            ...[...document.querySelectorAll('iframe')].map((f) => f.contentDocument),
          ];
          const roots = (): ParentNode[] => {
            const out: ParentNode[] = docs().flatMap((d) => d?.body ?? []);
            // Shadow roots, nested ones too.
            for (let i = 0; i < out.length; i++)
              for (const el of out[i]!.querySelectorAll('*')) if (el.shadowRoot) out.push(el.shadowRoot);
            return out;
          };
          const rootAt = (w: number): ParentNode => {
            const all = roots();
            return all[Math.min(w, all.length - 1)]!;
          };
          const pick = (root: ParentNode, n: number): Element | null => {
            const all = [...root.querySelectorAll('*')];
            return all.length ? all[n % all.length]! : null;
          };
          const count = (sel: string) => roots().reduce((n, r) => n + r.querySelectorAll(sel).length, 0);
          const truth = () =>
            [
              ['heading', count('h2,[role=heading]')],
              ['table', count('table')],
              ['field', count('input')],
              ['button', count('button,[role=button]')],
              ['link', count('a[href],[role=link]')],
              ['image', count('img')],
            ]
              .filter(([, n]) => n)
              .map(([k, n]) => `${n} ${k}${n === 1 ? '' : 's'}`)
              .join(', ');
          const told = () => /^Contains: (.*)$/m.exec(window.LLMHelper.summary())?.[1] ?? '';
          const wrongNow = () => (told() === truth() ? null : { told: told(), truth: truth() });
          const first = wrongNow();
          if (first) return first;
          for (const o of ops) {
            if (o.op === 'check') {
              const w = wrongNow();
              if (w) return w;
              continue;
            }
            // prepare(), awaited or not (then the page's next changes come while it runs).
            if (o.op === 'prepare') {
              const ready = window.LLMHelper.prepare();
              if (o.wait) await ready;
              continue;
            }
            const root = rootAt(o.where);
            const doc = (root as Node).ownerDocument ?? document;
            const el = pick(root, o.at);
            if (o.op === 'add') {
              const made = doc.createElement(o.tag);
              if (o.role) made.setAttribute('role', o.role);
              if (o.href) made.setAttribute('href', '#');
              for (let i = 0; i < o.kids; i++) made.append(doc.createElement(['a', 'button', 'span'][i]!));
              (el ?? root).append(made);
            } else if (!el) continue;
            else if (o.op === 'remove') el.remove();
            else if (o.op === 'host') {
              // A host inserted with its shadow root (attachShadow on a built-in element already in the
              // page makes no mutation: roots.ts says so, and does not see it).
              const made = doc.createElement('div');
              made.attachShadow({ mode: 'open' }).innerHTML = '<button>shadow button</button>';
              el.after(made);
            } else if (o.op === 'move') {
              const to = pick(root, o.to);
              if (to && !el.contains(to)) to.prepend(el);
            } else if (o.op === 'role') {
              if (o.role) el.setAttribute('role', o.role);
              else el.removeAttribute('role');
            } else if (o.op === 'href') {
              if (o.on) el.setAttribute('href', '#');
              else el.removeAttribute('href');
            }
            // Half the time the page's own task ends here, delivering the records to the observer.
            if (o.at % 2) await new Promise((r) => setTimeout(r, 0));
          }
          return wrongNow();
        }, ops);
        expect(wrong).toBeNull();
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
    await page.close();
  }, 120_000);

  it('prepare() and a tool call index a big page in slices, the page running and changing between them', async () => {
    const page = await ctx.open('element-index.html');
    const out = await page.evaluate(async () => {
      // 200,000 elements: more than one slice's walk on any machine.
      const row = '<div><span>cell</span><a href="#">link</a><span>cell</span></div>';
      document.body.innerHTML = `<main>${row.repeat(50_000)}</main>`;
      const host = document.createElement('div');
      host.attachShadow({ mode: 'open' }).innerHTML = '<button>in shadow</button>';
      document.body.append(host);
      // The page's own tasks: each adds a button, while the SDK prepares.
      let ticks = 0;
      let on = true;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (!on) return;
        ticks++;
        document.querySelector('main')!.append(document.createElement('button'));
        channel.port2.postMessage(null);
      };
      const during = async (work: () => Promise<unknown>) => {
        ticks = 0;
        on = true;
        channel.port2.postMessage(null);
        await work();
        on = false;
        return ticks;
      };
      const count = (sel: string) =>
        document.querySelectorAll(sel).length + host.shadowRoot!.querySelectorAll(sel).length;
      const truth = () => `${count('button')} buttons, ${count('a[href]')} links`;
      const told = () => /(\d+ buttons), (\d+ links)/.exec(window.LLMHelper.summary())?.slice(1).join(', ');
      const prepared = await during(() => window.LLMHelper.prepare());
      const afterPrepare = { told: told(), truth: truth() };
      // More changes than the observer holds: the index is dropped, and a tool call walks again in slices.
      const a = document.querySelector('a')!;
      for (let i = 0; i < 6000; i++) a.toggleAttribute('title');
      const tool = await during(() =>
        window.LLMHelper.execute({ name: 'browser_find', arguments: { pattern: 'in shadow' } }),
      );
      return { prepared, tool, afterPrepare, afterTool: { told: told(), truth: truth() } };
    });
    expect(out.prepared).toBeGreaterThan(1);
    expect(out.tool).toBeGreaterThan(1);
    expect(out.afterPrepare.told).toBe(out.afterPrepare.truth);
    expect(out.afterTool.told).toBe(out.afterTool.truth);
    await page.close();
  }, 120_000);

  it('a first call on a page of 470,000 elements answers from the part its budget walked, says so, and redacts what it did not reach', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(generateAppPage(500_000));
    const out = await page.evaluate(
      (src) => {
        // A secret shown at the top of the page, its field at the bottom, past any budget's walk.
        document.body.insertAdjacentHTML('afterbegin', '<p>Your code is hunter2-pass-99</p>');
        document.body.insertAdjacentHTML('beforeend', '<input type="password" value="hunter2-pass-99">');
        // The SDK run and called in one task, before anything is indexed.
        (0, eval)(src);
        const found = window.LLMHelper.find('Your code');
        const summary = window.LLMHelper.summary();
        return { found: found.map((m) => m.text), note: found.note, last: summary.split('\n').at(-1) };
      },
      readFileSync(BUNDLE, 'utf8'),
    );
    expect(out.found).toEqual(['Your code is [redacted]']);
    expect(out.note).toMatch(/^This page is not indexed yet: this answer covers its first [\d,]+ elements/);
    expect(out.last).toMatch(/^This page is not indexed yet: .*call summary again in a moment/);
    // The call started prepare(): the index is whole once it ends.
    const after = await page.evaluate(async () => {
      await window.LLMHelper.prepare();
      return window.LLMHelper.summary();
    });
    expect(after).not.toMatch(/not indexed yet/);
    expect(after).not.toContain('hunter2-pass-99');
    await page.close();
  }, 120_000);
});

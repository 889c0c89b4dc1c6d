/** The SDK installs beside old libraries and hostile globals, and never breaks the host page. */
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';

const ctx = useBrowser();
const mock = useMockModel();

describe('installing on pages with old libraries', () => {
  it('with RequireJS: installs the global, registers no AMD module, and the page can still require()', async () => {
    const page = await ctx.open('host-amd.html');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const r = await page.evaluate(async () => ({
      greeting: await (window as unknown as { appLoaded: Promise<string> }).appLoaded,
      found: window.LLMHelper.find('Go').length,
      defined: (window as unknown as { requirejs: { s: { contexts: { _: { defined: object } } } } }).requirejs
        .s.contexts._.defined,
    }));
    expect(r.greeting).toBe('hello');
    expect(r.found).toBe(1);
    expect(Object.keys(r.defined)).toEqual(['app/greeting']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('beside enumerable prototype additions, a foreign LLMHelper global and a throwing fetch', async () => {
    const page = await ctx.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const warnings: string[] = [];
    page.on('console', (m) => warnings.push(m.text()));
    await page.goto(`${ctx.server.url}/test/fixtures/host-hostile.html`);
    await page.waitForFunction(() => (window as unknown as { __llmHelper?: object }).__llmHelper);
    const r = await page.evaluate(async () => {
      const h = (window as unknown as { __llmHelper: typeof window.LLMHelper }).__llmHelper;
      const id = h.find('Save')[0]!.id;
      const click = await h.click(id);
      const exec = await h.execute({ name: 'browser_find', arguments: { pattern: 'Saved' } });
      const size = h.find('Size', { type: 'select' })[0]!.id;
      let badOption = '';
      try {
        h.find('Saved', { limit: 'all' as unknown as number });
      } catch (e) {
        badOption = (e as Error).message;
      }
      return {
        theirs: window.LLMHelper as unknown,
        click: { ok: click.ok, message: click.message },
        exec: { ok: exec.ok, data: exec.data },
        options: h.extract(size, 'options'),
        describe: h.describe(size),
        unknownTool: (await h.execute({ name: 'browser_fnd', arguments: {} })).text,
        badOption,
      };
    });
    expect(r.theirs).toEqual({ theirs: true });
    expect(warnings.some((w) => /window\.__llmHelper/.test(w))).toBe(true);
    expect(r.click.ok).toBe(true);
    expect(r.exec.ok).toBe(true);
    expect(Array.isArray((r.exec.data as { matches: unknown }).matches)).toBe(true);
    // Prototype.js's Array.from and Array#reduce are not ours: mapped lists, edit distances and the
    // argument errors come out right.
    expect(r.options).toEqual([
      { value: 's', label: 'Small' },
      { value: 'm', label: 'Medium', selected: true },
    ]);
    expect(r.describe).toMatch(/combobox "Size" \(value "Medium"/);
    expect(r.unknownTool).toMatch(/Did you mean browser_find\?/);
    expect(r.badOption).toMatch(/limit must be .*, not "all"/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a page that froze every built-in (SES lockdown): tools, errors, a provider failure, an agent run and the panel', async () => {
    const page = await ctx.open('host-frozen.html');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const r = await page.evaluate(async () => {
      const L = window.LLMHelper;
      const caught = async (f: () => unknown) => {
        try {
          await f();
          return 'no error';
        } catch (e) {
          const err = e as { name: string; code?: string; kind?: string; message: string };
          return `${err.name} ${err.code ?? ''} ${err.kind ?? ''}: ${err.message}`;
        }
      };
      const typed = await L.type(L.find('Email')[0]!.id, 'a@b.c');
      const unknownId = await caught(() => L.click(9999));
      const badArgs = await caught(() => L.find(42 as unknown as string));
      const network = await caught(() =>
        L.provider('openai', {
          baseURL: 'http://127.0.0.1:9/v1',
          apiKey: 'k',
          model: 'm',
          maxRetries: 0,
        }).chat({
          messages: [{ role: 'user', content: 'hi' }],
        }),
      );
      let turn = 0;
      const reply = (name: string, args: object) => ({
        text: '',
        toolCalls: [{ id: `c${turn}`, name, args }],
        usage: { inputTokens: 1, outputTokens: 1 },
        finishReason: 'tool-calls' as const,
      });
      const provider = {
        name: 'Scripted test provider — not an AI',
        chat: async () =>
          turn++ === 0
            ? reply('click', { id: L.find(/^Save$/)[0]!.id })
            : reply('done', { answer: 'Saved.' }),
      };
      const run = await new L.Agent({ provider }).run('Save the form');
      L.panel({ language: 'en' });
      const host = document.querySelector('[data-llm-helper-ui]');
      const box = host?.shadowRoot?.querySelector('.panel')?.getBoundingClientRect();
      return {
        typed: typed.ok,
        out: document.getElementById('out')!.textContent,
        unknownId,
        badArgs,
        network,
        run: { status: run.status, answer: run.answer },
        panel: box ? { w: box.width, h: box.height } : null,
      };
    });
    expect(r.typed).toBe(true);
    expect(r.unknownId).toMatch(/^LLMHelperError unknown_id : There is no element 9999/);
    expect(r.badArgs).toMatch(/^LLMHelperError bad_argument /);
    expect(r.network).toMatch(
      /^LLMHelperError provider network: openai: no answer from http:\/\/127\.0\.0\.1:9/,
    );
    expect(r.run).toEqual({ status: 'done', answer: 'Saved.' });
    expect(r.out).toBe('saved a@b.c');
    expect(r.panel!.w).toBeGreaterThan(300);
    expect(r.panel!.h).toBeGreaterThan(100);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("with a form whose controls shadow the form's members and images that shadow the document's (DOM clobbering)", async () => {
    const page = await ctx.open('host-clobbered.html');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const r = await page.evaluate(async () => {
      const L = window.LLMHelper;
      const subject = L.find('Subject', { type: 'input' })[0]!.id;
      const typed = await L.type(subject, 'Printer on fire', { submit: true });
      let turn = 0;
      const provider = {
        name: 'Scripted test provider — not an AI',
        chat: async () => ({
          text: turn++ ? 'Sent.' : '',
          toolCalls: turn > 1 ? [] : [{ id: 'c1', name: 'summary', args: {} }],
          usage: { inputTokens: 1, outputTokens: 1 },
          finishReason: turn > 1 ? ('stop' as const) : ('tool-calls' as const),
        }),
      };
      const run = await new L.Agent({ provider }).run('Check the page');
      const host = Document.prototype.querySelector.call(document, 'llm-helper-panel');
      return {
        run: run.status,
        panel: host?.shadowRoot?.querySelector('.panel')?.getBoundingClientRect().width ?? 0,
        summary: L.summary(),
        snapshot: L.snapshot(),
        form: L.describe('#ticket'),
        near: L.findNear(subject, 'Send').map((m) => m.text),
        typed: typed.ok,
        priority: L.extract(L.find('Priority', { type: 'select' })[0]!.id, 'value'),
        rows: await L.execute({ name: 'find', arguments: { pattern: 'Send' } }),
        out: Document.prototype.getElementById.call(document, 'out')!.textContent,
      };
    });
    expect(r.summary).toMatch(/Page "Clobbered"/);
    expect(r.summary).toMatch(/# New ticket/);
    expect(r.snapshot).toMatch(/textbox "Subject"/);
    expect(r.form).toMatch(/^Form "Ticket" with 2 fields: .*textbox "Subject".*combobox "Priority"/);
    expect(r.near).toContain('Send');
    expect(r.typed).toBe(true);
    expect(r.out).toBe('Sent: Printer on fire');
    expect(r.priority).toBe('High');
    expect(r.rows.ok).toBe(true);
    expect(r.run).toBe('done');
    expect(r.panel).toBeGreaterThan(300); // opened by data-panel on its script tag
    expect(errors).toEqual([]);
    await page.close();
  });

  it('beside the real Prototype.js 1.7.3, in a UI written with it: reading, typing, submitting, its context menu and an agent run over HTTP', async () => {
    const page = await ctx.open('host-prototype.html');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    mock.setScenario({
      replies: [
        call('find', { pattern: 'report.pdf' }),
        { when: { lastToolResult: 'cell "report\\.pdf"' }, ...call('rightClick', { id: '$id' }) },
        { when: { lastToolResult: 'Download' }, ...call('clickMenuItem', { path: 'Download' }) },
        { when: { lastToolResult: 'Clicked' }, ...call('done', { answer: 'Downloaded.' }) },
      ],
    });
    const r = await page.evaluate(async (baseURL) => {
      const L = window.LLMHelper;
      const near = L.findNear(L.find('report.pdf')[0]!.id, '12 KB')[0]!;
      await L.type(L.find('Username')[0]!.id, 'ann');
      const typed = await L.type(L.find('Password')[0]!.id, 'hunter2-secret');
      const submitted = await L.click(L.find('Sign in')[0]!.id);
      const provider = L.provider('anthropic', {
        apiKey: 'k',
        baseURL,
        model: 'scripted-model',
        maxRetries: 0,
      });
      const run = await new L.Agent({ provider }).run('Download report.pdf');
      return {
        version: (window as unknown as { Prototype: { Version: string } }).Prototype.Version,
        near: near.relation,
        typed: typed.message,
        submitted: submitted.message,
        status: document.getElementById('status')!.textContent,
        run: { status: run.status, answer: run.answer, error: run.error },
        log: (window as unknown as { log: string[] }).log,
      };
    }, mock.url);
    expect(r.version).toBe('1.7.3');
    expect(r.near).toMatch(/same row/);
    expect(r.typed).not.toContain('hunter2-secret');
    expect(r.status).toBe('Signed in as ann');
    expect(r.submitted).toMatch(/new text: "Signed in as ann"/);
    expect(r.run).toEqual({ status: 'done', answer: 'Downloaded.' });
    expect(r.log).toEqual(['download:report.pdf']);
    expect(mock.log.map((x) => JSON.stringify(x.body)).join()).not.toContain('hunter2-secret');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('beside zone.js (every Angular app), which replaces Promise and patches timers, events, observers and fetch: actions settle after the work zones schedule, and an agent run over each wire format', async () => {
    const page = await ctx.open('host-zone.html');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const replies = (n: number) => [
      call('find', { pattern: 'Order 100' + n }),
      { when: { lastToolResult: `Order 100${n}` }, ...call('findNear', { id: '$id', pattern: 'Download' }) },
      { when: { lastToolResult: 'Download' }, ...call('click', { id: '$id' }) },
      { when: { lastToolResult: 'Clicked' }, ...call('done', { answer: `Downloaded ${n}.` }) },
    ];
    mock.setScenario({ replies: [1, 2, 3, 4].flatMap(replies) });
    const r = await page.evaluate(async (base) => {
      const L = window.LLMHelper;
      const typed = await L.type(L.find('Customer')[0]!.id, 'Ada');
      const saved = await L.click(L.find('Save')[0]!.id);
      const runs = [];
      for (const [n, wire] of (['openai', 'anthropic', 'gemini', 'responses'] as const).entries()) {
        const provider = L.provider(wire, {
          apiKey: 'k',
          baseURL: wire === 'openai' || wire === 'responses' ? `${base}/v1` : base,
          model: 'scripted-model',
          maxRetries: 0,
        });
        const run = await new L.Agent({ provider }).run(`Download order 100${n + 1}`);
        runs.push([run.status, run.answer]);
      }
      return {
        zone: typeof (window as unknown as { Zone?: unknown }).Zone,
        typed: typed.message,
        saved: saved.message,
        runs,
        log: (window as unknown as { log: string[] }).log,
      };
    }, mock.url);
    expect(r.zone).toBe('function');
    expect(r.typed).toMatch(/\(value "Ada"\)/);
    // The page answers 50 ms later, through a zone timer and a zone promise: the click waits for it.
    expect(r.saved).toMatch(/new text: "Saved Ada"/);
    expect(r.runs).toEqual([1, 2, 3, 4].map((n) => ['done', `Downloaded ${n}.`]));
    expect(r.log).toEqual(['download:1001', 'download:1002', 'download:1003', 'download:1004']);
    expect(errors).toEqual([]);
    await page.close();
  });
});

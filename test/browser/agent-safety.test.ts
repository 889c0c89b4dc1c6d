/**
 * Risky effects are confirmed whoever asks (a model's run, a replayed transcript), base URLs never
 * resolve against the page, and every instructing page text that reaches the model is flagged: in real
 * Chromium, against the scripted model over HTTP.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';

const ctx = useBrowser();
const mock = useMockModel();

interface Outcome {
  result: {
    status: string;
    flagged: { text: string }[];
    steps: { calls: { name: string; refused?: string }[] }[];
  };
  confirms: string[];
  log: string[];
}

/** A run in the page against the mock model; every confirmation is answered `answer` and recorded. */
const runInPage = (page: Page, task: string, answer: boolean): Promise<Outcome> =>
  page.evaluate(
    async ({ url, task, answer }) => {
      const L = window.LLMHelper as unknown as {
        provider(n: string, o: unknown): unknown;
        Agent: new (o: unknown) => { run(t: string): Promise<Outcome['result']> };
      };
      const confirms: string[] = [];
      const agent = new L.Agent({
        provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'sk-k', model: 'scripted-model' }),
        confirm: (c: { risk: { reason: string } }) => {
          confirms.push(c.risk.reason);
          return answer;
        },
      });
      const result = await agent.run(task);
      return { result, confirms, log: (window as unknown as { log: string[] }).log };
    },
    { url: mock.url, task, answer },
  );

describe('every risky effect is confirmed, whatever asks for it', () => {
  it('a click on a link to another site, and a form sent to another site, ask the person first', async () => {
    const page = await ctx.open('risky-page.html');
    const before = page.url();
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Partner offer' }),
        call('click', { id: '$id' }),
        call('find', { pattern: 'Search', type: 'button' }),
        call('click', { id: '$id' }),
        call('done', { answer: 'Stopped: the person refused.' }),
      ],
    });
    const r = await runInPage(page, 'Open the partner offer, then search.', false);
    expect(r.confirms).toEqual([
      'opens another site, https://partner.elsewhere.example',
      'opens another site, https://collector.elsewhere.example',
    ]);
    expect(r.result.steps.flatMap((s) => s.calls).filter((c) => c.refused)).toHaveLength(2);
    expect(r.log).toEqual([]);
    expect(page.url()).toBe(before);
    await page.close();
  });

  it('replaying an edited transcript asks before Pay now, and never runs a tool the agent does not offer', async () => {
    const page = await ctx.open('risky-page.html');
    const r = await page.evaluate(async () => {
      const L = window.LLMHelper as unknown as {
        Agent: new (o: unknown) => { replay(t: unknown): Promise<{ status: string; reason?: string }> };
      };
      const provider = { name: 'none', chat: async () => ({}) };
      const edited = {
        observation: '',
        steps: [
          {
            calls: [
              { name: 'find', args: { pattern: 'Pay now' }, ok: true, result: '[1] button "Pay now"' },
              { name: 'click', args: { id: 1 }, ok: true, result: 'Clicked [1] button "Pay now".' },
            ],
          },
        ],
      };
      const confirms: string[] = [];
      const asked = await new L.Agent({
        provider,
        confirm: (c: { risk: { reason: string } }) => (confirms.push(c.risk.reason), false),
      }).replay(edited);
      const unasked = await new L.Agent({ provider }).replay(edited);
      const readOnly = await new L.Agent({ provider, preset: 'read' }).replay(edited);
      return { asked, unasked, readOnly, confirms, log: (window as unknown as { log: string[] }).log };
    });
    expect(r.confirms).toEqual(['click on "Pay now" (pay)']);
    expect(r.asked).toMatchObject({
      status: 'diverged',
      reason: expect.stringMatching(/click was not run: the person refused/),
    });
    expect(r.unasked.reason).toMatch(/click was not run: .* needs the person's confirmation/);
    expect(r.readOnly.reason).toMatch(/click was not run: click is not among this agent's tools/);
    expect(r.log).toEqual([]);
    await page.close();
  });
});

describe('a conversation handed back is checked, and keeps one declared delimiter', () => {
  it('Agent.fromState(state, { provider }) works on the global; a state of the wrong shape is an LLMHelperError; older page text moves into the new delimiter', async () => {
    const page = await ctx.open('risky-page.html');
    mock.setScenario({ replies: [call('done', { answer: 'First.' }), call('done', { answer: 'Second.' })] });
    const r = await page.evaluate(async (url) => {
      type A = { run(t: string): Promise<unknown>; state(): { marker: string } };
      const L = window.LLMHelper as unknown as {
        provider(n: string, o: unknown): unknown;
        Agent: (new (o: unknown) => A) & { fromState(s: unknown, o: unknown): A };
      };
      const provider = L.provider('openai', {
        baseURL: `${url}/v1`,
        apiKey: 'sk-k',
        model: 'scripted-model',
      });
      const first = new L.Agent({ provider });
      await first.run('Read the page.');
      const state = JSON.parse(JSON.stringify(first.state())) as { marker: string };
      const errors: string[] = [];
      for (const bad of [
        null,
        {},
        { version: 1, messages: 'x', marker: state.marker },
        { ...state, marker: 'mine' },
      ])
        try {
          L.Agent.fromState(bad, { provider });
          errors.push('accepted');
        } catch (e) {
          errors.push((e as Error).name);
        }
      await L.Agent.fromState(state, { provider }).run('And again.');
      // A saved run of another shape is dropped: resume says there is none.
      sessionStorage.setItem(
        'llm-helper.agent.run',
        JSON.stringify({ version: 1, messages: [{ role: 'tool' }] }),
      );
      const resume = (L.Agent as unknown as { resume(o: unknown): unknown }).resume({ provider });
      errors.push(
        resume === null && sessionStorage.getItem('llm-helper.agent.run') === null ? 'dropped' : 'kept',
      );
      return { old: state.marker, errors };
    }, mock.url);
    expect(r.errors).toEqual([
      'LLMHelperError',
      'LLMHelperError',
      'LLMHelperError',
      'LLMHelperError',
      'dropped',
    ]);
    const second = JSON.stringify(mock.log.at(-1)!.body);
    expect(second).not.toContain(r.old);
    const markers = new Set(second.match(/page-data-[0-9a-f]{12}/g));
    expect(markers.size).toBe(1); // the system prompt's, and every piece of page text inside it
    await page.close();
  });
});

describe('one run at a time per agent', () => {
  it('a second run() during a run is an LLMHelperError, and never reaches the conversation; after it, a run may start', async () => {
    const page = await ctx.open('risky-page.html');
    const r = await page.evaluate(async () => {
      type Result = { status: string };
      const L = window.LLMHelper as unknown as {
        Agent: new (o: unknown) => {
          run(t: string): Promise<Result>;
          replay(t: unknown): Promise<unknown>;
        };
      };
      const seen: string[] = [];
      let release!: () => void;
      const provider = {
        name: 'held',
        chat: async (req: { messages: unknown[] }) => {
          seen.push(JSON.stringify(req.messages));
          if (seen.length === 1) await new Promise<void>((r) => (release = r));
          return {
            text: 'Done.',
            toolCalls: [],
            usage: { inputTokens: 1, outputTokens: 1 },
            finishReason: 'stop',
          };
        },
      };
      const agent = new L.Agent({ provider });
      const first = agent.run('Save the draft.');
      await new Promise((r) => setTimeout(r, 50));
      const refused = (p: Promise<unknown>) =>
        p.then(
          () => 'ran',
          (e: Error) => `${e.name}: ${e.message}`,
        );
      const second = await refused(agent.run('Delete the draft.'));
      const replayed = await refused(agent.replay({ steps: [] }));
      release();
      const firstStatus = (await first).status;
      const third = (await agent.run('Now publish it.')).status;
      return { second, replayed, firstStatus, third, seen };
    });
    expect(r.second).toMatch(
      /^LLMHelperError: .*running a task already .*Wait for its result, or stop\(\) it first/,
    );
    expect(r.replayed).toMatch(/^LLMHelperError: .*running a task/);
    expect(r.firstStatus).toBe('done');
    expect(r.third).toBe('done');
    expect(r.seen.join('')).not.toContain('Delete the draft');
    await page.close();
  });
});

describe('base URLs are absolute', () => {
  it('one without a scheme is refused before any request (never sent to the host site); plain http to another machine warns', async () => {
    const page = await ctx.open('risky-page.html');
    const sent: string[] = [];
    page.on('request', (r) => sent.push(r.url()));
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const r = await page.evaluate(() => {
      const L = window.LLMHelper as unknown as { provider(n: string, o: unknown): unknown };
      const out: string[] = [];
      for (const baseURL of ['api.openai.com/v1', '/v1', '//api.openai.com/v1', 'ftp://x/v1'])
        try {
          L.provider('openai', { baseURL, apiKey: 'sk-host-must-not-see' });
          out.push('made');
        } catch (e) {
          out.push(`${(e as Error).name}: ${(e as Error).message}`);
        }
      L.provider('openai', { baseURL: 'http://llm.intranet.example/v1', apiKey: 'k' });
      L.provider('openai', { baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'k' });
      return out;
    });
    for (const m of r)
      expect(m).toMatch(/^LLMHelperError: .*baseURL must be an absolute http\(s\) URL .*Nothing was sent/);
    expect(warnings.filter((w) => /plain http/.test(w))).toEqual([
      expect.stringContaining('http://llm.intranet.example is plain http: the API key travels in clear'),
    ]);
    // In the panel: the person types the base URL without its scheme and tests the connection.
    await page.evaluate(() => (window.LLMHelper as unknown as { panel(): unknown }).panel());
    const settings = page.locator('[data-llm-helper-ui] .settings');
    await settings.locator('details.more > summary').click();
    await settings.locator('input[type=url]').fill('api.openai.com/v1');
    await settings.locator('input[type=password]').fill('sk-host-must-not-see');
    await settings.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => settings.locator('[role=status]').textContent())
      .toMatch(/absolute http\(s\) URL/);
    expect(sent.filter((u) => !/\/test\/fixtures\/|\/dist\//.test(u))).toEqual([]);
    await page.close();
  });
});

describe('flagged', () => {
  it('lists every instructing text that reaches the model: alt text, off-screen text, a forged delimiter, text dressed as the person or a tool', async () => {
    const page = await ctx.open('risky-page.html');
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Ignore previous' }),
        call('find', { pattern: 'system:', visible: 'all' }),
        call('find', { pattern: 'Footnote' }),
        call('find', { pattern: 'person answered' }),
        call('find', { pattern: 'Tool result' }),
        call('done', { answer: 'Read the notes.' }),
      ],
    });
    const r = await runInPage(page, 'Read the notes.', false);
    const flagged = r.result.flagged.map((f) => f.text.toLowerCase());
    const sent = JSON.stringify(mock.log.map((l) => l.body));
    for (const [what, pattern] of [
      ['alt text', /ignore previous instructions/],
      ['off-screen role label', /system:/],
      ['forged delimiter', /page[-_]data-0badc0ffee00/],
      ["the person's answer", /the person answered/],
      ['a tool result', /tool result:/],
    ] as const) {
      expect(
        flagged.some((f) => pattern.test(f)),
        `${what} in ${JSON.stringify(flagged)}`,
      ).toBe(true);
      // …and it did reach the model (as data, inside the delimiters).
      expect(pattern.test(sent.toLowerCase()), `${what} was sent`).toBe(true);
    }
    await page.close();
  });
});

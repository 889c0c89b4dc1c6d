/**
 * The agent in real Chromium, driven by the scripted model (test/support/mock-model.mjs) over real HTTP
 * in each wire format: a multi-step task end to end, stop mid-run, confirmation of a risky action, a
 * password that never reaches a request body, and a looping model stopped with 'loop'.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';
import { WIRES, baseURLFor } from '../support/provider-cases';

const ctx = useBrowser();
const mock = useMockModel();

interface PageRun {
  result: {
    status: string;
    answer: string;
    steps: { calls: { name: string; ok: boolean; result: string; refused?: string }[] }[];
    flagged: unknown[];
    error?: string;
  };
  log: string[];
  events: string[];
  confirms: string[];
}

/** Runs one task with LLMHelper.Agent in the page; `confirm` answers every confirmation, `stopAfter` stops after that many steps. */
async function runInPage(
  page: Awaited<ReturnType<typeof ctx.open>>,
  wire: string,
  task: string,
  more: { confirm?: boolean; stopAfterSteps?: number; baseURL?: string } = {},
): Promise<PageRun> {
  return page.evaluate(
    async ({ wire, baseURL, task, more }) => {
      const L = window.LLMHelper as unknown as {
        provider(n: string, o: unknown): unknown;
        Agent: new (o: unknown) => {
          on(e: string, f: (x: unknown) => void): void;
          run(t: string): Promise<PageRun['result']>;
          stop(): void;
        };
      };
      const events: string[] = [];
      const confirms: string[] = [];
      const agent = new L.Agent({
        provider: L.provider(wire, {
          apiKey: 'sk-agent-test',
          baseURL,
          model: 'scripted-model',
          maxRetries: 0,
        }),
        ...(more.confirm === undefined
          ? {}
          : {
              confirm: (call: { risk: { reason: string } }) => {
                confirms.push(call.risk.reason);
                return more.confirm;
              },
            }),
      });
      let steps = 0;
      for (const e of ['start', 'step', 'tool:call', 'tool:result', 'confirm', 'done'])
        agent.on(e, () => {
          events.push(e);
          if (e === 'step' && ++steps === more.stopAfterSteps) agent.stop();
        });
      const result = await agent.run(task);
      return { result, log: (window as unknown as { log: string[] }).log, events, confirms };
    },
    { wire, baseURL: more.baseURL ?? baseURLFor(mock.url, wire), task, more },
  );
}

/** Every request body the mock logged, as text. */
const bodies = () => mock.log.map((r) => JSON.stringify(r.body));

/** Starts "Open the settings page." on agent-nav-1, which navigates; the result agent-nav-2's resume gives. */
async function acrossPages(page: Awaited<ReturnType<typeof ctx.open>>): Promise<PageRun['result']> {
  await page.evaluate((url) => {
    sessionStorage.setItem('mockURL', url);
    const L = window.LLMHelper as unknown as {
      provider(n: string, o: unknown): unknown;
      Agent: new (o: unknown) => { run(t: string): Promise<unknown> };
    };
    void new L.Agent({
      provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' }),
    }).run('Open the settings page.');
  }, mock.url);
  await page.waitForURL(/agent-nav-2\.html/);
  await page.waitForFunction(() => (window as unknown as { finalResult?: unknown }).finalResult, null, {
    timeout: 15_000,
  });
  return page.evaluate(() => (window as unknown as { finalResult: PageRun['result'] }).finalResult);
}

/** Fills the tab's storage to within a few hundred characters of its quota. */
async function fillStorage(page: Awaited<ReturnType<typeof ctx.open>>): Promise<void> {
  await page.evaluate(() => {
    let lo = 0;
    let hi = 20_000_000;
    while (hi - lo > 64) {
      const mid = (lo + hi) >> 1;
      try {
        sessionStorage.setItem('filler', 'x'.repeat(mid));
        lo = mid;
      } catch {
        hi = mid;
      }
    }
    sessionStorage.setItem('filler', 'x'.repeat(Math.max(0, lo - 300)));
  });
}

describe('the agent in the page', () => {
  for (const wire of WIRES)
    it(`${wire}: find → findNear → rightClick → clickMenuItem → done leaves the page in the expected state`, async () => {
      const page = await ctx.open('agent-app.html');
      mock.setScenario({
        replies: [
          call('find', { pattern: 'report.pdf' }),
          // "$id": the first element ID in the last tool result (the scripted model reads it back).
          {
            when: { lastToolResult: 'cell "report\\.pdf"' },
            ...call('findNear', { id: '$id', pattern: '12 KB' }),
          },
          { when: { lastToolResult: 'cell "12 KB" — same row' }, ...call('find', { pattern: 'report.pdf' }) },
          { when: { lastToolResult: 'cell "report\\.pdf"' }, ...call('rightClick', { id: '$id' }) },
          { when: { lastToolResult: 'Export' }, ...call('clickMenuItem', { path: 'Export > CSV' }) },
          { when: { lastToolResult: 'Clicked' }, ...call('done', { answer: 'Exported report.pdf as CSV.' }) },
        ],
      });
      const r = await runInPage(page, wire, 'Export report.pdf as CSV.');
      expect(r.result.status, JSON.stringify(r.result)).toBe('done');
      expect(r.result.answer).toBe('Exported report.pdf as CSV.');
      expect(r.log).toEqual(['export-csv:report.pdf']);
      expect(r.result.steps.map((s) => s.calls.map((c) => c.name).join())).toEqual([
        'find',
        'findNear',
        'find',
        'rightClick',
        'clickMenuItem',
        'done',
      ]);
      expect(mock.log).toHaveLength(6);
      expect(r.events[0]).toBe('start');
      expect(r.events.at(-1)).toBe('done');
      expect(bodies()[0]).toMatch(/page-data-[0-9a-f]{12}/); // page text travels inside the run's delimiters
      await page.close();
    });

  for (const wire of WIRES)
    it(`${wire}: prompt caching: the run's cached input tokens, as the API reports them, are summed in its usage`, async () => {
      const page = await ctx.open('agent-app.html');
      mock.setScenario({
        replies: [
          call('find', { pattern: 'report.pdf' }),
          call('find', { pattern: '12 KB' }),
          call('done', { answer: 'Found it.' }),
        ],
      });
      const r = await runInPage(page, wire, 'Find report.pdf.');
      const { usage, steps } = r.result as unknown as {
        usage: { inputTokens: number; cachedInputTokens?: number };
        steps: { usage: { cachedInputTokens?: number } }[];
      };
      // The mock server counts as cached what repeats an earlier request's start (1,024 tokens or more;
      // for Anthropic only where cache_control asks): the tools, the system prompt, the turns so far.
      // The first request shares the tools and the system prompt with earlier runs' (the same for every
      // run); each later one, the conversation so far too.
      const perStep = steps.map((s) => s.usage.cachedInputTokens ?? 0);
      expect(perStep[1]).toBeGreaterThan(Math.max(1024, perStep[0]!));
      expect(perStep[2]).toBeGreaterThan(perStep[1]!);
      expect(usage.cachedInputTokens).toBe(perStep.reduce((a, b) => a + b, 0));
      expect(usage.cachedInputTokens!).toBeLessThan(usage.inputTokens);
      // And the requests carry what the API needs to cache.
      if (wire === 'anthropic') expect(bodies()[1]).toMatch(/"cache_control":\{"type":"ephemeral"\}/);
      await page.close();
    });

  const requires = {
    openai: 'DeepSeek and Kimi require',
    anthropic: 'Claude requires',
    responses: "OpenAI's reasoning models need (reasoning items, by ID)",
  };
  for (const wire of ['openai', 'anthropic', 'responses'] as const)
    it(`${wire}: a thinking model's reasoning goes back with its calls, unchanged, as ${requires[wire]}`, async () => {
      const page = await ctx.open('agent-app.html');
      const thinking = (why: string, reply: ReturnType<typeof call>) => ({ ...reply, reasoning: why });
      const why = [
        'The file list should have report.pdf; find it first.',
        'Its context menu has Export.',
        'CSV is under Export.',
      ];
      mock.setScenario({
        replies: [
          thinking(why[0]!, call('find', { pattern: 'report.pdf' })),
          {
            when: { lastToolResult: 'cell "report\\.pdf"' },
            ...thinking(why[1]!, call('rightClick', { id: '$id' })),
          },
          {
            when: { lastToolResult: 'Export' },
            ...thinking(why[2]!, call('clickMenuItem', { path: 'Export > CSV' })),
          },
          { when: { lastToolResult: 'Clicked' }, ...call('done', { answer: 'Exported.' }) },
        ],
      });
      const r = await runInPage(page, wire, 'Export report.pdf as CSV.');
      expect(r.result.status, JSON.stringify(r.result)).toBe('done');
      expect(r.log).toEqual(['export-csv:report.pdf']);
      // The mock refuses, as DeepSeek and Anthropic do, a call made while thinking that comes back
      // without its reasoning (Anthropic: its signed thinking block first, the signature unchanged).
      // OpenAI Responses takes calls without their reasoning, but the model then reasons afresh each
      // step: each reasoning item goes back by its ID, before the call it led to, which carries its own.
      if (wire === 'responses') {
        const input = (mock.log.at(-1)!.body as { input: { type?: string; id?: string }[] }).input;
        const items = input.filter((i) => i.type === 'reasoning' || i.type === 'function_call');
        expect(items.map((i) => `${i.type} ${i.id?.slice(0, 3)}`)).toEqual(
          why.flatMap(() => ['reasoning rs_', 'function_call fc_']),
        );
        await page.close();
        return;
      }
      const assistant = (
        mock.log.at(-1)!.body as {
          messages: { role: string; reasoning_content?: string; content?: unknown }[];
        }
      ).messages.filter((m) => m.role === 'assistant');
      if (wire === 'openai') expect(assistant.map((m) => m.reasoning_content)).toEqual(why);
      else
        expect(assistant.map((m) => (m.content as { type: string; thinking?: string }[])[0])).toEqual(
          why.map((thinking) => expect.objectContaining({ type: 'thinking', thinking })),
        );
      await page.close();
    });

  it("what the API signed goes back unchanged even where it happens to hold a secret field's value", async () => {
    const page = await ctx.open('agent-app.html');
    const why = 'The file list should have report.pdf; find it first.';
    // The mock signs a thinking block as base64 of its text: a password that is a piece of that base64
    // would be redacted out of the signature by the scrubbing that every request body gets.
    const signature = Buffer.from(`scripted signature: ${why}`).toString('base64');
    const secret = signature.slice(12, 22);
    await page.evaluate((v) => {
      (document.querySelector('input[type=password]') as HTMLInputElement).value = v;
    }, secret);
    mock.setScenario({
      replies: [
        { ...call('find', { pattern: 'report.pdf' }), reasoning: why },
        { when: { lastToolResult: 'report' }, ...call('done', { answer: 'Found it.' }) },
      ],
    });
    const r = await runInPage(page, 'anthropic', 'Find report.pdf.');
    expect(r.result.status, JSON.stringify(r.result)).toBe('done');
    expect(JSON.stringify(mock.log.at(-1)!.body)).toContain(signature);
    await page.close();
  });

  it('stop() mid-run: no half-done action and no later request', async () => {
    const page = await ctx.open('agent-app.html');
    mock.setScenario({
      replies: [
        call('find', { pattern: 'report.pdf' }),
        call('rightClick', { id: '$id' }),
        call('clickMenuItem', { path: 'Delete' }),
      ],
    });
    const r = await runInPage(page, 'openai', 'Delete report.pdf.', { stopAfterSteps: 1 });
    expect(r.result.status).toBe('stopped');
    expect(mock.log).toHaveLength(1);
    expect(r.log).toEqual([]);
    await page.close();
  });

  it('a risky action asks confirm; a refusal reaches the model and nothing is deleted', async () => {
    const page = await ctx.open('agent-app.html');
    mock.setScenario({
      replies: [
        call('find', { pattern: 'report.pdf' }),
        call('rightClick', { id: '$id' }),
        call('clickMenuItem', { path: 'Delete' }),
        {
          when: { lastToolResult: 'refused' },
          ...call('done', { answer: 'The person did not want it deleted.' }),
        },
      ],
    });
    const r = await runInPage(page, 'anthropic', 'Delete report.pdf.', { confirm: false });
    expect(r.confirms).toHaveLength(1);
    expect(r.confirms[0]).toMatch(/Delete/);
    expect(r.log).toEqual([]);
    expect(r.result.status).toBe('done');
    expect(bodies().at(-1)).toMatch(/the person refused/);
    await page.close();
  });

  it('without confirm, risky calls are refused and the model is told why', async () => {
    const page = await ctx.open('agent-app.html');
    mock.setScenario({
      replies: [
        call('find', { pattern: 'report.pdf' }),
        call('rightClick', { id: '$id' }),
        call('clickMenuItem', { path: 'Delete' }),
        call('done', { answer: 'Could not.' }),
      ],
    });
    const r = await runInPage(page, 'gemini', 'Delete report.pdf.');
    expect(r.log).toEqual([]);
    expect(r.result.steps[2]!.calls[0]!.refused).toMatch(/needs the person's confirmation/);
    await page.close();
  });

  it('a password typed during the task is in no request body', async () => {
    const page = await ctx.open('agent-app.html');
    const secret = 'hunter2-Very-Secret';
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Password' }),
        { when: { lastToolResult: 'password' }, ...call('type', { id: '$id', text: secret }) },
        call('find', { pattern: 'Username' }),
        call('done', { answer: 'Typed it.' }),
      ],
    });
    const r = await runInPage(page, 'responses', 'Fill in the password.');
    expect(r.result.status, JSON.stringify(r.result)).toBe('done');
    expect(
      await page.evaluate(() => (document.querySelector('input[type=password]') as HTMLInputElement).value),
    ).toBe(secret);
    expect(mock.log.length).toBe(4);
    for (const body of bodies()) expect(body).not.toContain(secret);
    await page.close();
  });

  it('page text that tries to instruct the model is passed on as data, inside the delimiters, and flagged', async () => {
    const page = await ctx.open('agent-app.html');
    mock.setScenario({
      replies: [call('find', { pattern: 'Note left' }), call('done', { answer: 'Read it.' })],
    });
    const r = await runInPage(page, 'openai', 'What does the note say?');
    expect(JSON.stringify(r.result.flagged)).toMatch(/ignore previous instructions/i);
    expect(bodies()[1]).toMatch(/<page-data-[0-9a-f]{12}>\\n[^<]*ignore previous instructions/);
    expect(r.log).toEqual([]);
    await page.close();
  });

  it('a looping model is nudged, then stopped with loop', async () => {
    const page = await ctx.open('agent-app.html');
    mock.setScenario({
      replies: Array.from({ length: 8 }, () => call('find', { pattern: 'Quarterly budget' })),
    });
    const r = await runInPage(page, 'openai', 'Open the quarterly budget.');
    expect(r.result.status).toBe('loop');
    expect(mock.log).toHaveLength(5);
    expect(bodies()[3]).toMatch(/You have repeated find/);
    await page.close();
  });

  it('a run survives a full same-origin navigation: saved on pagehide, continued on the next page', async () => {
    const page = await ctx.open('agent-nav-1.html');
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Go to settings' }),
        call('click', { id: '$id' }),
        // The click's result says the page is going to nav-2 (or, if the page went first, that it was lost).
        {
          when: { lastToolResult: 'agent-nav-2|page navigated' },
          ...call('find', { pattern: 'Display name' }),
        },
        { when: { lastToolResult: 'Display name' }, ...call('done', { answer: 'On the settings page.' }) },
      ],
    });
    const result = await acrossPages(page);
    expect(result.status).toBe('done');
    expect(result.answer).toBe('On the settings page.');
    expect(mock.log).toHaveLength(4);
    expect(bodies()[2]).toMatch(/A new page loaded: http:[^ ]*agent-nav-2\.html/);
    expect(await page.evaluate(() => sessionStorage.getItem('llm-helper.agent.run'))).toBeNull();
    // The result is the whole run's, both pages: every step, the usage of every request, and the first
    // page's observation (where a replay starts); it used to hold only the last page's step.
    expect(result.steps.map((s) => s.calls.map((c) => c.name).join())).toEqual([
      'find',
      'click',
      'find',
      'done',
    ]);
    const { usage, observation } = result as unknown as {
      usage: { inputTokens: number };
      observation: string;
    };
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(observation).toMatch(/Go to settings/);
    // The step that began on the second page records what it was shown there.
    expect((result.steps[2] as { observation?: string }).observation).toMatch(/Display name/);

    // And it replays: from the first page, across the page load (the replay goes on there), with no model.
    mock.log.length = 0;
    await page.goto(`${ctx.server.url}/test/fixtures/agent-nav-1.html`);
    await page.evaluate((transcript) => {
      const L = window.LLMHelper as unknown as {
        provider(n: string, o: unknown): unknown;
        Agent: new (o: unknown) => { replay(t: unknown): Promise<unknown> };
      };
      const provider = L.provider('openai', {
        baseURL: `${sessionStorage.getItem('mockURL')}/v1`,
        apiKey: 'k',
        model: 'scripted-model',
      });
      void new L.Agent({ provider }).replay(transcript);
    }, result);
    await page.waitForURL(/agent-nav-2\.html/);
    await page.waitForFunction(() => (window as unknown as { replayResult?: unknown }).replayResult);
    expect(await page.evaluate(() => (window as unknown as { replayResult: unknown }).replayResult)).toEqual({
      status: 'done',
      calls: 4,
    });
    expect(mock.log).toHaveLength(0);
    expect(await page.evaluate(() => sessionStorage.getItem('llm-helper.agent.replay'))).toBeNull();
    await page.evaluate(() => sessionStorage.clear());
    await page.close();
  });

  it("a run the tab's storage cannot hold ends on the next page saying so, instead of vanishing", async () => {
    const page = await ctx.open('agent-nav-1.html');
    mock.setScenario({
      replies: [call('find', { pattern: 'Go to settings' }), call('click', { id: '$id' })],
    });
    await fillStorage(page);
    const result = await acrossPages(page);
    expect(result.status).toBe('error');
    expect(result.error).toMatch(
      /The run "Open the settings page\." could not be carried to this page: the tab's storage \(sessionStorage\) was full/,
    );
    expect(mock.log).toHaveLength(2); // nothing was sent from the second page
    await page.evaluate(() => sessionStorage.clear());
    await page.close();
  });

  it("a replay the tab's storage cannot carry across a page load ends on the next page saying so", async () => {
    const page = await ctx.open('agent-nav-1.html');
    await page.evaluate((url) => sessionStorage.setItem('mockURL', url), mock.url);
    await fillStorage(page);
    await page.evaluate(() => {
      const L = window.LLMHelper as unknown as {
        summary(): string;
        find(p: string): { id: number }[];
        provider(n: string, o: unknown): unknown;
        Agent: new (o: unknown) => { replay(t: unknown): Promise<unknown> };
      };
      const observation = L.summary();
      const id = L.find('Go to settings')[0]!.id;
      const provider = L.provider('openai', {
        baseURL: `${sessionStorage.getItem('mockURL')}/v1`,
        apiKey: 'k',
        model: 'scripted-model',
      });
      void new L.Agent({ provider }).replay({
        observation,
        steps: [
          { calls: [{ name: 'click', args: { id }, ok: true, result: 'Clicked link "Go to settings".' }] },
          { calls: [{ name: 'done', args: { answer: 'There.' }, ok: true, result: 'Done.' }] },
        ],
      });
    });
    await page.waitForURL(/agent-nav-2\.html/);
    await page.waitForFunction(() => (window as unknown as { replayResult?: unknown }).replayResult);
    expect(await page.evaluate(() => (window as unknown as { replayResult: unknown }).replayResult)).toEqual({
      status: 'diverged',
      calls: 0,
      reason: expect.stringMatching(
        /could not be carried to this page: the tab's storage \(sessionStorage\) was full/,
      ),
    });
    await page.evaluate(() => sessionStorage.clear());
    await page.close();
  });

  it('replays a recorded run on a fresh page with zero model calls; a changed page stops it at the right step', async () => {
    const page = await ctx.open('agent-app.html');
    mock.setScenario({
      replies: [
        call('find', { pattern: 'report.pdf' }),
        call('rightClick', { id: '$id' }),
        call('clickMenuItem', { path: 'Export > CSV' }),
        call('done', { answer: 'Exported.' }),
      ],
    });
    const recorded = await page.evaluate(async (url) => {
      const L = window.LLMHelper as unknown as {
        provider(n: string, o: unknown): unknown;
        Agent: new (o: unknown) => { run(t: string): Promise<unknown> };
      };
      return new L.Agent({
        provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' }),
      }).run('Export report.pdf as CSV.');
    }, mock.url);
    expect((recorded as { status: string }).status).toBe('done');
    await page.close();

    const replayOn = async (change?: () => void) => {
      const fresh = await ctx.open('agent-app.html');
      if (change) await fresh.evaluate(change);
      mock.log.length = 0;
      const out = await fresh.evaluate(async (transcript) => {
        const L = window.LLMHelper as unknown as {
          provider(n: string, o: unknown): unknown;
          Agent: new (o: unknown) => {
            replay(t: unknown): Promise<{ status: string; step?: number; reason?: string }>;
          };
        };
        // A fresh page hands out IDs of its own; a find first shifts them, so mapping is really needed.
        window.LLMHelper.find('Files');
        const agent = new L.Agent({
          provider: L.provider('openai', { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'none' }),
        });
        return { replay: await agent.replay(transcript), log: (window as unknown as { log: string[] }).log };
      }, recorded);
      await fresh.close();
      return out;
    };
    const same = await replayOn();
    expect(same.replay).toMatchObject({ status: 'done' });
    expect(same.log).toEqual(['export-csv:report.pdf']);
    expect(mock.log).toHaveLength(0); // no model calls
    const changed = await replayOn(() => {
      document.querySelector('tr[data-file="report.pdf"] td')!.textContent = 'annual.pdf';
    });
    expect(changed.replay).toMatchObject({ status: 'diverged', step: 1 });
    expect(changed.replay.reason).toMatch(/find found nothing where the recording found cell "report\.pdf"/);
    expect(changed.log).toEqual([]);
  });
});

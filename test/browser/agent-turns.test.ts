/**
 * The agent's turns with the person, in real Chromium against the scripted model over real HTTP:
 * pause / take over / continue, questions through ask_user (answered, or ending the run with
 * needs_input), follow-up tasks in the same conversation and reset(), and the read-only 'ask' mode.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';
import { baseURLFor } from '../support/provider-cases';

const ctx = useBrowser();
const mock = useMockModel();

const bodies = () => mock.log.map((r) => JSON.stringify(r.body));
/** The tool names offered in an OpenAI Chat Completions request. */
const toolNames = (i: number) =>
  ((mock.log[i]!.body as { tools?: { function: { name: string } }[] }).tools ?? []).map(
    (t) => t.function.name,
  );

interface Result {
  status: string;
  answer: string;
  steps: { calls: { name: string; result: string }[] }[];
}

/** Sets up window.agent in the page (OpenAI wire), with an `ask` callback that answers `answer` if given. */
async function agentIn(page: Awaited<ReturnType<typeof ctx.open>>, answer?: string): Promise<void> {
  await page.evaluate(
    ({ baseURL, answer }) => {
      const L = window.LLMHelper as unknown as {
        provider(n: string, o: unknown): unknown;
        Agent: new (o: unknown) => unknown;
      };
      const w = window as unknown as { agent: unknown; asked: string[] };
      w.asked = [];
      w.agent = new L.Agent({
        provider: L.provider('openai', { apiKey: 'sk-test', baseURL, model: 'scripted', maxRetries: 0 }),
        ...(answer === undefined
          ? {}
          : {
              ask: (q: string) => {
                w.asked.push(q);
                return Promise.resolve(answer);
              },
            }),
      });
    },
    { baseURL: baseURLFor(mock.url, 'openai'), answer },
  );
}

type InPageAgent = {
  run(t: string, o?: unknown): Promise<Result>;
  pause(): void;
  continue(note?: string): void;
  reset(): void;
  paused: boolean;
  once(e: string, f: () => void): void;
};
const run = (page: Awaited<ReturnType<typeof ctx.open>>, task: string, mode?: 'ask') =>
  page.evaluate(
    ({ task, mode }) =>
      (window as unknown as { agent: InPageAgent }).agent.run(task, mode ? { mode } : undefined),
    { task, mode },
  );

describe('the agent and the person', () => {
  it('pause() drops the request in flight; the person changes the page; continue() re-asks with a fresh observation', async () => {
    const page = await ctx.open('agent-app.html');
    await agentIn(page);
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Quarterly budget' }),
        { when: { lastToolResult: 'Quarterly' }, ...call('done', { answer: 'Found it.' }) },
      ],
    });
    mock.fault('hang'); // the first request never answers: it is in flight when the person pauses
    const result = page.evaluate(() => {
      const a = (window as unknown as { agent: InPageAgent }).agent;
      const events: string[] = [];
      a.once('paused', () => events.push('paused'));
      a.once('continued', () => events.push('continued'));
      return a.run('Find the quarterly budget.').then((r) => ({ r, events }));
    });
    await expect.poll(() => mock.log.length).toBe(1);
    await page.evaluate(() => (window as unknown as { agent: InPageAgent }).agent.pause());
    await page.waitForTimeout(300);
    expect(mock.log).toHaveLength(1); // nothing leaves while paused
    // The person acts on the page meanwhile.
    await page.evaluate(() => {
      const p = document.createElement('h2');
      p.textContent = 'Added by hand';
      document.body.prepend(p);
    });
    await page.evaluate(() =>
      (window as unknown as { agent: InPageAgent }).agent.continue('I added a heading.'),
    );
    const { r, events } = await result;
    expect(r.status).toBe('done');
    expect(events).toEqual(['paused', 'continued']);
    expect(r.steps.map((s) => s.calls.map((c) => c.name).join())).toEqual(['find', 'done']);
    expect(mock.log).toHaveLength(3); // the dropped request, the re-ask, the step after find
    expect(bodies()[1]).toMatch(/paused you and changed the page/);
    expect(bodies()[1]).toMatch(/Added by hand/); // the fresh observation
    expect(bodies()[1]).toMatch(/The person says: I added a heading\./);
    await page.close();
  });

  it('pause() while an action runs lets it finish, then holds; stop() while paused ends the run', async () => {
    const page = await ctx.open('agent-app.html');
    await agentIn(page);
    mock.setScenario({
      replies: [call('waitFor', { pattern: 'never appears here', timeout: 1500 }), call('done', {})],
    });
    const result = page.evaluate(() => {
      const a = (window as unknown as { agent: InPageAgent }).agent;
      return a.run('Wait for it.');
    });
    await expect.poll(() => mock.log.length).toBe(1);
    await page.waitForTimeout(400); // waitFor is running
    await page.evaluate(() => (window as unknown as { agent: InPageAgent }).agent.pause());
    await page.waitForTimeout(1800);
    expect(await page.evaluate(() => (window as unknown as { agent: InPageAgent }).agent.paused)).toBe(true);
    expect(mock.log).toHaveLength(1);
    await page.evaluate(() => (window as unknown as { agent: { stop(): void } }).agent.stop());
    const r = await result;
    expect(r.status).toBe('stopped');
    expect(r.steps[0]!.calls[0]!.result).toMatch(/timed out|not/i); // the action finished, not cut
    expect(mock.log).toHaveLength(1);
    await page.close();
  });

  it("ask_user: the ask callback's answer reaches the model", async () => {
    const page = await ctx.open('agent-app.html');
    await agentIn(page, '2024, please');
    mock.setScenario({
      replies: [
        call('ask_user', { question: 'Which year?' }),
        { when: { lastToolResult: '2024, please' }, ...call('done', { answer: 'Using 2024.' }) },
      ],
    });
    const r = await run(page, 'Export the report.');
    expect(r).toMatchObject({ status: 'done', answer: 'Using 2024.' });
    expect(await page.evaluate(() => (window as unknown as { asked: string[] }).asked)).toEqual([
      'Which year?',
    ]);
    await page.close();
  });

  it('ask_user without an ask callback ends the run with needs_input and the question, sending nothing more', async () => {
    const page = await ctx.open('agent-app.html');
    await agentIn(page);
    mock.setScenario({ replies: [call('ask_user', { question: 'Which year?' }), call('done', {})] });
    const r = await run(page, 'Export the report.');
    expect(r).toMatchObject({ status: 'needs_input', answer: 'Which year?' });
    expect(toolNames(0)).toContain('ask_user');
    expect(mock.log).toHaveLength(1);
    await page.close();
  });

  it('a follow-up task continues the same conversation; reset() starts fresh', async () => {
    const page = await ctx.open('agent-app.html');
    await agentIn(page);
    mock.setScenario({
      replies: [
        call('done', { answer: 'First.' }),
        call('done', { answer: 'Second.' }),
        call('done', { answer: 'Third.' }),
      ],
    });
    expect((await run(page, 'First task: find the budget.')).answer).toBe('First.');
    expect((await run(page, 'Second task: and the report?')).answer).toBe('Second.');
    expect(bodies()[1]).toMatch(/First task: find the budget[\s\S]*Second task/);
    await page.evaluate(() => (window as unknown as { agent: InPageAgent }).agent.reset());
    expect((await run(page, 'Third task.')).answer).toBe('Third.');
    expect(bodies()[2]).not.toMatch(/First task|Second task/);
    await page.close();
  });

  it("mode 'ask' answers from the page with read-only tools and changes nothing", async () => {
    const page = await ctx.open('agent-app.html');
    await agentIn(page);
    mock.setScenario({ replies: [{ text: 'There are three files.' }] });
    const before = await page.evaluate(() => document.body.innerHTML);
    const r = await run(page, 'How many files are listed?', 'ask');
    expect(r).toMatchObject({ status: 'done', answer: 'There are three files.' });
    const tools = toolNames(0);
    expect(tools).toEqual(expect.arrayContaining(['find', 'describe']));
    for (const write of ['click', 'type', 'select', 'rightClick', 'navigate', 'runJS'])
      expect(tools).not.toContain(write);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
    await page.close();
  });
});

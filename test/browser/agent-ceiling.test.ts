/**
 * A conversation has a ceiling: a 120-call run against the scripted model over real HTTP keeps every
 * request under the agent's history budget (older turns folded into a one-line-each record), and the run
 * still does every step right on a 2,000-row table drawn again every second.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';

const ctx = useBrowser();
const mock = useMockModel();

/** The conversation part of a Chat Completions body (without the system prompt), in estimated tokens as the agent counts them. */
const conversationTokens = (body: { messages: { role: string }[] }) =>
  Math.ceil(JSON.stringify(body.messages.filter((m) => m.role !== 'system')).length / 4);

describe('the conversation ceiling', () => {
  it('a 120-call run stays within it, and every click lands on the right row', async () => {
    // 60 rows: the conversation passes its ceiling within the first twenty calls, and folds again and again.
    const rows = Array.from({ length: 60 }, (_, i) => 1 + ((i * 37) % 2000));
    mock.setScenario({
      replies: [
        ...rows.flatMap((row) => [
          { toolCalls: [{ name: 'find', args: { pattern: `^Mark order ${row}$` } }] },
          { toolCalls: [{ name: 'click', args: { id: '$id' } }] },
        ]),
        { toolCalls: [{ name: 'done', args: { answer: 'Marked them all.' } }] },
      ],
    });
    const page = await ctx.open('long-run.html');
    const r = await page.evaluate(async (url) => {
      const L = window.LLMHelper;
      const provider = L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' });
      const result = await new L.Agent({ provider, maxSteps: 400 }).run('Mark the orders I listed');
      return {
        status: result.status,
        calls: result.steps.flatMap((s) => s.calls.map((c) => c.ok)),
        failed: result.steps.flatMap((s) => s.calls.filter((c) => !c.ok).map((c) => c.result)),
        marked: (window as unknown as { markedRows(): number[] }).markedRows(),
      };
    }, mock.url);
    expect(r.status).toBe('done');
    expect(r.calls).toHaveLength(121);
    expect(r.calls.every(Boolean), JSON.stringify(r.failed)).toBe(true);
    expect(r.marked).toEqual([...new Set(rows)].sort((a, b) => a - b));
    const sizes = mock.log.map((x) => conversationTokens(x.body as { messages: { role: string }[] }));
    const bytes = mock.log.map((x) => JSON.stringify(x.body).length);
    console.log(
      `request bodies: 1st ${bytes[0]} B, 10th ${bytes[9]} B, largest ${Math.max(...bytes)} B, last ${bytes.at(-1)} B; conversation at most ${Math.max(...sizes)} estimated tokens`,
    );
    expect(sizes).toHaveLength(121);
    // The default ceiling (3,000), with room for the turn that is added after a fold; and the run's second
    // half no larger than its first (a conversation that grew would be twice as large by then). Not
    // against the tenth request, whose size moves with the table's redraws (10,311 to 10,981 B).
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3000 + 500);
    expect(Math.max(...bytes.slice(60))).toBeLessThanOrEqual(1.25 * Math.max(...bytes.slice(0, 60)));
    await page.close();
  }, 180_000);

  it('the panel: 50 follow-up tasks carry the folded record, and its transcript keeps the last ten', async () => {
    mock.setScenario({
      replies: Array.from({ length: 50 }, (_, i) => [
        { toolCalls: [{ name: 'find', args: { pattern: `^Mark order ${i + 1}$` } }] },
        { toolCalls: [{ name: 'done', args: { answer: `Task ${i + 1} answered.` } }] },
      ]).flat(),
    });
    const page = await ctx.open('long-run.html');
    await page.evaluate((url) => {
      const L = window.LLMHelper;
      L.panel({
        provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' }),
      });
    }, mock.url);
    const panel = page.locator('[data-llm-helper-ui]');
    for (let i = 1; i <= 50; i++) {
      await panel.locator('textarea').fill(`Task ${i}: find order ${i}`);
      await panel.locator('textarea').press('Enter');
      await panel.locator('.answer', { hasText: `Task ${i} answered.` }).waitFor();
    }
    const sizes = mock.log.map((x) => conversationTokens(x.body as { messages: { role: string }[] }));
    const messages = mock.log.map((x) => (x.body as { messages: unknown[] }).messages.length);
    console.log(
      `panel: 100 requests, conversation at most ${Math.max(...sizes)} estimated tokens, task 50's first request ${messages[98]} messages`,
    );
    expect(sizes).toHaveLength(100);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3000 + 500);
    expect(messages[98]).toBeLessThan(40);
    // The last task's request still names it, and the record says what the first tasks were.
    const last = JSON.stringify(mock.log[98]!.body);
    expect(last).toContain('Task 50: find order 50');
    expect(await panel.locator('.msg.user').count()).toBe(10);
    expect(await panel.locator('.msg.folded').textContent()).toBe(
      '40 earlier tasks folded away (⟲ clears all).',
    );
    await page.close();
  }, 300_000);
});

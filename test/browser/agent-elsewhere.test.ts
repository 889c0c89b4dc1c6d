/**
 * The agent follows where a click led (#64): a report that opened in a new tab is read by navigating
 * there (the run goes on across the load), with one click; a download the run started is named in its
 * result, and in the panel.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';

const ctx = useBrowser();
const mock = useMockModel();

interface Run {
  status: string;
  answer: string;
  steps: { calls: { name: string; ok: boolean; result: string }[] }[];
  downloads?: { file: string; url: string; step: number }[];
}

describe('the agent, where a click leads elsewhere', () => {
  it('reads a report that opened in a new tab by going there in this tab, clicking once', async () => {
    mock.setScenario({
      replies: [
        call('find', { pattern: 'quarterly report' }),
        call('click', { id: '$id' }),
        {
          when: { lastToolResult: 'opened a new tab at' },
          ...call('navigate', { url: '$match:opened a new tab at (\\S+) ' }),
        },
        call('find', { pattern: 'Total invoiced' }),
        call('done', { answer: 'This quarter: €48,210.' }),
      ],
    });
    const page = await ctx.open('elsewhere.html');
    await page.evaluate((url) => {
      sessionStorage.setItem('mockURL', url);
      const L = window.LLMHelper;
      void new L.Agent({
        provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' }),
      }).run('What was invoiced this quarter?');
    }, mock.url);
    await page.waitForURL(/elsewhere-report\.html/);
    await page.waitForFunction(() => (window as unknown as { finalResult?: unknown }).finalResult, null, {
      timeout: 15_000,
    });
    const r = await page.evaluate(() => (window as unknown as { finalResult: Run }).finalResult);
    expect(r.status, JSON.stringify(r)).toBe('done');
    expect(r.answer).toBe('This quarter: €48,210.');
    const calls = r.steps.flatMap((s) => s.calls.map((c) => c.name));
    expect(calls).toEqual(['find', 'click', 'navigate', 'find', 'done']);
    expect(calls.filter((c) => c === 'click')).toHaveLength(1);
    const bodies = mock.log.map((l) => JSON.stringify(l.body));
    expect(bodies.join('\n')).not.toMatch(/no effect|probably had no effect/);
    // The find ran on the report, in this tab: its line went to the model.
    expect(bodies.at(-1)).toContain('Total invoiced this quarter');
    await page.close();
  });

  it('names the file a run downloaded in its result and in the panel', async () => {
    const script = {
      replies: [
        call('find', { pattern: 'Export CSV' }),
        call('click', { id: '$id' }),
        call('done', { answer: 'Exported the invoices.' }),
      ],
    };
    mock.setScenario(script);
    const page = await ctx.open('elsewhere.html');
    const r = await page.evaluate(async (url) => {
      const L = window.LLMHelper;
      const provider = L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' });
      return (await new L.Agent({ provider }).run('Export the invoices as CSV')) as unknown as Run;
    }, mock.url);
    expect(r.status, JSON.stringify(r)).toBe('done');
    expect(r.downloads).toEqual([
      { file: 'invoices.csv', url: expect.stringMatching(/files\/invoices\.csv$/) as unknown, step: 2 },
    ]);
    expect(r.steps[1]!.calls[0]!.result).toContain('started a download of "invoices.csv"');
    // The same task from the panel, sent by the person: the file is named under the answer.
    mock.setScenario(script);
    await page.evaluate((url) => {
      const L = window.LLMHelper;
      L.panel({
        provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' }),
      }).propose('Export the invoices as CSV');
    }, mock.url);
    await page.locator('llm-helper-panel button.primary').click();
    await page.locator('llm-helper-panel .msg.answer').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.locator('llm-helper-panel [role=log]').textContent())
      .toContain("Downloaded (in the browser's downloads): invoices.csv");
    await page.close();
  });
});

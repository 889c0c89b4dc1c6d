/**
 * Where a click leads elsewhere, in the extension (#64): each control's report says where (the browser
 * tells the side panel which tab opened), and a run follows into a new tab with the tabs tool, the side
 * panel naming the tab it works in.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../support/mock-model.mjs';
import {
  answerOf,
  mock,
  runTask,
  script,
  setUp,
  taskToCard,
  useExtension,
  worker,
} from '../support/extension';
import { awayFindings, watchAway } from '../support/extension-away';

useExtension();

/** Each call's result as the model was first sent it (whole: later requests shrink older ones), in order. */
const results = (): string[] =>
  mock.log.slice(1).map((l) => {
    const messages = (l.body as { messages: { role: string; content: unknown }[] }).messages;
    return String(messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '');
  });

describe('the extension, where a click leads elsewhere', () => {
  it('says of each control what opened, downloaded or was handed on, never "no effect"', async () => {
    const { page, panel } = await setUp('elsewhere.html');
    const seen = watchAway(page);
    // (A link to another site waits for the person's Allow: the next test.)
    const clicks = [
      'Open the quarterly report',
      'Preview invoice',
      'Show the report',
      'Export CSV',
      'Email billing',
    ];
    mock.setScenario(
      script('each', ...clicks.flatMap((c) => [call('find', { pattern: c }), call('click', { id: '$id' })]), {
        text: 'Clicked them all.',
      }),
    );
    const answer = await runTask(panel, 'Click each of them').catch(
      (e: Error) => `${e.message} | log ${mock.log.length} | ${results().join(' // ')}`,
    );
    expect(answer).toBe('Clicked them all.');
    const said = results().filter((_, i) => i % 2 === 1);
    expect(said).toHaveLength(5);
    for (const s of said) expect(s).not.toMatch(/no effect|unloading|Then:\s*[.;]/);
    const tabs = (await worker.evaluate(async () =>
      (await chrome.tabs.query({})).map((t) => ({ id: t.id, url: t.pendingUrl || t.url })),
    )) as { id: number; url: string }[];
    const tabOf = (re: RegExp) => tabs.find((t) => re.test(t.url))?.id;
    expect(said[0]).toContain(`opened tab ${tabOf(/elsewhere-report\.html$/)} at `);
    expect(said[0]).toContain(`tabs 'switch' ${tabOf(/elsewhere-report\.html$/)} goes on there`);
    expect(said[1]).toMatch(/opened tab \d+ at \S+elsewhere-report\.html\?invoice=1042/);
    expect(said[2]).toMatch(/opened tab \d+ at \S+elsewhere-report\.html\?q=Q3/);
    expect(said[3]).toContain('started a download of "invoices.csv" (this page stayed');
    expect(said[4]).toContain(
      'handed mailto:billing@example.com?subject=Invoices to the mail app (this page stayed)',
    );
    expect(page.url()).toMatch(/elsewhere\.html/);
    // Each report as the truth oracle reads it: what the browser opened and downloaded bears it out.
    expect(await awayFindings(seen, mock.log)).toEqual([]);
    await panel.close();
    await page.close();
  });

  it("opens another site's page in a new tab once the person allows it, and says which tab", async () => {
    const { page, panel } = await setUp('elsewhere.html');
    const seen = watchAway(page);
    mock.setScenario(
      script('partner', call('find', { pattern: 'Partner portal' }), call('click', { id: '$id' }), {
        text: 'Opened the portal.',
      }),
    );
    // A link to another site waits for the person: they allow it (past the card's first moments).
    const { before, card } = await taskToCard(panel, 'Open the partner portal');
    expect(await card.textContent()).toContain('opens another site, http://127.0.0.1:9');
    await panel.waitForTimeout(650);
    await card.locator('button', { hasText: /^Allow$/ }).click();
    expect(await answerOf(panel, before)).toBe('Opened the portal.');
    const said = results()[1]!;
    expect(said).toMatch(/opened tab \d+ at http:\/\/127\.0\.0\.1:9\/portal/);
    expect(said).not.toMatch(/no effect|unloading/);
    // The browser's own list of tabs has it (told of a moment later on a loaded machine).
    await expect
      .poll(
        async () => {
          const urls = await worker.evaluate(async () =>
            (await chrome.tabs.query({})).map((t) => t.pendingUrl || t.url),
          );
          return urls.some((u) => /127\.0\.0\.1:9\/portal|chrome-error/.test(u ?? ''));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // Each report as the truth oracle reads it: what the browser opened and downloaded bears it out.
    expect(await awayFindings(seen, mock.log)).toEqual([]);
    await panel.close();
    await page.close();
  });

  it('follows a report that opened in a new tab into that tab, and says which tab it works in', async () => {
    const { page, panel } = await setUp('elsewhere.html');
    const seen = watchAway(page);
    mock.setScenario(
      script(
        'invoiced',
        call('find', { pattern: 'Preview invoice' }),
        call('click', { id: '$id' }),
        {
          when: { lastToolResult: 'opened tab \\d+' },
          ...call('tabs', { action: 'switch', tab: '$match:opened tab (\\d+)' }),
        },
        call('find', { pattern: 'Total invoiced' }),
        { text: 'This quarter: €48,210.' },
      ),
    );
    expect(await runTask(panel, 'What was invoiced this quarter?')).toBe('This quarter: €48,210.');
    const said = results();
    expect(said.filter((s) => s.includes('Clicked ['))).toHaveLength(1);
    expect(said[2]).toMatch(/Now in tab \d+: Quarterly report/);
    expect(said[3]).toContain('Total invoiced this quarter');
    // The side panel's bar names the tab the run works in now.
    await expect.poll(() => panel.locator('span.tab').first().textContent()).toBe('Tab: Quarterly report');
    // Each report as the truth oracle reads it: what the browser opened and downloaded bears it out.
    expect(await awayFindings(seen, mock.log)).toEqual([]);
    await panel.close();
    await page.close();
  });
});

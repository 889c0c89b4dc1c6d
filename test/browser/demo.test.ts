/**
 * The demo, as a person uses it: the panel, the scripted demo model, a whole task, a confirmation.
 * Writes screenshots of the panel to test/screenshots/ (idle, running, confirmation; English and
 * Chinese; 1280×800 and 390×844).
 */
import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/harness.mjs';
import { call, type MockModel } from '../support/mock-model.mjs';

const SHOTS = new URL('../screenshots/', import.meta.url).pathname;
let demo: { server: import('node:http').Server; mock: MockModel };
let browser: Awaited<ReturnType<typeof launchChromium>>;
let url: string;

beforeAll(async () => {
  process.env.PORT = '0';
  process.env.DEMO_STEP_MS = '0'; // the demo paces its scripted steps for a person; the tests need not wait
  demo = (await import('../../demo/serve.mjs')) as typeof demo;
  if (!demo.server.listening) await new Promise((r) => demo.server.once('listening', r));
  url = `http://127.0.0.1:${(demo.server.address() as { port: number }).port}/`;
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => demo.server.close(r));
  await demo.mock.close();
});

async function open(size = { width: 1280, height: 800 }, lang = 'en'): Promise<Page> {
  const page = await browser.newPage({ viewport: size });
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  await page.goto(`${url}?lang=${lang}`);
  await page.waitForFunction(() => (window as unknown as { panel?: unknown }).panel);
  return page;
}
const panel = (page: Page) => page.locator('[data-llm-helper-ui]');
/** The first js code block under a heading of the README, as a test runs it. */
function readmeCode(heading: string): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const from = readme.indexOf('```js\n', readme.indexOf(heading)) + 6;
  return readme.slice(from, readme.indexOf('```', from));
}
const status = (page: Page) => panel(page).locator('.status');

describe('the demo', () => {
  it('loads without a failed request or a console error (no model is looked for until asked)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
    });
    for (const path of ['', 'demo/requests.html', 'demo/bookmarklets.html']) {
      await page.goto(`${url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs "Download all invoices from 2024" with the scripted demo model, steps appearing as it goes', async () => {
    const page = await open();
    await page.screenshot({ path: `${SHOTS}panel-idle-en-1280.png` });
    await expect(panel(page).locator('.model').textContent()).resolves.toBe('Scripted demo — not an AI');
    demo.mock.log.length = 0;
    await panel(page).locator('textarea').fill('Download all invoices from 2024');
    await panel(page).locator('textarea').press('Enter');
    await panel(page).locator('details').nth(2).waitFor();
    await page.screenshot({ path: `${SHOTS}panel-running-en-1280.png` });
    await status(page).getByText('Done').waitFor({ timeout: 20_000 });
    const downloads = await page.evaluate(() =>
      (window as unknown as { downloads: string[] }).downloads.sort(),
    );
    const expected = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll('#docs tbody tr'),
        (tr) => (tr as HTMLElement).dataset.doc!,
      ).sort(),
    );
    expect(downloads).toEqual(expected); // exactly what the filters show: the 2024 invoices
    expect(downloads).toHaveLength(7);
    expect(downloads.every((d) => d.startsWith('Invoice-2024-'))).toBe(true);
    expect(await panel(page).locator('details').count()).toBe(5);
    // Each step acts on an ID the model had already been shown (the first observation or a result):
    // no lookups for what the page report listed.
    const requests = demo.mock.log.map(
      (r) => r.body as { messages: { tool_calls?: { function: { arguments: string } }[] }[] },
    );
    expect(requests).toHaveLength(5);
    requests.slice(1).forEach((body, k) => {
      const calls = body.messages.filter((m) => m.tool_calls).at(-1)!.tool_calls!;
      for (const c of calls) {
        const { id } = JSON.parse(c.function.arguments) as { id?: number };
        if (id !== undefined) expect(JSON.stringify(requests[k]), `step ${k + 1}`).toContain(`[${id}] `);
      }
    });
    expect(await panel(page).locator('.answer').textContent()).toMatch(/Downloaded the 2024 invoices/);
    // The scripted model charges nothing, and its row says so beside the tokens it was sent.
    expect(await panel(page).locator('.msg.cost').last().textContent()).toMatch(
      /^[\d,]+ tokens in, [\d,]+ out, [\d,]+ cached · \$0\.0000$/,
    );
    await page.screenshot({ path: `${SHOTS}panel-done-en-1280.png` });
    await page.close();
  });

  for (const allow of [true, false])
    it(`a Delete asks in the panel's confirmation; ${allow ? 'allowing deletes it' : 'refusing keeps it and tells the model'}`, async () => {
      for (const [size, lang] of allow
        ? ([[{ width: 1280, height: 800 }, 'en']] as const)
        : ([[{ width: 390, height: 844 }, 'zh']] as const)) {
        const page = await open(size, lang);
        demo.mock.setScenario({
          replies: [
            { toolCalls: [{ name: 'find', args: { pattern: 'Invoice-2023-01-001' } }] },
            { toolCalls: [{ name: 'rightClick', args: { id: '$id' } }] },
            { toolCalls: [{ name: 'clickMenuItem', args: { path: 'Delete' } }] },
            {
              when: { lastToolResult: 'refused|拒绝' },
              toolCalls: [{ name: 'done', args: { answer: 'Kept it.' } }],
            },
            { toolCalls: [{ name: 'done', args: { answer: 'Deleted it.' } }] },
          ],
        });
        demo.mock.log.length = 0;
        await panel(page).locator('textarea').fill('Delete Invoice-2023-01-001');
        await panel(page).locator('button.primary').click();
        const dialog = panel(page).locator('[role=alertdialog]');
        await dialog.waitFor();
        expect(await dialog.textContent()).toMatch(/Delete/);
        await page.screenshot({ path: `${SHOTS}panel-confirm-${lang}-${size.width}.png` });
        // Allow takes no press in the card's first moments (a press meant for what was there before).
        await page.waitForTimeout(650);
        await dialog
          .locator('button')
          .nth(allow ? 0 : 1)
          .click();
        await status(page).locator('text=/Done|完成/').waitFor({ timeout: 20_000 });
        const deleted = await page.evaluate(() => (window as unknown as { deleted: string[] }).deleted);
        expect(deleted).toEqual(allow ? ['Invoice-2023-01-001'] : []);
        const last = JSON.stringify(demo.mock.log.at(-1)!.body);
        // In the panel's language, which the agent speaks to the model too.
        if (!allow) expect(last).toMatch(lang === 'zh' ? /用户拒绝了/ : /the person refused/);
        await page.screenshot({ path: `${SHOTS}panel-after-${lang}-${size.width}.png` });
        await page.close();
      }
    });

  it('the person takes over mid-run (Pause), filters by hand, and the agent continues from there', async () => {
    const page = await open();
    demo.mock.setScenario({
      replies: [
        // Running while the person presses Pause: the action finishes, then the run holds.
        { text: 'Waiting for the library.', ...call('waitFor', { pattern: 'never shown', timeout: 2500 }) },
        call('find', { pattern: 'Select all shown' }),
        { when: { lastToolResult: 'Select all' }, ...call('check', { id: '$id' }) },
        call('find', { pattern: 'Download selected' }),
        { when: { lastToolResult: 'Download selected' }, ...call('click', { id: '$id' }) },
        call('done', { answer: 'Downloaded what you filtered.' }),
      ],
    });
    demo.mock.log.length = 0;
    await panel(page).locator('textarea').fill('Download the documents I pick');
    await panel(page).locator('textarea').press('Enter');
    await status(page).getByText('Running waitFor').waitFor();
    const pause = panel(page).getByRole('button', { name: 'Pause' });
    await pause.click();
    await status(page).getByText('Paused: the page is yours').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}panel-paused-en-1280.png` });
    expect(demo.mock.log).toHaveLength(1); // nothing leaves while the person has the page
    await page.selectOption('#f-type', 'Invoice');
    await page.selectOption('#f-year', '2024');
    await panel(page).locator('textarea').fill('I filtered to the 2024 invoices.');
    await panel(page).getByRole('button', { name: 'Continue' }).click();
    await status(page).getByText('Done').waitFor({ timeout: 20_000 });
    const downloads = await page.evaluate(() =>
      (window as unknown as { downloads: string[] }).downloads.sort(),
    );
    expect(downloads).toHaveLength(7);
    expect(downloads.every((d) => d.startsWith('Invoice-2024-'))).toBe(true);
    expect(JSON.stringify(demo.mock.log[1]!.body)).toMatch(
      /paused you and changed the page[^"]*The person says: I filtered to the 2024 invoices\./,
    );
    await page.close();
  });

  /** Sends a task the person picked from the panel's examples (or typed), and waits for the run to end. */
  async function runTask(page: Page, task: string, during?: () => Promise<void>): Promise<string> {
    await panel(page).locator('textarea').fill(task);
    await panel(page).locator('textarea').press('Enter');
    if (during) await during();
    await status(page)
      .getByText(/Done|Stopped|Failed/)
      .waitFor({ timeout: 20_000 });
    // The run's last word (its cost row comes after it).
    return (await panel(page).locator('.msg:not(.cost)').last().textContent()) ?? '';
  }

  describe('the scripted demo is honest about what it knows', () => {
    it('offers the tasks it knows in the panel; a click puts one in the box', async () => {
      const page = await open();
      const examples = panel(page).locator('.examples button');
      expect(await examples.allTextContents()).toEqual([
        'Download all invoices from 2024',
        'Delete Report-2023-03-003',
        'How many invoices are from 2024?',
        'Show the documents of a customer',
      ]);
      await examples.nth(2).click();
      expect(await panel(page).locator('textarea').inputValue()).toBe('How many invoices are from 2024?');
      await page.close();
    });

    it('switching to 中文 in ⚙ puts its name and examples in Chinese, and a Chinese example runs', async () => {
      const page = await open();
      await panel(page).locator('button[aria-label="Settings"]').click();
      const more = panel(page).locator('.settings details.more');
      if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
      await panel(page).getByLabel('Language').selectOption('zh');
      await panel(page).getByRole('button', { name: 'Save' }).click();
      await expect(panel(page).locator('.model').textContent()).resolves.toBe('脚本演示 — 不是 AI');
      const examples = panel(page).locator('.examples button');
      expect(await examples.allTextContents()).toEqual([
        '下载 2024 年的所有发票',
        '删除 Report-2023-03-003',
        '2024 年有多少张发票？',
        '显示某个客户的文档',
      ]);
      await examples.first().click();
      await panel(page).locator('textarea').press('Enter');
      await status(page).getByText('完成').waitFor({ timeout: 20_000 });
      const downloads = await page.evaluate(() => (window as unknown as { downloads: string[] }).downloads);
      expect(downloads).toHaveLength(7);
      expect(downloads.every((d) => d.startsWith('Invoice-2024-'))).toBe(true);
      await page.close();
    });

    it('any other task is told what it knows, and nothing on the page is touched', async () => {
      const page = await open();
      const answer = await runTask(page, 'Book a flight to Paris');
      expect(answer).toMatch(/^This scripted demo only knows these tasks: .* Choose a real model in ⚙/);
      expect(await panel(page).locator('details').count()).toBe(0);
      // Shown once, as the answer (it streamed in as text; it used to be shown a second time).
      expect(await panel(page).locator('.msg', { hasText: 'only knows these tasks' }).count()).toBe(1);
      expect(await panel(page).locator('.msg.answer').count()).toBe(1);
      await page.close();
    });

    it('the question example answers from the page', async () => {
      const page = await open();
      const answer = await runTask(page, 'How many invoices are from 2024?');
      expect(answer).toBe(
        '7 invoices are from 2024: the library shows “7 of 60 documents shown” with those filters.',
      );
      await page.close();
    });

    it('the delete example shows the confirmation; allowing deletes the report', async () => {
      const page = await open();
      const answer = await runTask(page, 'Delete Report-2023-03-003', async () => {
        await panel(page).getByRole('button', { name: 'Allow', exact: true }).waitFor();
        await page.waitForTimeout(650); // the card's first moments take no press
        await panel(page).getByRole('button', { name: 'Allow', exact: true }).click();
      });
      expect(answer).toBe('Deleted Report-2023-03-003.');
      expect(await page.evaluate(() => (window as unknown as { deleted: string[] }).deleted)).toEqual([
        'Report-2023-03-003',
      ]);
      await page.close();
    });

    it('the customer example asks the person, and uses the answer', async () => {
      const page = await open();
      const answer = await runTask(page, 'Show the documents of a customer', async () => {
        const box = panel(page).locator('[role=alertdialog] input');
        await box.fill('Hooli');
        await page.waitForTimeout(650); // the card's first moments take no press
        await panel(page).getByRole('button', { name: 'Answer' }).click();
      });
      expect(answer).toBe('The library now shows the documents of Hooli.');
      expect(await page.inputValue('#f-q')).toBe('Hooli');
      await page.close();
    });

    it('after Pause → Continue, it says it cannot tell what changed and stops, claiming nothing', async () => {
      const page = await open();
      const answer = await runTask(page, 'Download all invoices from 2024', async () => {
        await panel(page).locator('details').nth(1).waitFor();
        await panel(page).getByRole('button', { name: 'Pause' }).click();
        await status(page).getByText('Paused: the page is yours').waitFor({ timeout: 10_000 });
        await panel(page).getByRole('button', { name: 'Continue' }).click();
      });
      expect(answer).toMatch(
        /^You paused me and may have changed the page; a scripted demo cannot tell what changed/,
      );
      expect(await page.evaluate(() => (window as unknown as { downloads: string[] }).downloads)).toEqual([]);
      await page.close();
    });

    it('when a step does not find what it expects, it says what it expected and stops', async () => {
      const page = await open();
      // The report is gone before the task starts (deleted by hand): the script's first check fails.
      await page.evaluate(() =>
        (window as unknown as { deleted: string[] }).deleted.push('Report-2023-03-003'),
      );
      await page.selectOption('#f-type', 'Invoice'); // re-renders the list without it
      const answer = await runTask(page, 'Delete Report-2023-03-003');
      expect(answer).toMatch(/^The page is not as this script expects \(Report-2023-03-003 in the list\)/);
      await page.close();
    });
  });

  it('on the React page, the agent fills the controlled form and the request is filed', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
    await page.goto(`${url}demo/requests.html?lang=en`);
    await page.waitForFunction(() => (window as unknown as { panel?: unknown }).panel);
    const fieldThen = (label: string, type: string, tool: string, args: Record<string, unknown>) => [
      call('find', { pattern: label, type }),
      { when: { lastToolResult: label }, ...call(tool, { id: '$id', ...args }) },
    ];
    demo.mock.setScenario({
      replies: [
        ...fieldThen('Person', 'input', 'type', { text: 'Grace Hopper' }),
        ...fieldThen('System', 'select', 'select', { value: 'Warehouse' }),
        ...fieldThen('Edit', 'radio', 'check', {}),
        ...fieldThen('Reason', 'input', 'type', { text: 'Stocktake for the Q4 audit.' }),
        ...fieldThen('Urgent', 'checkbox', 'check', {}),
        call('find', { pattern: 'Request access', type: 'button' }),
        { when: { lastToolResult: 'Request access' }, ...call('click', { id: '$id' }) },
        call('done', { answer: 'Filed the request.' }),
      ],
    });
    await panel(page)
      .locator('textarea')
      .fill('Ask for Edit access to the warehouse for Grace Hopper, urgently');
    await panel(page).locator('textarea').press('Enter');
    await status(page).getByText('Done').waitFor({ timeout: 20_000 });
    const filed = await page.evaluate(() => (window as unknown as { requests: unknown[] }).requests);
    expect(filed).toEqual([
      {
        id: 1,
        person: 'Grace Hopper',
        system: 'Warehouse',
        level: 'Edit',
        reason: 'Stocktake for the Q4 audit.',
        urgent: true,
      },
    ]);
    await page.getByRole('cell', { name: 'Grace Hopper' }).waitFor();
    await page.close();
  });

  it("the README's console lines run as written on the library page", async () => {
    const lines = readmeCode('## From the console');
    const page = await open();
    const r = await page.evaluate(`(async () => { ${lines}; return { invoice, download }; })()`);
    const { invoice } = r as { invoice: { text: string } };
    expect(invoice.text).toMatch(/^Invoice-2024-04-/);
    const downloads = await page.evaluate(() => (window as unknown as { downloads: string[] }).downloads);
    expect(downloads).toEqual([invoice.text]); // the Download of that invoice's own row
    expect(await page.inputValue('#f-q')).toBe('Hooli');
    expect(await page.inputValue('#f-type')).toBe('Invoice');
    await page.close();
  });

  it('every example help() prints runs as written on the library page, and actions succeed', async () => {
    const page = await open();
    const examples = await page.evaluate(() => {
      const help = (window as unknown as { LLMHelper: { help(n?: string): string } }).LLMHelper.help;
      const names = [...help().matchAll(/^LLMHelper\.(\w+)\(/gm)].map((m) => m[1]!);
      return names.flatMap((n) => {
        const example = /\nExample:\n {2}(.+)$/.exec(help(n))?.[1];
        return example ? [[n, example]] : [];
      });
    });
    expect(examples.length).toBeGreaterThan(30);
    await page.close();
    for (const [name, example] of examples) {
      const page = await open();
      // The example's last statement is its value: what a person sees printed in the console.
      const statements = example!.split('; ');
      const body = [...statements.slice(0, -1), `return ${statements.at(-1)!}`].join('; ');
      const value = await page
        .evaluate(`(async () => { ${body} })()`)
        .catch((e: Error) => ({ threw: e.message }));
      // back and reload load a page, which ends the script that called them: that is their success.
      if (/^(back|forward|reload|navigate)$/.test(name!) && 'threw' in Object(value))
        expect((value as { threw: string }).threw).toMatch(/context was destroyed/);
      else expect(Object(value), `${name}: ${example}`).not.toHaveProperty('threw');
      if (value && typeof value === 'object' && 'ok' in value)
        expect(value, `${name}: ${example}`).toMatchObject({ ok: true });
      await page.close();
    }
    // About 40 page loads: 16–20 s on this machine alone, 140 s beside another test file (3-4 s a load).
    // A bound, generous: a test that ran past it would go on loading the demo in the background, and
    // each load starts the scripted model's script over under the next test's run.
  }, 300_000);

  it("the README's agent lines run as written, with the Anthropic API served by the scripted model", async () => {
    const lines = readmeCode('## The agent');
    const page = await open();
    // api.anthropic.com is not reachable here: its requests go to the scripted model, which speaks the
    // Messages API (the demo's tasks, so "Download all invoices from 2024" is a script it knows).
    await page.route('https://api.anthropic.com/**', async (route) => {
      const r = await fetch(`${demo.mock.url}${new URL(route.request().url()).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: route.request().postData() ?? '',
      });
      await route.fulfill({
        status: r.status,
        headers: {
          'content-type': r.headers.get('content-type') ?? 'text/event-stream',
          'access-control-allow-origin': '*',
        },
        body: Buffer.from(await r.arrayBuffer()),
      });
    });
    const r = (await page.evaluate(
      `(async () => { const apiKey = 'sk-ant-readme-test'; ${lines}; return { status: result.status, answer: result.answer }; })()`,
    )) as { status: string; answer: string };
    expect(r).toEqual({
      status: 'done',
      answer: 'Downloaded the 2024 invoices; they are listed in the Downloads tray.',
    });
    const downloads = await page.evaluate(() => (window as unknown as { downloads: string[] }).downloads);
    expect(downloads).toHaveLength(7);
    await page.close();
  });

  it('answers a malformed URL with 400 and keeps serving (it used to crash the demo server)', async () => {
    for (const bad of ['%E0%A4%A', 'demo/%', '%']) expect((await fetch(`${url}${bad}`)).status).toBe(400);
    expect((await fetch(url)).status).toBe(200);
  });

  it('serves a page to drag the bookmarklets from, with no key in them', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}demo/bookmarklets.html`);
    const links = await page.locator('a.bm').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(links).toHaveLength(2);
    const loader = decodeURIComponent(links[0]!);
    expect(loader).toContain(`${url}dist/llm-helper.umd.min.js`);
    expect(loader).not.toMatch(/apiKey|sk-|key=|no-key-needed/);
    expect(decodeURIComponent(links[1]!)).not.toMatch(/no-key-needed|sk-[A-Za-z0-9]{8}/);
    await page.close();
  });

  it("the SDK's own tools never see the panel, even with focus in it", async () => {
    const page = await open();
    await panel(page).locator('textarea').focus(); // the focused element is reported by summary: not this one
    const seen = await page.evaluate(() => ({
      find: window.LLMHelper.find('What should I do on this page').length,
      summary: window.LLMHelper.summary(),
      snapshot: window.LLMHelper.snapshot(),
    }));
    expect(seen.find).toBe(0);
    expect(seen.summary + seen.snapshot).not.toMatch(/Task for the agent|Clear the conversation|Collapse/);
    await page.close();
  });

  it('idle in Chinese at 390×844', async () => {
    const page = await open({ width: 390, height: 844 }, 'zh');
    expect(await panel(page).locator('textarea').getAttribute('placeholder')).toBe('要在这个页面上做什么？');
    // The scripted model says what it is in the panel's language too.
    await expect(panel(page).locator('.model').textContent()).resolves.toBe('脚本演示 — 不是 AI');
    await page.screenshot({ path: `${SHOTS}panel-idle-zh-390.png` });
    await page.close();
  });
});

/**
 * Saved tasks in the panel (#65): a run saved under a name runs again with no model (0 tokens), with the
 * values the person typed before Run; where the page changed, the model takes over at that step and
 * finishes; a secret value is never stored; a task the page planted or edited runs only on the person's
 * click; each run's row says its tokens and cost, in English and Chinese; axe-core finds no violation in
 * the list or the fields before Run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';

const ctx = useBrowser();
const mock = useMockModel();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const RECORDED = {
  replies: [
    call('find', { pattern: 'Requester' }),
    call('type', { id: '$id', text: 'Dana' }),
    call('find', { pattern: 'Year' }),
    call('select', { id: '$id', value: '2025' }),
    call('find', { pattern: 'Password' }),
    call('type', { id: '$id', text: 'hunter2' }),
    call('find', { pattern: 'Request invoices' }),
    call('click', { id: '$id' }),
    call('done', { answer: 'Requested the invoices for Dana, 2025.' }),
  ],
};

const panelEl = (page: Page) => page.locator('llm-helper-panel');
const requested = (page: Page) => page.locator('#done li').allTextContents();

/** Opens the panel: on the scripted model over HTTP (its price given), or with no model set up. */
async function openPanel(page: Page, model: 'scripted' | 'none', language: 'en' | 'zh' = 'en') {
  await page.evaluate(
    ([url, model, language]) => {
      const L = window.LLMHelper;
      if (model === 'none') return void L.panel({ language: language as 'en' });
      L.panel({
        language: language as 'en',
        provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' }),
      });
    },
    [mock.url, model, language],
  );
  await panelEl(page).locator('textarea').waitFor();
}

/** Records the run from the panel, as the person sends it, and saves it under its task's words. */
async function recordAndSave(page: Page, language: 'en' | 'zh' = 'en'): Promise<void> {
  mock.setScenario(RECORDED);
  await openPanel(page, 'scripted', language);
  await panelEl(page).locator('textarea').fill('Request the invoices for Dana, 2025');
  await panelEl(page).locator('textarea').press('Enter');
  await panelEl(page).locator('.msg.answer').waitFor({ timeout: 20_000 });
  expect(await requested(page)).toEqual(['Invoices for Dana, 2025 (signed)']);
  await panelEl(page).locator('.save-task button').click();
  await panelEl(page)
    .locator('.save-task button', { hasText: /^(Save|保存)$/ })
    .click();
  await expect
    .poll(() => panelEl(page).locator('.save-task').textContent())
    .toMatch(/^(Saved “|已保存“)Request/);
}

/** Runs the saved task from the panel's list: the fields given values first (by label), then Run. */
async function runSaved(page: Page, values: Record<string, string>): Promise<string> {
  await panelEl(page).locator('.saved-tasks button').first().click();
  const card = panelEl(page).locator('.saved-task');
  for (const [label, value] of Object.entries(values))
    await card.locator('label', { hasText: label }).locator('input').fill(value);
  const before = await panelEl(page).locator('.msg.answer, .msg.error').count();
  await card.locator('button', { hasText: /^(Run|运行)$/ }).click();
  const answer = panelEl(page).locator('.msg.answer, .msg.error').nth(before);
  await answer.waitFor({ timeout: 20_000 });
  return (await answer.textContent()) ?? '';
}

describe('saved tasks in the panel', () => {
  it('saves a run, never its secret, and runs it again with no model: 0 tokens, the values the person typed', async () => {
    const page = await ctx.open('saved-tasks.html');
    await recordAndSave(page);
    const stored = await page.evaluate(() => localStorage.getItem('llm-helper.panel.tasks') ?? '');
    expect(stored).toContain('Dana');
    expect(stored).not.toContain('hunter2');
    // The model run's row says what it used (its price unknown: the person may set one).
    expect(await panelEl(page).locator('.msg.cost').first().textContent()).toMatch(
      /^[\d,]+ tokens in, [\d,]+ out, [\d,]+ cached · cost unknown \(set a price in ⚙\)$/,
    );

    // The next day: a fresh page, no model set up.
    await page.goto(page.url());
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    mock.log.length = 0;
    await openPanel(page, 'none');
    await panelEl(page).locator('.saved-tasks button').first().click();
    const card = panelEl(page).locator('.saved-task');
    // Its steps in words before anything runs; its values as fields, the secret one empty.
    expect(await card.locator('li').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Typed "Dana" into/),
        expect.stringMatching(/^Clicked/),
      ]),
    );
    expect(await card.locator('label', { hasText: 'Requester' }).locator('input').inputValue()).toBe('Dana');
    expect(await card.locator('label', { hasText: 'Password' }).locator('input').inputValue()).toBe('');
    expect(await requested(page)).toEqual([]);
    // Run without the secret: the person is told to type it, and nothing runs.
    await card.locator('button', { hasText: /^Run$/ }).click();
    expect(await card.locator('[role=status]').textContent()).toContain('Type “Password” first');
    expect(await requested(page)).toEqual([]);

    const answer = await runSaved(page, { Requester: 'Lee', Year: '2026', Password: 'hunter2' });
    expect(answer).toMatch(
      /^Done: \d+ steps replayed as recorded, with no model\. The recorded run answered: “Requested the invoices for Dana, 2025\.”$/,
    );
    expect(await requested(page)).toEqual(['Invoices for Lee, 2026 (signed)']);
    expect(mock.log).toHaveLength(0);
    const cost = await panelEl(page).locator('.msg.cost').last().textContent();
    expect(cost).toMatch(/^0 tokens in, 0 out, 0 cached · \d+ steps replayed at no cost$/);
    // Each row of the run says it was replayed.
    expect(await panelEl(page).locator('details.replayed').count()).toBeGreaterThan(3);
    await page.close();
  });

  it('where the page changed, the model takes over at that step and finishes; a row added above is no change', async () => {
    const page = await ctx.open('saved-tasks.html');
    await recordAndSave(page);

    // A row added above the form: every element is still found, with no model.
    await page.goto(`${page.url().split('?')[0]}?row`);
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    mock.log.length = 0;
    await openPanel(page, 'none');
    expect(await runSaved(page, { Password: 'hunter2' })).toMatch(/^Done: .* with no model\./);
    expect(await requested(page)).toEqual(['Invoices for Dana, 2025 (signed)']);
    expect(mock.log).toHaveLength(0);

    // The button renamed: with no model the replay stops there and says which step and why.
    await page.goto(`${page.url().split('?')[0]}?renamed`);
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    await openPanel(page, 'none');
    const stopped = await runSaved(page, { Password: 'hunter2' });
    expect(stopped).toMatch(/^Step \d+ of the saved task no longer fits the page \(.*Request invoices.*\)/);
    expect(await requested(page)).toEqual([]);

    // With the model set up, it takes over from that step, told what was replayed and the rest.
    await page.goto(page.url());
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    mock.setScenario({
      replies: [
        call('find', { pattern: 'invoices' }),
        call('click', { id: '$id' }),
        call('done', { answer: 'Asked for the invoices.' }),
      ],
    });
    mock.log.length = 0;
    await openPanel(page, 'scripted');
    expect(await runSaved(page, { Password: 'hunter2' })).toBe('Asked for the invoices.');
    expect(await requested(page)).toEqual(['Invoices for Dana, 2025 (signed)']);
    const first = JSON.stringify(mock.log[0]!.body);
    expect(first).toContain('replayed without you up to step');
    expect(first).toContain('Request invoices');
    expect(mock.log).toHaveLength(3);
    // The rows: replayed ones marked, the model's not; the cost row counts the model's tokens only.
    expect(await panelEl(page).locator('details.replayed').count()).toBeGreaterThan(3);
    expect(await panelEl(page).locator('details:not(.replayed)').count()).toBeGreaterThan(1);
    expect(await panelEl(page).locator('.msg.cost').last().textContent()).toMatch(
      /^[1-9][\d,]* tokens in, .* · \d+ steps replayed at no cost$/,
    );
    // A run that healed can be saved over the old recording (same name).
    await panelEl(page).locator('.save-task button').click();
    await panelEl(page)
      .locator('.save-task button', { hasText: /^Save$/ })
      .click();
    const tasks = await page.evaluate(
      () => JSON.parse(localStorage.getItem('llm-helper.panel.tasks') ?? '[]') as { name: string }[],
    );
    expect(tasks.map((t) => t.name)).toEqual(['Request the invoices for Dana, 2025']);
    await page.close();
  });

  it("runs a task the page planted or edited only on the person's click, and shows what it does first", async () => {
    const page = await ctx.open('saved-tasks.html');
    await recordAndSave(page);
    // The page's script edits the saved task (another requester) and plants one of its own.
    await page.evaluate(() => {
      const tasks = JSON.parse(localStorage.getItem('llm-helper.panel.tasks') ?? '[]') as {
        name: string;
        fields: { value: string }[];
      }[];
      tasks[0]!.fields[0]!.value = 'Mallory';
      const planted = { ...tasks[0]!, name: 'Planted by the page' };
      localStorage.setItem('llm-helper.panel.tasks', JSON.stringify([...tasks, planted]));
    });
    await page.goto(page.url());
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    mock.log.length = 0;
    await openPanel(page, 'none');
    const list = panelEl(page).locator('.saved-tasks button');
    expect(await list.allTextContents()).toEqual([
      'Request the invoices for Dana, 2025',
      'Planted by the page',
    ]);
    // A script's clicks on the list and on Run (it reached the panel's elements) run nothing.
    await page.evaluate(() => {
      const root = document.querySelector('llm-helper-panel')!.shadowRoot!;
      (root.querySelector('.saved-tasks button:last-of-type') as HTMLButtonElement).click();
    });
    await page.waitForTimeout(300);
    expect(await panelEl(page).locator('.saved-task').count()).toBe(0);
    await list.last().click();
    const card = panelEl(page).locator('.saved-task');
    // What it is: kept where the site's scripts write, its edited value shown.
    expect(await card.textContent()).toContain(
      "Kept in this site's storage, which the site's own scripts can change",
    );
    expect(await card.locator('label', { hasText: 'Requester' }).locator('input').inputValue()).toBe(
      'Mallory',
    );
    await card.locator('label', { hasText: 'Password' }).locator('input').fill('hunter2');
    await page.evaluate(() => {
      const root = document.querySelector('llm-helper-panel')!.shadowRoot!;
      const run = [...root.querySelectorAll('.saved-task button')].find((b) => b.textContent === 'Run');
      (run as HTMLButtonElement).click();
      run!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await page.waitForTimeout(1000);
    expect(await requested(page)).toEqual([]);
    expect(await panelEl(page).locator('.msg.user').count()).toBe(0);
    expect(mock.log).toHaveLength(0);
    // The person deletes the planted one: gone from storage and from the list.
    await card.locator('button', { hasText: /^Delete$/ }).click();
    await expect.poll(() => list.allTextContents()).toEqual(['Request the invoices for Dana, 2025']);
    expect(await page.evaluate(() => localStorage.getItem('llm-helper.panel.tasks'))).not.toContain(
      'Planted',
    );
    await page.close();
  });

  it('says each run’s tokens and cost, at the person’s price, in English and Chinese; axe finds no violation', async () => {
    for (const language of ['en', 'zh'] as const) {
      const page = await ctx.open('saved-tasks.html');
      // The person's price, as settings keep it when remembered.
      await page.evaluate(
        ([language]) =>
          localStorage.setItem(
            'llm-helper.panel.settings',
            JSON.stringify({ price: '0.4 / 1.6 / 0.1', language, remember: true }),
          ),
        [language],
      );
      await recordAndSave(page, language);
      const row = (await panelEl(page).locator('.msg.cost').first().textContent()) ?? '';
      expect(row).toMatch(
        language === 'en'
          ? /^[\d,]+ tokens in, [\d,]+ out, [\d,]+ cached · \$0\.\d{4}$/
          : /^输入 [\d,]+ 个词元，输出 [\d,]+ 个，缓存 [\d,]+ 个 · \$0\.\d{4}$/,
      );
      // The cost is the tokens at that price.
      const [input, output, cached] = row.match(/\d[\d,]*/g)!.map((n) => Number(n.replace(/,/g, '')));
      const dollars = Number(/\$(\d+\.\d+)/.exec(row)![1]);
      expect(dollars).toBeCloseTo(((input! - cached!) * 0.4 + cached! * 0.1 + output! * 1.6) / 1e6, 4);

      // The list and the fields before Run, as axe-core reads them.
      await page.goto(page.url());
      await page.waitForFunction(() => typeof window.LLMHelper === 'object');
      await openPanel(page, 'none', language);
      await panelEl(page).locator('.saved-tasks button').first().click();
      await panelEl(page).locator('.saved-task').waitFor();
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                c: unknown,
                o: unknown,
              ): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }>;
            };
          }
        ).axe;
        const root = document.querySelector('llm-helper-panel')!.shadowRoot!;
        const parts = [root.querySelector('.saved-tasks'), root.querySelector('.saved-task')];
        const out: string[] = [];
        for (const part of parts) {
          const r = await axe.run(part, { resultTypes: ['violations'] });
          out.push(...r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`));
        }
        return out;
      });
      expect(violations).toEqual([]);
      await page.close();
    }
  });

  it('a saved task whose step loads another page goes on there after the person says so, still with no model', async () => {
    const page = await ctx.open('saved-nav-1.html');
    const exported = () => page.locator('#exported li').allTextContents();
    const landed = async () => {
      await page.waitForURL(/saved-nav-2/);
      await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    };
    const goOn = async () => {
      const card = panelEl(page).locator('[role=alertdialog]');
      await card.waitFor();
      const text = (await card.textContent()) ?? '';
      // A card ignores a click in its first moments (cards.ts), as a person reads before answering.
      await page.waitForTimeout(700);
      await card.locator('button', { hasText: /^Continue$/ }).click();
      await card.waitFor({ state: 'detached' });
      return text;
    };
    // Recorded with the model: the link, then on the page it loads (the script is on every page, and the
    // panel is opened there too), the month and Export.
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Open the export page' }),
        call('click', { id: '$id' }),
        call('find', { pattern: 'Month' }),
        call('select', { id: '$id', value: 'March' }),
        call('find', { pattern: 'Export', type: 'button' }),
        call('click', { id: '$id' }),
        call('done', { answer: 'Exported March.' }),
      ],
    });
    await openPanel(page, 'scripted');
    await panelEl(page).locator('textarea').fill('Export the March report');
    await panelEl(page).locator('textarea').press('Enter');
    await landed();
    await openPanel(page, 'scripted');
    await goOn();
    await panelEl(page).locator('.msg.answer').waitFor({ timeout: 20_000 });
    expect(await exported()).toEqual(['Exported March']);
    await panelEl(page).locator('.save-task button').click();
    await panelEl(page)
      .locator('.save-task button', { hasText: /^Save$/ })
      .click();
    await expect.poll(() => panelEl(page).locator('.save-task').textContent()).toMatch(/^Saved “Export/);

    // Another day, from the first page, with no model set up: Run, and the link loads the export page.
    await page.goto(`${ctx.server.url}/test/fixtures/saved-nav-1.html`);
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    mock.log.length = 0;
    await openPanel(page, 'none');
    await panelEl(page).locator('.saved-tasks button').first().click();
    await panelEl(page).locator('.saved-task button', { hasText: /^Run$/ }).click();
    await landed();
    // A page script cannot go on for the person: the new page's panel asks, showing the steps to come.
    await openPanel(page, 'none');
    const card = panelEl(page).locator('[role=alertdialog]');
    await card.waitFor();
    await page.evaluate(() => {
      const host = document.querySelector('llm-helper-panel') as HTMLElement & {
        shadowRoot: ShadowRoot | null;
      };
      for (const b of host.shadowRoot?.querySelectorAll('button') ?? []) b.click();
    });
    expect(await exported()).toEqual([]);
    const asked = await goOn();
    expect(asked).toMatch(/The saved task “Export the March report” was running when this page loaded/);
    expect(asked).toMatch(/Chose "March"|Selected "March"/);
    const answer = panelEl(page).locator('.msg.answer, .msg.error').last();
    await answer.waitFor({ timeout: 20_000 });
    expect(await answer.textContent()).toMatch(/^Done: \d+ steps replayed as recorded, with no model\./);
    expect(await exported()).toEqual(['Exported March']);
    expect(mock.log).toHaveLength(0);
    expect(await panelEl(page).locator('.msg.cost').last().textContent()).toMatch(
      /^0 tokens in, 0 out, 0 cached/,
    );
    await page.close();
  });
});

/**
 * Saved tasks as tools (#77), against Chromium's own WebMCP (document.modelContext: getTools() and
 * executeTool(tool, args), as Chromium 156 has them) and the official MCP client over the bridge: a task
 * the person marks "Offer as a tool" is listed with its fields as its schema, a call makes the app's record
 * with its arguments and no model request, a task with a delete waits for the person's Allow, bad
 * arguments are refused naming the field with nothing done, unmarking takes the tool away, and a task
 * the page planted in localStorage marked as offered is never a tool.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { createInvoiceSteps } from '../support/invoice-script';
import { call } from '../support/mock-model.mjs';

const ctx = useBrowser({ args: ['--enable-experimental-web-platform-features'] });
const mock = useMockModel();
const panelEl = (page: Page) => page.locator('llm-helper-panel');
const records = (page: Page) =>
  page.evaluate(() => (window as unknown as { records: { customer: string; amount: number }[] }).records);

interface Listed {
  name: string;
  inputSchema: { properties: Record<string, { type: string }>; required?: string[] };
  annotations?: Record<string, boolean>;
}
/** The tools the browser holds for the page, as getTools() gives them. */
const listed = (page: Page): Promise<Listed[]> =>
  page.evaluate(async () => {
    const mc = (document as unknown as { modelContext: { getTools(): Promise<Listed[]> } }).modelContext;
    return (await mc.getTools()).map((t) => ({
      name: t.name,
      inputSchema: t.inputSchema,
      annotations: t.annotations,
    }));
  });
/** Runs a tool as the browser's agent API does; its result as the page's tool returned it. */
const executed = (page: Page, name: string, args: object): Promise<{ text: string; isError?: boolean }> =>
  page.evaluate(
    async ({ name, args }) => {
      type Tool = { name: string };
      const mc = (
        document as unknown as {
          modelContext: { getTools(): Promise<Tool[]>; executeTool(t: Tool, a: object): Promise<string> };
        }
      ).modelContext;
      const tool = (await mc.getTools()).find((t) => t.name === name)!;
      const out = JSON.parse(await mc.executeTool(tool, args)) as {
        content: { text: string }[];
        isError?: boolean;
      };
      return { text: out.content.map((c) => c.text).join('\n'), isError: out.isError };
    },
    { name, args },
  );

/** Sends a task in the panel on the scripted model and saves its run under `name`. */
async function recordAndSave(page: Page, task: string, name: string, allow = false): Promise<void> {
  await panelEl(page).locator('textarea').fill(task);
  await panelEl(page).locator('textarea').press('Enter');
  if (allow) {
    const yes = panelEl(page).locator('.card button.danger');
    await yes.waitFor();
    await page.waitForTimeout(700); // the Allow button is armed after a moment
    await yes.click();
  }
  await panelEl(page).locator('.msg.answer').last().waitFor({ timeout: 20_000 });
  const offers = panelEl(page).locator('.save-task');
  await offers.last().locator('button').click();
  await offers.last().locator('input').fill(name);
  await offers
    .last()
    .locator('button', { hasText: /^Save$/ })
    .click();
  await expect.poll(() => offers.last().textContent()).toMatch(/^Saved “/);
}

/** Opens a saved task's card and ticks (or unticks) "Offer as a tool", as the person does. */
async function mark(page: Page, name: string, on = true): Promise<void> {
  await panelEl(page).locator('.saved-tasks button', { hasText: name }).click();
  const box = panelEl(page).locator('.saved-task .offer-tool input').first();
  if ((await box.isChecked()) !== on) await box.click();
  await panelEl(page)
    .locator('.saved-task button', { hasText: /^Cancel$/ })
    .click();
}

async function openPanel(page: Page): Promise<void> {
  await page.evaluate((url) => {
    const L = window.LLMHelper;
    L.panel({
      provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' }),
    });
  }, mock.url);
  await panelEl(page).locator('textarea').waitFor();
}

const BIN = new URL('../../bridge/bin/llm-helper-bridge.mjs', import.meta.url).pathname;
/** This file's bridge ports (bridge.test.ts starts at 18765, extension-more.test.ts 18900–19399). */
const BRIDGE_PORT = 19_600;
const textOf = (r: unknown) =>
  ((r as { content: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

/** Back to the list of saved tasks: ⟲ clears the transcript and shows them. */
const showList = (page: Page) => panelEl(page).locator('.head button').nth(1).click();

describe('saved tasks as tools', () => {
  it('WebMCP lists a marked task with its fields as schema, runs it with 0 model requests, refuses bad arguments, waits for Allow, and unmarking takes it away', async () => {
    const page = await ctx.open('task-tools.html');
    await openPanel(page);
    mock.setScenario({
      replies: createInvoiceSteps(),
    });
    await recordAndSave(page, 'Create an invoice for Acme, 120', 'Create invoice');
    expect(await records(page)).toEqual([
      { customer: 'Initech', amount: 10 },
      { customer: 'Acme', amount: 120 },
    ]);
    const reg = await page.evaluate(() => window.LLMHelper.registerWebMCP({ preset: 'standard' }));
    expect(reg.registered).toContain('browser_find');
    expect((await listed(page)).map((t) => t.name)).not.toContain('browser_task_create_invoice');

    // The person's click marks it: the browser lists it, its fields as its schema.
    await showList(page);
    await mark(page, 'Create invoice');
    await expect
      .poll(async () => (await listed(page)).find((t) => t.name === 'browser_task_create_invoice'))
      .toBeTruthy();
    const tool = (await listed(page)).find((t) => t.name === 'browser_task_create_invoice')!;
    expect(tool.inputSchema.properties).toEqual({
      customer: { type: 'string', description: 'Value for "Customer"' },
      amount: { type: 'number', description: 'Value for "Amount"' },
    });
    expect(tool.inputSchema.required).toEqual(['customer', 'amount']);
    expect(tool.annotations?.readOnlyHint).toBe(false);

    // Called as the browser's agent calls it: the app's record, with no model request.
    mock.log.length = 0;
    const made = await executed(page, 'browser_task_create_invoice', { customer: 'Globex', amount: 75 });
    expect(made.isError, made.text).toBeFalsy();
    expect(made.text).toMatch(/^Done: \d+ steps replayed as recorded, with no model\./);
    expect(made.text).toContain('✓ type: Typed "Globex"');
    expect((await records(page)).at(-1)).toEqual({ customer: 'Globex', amount: 75 });
    expect(mock.log).toHaveLength(0);

    // Bad arguments: named, and nothing done on the page.
    const before = await records(page);
    const missing = await executed(page, 'browser_task_create_invoice', { customer: 'Hooli' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('field amount: expected number (got nothing)');
    const wrong = await executed(page, 'browser_task_create_invoice', { customer: 'Hooli', amount: 'lots' });
    expect(wrong.text).toContain('field amount: expected number');
    expect(await page.inputValue('#customer')).not.toBe('Hooli');
    const refused = await executed(page, 'browser_task_create_invoice', { customer: 'Hooli', amount: -5 });
    expect(refused.isError, refused.text).toBe(true);
    expect(refused.text).toMatch(
      /Stopped at step \d+ of the saved task: the page refused the value: .*Amount/,
    );
    expect(await records(page)).toEqual(before);
    expect(mock.log).toHaveLength(0);

    // A task with a delete: the call waits for the person's Allow, and nothing is deleted until then.
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Delete oldest' }),
        call('click', { id: '$id' }),
        call('done', { answer: 'Deleted the oldest invoice.' }),
      ],
    });
    await recordAndSave(page, 'Delete the first invoice', 'Delete first invoice', true);
    await showList(page);
    await mark(page, 'Delete first invoice');
    await expect
      .poll(async () => (await listed(page)).find((t) => t.name === 'browser_task_delete_first_invoice'))
      .toBeTruthy();
    const del = (await listed(page)).find((t) => t.name === 'browser_task_delete_first_invoice')!;
    expect(del.annotations?.consequentialHint).toBe(true);
    const count = (await records(page)).length;
    mock.log.length = 0;
    const pending = executed(page, 'browser_task_delete_first_invoice', {});
    const allow = panelEl(page).locator('.card button.danger');
    await allow.waitFor();
    await page.waitForTimeout(1000);
    expect(await records(page)).toHaveLength(count);
    // A page script's click on Allow does nothing.
    await page.evaluate(() =>
      document
        .querySelector('llm-helper-panel')
        ?.shadowRoot?.querySelector<HTMLElement>('.card button.danger')
        ?.click(),
    );
    await page.waitForTimeout(300);
    expect(await records(page)).toHaveLength(count);
    await allow.click();
    const deleted = await pending;
    expect(deleted.isError, deleted.text).toBeFalsy();
    expect(await records(page)).toHaveLength(count - 1);
    expect(mock.log).toHaveLength(0);

    // Unmarked: the tool is gone.
    await showList(page);
    await mark(page, 'Create invoice', false);
    await expect
      .poll(async () => (await listed(page)).map((t) => t.name))
      .not.toContain('browser_task_create_invoice');
    expect((await listed(page)).map((t) => t.name)).toContain('browser_task_delete_first_invoice');

    // A task planted in localStorage marked as offered is no tool after a reload.
    await page.evaluate(() => {
      const tasks = JSON.parse(localStorage.getItem('llm-helper.panel.tasks') ?? '[]') as object[];
      localStorage.setItem(
        'llm-helper.panel.tasks',
        JSON.stringify(tasks.map((t) => ({ ...t, tool: { heal: true } }))),
      );
    });
    await page.reload();
    await page.waitForFunction(() => typeof window.LLMHelper === 'object');
    await openPanel(page);
    await page.evaluate(() => window.LLMHelper.registerWebMCP({ preset: 'standard' }));
    await page.waitForTimeout(500);
    expect((await listed(page)).filter((t) => t.name.startsWith('browser_task_'))).toEqual([]);
    await page.close();
  }, 120_000);

  it('an MCP client over the bridge lists the same task as a tool and calls it the same way', async () => {
    const page = await ctx.open('task-tools.html');
    await openPanel(page);
    mock.setScenario({
      replies: createInvoiceSteps(),
    });
    await recordAndSave(page, 'Create an invoice for Acme, 120', 'Create invoice');
    await showList(page);
    await mark(page, 'Create invoice');
    const token = 'task-tools-token-77';
    const client = new Client({ name: 'task-tools-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          BIN,
          '--port',
          String(BRIDGE_PORT),
          '--token',
          token,
          '--allow-origin',
          new URL(ctx.server.url).origin,
        ],
        stderr: 'pipe',
      }),
    );
    try {
      await page.evaluate(
        ({ port, token }) => {
          (window as unknown as { conn: unknown }).conn = window.LLMHelper.connect(`ws://127.0.0.1:${port}`, {
            token,
            preset: 'standard',
          });
        },
        { port: BRIDGE_PORT, token },
      );
      await page.waitForFunction(
        () => (window as unknown as { conn: { status: string } }).conn.status === 'open',
        null,
        { timeout: 15_000 },
      );
      const tool = (await client.listTools()).tools.find((t) => t.name === 'task_create_invoice');
      expect(tool?.inputSchema.properties).toEqual({
        customer: { type: 'string', description: 'Value for "Customer"' },
        amount: { type: 'number', description: 'Value for "Amount"' },
      });
      mock.log.length = 0;
      const made = await client.callTool({
        name: 'task_create_invoice',
        arguments: { customer: 'Umbrella', amount: 9 },
      });
      expect(made.isError, textOf(made)).toBeFalsy();
      expect((await records(page)).at(-1)).toEqual({ customer: 'Umbrella', amount: 9 });
      const missing = await client.callTool({ name: 'task_create_invoice', arguments: { amount: 9 } });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toContain('field customer: expected string (got nothing)');
      expect((await records(page)).filter((r) => r.customer === 'Umbrella')).toHaveLength(1);
      expect(mock.log).toHaveLength(0);
    } finally {
      await client.close();
      await page.close();
    }
  }, 120_000);
});

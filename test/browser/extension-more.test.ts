/**
 * The browser extension as it is built, loaded unpacked (test/support/extension.ts), continued from
 * extension.test.ts: the site's mode, tabs the browser keeps it out of, other sites, services without
 * CORS, screenshots, the bridge, real input, and the content script's messages.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/harness.mjs';
import { call, startMockModel } from '../support/mock-model.mjs';
import {
  answerOf,
  answers,
  context,
  extensionId,
  launch,
  mock,
  openSidePanel,
  openTab,
  runTask,
  script,
  setUp,
  site,
  swapBack,
  taskToCard,
  useExtension,
  useSettings,
  worker,
} from '../support/extension';
import { PAGE_METHODS } from '../../extension/protocol';

useExtension();

describe('the extension, loaded unpacked (more)', () => {
  it("keeps to the person's choice for the site: read only refuses actions; confirm asks for each", async () => {
    const { page, panel } = await setUp('form.html');
    const scenario = script(
      'order number',
      call('find', { pattern: 'Order number' }),
      call('type', { id: '$id', text: '77' }),
      { text: 'Finished.' },
    );
    const siteMode = panel.locator('llm-helper-panel .ext .mode select');
    await siteMode.selectOption('read');
    mock.setScenario(scenario);
    expect(await runTask(panel, 'Put 77 in the order number')).toBe('Finished.');
    expect(await page.locator('input[name=order]').inputValue()).toBe('');
    expect(JSON.stringify(mock.log[2]!.body)).toContain('is read-only for LLMHelper');
    // Kept for the site, in the extension's storage.
    expect(await panel.evaluate(async () => (await chrome.storage.local.get('sites')).sites)).toEqual({
      [site.url]: 'read',
    });
    await siteMode.selectOption('confirm');
    mock.setScenario(scenario);
    const box = panel.locator('llm-helper-panel textarea');
    const before = await answers(panel).count();
    await box.fill('Put 77 in the order number');
    await box.press('Enter');
    const card = panel.locator('llm-helper-panel .card[role=alertdialog]');
    await card.waitFor();
    expect(await card.textContent()).toContain('every action on this site is confirmed');
    await panel.waitForTimeout(650);
    await card.locator('button.danger').click();
    expect(await answerOf(panel, before)).toBe('Finished.');
    expect(await page.locator('input[name=order]').inputValue()).toBe('77');
    await siteMode.selectOption('act');
    await panel.close();
    await page.close();
  });

  it("says so, in words, in a tab the browser keeps extensions out of; a tab closed mid-run is the model's to hear", async () => {
    const page = await context.newPage();
    await page.goto('chrome://version');
    const tab = await worker.evaluate(
      async () => (await chrome.tabs.query({})).find((t) => t.url === 'chrome://version/')?.id ?? 0,
    );
    const panel = await openSidePanel(tab);
    await useSettings(panel, 'openai');
    mock.setScenario(script('version', { text: 'Never asked.' }));
    expect(await runTask(panel, 'Which version is this?')).toMatch(
      /cannot work in this tab \(chrome:\/\/version\/\): the browser keeps extensions out of its own pages/,
    );
    expect(mock.log).toHaveLength(0);
    await panel.close();
    await page.close();
    // A tab that closes while the model thinks: the call after it says so, and the run goes on.
    const slow = await startMockModel({ stepDelayMs: 1500 });
    try {
      const orders = await openTab('orders.html');
      const second = await openSidePanel(orders.tab);
      await useSettings(second, 'openai', slow);
      slow.setScenario(
        script('orders', call('find', { pattern: 'Order 1234' }), { text: 'The tab went away.' }),
      );
      const box = second.locator('llm-helper-panel textarea');
      await box.fill('Read the orders');
      await box.press('Enter');
      await expect.poll(() => slow.log.length).toBe(1);
      await orders.page.close();
      expect(await answerOf(second, 0)).toBe('The tab went away.');
      expect(JSON.stringify(slow.log[1]!.body)).toContain(`Tab ${orders.tab} was closed`);
      await second.close();
    } finally {
      await slow.close();
    }
    // Two side panels and a slow model: about 5 s alone; a fresh-clone CI run on a loaded machine once
    // took over 30.
  }, 60_000);

  it('asks before a tab opens another site, judged by the page the agent works in (not the side panel)', async () => {
    const { page, panel } = await setUp('orders.html');
    const away = `${site.url.replace('127.0.0.1', 'localhost')}/form.html`;
    const here = `${site.url}/form.html?same=1`;
    mock.setScenario(
      script(
        'open',
        call('tabs', { action: 'open', url: here }),
        call('tabs', { action: 'open', url: away }),
        { text: 'Opened one.' },
      ),
    );
    // The same site opens without a question; the other one waits for the person, who refuses.
    const { before, card } = await taskToCard(panel, 'Open the refund form here and on the other host');
    expect(await card.textContent()).toContain(`opens another site, ${new URL(away).origin}`);
    await card.locator('button', { hasText: 'Refuse' }).click();
    expect(await answerOf(panel, before)).toBe('Opened one.');
    const urls = await worker.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.url));
    expect(urls).toContain(here);
    expect(urls).not.toContain(away);
    expect(JSON.stringify(mock.log.at(-1)!.body)).toContain('the person refused');
    await panel.close();
    await page.close();
  });

  it('reaches a model service that does not answer CORS (as DeepSeek, Qwen, GLM, Mistral), with no proxy', async () => {
    const closed = await startMockModel({ cors: false });
    try {
      const { page, tab } = await openTab('orders.html');
      const panel = await openSidePanel(tab);
      await useSettings(panel, 'deepseek', closed);
      closed.setScenario(script('orders', call('find', { pattern: 'Order' }), { text: 'Two orders.' }));
      expect(await runTask(panel, 'How many orders?')).toBe('Two orders.');
      expect(closed.log.length).toBe(2);
      // The same request from the page itself is refused by the browser (no CORS answer).
      const fromPage = await page.evaluate(
        (u) =>
          fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
            () => 'answered',
            (e: Error) => e.name,
          ),
        `${closed.url}/v1/chat/completions`,
      );
      expect(fromPage).toBe('TypeError');
      await panel.close();
      await page.close();
    } finally {
      await closed.close();
    }
  }, 60_000);

  it('sends a screenshot as an image part to a model that sees images, and offers none to a text-only one', async () => {
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab);
    const scenario = script('look at', call('screenshot', { marks: true }), { text: 'Seen.' });
    // OpenAI's preset: a model that sees images.
    await useSettings(panel, 'openai');
    mock.setScenario(scenario);
    expect(await runTask(panel, 'Look at the page')).toBe('Seen.');
    const vision = mock.log.map(
      (r) => r.body as { tools: { function: { name: string } }[]; messages: unknown[] },
    );
    expect(vision[0]!.tools.map((t) => t.function.name)).toContain('screenshot');
    const images = (
      JSON.stringify(vision[1]!.messages).match(/data:image\/jpeg;base64,[A-Za-z0-9+/=]{1000,}/g) ?? []
    ).length;
    expect(images, JSON.stringify(vision[1]!.messages).slice(-600)).toBe(1);
    expect(JSON.stringify(vision[1]!.messages)).toMatch(/controls marked with their IDs/);
    // DeepSeek's preset: text only. No screenshot tool; a call to it anyway gets no picture.
    mock.log.length = 0;
    await useSettings(panel, 'deepseek');
    mock.setScenario(scenario);
    expect(await runTask(panel, 'Look at the page')).toBe('Seen.');
    const text = mock.log.map(
      (r) => r.body as { tools: { function: { name: string } }[]; messages: unknown[] },
    );
    expect(text[0]!.tools.map((t) => t.function.name)).not.toContain('screenshot');
    expect(JSON.stringify(text[1]!.messages)).not.toContain('data:image');
    expect(JSON.stringify(text[1]!.messages)).toContain('There is no tool');
    // The marks were taken off the page after the capture.
    expect(await page.locator('llm-helper-marks').count()).toBe(0);
    await panel.close();
    await page.close();
  });

  it('connects a tab to llm-helper-bridge: an MCP client drives it, and risky calls are confirmed in the side panel', async () => {
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab);
    const port = 18_900 + Math.floor(Math.random() * 500);
    const token = 'extension-pairing-token-1';
    const client = new Client({ name: 'extension-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          join(ROOT, 'bridge/bin/llm-helper-bridge.mjs'),
          '--port',
          String(port),
          '--token',
          token,
          '--allow-origin',
          `chrome-extension://${extensionId}`,
        ],
        stderr: 'pipe',
      }),
    );
    try {
      // Under ⋯: the outside agent's form.
      await panel.locator('llm-helper-panel .ext .more').click();
      await panel
        .locator('llm-helper-panel .ext details summary', { hasText: 'Outside agent (bridge)' })
        .click();
      await panel
        .locator('llm-helper-panel input[aria-label="Bridge address"]')
        .fill(`ws://127.0.0.1:${port}`);
      await panel.locator('llm-helper-panel input[aria-label="Pairing token"]').fill(token);
      await panel
        .locator('llm-helper-panel select[aria-label="Tools for the outside agent"]')
        .selectOption('standard');
      await panel.locator('llm-helper-panel button', { hasText: 'Connect' }).click();
      await panel.locator('llm-helper-panel .bridge', { hasText: 'open' }).waitFor();
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['find', 'click', 'tabs']));
      const found = await client.callTool({ name: 'find', arguments: { pattern: 'Delete order 1235' } });
      const text = (found.content as { text: string }[])[0]!.text;
      expect(text).toMatch(/^\[\d+\] button "Delete order 1235"/);
      const id = Number(/^\[(\d+)\]/.exec(text)![1]);
      // A delete from outside waits for the person, in the side panel.
      const clicked = client.callTool({ name: 'click', arguments: { id } });
      const card = panel.locator('llm-helper-panel .card[role=alertdialog]');
      await card.waitFor();
      expect(await card.textContent()).toContain('Delete order 1235');
      await panel.waitForTimeout(650);
      await card.locator('button.danger').click();
      expect(((await clicked).content as { text: string }[])[0]!.text).toMatch(/Clicked .*Delete order 1235/);
      expect(await page.locator('#del-1235').count()).toBe(0);
    } finally {
      await client.close();
    }
    await panel.close();
    await page.close();
  });

  it('sends real input through chrome.debugger when the person turns it on, for a page that ignores script events', async () => {
    // A profile where the person granted the debugger permission (Real input asks for it when ticked).
    const shipped = { context, worker, extensionId };
    await launch('debugger-profile', ['debugger']);
    try {
      const { page, panel } = await setUp('trusted.html');
      const scenario = script(
        'approve',
        call('find', { pattern: 'Approve request 9' }),
        call('click', { id: '$id' }),
        call('find', { pattern: 'Search' }),
        call('press', { key: 'Enter', id: '$id' }),
        { text: 'Approved.' },
      );
      mock.setScenario(scenario);
      // Off by default: the page ignores the SDK's events.
      expect(await runTask(panel, 'Approve request 9 and search')).toBe('Approved.');
      expect(await page.locator('#said').textContent()).toBe('Ignored a script key');
      // Under ⋯.
      await panel.locator('llm-helper-panel .ext .more').click();
      await panel.locator('llm-helper-panel label', { hasText: 'Real input' }).locator('input').check();
      mock.setScenario(scenario);
      expect(await runTask(panel, 'Approve request 9 and search')).toBe('Approved.');
      const bodies = mock.log.map((r) => JSON.stringify(r.body));
      expect(bodies.at(-3)).toContain('Approved request 9');
      expect(await page.locator('#said').textContent()).toBe('Searched ada');
      await panel.locator('llm-helper-panel label', { hasText: 'Real input' }).locator('input').uncheck();
    } finally {
      await swapBack(shipped);
    }
  }, 60_000); // (it starts a browser of its own)

  it('the content script answers any message with a result or an error, and goes on working', async () => {
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab); // injects the content script on its first call
    await useSettings(panel, 'openai');
    mock.setScenario(script('count', { text: 'Two.' }));
    expect(await runTask(panel, 'count the orders')).toBe('Two.');
    const method = fc.constantFrom(...PAGE_METHODS, 'nope');
    const message = fc.oneof(
      fc.jsonValue(),
      fc.record({ llmHelper: fc.constant('call'), method, args: fc.array(fc.jsonValue(), { maxLength: 3 }) }),
      fc.record({
        llmHelper: fc.constant('call'),
        method: fc.constant('execute'),
        args: fc.tuple(
          fc.record({ name: fc.constantFrom('click', 'find', 'type', 'x'), arguments: fc.jsonValue() }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        // (As JSON text: the message crosses to the service worker as it is.)
        const reply: unknown = await worker.evaluate(
          ([t, text]) =>
            chrome.tabs.sendMessage(t, JSON.parse(text) as object, { frameId: 0 }).then(
              (r: unknown) => r ?? 'ignored',
              (e: Error) => `failed: ${e.message}`,
            ),
          [tab, JSON.stringify(m)] as [number, string],
        );
        // Anything that is not a call is ignored (no answer); a call gets { ok, value | error, page }.
        if (reply === 'failed: The message port closed before a response was received.') return;
        expect(typeof reply === 'string' ? reply : 'answered', JSON.stringify(m)).not.toMatch(/^failed/);
        if (typeof reply === 'object') expect(reply).toHaveProperty('page');
      }),
      { numRuns: 60 },
    );
    expect(await page.locator('#del-1234').count()).toBe(1);
    mock.setScenario(script('count', call('find', { pattern: 'Order 1234' }), { text: 'Two.' }));
    expect(await runTask(panel, 'count the orders again')).toBe('Two.');
    expect(JSON.stringify(mock.log.at(-1)!.body)).toContain('cell \\"Order 1234\\"');
    await panel.close();
    await page.close();
  });
});

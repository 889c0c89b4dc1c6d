/**
 * The browser extension as it is built (dist/extension), loaded unpacked in Debian's Chromium. Its side
 * panel page runs tasks in a tab against the scripted model server, with the key set in the side panel.
 *
 * One change to what ships: the copy loaded here lists <all_urls> under host_permissions, which the
 * shipped manifest has under optional_host_permissions, and debugger, under optional_permissions. A
 * person grants them with a click ("Allow on this site", or on all sites for screenshots; "Real input"),
 * which shows a browser prompt that no test driver can answer (Chromium gives the protocol no hand on
 * it); declaring the permission is what the person's answer grants.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium, type BrowserContext, type Locator, type Page, type Worker } from 'playwright-core';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, OPEN_PANEL_ROOT, ROOT } from '../support/harness.mjs';
import { realKeys } from '../support/browser';
import { call, startMockModel, type MockModel, type ScriptedReply } from '../support/mock-model.mjs';
import { PAGE_METHODS } from '../../extension/protocol';

const FIXTURES = join(ROOT, 'test/fixtures/extension');
/** Where the side panel's screenshots go, to look at (npm test writes them; git ignores them). */
const SHOTS = join(ROOT, 'test/screenshots');
const KEY = 'sk-test-extension-0123456789';

let context: BrowserContext;
let worker: Worker;
let extensionId: string;
let site: { url: string; close(): Promise<void> };
let mock: MockModel;
let dir: string;

/**
 * Serves the fixtures, and three variants: form-csp.html is form.html under Content-Security-Policy:
 * default-src 'none'; orders-hostile.html is orders.html with hostile.js, a page script against the
 * assistant; orders-note.html is orders.html with a note field to type in.
 */
async function serveFixtures(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\//, '');
    const csp = path === 'form-csp.html';
    const hostile = path === 'orders-hostile.html';
    const note = path === 'orders-note.html';
    const file = csp ? 'form.html' : hostile || note ? 'orders.html' : path;
    if (!/^[\w-]+\.(html|js)$/.test(file)) return void res.writeHead(404).end();
    try {
      let body = readFileSync(join(FIXTURES, file), 'utf8');
      if (hostile) body = body.replace('</body>', '<script src="hostile.js"></script></body>');
      if (note) body = body.replace('</body>', '<label>Note <textarea id="note"></textarea></label></body>');
      res.writeHead(200, {
        'content-type': extname(file) === '.js' ? 'text/javascript' : 'text/html; charset=utf-8',
        ...(csp ? { 'content-security-policy': "default-src 'none'" } : {}),
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Loads the built extension in a fresh Chromium profile, with `permissions` (of the manifest's optional
 * ones) granted as the person's answer would, and makes it the one the tests drive.
 */
async function launch(profile: string, permissions: string[] = []): Promise<void> {
  const ext = join(dir, `${profile}-extension`);
  cpSync(join(ROOT, 'dist/extension'), ext, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(ext, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(
    join(ext, 'manifest.json'),
    JSON.stringify({
      ...manifest,
      host_permissions: ['<all_urls>'],
      permissions: [...(manifest.permissions as string[]), ...permissions],
    }),
  );
  context = await chromium.launchPersistentContext(join(dir, profile), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1100, height: 760 },
    args: [
      ...CHROMIUM_ARGS.filter((a) => a !== '--headless'),
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
    ],
  });
  // The test driver reads the panel's controls (its shadow root is closed; see OPEN_PANEL_ROOT).
  await context.addInitScript(OPEN_PANEL_ROOT);
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'llm-helper-extension-'));
  // As shipped but for the sites: no debugger permission (Real input's tests grant it in their own profile).
  await launch('profile');
  site = await serveFixtures();
  mock = await startMockModel();
}, 60_000);

beforeEach(() => {
  mock.log.length = 0;
});

afterAll(async () => {
  await context?.close();
  await site?.close();
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens a fixture in a new tab; its tab ID as the extension knows it. */
let opened = 0;
async function openTab(name: string): Promise<{ page: Page; tab: number }> {
  const page = await context.newPage();
  // A query of its own, so that no other tab has this address.
  await page.goto(`${site.url}/${name}?tab=${++opened}`);
  const url = page.url();
  const tab = await worker.evaluate(
    async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? 0,
    url,
  );
  expect(tab, `tab of ${url}`).toBeGreaterThan(0);
  return { page, tab };
}

/** The side panel page, in a window of its own (as the side panel sits beside the page), for `tab`. */
async function openSidePanel(tab: number, width = 420): Promise<Page> {
  const url = `chrome-extension://${extensionId}/sidepanel.html?tab=${tab}`;
  await worker.evaluate(
    ({ u, width }) => chrome.windows.create({ url: u, type: 'popup', width, height: 700 }),
    { u: url, width },
  );
  // Found by its address once it has one (a new page may show about:blank first).
  let panel: Page | undefined;
  for (
    const end = Date.now() + 15_000;
    !panel && Date.now() < end;
    await new Promise((r) => setTimeout(r, 50))
  )
    panel = context.pages().find((p) => p.url() === url);
  if (!panel) throw new Error(`The side panel page ${url} did not open.`);
  if (process.env.DEBUG_EXT) panel.on('console', (m) => console.log('[side panel]', m.text()));
  // Playwright can attach to a window the extension opened after its script ran (one in three on a
  // loaded machine), so OPEN_PANEL_ROOT came too late and the panel's root is closed to the driver:
  // load it again, with the init script in place from the start.
  const host = await panel.waitForFunction(() => document.querySelector('llm-helper-panel'));
  if (!(await host.evaluate((h) => !!h?.shadowRoot))) await panel.reload();
  await panel.locator('llm-helper-panel textarea').waitFor();
  return panel;
}

/** The settings as the side panel saves them, for the tests that do not go through the form again. */
async function useSettings(panel: Page, model: string, server: MockModel = mock): Promise<void> {
  await panel.evaluate((s) => chrome.storage.session.set({ settings: s }), {
    model,
    baseURL: `${server.url}/v1`,
    modelName: '',
    apiKey: KEY,
    remember: false,
    maxSteps: 20,
    preset: 'standard',
    language: 'en',
  });
  await panel.reload();
  await panel.locator('llm-helper-panel textarea').waitFor();
}

/** A tab on the fixture `name`, and the side panel working in it on `model`'s preset. */
async function setUp(name: string, model = 'openai'): Promise<{ page: Page; tab: number; panel: Page }> {
  const { page, tab } = await openTab(name);
  const panel = await openSidePanel(tab);
  await useSettings(panel, model);
  return { page, tab, panel };
}

/** A scenario of one task: the script the model follows when the person's task matches `match`. */
const script = (match: string, ...replies: ScriptedReply[]) => ({ tasks: [{ match, replies }] });

/** The scripted model's task "delete order 1234" (find it, click it, answer), sent from the panel's box. */
async function askToDelete(box: Locator): Promise<Locator> {
  mock.setScenario(
    script(
      'delete order 1234',
      call('find', { pattern: 'Delete order 1234' }),
      call('click', { id: '$id' }),
      { text: 'Order 1234 is deleted.' },
    ),
  );
  await box.fill('Please delete order 1234');
  await box.press('Enter');
  return box;
}
const answers = (panel: Page) => panel.locator('llm-helper-panel .msg.answer, llm-helper-panel .msg.error');

/** The run's answer: the first one after the `before` answers already shown. */
async function answerOf(panel: Page, before: number): Promise<string> {
  const answer = answers(panel).nth(before);
  await answer.waitFor({ timeout: 20_000 }).catch(async () => {
    const shown = await panel.locator('llm-helper-panel .body').textContent();
    throw new Error(`No answer; the panel shows: ${shown}`);
  });
  return (await answer.textContent()) ?? '';
}

async function runTask(panel: Page, task: string): Promise<string> {
  const before = await answers(panel).count();
  const box = panel.locator('llm-helper-panel textarea');
  await box.fill(task);
  await box.press('Enter');
  return answerOf(panel, before);
}

describe('the extension, loaded unpacked', () => {
  it('runs a task in a tab from the side panel, with the key set in the side panel; requests leave from the extension', async () => {
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab);
    mock.setScenario(
      script('total of order 1234', call('find', { pattern: 'Order 1234' }), {
        text: 'Order 1234 totals 56 EUR.',
      }),
    );
    // No key yet: the settings are open. The person picks the service, its address and their key.
    const settings = panel.locator('llm-helper-panel .settings');
    await settings.waitFor();
    await settings.locator('select').first().selectOption('openai');
    await settings.locator('input[type=url]').fill(`${mock.url}/v1`);
    await settings.locator('input[type=password]').fill(KEY);
    await settings.locator('button.primary').click();
    expect(await runTask(panel, 'What is the total of order 1234?')).toBe('Order 1234 totals 56 EUR.');
    expect(mock.log.length).toBe(2);
    for (const r of mock.log) {
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(r.headers.origin).toBe(`chrome-extension://${extensionId}`);
    }
    // The find ran in the tab: its result went to the model.
    expect(JSON.stringify(mock.log[1]!.body)).toContain('[3] cell \\"Order 1234\\"');
    // The key is in the extension's session storage (not "remember": not on disk), nowhere in the page.
    const stored = await panel.evaluate(async () => ({
      session: (await chrome.storage.session.get('settings')).settings as { apiKey?: string } | undefined,
      local: (await chrome.storage.local.get('settings')).settings as unknown,
    }));
    expect(stored.session?.apiKey).toBe(KEY);
    expect(stored.local).toBeUndefined();
    expect(await page.evaluate(() => document.documentElement.outerHTML.includes('sk-test'))).toBe(false);
    expect(await page.evaluate(() => 'LLMHelper' in window || '__llmHelper' in window)).toBe(false);
    await panel.close();
    await page.close();
  }, 60_000); // an extension, its side panel and a model under the suite's load

  it('a hostile page script finds no key, no request, no panel, and cannot approve a confirmation', async () => {
    const { page, panel } = await setUp('orders-hostile.html');
    await askToDelete(panel.locator('llm-helper-panel textarea'));
    // The click waits for the person: the page's script clicks every button it finds meanwhile.
    const card = panel.locator('llm-helper-panel .card[role=alertdialog]');
    await card.waitFor();
    expect(await card.textContent()).toContain('Delete order 1234');
    await page.waitForFunction(() => (window as unknown as { seen: { rounds: number } }).seen.rounds > 20);
    await page.waitForTimeout(300);
    expect(await page.locator('#del-1234').count()).toBe(1); // not deleted: nothing approved it
    expect(await card.isVisible()).toBe(true);
    // The person approves in the side panel (past the card's first moments, when Allow takes no press).
    await panel.waitForTimeout(650);
    await card.locator('button.danger').click();
    const answer = panel.locator('llm-helper-panel .msg.answer');
    await answer.waitFor();
    expect(await answer.textContent()).toBe('Order 1234 is deleted.');
    expect(await page.locator('#del-1234').count()).toBe(0);
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            seen: { requests: string[]; panels: number; keys: string[]; globals: string[]; clicks: number };
          }
        ).seen,
    );
    expect(seen).toMatchObject({ requests: [], panels: 0, keys: [], globals: [] });
    expect(seen.clicks).toBeGreaterThan(20);
    expect(mock.log.length).toBe(3);
    await panel.close();
    await page.close();
  });

  it("a card never takes the keyboard: keys typed in the side panel's box or in the page as it appears approve nothing", async () => {
    for (const where of ['side panel', 'page'] as const) {
      const { page, panel } = await setUp('orders-note.html');
      const box = await askToDelete(panel.locator('llm-helper-panel textarea'));
      // The person goes on typing, with real keys, where they were, while the card appears.
      const target = where === 'side panel' ? panel : page;
      if (where === 'side panel') await box.click();
      else await page.click('#note');
      const cdp = await context.newCDPSession(target);
      const typed = 'ok yes go ahead do it';
      const card = panel.locator('llm-helper-panel .card[role=alertdialog]');
      await Promise.all([realKeys(cdp, typed, 60), card.waitFor()]);
      await panel.waitForTimeout(300);
      expect(await page.locator('#del-1234').count(), where).toBe(1); // nothing approved
      expect(await card.isVisible()).toBe(true);
      const kept = where === 'side panel' ? await box.inputValue() : await page.locator('#note').inputValue();
      expect(kept, where).toBe(typed);
      await card.locator('button', { hasText: 'Refuse' }).click();
      await cdp.detach();
      await panel.close();
      await page.close();
    }
  }, 60_000); // an extension, its side panel and a model under the suite's load

  it('reads like a product at 360 px, in English and in Chinese, with no English word of its own left in Chinese', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab, 360);
    await panel.setViewportSize({ width: 360, height: 640 });
    await useSettings(panel, 'openai');
    const ui = panel.locator('llm-helper-panel');
    // Idle: example tasks for the page, a labelled site mode, one line each for the tab and the site.
    await ui.locator('.examples button').first().waitFor();
    expect(await ui.locator('.examples button').first().textContent()).toBe('Summarise “Orders”');
    expect(await ui.locator('.ext .mode').textContent()).toMatch(/^On this site/);
    for (const line of await ui.locator('.ext .line').all())
      expect((await line.boundingBox())!.height, 'a bar line that does not wrap').toBeLessThan(32);
    await panel.screenshot({ path: join(SHOTS, 'extension-idle-360.png') });
    // Running, each step in words; then a confirmation.
    const box = await askToDelete(ui.locator('textarea'));
    const card = ui.locator('.card[role=alertdialog]');
    await card.waitFor();
    expect(await ui.locator('.body details summary').first().textContent()).toBe(
      'Look for “Delete order 1234”',
    );
    await panel.screenshot({ path: join(SHOTS, 'extension-confirm-360.png') });
    await panel.waitForTimeout(650);
    await card.locator('button.danger').click();
    await ui.locator('.msg.answer').waitFor();
    // As many steps said as rows shown.
    const rows = await ui.locator('.body details').count();
    expect(await ui.locator('.status:not(.bridge):not(.ext)').last().textContent()).toBe(
      `Done · ${rows} steps`,
    );
    await panel.screenshot({ path: join(SHOTS, 'extension-done-360.png') });
    // Settings: a base URL that is not a web address is refused, with the reason.
    await ui.locator('.head button[title=Settings]').click();
    await ui.locator('.settings input[type=url]').fill('not a url');
    await ui.locator('.settings button.primary').click();
    expect(await ui.locator('.settings [role=status]').textContent()).toMatch(
      /“not a url” is not a web address/,
    );
    expect(await ui.locator('.settings').count()).toBe(1);
    expect(await ui.locator('.settings .warn').first().textContent()).toMatch(
      /extension storage, which web pages cannot read/,
    );
    await panel.screenshot({ path: join(SHOTS, 'extension-settings-error-360.png') });
    // In Chinese: every word of the panel, its bar, ⋯'s menu, a card and a refusal.
    await ui.locator('.settings select').last().selectOption('zh');
    await ui.locator('.settings input[type=url]').fill(`${mock.url}/v1`);
    await ui.locator('.settings button.primary').click();
    await ui.locator('.ext .more').click();
    await ui.locator('.ext details summary').click();
    mock.setScenario(
      script('订单', call('find', { pattern: 'Delete order 1235' }), call('click', { id: '$id' }), {
        text: '好的。',
      }),
    );
    await panel.evaluate(() => chrome.storage.local.set({ sites: {} }));
    await box.fill('删除订单 1235');
    await box.press('Enter');
    await card.waitFor({ timeout: 10_000 }).catch(async (e) => {
      await panel.screenshot({ path: join(SHOTS, 'extension-chinese-timeout.png') });
      throw e;
    });
    await panel.screenshot({ path: join(SHOTS, 'extension-chinese-360.png') });
    const english = await ui.evaluate((host) => {
      const root = host.shadowRoot!;
      // What the page and the model said (the task, the page's names, the answer) is theirs, not the UI's.
      const theirs =
        '.msg.user, .msg.answer, .msg.model-text, pre, .tab, .body details summary, .card > div:first-child';
      const words: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const parent = walker.currentNode.parentElement!;
        if (parent.closest(theirs) || parent.closest('style') || parent.closest('option')) continue;
        words.push(walker.currentNode.textContent ?? '');
      }
      for (const el of root.querySelectorAll('[title],[aria-label],[placeholder]'))
        if (!el.closest(theirs) && !el.matches('.card'))
          for (const a of ['title', 'aria-label', 'placeholder']) words.push(el.getAttribute(a) ?? '');
      for (const o of root.querySelectorAll('.ext option, .settings select:not(:first-of-type) option'))
        words.push(o.textContent ?? '');
      return (words.join(' ').match(/[A-Za-z]{3,}/g) ?? []).filter(
        (w) => !/^(LLMHelper|API|URL|http|https|openai|ws)$/i.test(w),
      );
    });
    // And the refusal, as the step's row says it.
    await card.locator('button:not(.danger)').click();
    await ui.locator('.msg.answer').last().waitFor();
    const refusal = (await ui.locator('.body details.bad summary').last().textContent()) ?? '';
    expect(refusal).toMatch(/^已拒绝: 用户拒绝了：点击：/);
    const mine = refusal.replace(/“[^”]*”/g, ''); // the page's words, quoted, are the page's
    english.push(...(mine.match(/[A-Za-z]{3,}/g) ?? []));
    expect(english).toEqual([]);
    await panel.close();
    await page.close();
  });

  it("puts LLMHelper in a site's own world for its console only when the person opts in there; the key stays out", async () => {
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab);
    await useSettings(panel, 'openai');
    expect(await page.evaluate(() => 'LLMHelper' in window)).toBe(false);
    const ui = panel.locator('llm-helper-panel');
    await ui.locator('.ext .more').click();
    const optIn = ui.locator('.ext label', { hasText: "Use LLMHelper from this site's console" });
    expect(await ui.locator('.ext .why').first().textContent()).toMatch(
      /Any script on the site can then use them/,
    );
    await optIn.locator('input').check();
    await page.waitForFunction(
      () => typeof (window as unknown as { LLMHelper?: unknown }).LLMHelper === 'object',
    );
    const found = await page.evaluate(
      () =>
        (window as unknown as { LLMHelper: { find(p: string): { text: string }[] } }).LLMHelper.find(
          'Order 1234',
        )[0]?.text,
    );
    expect(found).toBe('Order 1234');
    // The page API only: no key, no agent of the person's, no panel.
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    expect(html).not.toContain(KEY);
    expect(await page.evaluate(() => document.querySelector('llm-helper-panel'))).toBeNull();
    // Kept for the site: the next page load gets it again; another site does not.
    await page.reload();
    await page.waitForFunction(
      () => typeof (window as unknown as { LLMHelper?: unknown }).LLMHelper === 'object',
    );
    await optIn.locator('input').uncheck();
    await panel.close();
    await page.close();
  });

  it("lists the extension's own tools when the model asks for one that does not exist", async () => {
    const { page, panel } = await setUp('orders.html');
    mock.setScenario(script('frob', call('frobnicate', {}), { text: 'No such thing.' }));
    expect(await runTask(panel, 'Please frob the page')).toBe('No such thing.');
    const result = JSON.stringify(mock.log[1]!.body);
    expect(result).toMatch(/There is no tool .*frobnicate.*Tools: .*, tabs/);
    await panel.close();
    await page.close();
  });

  it("works on a page served with Content-Security-Policy: default-src 'none'", async () => {
    const { page, tab } = await openTab('form-csp.html');
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy|Refused/.test(m.text()) && violations.push(m.text()));
    const panel = await openSidePanel(tab);
    await useSettings(panel, 'openai');
    mock.setScenario(
      script('refund', call('find', { pattern: 'Order number' }), call('type', { id: '$id', text: '1234' }), {
        text: 'Filled in.',
      }),
    );
    expect(await runTask(panel, 'Start a refund for order 1234')).toBe('Filled in.');
    expect(await page.locator('input[name=order]').inputValue()).toBe('1234');
    expect(violations).toEqual([]);
    await panel.close();
    await page.close();
  }, 60_000); // an extension, its side panel and a model under the suite's load

  it('does a task that spans two tabs: reads in one, fills and saves the form in the other', async () => {
    const orders = await openTab('orders.html');
    const form = await openTab('form.html');
    const panel = await openSidePanel(orders.tab);
    await useSettings(panel, 'openai');
    mock.setScenario(
      script(
        'refund form',
        call('find', { pattern: 'Order 1235' }),
        call('tabs', { action: 'list' }),
        call('tabs', { action: 'switch', tab: form.tab }),
        call('find', { pattern: 'Refund total' }),
        call('type', { id: '$id', text: '12' }),
        call('find', { pattern: 'Order number' }),
        call('type', { id: '$id', text: '1235' }),
        call('find', { pattern: 'Save refund' }),
        call('click', { id: '$id' }),
        call('find', { pattern: 'Refund total' }),
        { text: 'Refund for order 1235 saved.' },
      ),
    );
    expect(await runTask(panel, "Put order 1235's total into the refund form and save it")).toBe(
      'Refund for order 1235 saved.',
    );
    const bodies = mock.log.map((r) => JSON.stringify(r.body));
    // The list named both tabs; the switch answered with the form's page.
    expect(bodies[2]).toContain(`tab ${form.tab}: Refund form`);
    expect(bodies[3]).toContain(`Now in tab ${form.tab}`);
    // The form was sent (a page load, GET): the tab followed it, and the last find ran on the new page.
    await form.page.waitForURL(/total=12/);
    expect(form.page.url()).toMatch(/order=1235&total=12/);
    expect(bodies[10]).toContain('A new page loaded');
    // What the page layer says of a page load is true here: the run goes on (it does not end).
    expect(bodies.join('\n')).not.toContain('ends this session');
    await panel.close();
    await orders.page.close();
    await form.page.close();
  });

  it("says a model service's failure in a person's words: what failed, and what to do", async () => {
    const { page, panel } = await setUp('orders.html');
    mock.fault('401');
    const box = panel.locator('llm-helper-panel textarea');
    await box.fill('How many orders?');
    await box.press('Enter');
    const error = panel.locator('llm-helper-panel .msg.error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toBe('The model service refused the API key. Check the key in ⚙.');
    await panel.close();
    await page.close();
  });

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
    const before = await answers(panel).count();
    const box = panel.locator('llm-helper-panel textarea');
    await box.fill('Open the refund form here and on the other host');
    await box.press('Enter');
    // The same site opens without a question; the other one waits for the person, who refuses.
    const card = panel.locator('llm-helper-panel .card[role=alertdialog]');
    await card.waitFor();
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
      await context.close();
      ({ context, worker, extensionId } = shipped);
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

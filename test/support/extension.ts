/**
 * The built extension (dist/extension) loaded unpacked in Debian's Chromium, for the extension's tests
 * (extension.test.ts, extension-more.test.ts): the fixtures served, the scripted model, and the steps a
 * person takes (open a tab, open the side panel, set a model, run a task).
 *
 * One change to what ships: the copy loaded here lists <all_urls> under host_permissions, which the
 * shipped manifest has under optional_host_permissions, and debugger, under optional_permissions. A
 * person grants them with a click ("Allow on this site", or on all sites for screenshots; "Real input"),
 * which shows a browser prompt that no test driver can answer (Chromium gives the protocol no hand on
 * it); declaring the permission is what the person's answer grants.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { CHROMIUM_ARGS, OPEN_PANEL_ROOT, ROOT } from './harness.mjs';
import { call, startMockModel, type MockModel, type ScriptedReply } from './mock-model.mjs';

const FIXTURES = join(ROOT, 'test/fixtures/extension');
/** Where the side panel's screenshots go, to look at (npm test writes them; git ignores them). */
export const SHOTS = join(ROOT, 'test/screenshots');
export const KEY = 'sk-test-extension-0123456789';

export let context: BrowserContext;
export let worker: Worker;
export let extensionId: string;
export let site: { url: string; close(): Promise<void> };
export let mock: MockModel;
export let dir: string;

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
    // The pages of #64 and #65 are the script-tag tests' own, met here as a page without LLMHelper.
    const shared = /^(elsewhere(-report)?\.html|saved-tasks\.html|files\/invoices\.csv)$/.test(file);
    if (!shared && !/^[\w-]+\.(html|js)$/.test(file)) return void res.writeHead(404).end();
    try {
      let body = readFileSync(join(shared ? join(FIXTURES, '..') : FIXTURES, file), 'utf8');
      if (shared) body = body.replace(/<script src="\/dist\/[^"]+"><\/script>/, '');
      if (hostile) body = body.replace('</body>', '<script src="hostile.js"></script></body>');
      if (note) body = body.replace('</body>', '<label>Note <textarea id="note"></textarea></label></body>');
      res.writeHead(200, {
        'content-type':
          extname(file) === '.js'
            ? 'text/javascript'
            : extname(file) === '.csv'
              ? 'text/csv'
              : 'text/html; charset=utf-8',
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
export async function launch(profile: string, permissions: string[] = []): Promise<void> {
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

/** Opens a fixture in a new tab; its tab ID as the extension knows it. */
let opened = 0;
export async function openTab(name: string): Promise<{ page: Page; tab: number }> {
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
export async function openSidePanel(tab: number, width = 420): Promise<Page> {
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
export async function useSettings(panel: Page, model: string, server: MockModel = mock): Promise<void> {
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
export async function setUp(
  name: string,
  model = 'openai',
): Promise<{ page: Page; tab: number; panel: Page }> {
  const { page, tab } = await openTab(name);
  const panel = await openSidePanel(tab);
  await useSettings(panel, model);
  return { page, tab, panel };
}

/** A scenario of one task: the script the model follows when the person's task matches `match`. */
export const script = (match: string, ...replies: ScriptedReply[]) => ({ tasks: [{ match, replies }] });

/** The scripted model's task "delete order 1234" (find it, click it, answer), sent from the panel's box. */
export async function askToDelete(box: Locator): Promise<Locator> {
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
export const answers = (panel: Page) =>
  panel.locator('llm-helper-panel .msg.answer, llm-helper-panel .msg.error');

/** The run's answer: the first one after the `before` answers already shown. */
export async function answerOf(panel: Page, before: number): Promise<string> {
  const answer = answers(panel).nth(before);
  await answer.waitFor({ timeout: 20_000 }).catch(async () => {
    const shown = await panel.locator('llm-helper-panel .body').textContent();
    throw new Error(`No answer; the panel shows: ${shown}`);
  });
  return (await answer.textContent()) ?? '';
}

/**
 * Sends `task` from the side panel's box and waits for the confirmation card it leads to: the answers
 * shown before it (for answerOf) and the card.
 */
export async function taskToCard(panel: Page, task: string): Promise<{ before: number; card: Locator }> {
  const before = await answers(panel).count();
  const box = panel.locator('llm-helper-panel textarea');
  await box.fill(task);
  await box.press('Enter');
  const card = panel.locator('llm-helper-panel .card[role=alertdialog]');
  await card.waitFor();
  return { before, card };
}

export async function runTask(panel: Page, task: string): Promise<string> {
  const before = await answers(panel).count();
  const box = panel.locator('llm-helper-panel textarea');
  await box.fill(task);
  await box.press('Enter');
  return answerOf(panel, before);
}

/** Loads the extension before a file's tests (as shipped but for the sites), serves the fixtures and the model. */
export function useExtension(): void {
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
}

/** The extension loaded before launch() swapped in another profile's, made the one driven again. */
export async function swapBack(shipped: { context: BrowserContext; worker: Worker; extensionId: string }) {
  await context.close();
  ({ context, worker, extensionId } = shipped);
}

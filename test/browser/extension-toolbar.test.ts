/**
 * The extension as a person first meets it (#52): headed Chromium on an X display of its own (Xvfb),
 * the extension as it ships (no site permission granted), pinned to the toolbar. A real click on its
 * toolbar button (xdotool, at the icon found on the screen) opens the side panel and lets it into the
 * tab (activeTab); the person types a task with real keys, and the run reads the page and takes a
 * screenshot with no other step. Screens are written to test/screenshots/ to look at.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServer } from '../support/harness.mjs';
import { call, startMockModel, type MockModel } from '../support/mock-model.mjs';
import { captureScreen, findColor } from '../support/screen.mjs';
import { ICON_RGB } from '../../extension/icon.mjs';

const SHOTS = join(ROOT, 'test/screenshots');
/** The panel's Send button (its primary colour). */
const SEND_RGB = [0x28, 0x57, 0xe0];
const display = `:${90 + (process.pid % 100)}`;
const env = { ...process.env, DISPLAY: display };

let xvfb: ChildProcess;
let context: BrowserContext;
let worker: Worker;
let site: Awaited<ReturnType<typeof startServer>>;
let mock: MockModel;
let dir: string;

/** Xvfb, xdotool and xwd, from Debian's packages (xvfb, xdotool, x11-apps); .ci/run installs them. */
function needTools(): void {
  for (const tool of ['Xvfb', 'xdotool', 'xwd'])
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`]);
    } catch {
      throw new Error(
        `${tool} is not installed: the headed toolbar test needs Xvfb, xdotool and xwd (Debian: apt-get install -y xvfb xdotool x11-apps; .ci/run installs them).`,
      );
    }
}

const xdotool = (...args: string[]) => execFileSync('xdotool', args, { env });
const shot = (name: string) => writeFileSync(join(SHOTS, `${name}.png`), captureScreen(display).png());

/** Polls the screen until `find` sees what it looks for. */
async function waitForScreen<T>(what: string, find: () => T | null, ms = 15_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    const found = find();
    if (found) return found;
  }
  shot('toolbar-timeout');
  throw new Error(`Not on the screen after ${ms} ms: ${what} (see test/screenshots/toolbar-timeout.png)`);
}

beforeAll(async () => {
  needTools();
  mkdirSync(SHOTS, { recursive: true });
  xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await waitForScreen('the X display', () =>
    existsSync(`/tmp/.X11-unix/X${display.slice(1)}`) ? true : null,
  );
  dir = mkdtempSync(join(tmpdir(), 'llm-helper-toolbar-'));
  // The extension as it ships: its manifest unchanged (site access only on the person's grant).
  const ext = join(dir, 'extension');
  cpSync(join(ROOT, 'dist/extension'), ext, { recursive: true });
  // Its ID, as the browser derives it for an unpacked extension, pinned to the toolbar as a person pins it.
  const id = [...createHash('sha256').update(ext).digest('hex').slice(0, 32)]
    .map((c) => String.fromCharCode(97 + parseInt(c, 16)))
    .join('');
  mkdirSync(join(dir, 'profile', 'Default'), { recursive: true });
  writeFileSync(
    join(dir, 'profile', 'Default', 'Preferences'),
    JSON.stringify({ extensions: { pinned_extensions: [id] } }),
  );
  context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: false,
    env,
    viewport: null,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--window-position=0,0',
      '--window-size=1280,800',
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  expect(new URL(worker.url()).host).toBe(id);
  site = await startServer();
  mock = await startMockModel();
}, 60_000);

afterAll(async () => {
  await context?.close();
  await site?.close();
  await mock?.close();
  xvfb?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the extension from its toolbar button', () => {
  it('one real click opens the side panel and lets it into the tab: the first task reads the page and takes a screenshot', async () => {
    // No site permission: only the toolbar click lets it in.
    expect(await worker.evaluate(async () => (await chrome.permissions.getAll()).origins ?? [])).toEqual([]);
    mock.setScenario({
      tasks: [
        {
          match: 'order 1234',
          replies: [
            call('find', { pattern: 'Order 1234' }),
            call('screenshot', { marks: true }),
            { text: 'Order 1234 is for Ada Lovelace.' },
          ],
        },
      ],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${site.url}/test/fixtures/extension/orders.html`);
    await page.bringToFront();
    const icon = await waitForScreen('the pinned toolbar icon', () =>
      findColor(captureScreen(display), ICON_RGB, { top: 40, bottom: 90, left: 640 }),
    );
    shot('toolbar-1-page');
    xdotool('mousemove', String(icon.x), String(icon.y), 'click', '1');
    // The side panel opens beside the page. A newcomer's first screen (toolbar-2-first-screen.png, to
    // look at): the settings read from the top (the Provider in view), under the browser's one title
    // bar, and nothing to allow on this tab.
    let send = await waitForScreen('the side panel', () =>
      findColor(captureScreen(display), SEND_RGB, { left: 800, top: 600 }),
    );
    await new Promise((r) => setTimeout(r, 300)); // drawn
    shot('toolbar-2-first-screen');
    // The person's key, as the side panel's settings keep it (chrome.storage.session).
    await worker.evaluate((s) => chrome.storage.session.set({ settings: s }), {
      model: 'openai',
      baseURL: `${mock.url}/v1`,
      modelName: '',
      apiKey: 'sk-test-toolbar-0123456789',
      remember: false,
      maxSteps: 20,
      preset: 'standard',
      language: 'en',
    });
    // The side panel loaded again (its page at another address), as the person's Save would leave it.
    await worker.evaluate(() => chrome.sidePanel.setOptions({ path: 'sidepanel.html?set-up' }));
    await new Promise((r) => setTimeout(r, 1500));
    send = await waitForScreen('the side panel, set up', () =>
      findColor(captureScreen(display), SEND_RGB, { left: 800, top: 600 }),
    );
    shot('toolbar-2-side-panel');
    // The person types the task with their own keys and presses Enter.
    xdotool('mousemove', String(send.x - 140), String(send.y), 'click', '1');
    xdotool('type', '--delay', '20', 'Who is order 1234 for?');
    xdotool('key', 'Return');
    await expect.poll(() => mock.log.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 1000)); // the answer drawn
    shot('toolbar-3-answered');
    const bodies = mock.log.map((r) => JSON.stringify(r.body));
    // The page was read through the content script the click let in…
    expect(bodies[1]).toMatch(/cell \\"Order 1234\\"/);
    expect(bodies.join('\n')).not.toMatch(/may not read/);
    // …and the screenshot was taken and sent as an image.
    expect(bodies[2]).toMatch(/image_url|data:image\/jpeg/);
    expect(bodies[2]).not.toMatch(/No screenshot/);
  }, 90_000);
});

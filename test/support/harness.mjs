// Shared by the browser tests and the benchmarks: a static server on 127.0.0.1, Debian's Chromium
// through playwright-core, and the saved real-world pages in ../shared/corpus/pages.
import { createServer } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestPath } from './request-path.mjs';
import { chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BUNDLE = join(ROOT, 'dist/llm-helper.umd.js');
export const CORPUS = process.env.LLMH_CORPUS ?? join(ROOT, '../shared/corpus/pages');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xhtml': 'application/xhtml+xml',
};

/**
 * Serves `root` on 127.0.0.1 at a free port; `otherOrigin` is the same server as localhost, a
 * different origin for cross-origin frames.
 * @param {string} [root]
 * @returns {Promise<{ url: string, otherOrigin: string, close(): Promise<void> }>}
 */
export async function startServer(root = ROOT) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = requestPath(req.url);
    if (path === null) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('malformed URL');
      return;
    }
    // ?delay=ms answers late, for tests that wait on requests.
    const delay = Math.min(Number(url.searchParams.get('delay')) || 0, 5000);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const file = join(root, path.endsWith('/') ? path + 'index.html' : path);
      // The test-only packages (widget libraries, frameworks) are installed in test/node_modules; the
      // build's (zod, React) in the root's. Fixtures ask for both as /node_modules/….
      const tests = /^[/\\]?node_modules[/\\]/.test(path) ? join(ROOT, 'test', path) : '';
      const body = await readFile(tests && existsSync(tests) ? tests : file);
      res.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    otherOrigin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The panel's shadow root is closed, so page scripts do not find its controls; Playwright's locators
 * reach open roots only. Test pages get this init script, which opens the panel's root for the test
 * driver (as a page script that runs before the SDK could): the tests that show what a hostile page
 * can do launch without it (`{ panelRoot: 'closed' }`). It changes no behaviour of the SDK: every panel
 * control still acts only on trusted events, which is what the driver's clicks and keys are.
 */
export const OPEN_PANEL_ROOT = `(() => {
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    return attach.call(this, this.localName === 'llm-helper-panel' ? { ...init, mode: 'open' } : init);
  };
})()`;

/** The truth oracle (test/support/truth-oracle.js): every action's report checked against the page. */
export const TRUTH_ORACLE = join(ROOT, 'test/support/truth-oracle.js');
/** What the oracle found, in the order it found it; a test's afterEach fails on any (support/browser.ts). */
export const truthFindings = [];

/**
 * Debian's Chromium, headless. Every page it opens gets OPEN_PANEL_ROOT unless `panelRoot` is 'closed',
 * and, under vitest (or with `truth: true`), the truth oracle, whose findings go to `truthFindings`.
 * @param {{ panelRoot?: 'open' | 'closed', args?: string[], truth?: boolean, popupBlocker?: boolean }} [options]
 * @returns {Promise<import('playwright-core').Browser>}
 */
/** The bound of every Playwright wait in the tests (its default is 30 s). */
export const TEST_WAIT_MS = 60_000;

export async function launchChromium(options = {}) {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path))
    throw new Error(
      `Chromium is not at ${path}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH; .ci/run installs it when missing.`,
    );
  const browser = await chromium.launch({
    executablePath: path,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    // Playwright turns the popup blocker off; a test of what it stops turns it back on.
    ...(options.popupBlocker ? { ignoreDefaultArgs: ['--disable-popup-blocking'] } : {}),
  });
  const truth = options.truth ?? !!process.env.VITEST;
  const open = options.panelRoot !== 'closed';
  if (!truth && !open && !process.env.VITEST) return browser;
  const prepared = new WeakSet();
  /** @param {import('playwright-core').BrowserContext} context */
  const prepare = async (context) => {
    if (prepared.has(context)) return;
    prepared.add(context);
    // Every wait of a test (a locator, a load, a function polled) has a bound generous for a loaded
    // machine: each is for an event, so a passing test never waits it out.
    if (process.env.VITEST) context.setDefaultTimeout(TEST_WAIT_MS);
    if (open) await context.addInitScript(OPEN_PANEL_ROOT);
    if (truth) {
      watchAway(context);
      await context.addInitScript({ path: TRUTH_ORACLE });
      context.on('console', (m) => {
        if (m.text().startsWith('[llmh-truth]')) truthFindings.push(m.text());
      });
    }
  };
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (o) => {
    const context = await newContext(o);
    await prepare(context);
    return context;
  };
  browser.newPage = async (o) => {
    const page = await newPage(o);
    await prepare(page.context());
    return page;
  };
  return browser;
}

/**
 * The truth oracle's checks of what an action sent elsewhere, against what the browser itself saw the
 * page do (the tabs it opened, the downloads it started). The oracle logs each action's claims with its
 * start and end (`[llmh-away] {…}`); they are judged here, in Node, because a reply into the page (an
 * evaluate) would count as a person's click there and let the page open windows. Awaited by afterEach.
 */
export const truthPending = new Set();

/**
 * A tab the browser opened, with when: Playwright tells of a popup once its first load commits, which on
 * a loaded machine (two test files at once) comes after the next action began, so the time is taken
 * from the tab itself (when its document's load began, performance.timeOrigin: the click's moment) as
 * soon as it answers; until then, when Node heard of it.
 * @param {import('playwright-core').Page} popup
 */
export function tabOpened(popup) {
  const tab = { at: Date.now(), page: popup };
  popup
    .evaluate(() => performance.timeOrigin)
    .then((t) => {
      if (t > 0 && t < tab.at) tab.at = Math.floor(t);
    })
    .catch(() => {}); // closed, or a window it cannot evaluate in: Node's time stands
  return tab;
}

/**
 * How long after an action the browser's news of its tabs and downloads may come, on a loaded machine
 * (two test files at a time on two cores, a tab whose address refuses the connection): a bound, waited
 * out only while a claim has not been borne out.
 */
export const LATE_MS = 15_000;

/** @param {import('playwright-core').BrowserContext} context */
function watchAway(context) {
  const away = new WeakMap();
  const of = (page) => {
    let r = away.get(page);
    if (!r) away.set(page, (r = { tabs: [], downloads: [], actions: [] }));
    return r;
  };
  // An event is the doing of the last action that started before it (events reach Node a moment after
  // the page saw them), within a moment of its end; a download comes after its response.
  const owner = (r, at) => r.actions.filter((x) => x.t0 - 50 <= at).at(-1);
  const of2 = (r, a, list, late) => list.filter((e) => owner(r, e.at) === a && e.at <= a.t1 + late);
  const judge = (page, a) => {
    const r = of(page);
    // A tab is told of once its first load ends (or fails), a download once its response begins: a
    // moment later, or some seconds on a loaded machine (two test files at a time).
    const tabs = of2(r, a, r.tabs, LATE_MS).map((t) => t.page.url());
    const downloads = of2(r, a, r.downloads, LATE_MS).map((d) => d.file);
    for (const c of awayContradictions(a.said, tabs, downloads, a.unloading))
      truthFindings.push(`[llmh-truth] ${a.name}: ${c}. Report: ${JSON.stringify(a.message).slice(0, 400)}`);
  };
  const watch = (page) => {
    page.on('popup', (p) => of(page).tabs.push(tabOpened(p)));
    page.on('download', (d) => {
      const at = Date.now();
      const r = of(page);
      r.downloads.push({ at, file: d.suggestedFilename() });
      // A download no report claimed, started by an action already judged.
      const a = owner(r, at);
      if (a?.judged && at <= a.t1 + 1500 && !a.said.downloads.length)
        truthFindings.push(
          `[llmh-truth] ${a.name}: the browser started a download (${d.suggestedFilename()}), but the report says none. Report: ${JSON.stringify(a.message).slice(0, 400)}`,
        );
    });
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  context.on('console', (m) => {
    const text = m.text();
    const page = m.page();
    if (!text.startsWith('[llmh-away] ') || !page) return;
    const a = JSON.parse(text.slice(12));
    of(page).actions.push(a);
    const claims = a.said.tabs.length + a.said.downloads.length + a.said.blocked.length;
    if (!claims) {
      a.judged = true;
      return judge(page, a);
    }
    // A claim waits for the browser's events to arrive: a moment for any, then until as many as it
    // claims have come, up to LATE_MS.
    const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
    const arrived = () => {
      const r = of(page);
      return (
        of2(r, a, r.tabs, LATE_MS).length >= a.said.tabs.length &&
        of2(r, a, r.downloads, LATE_MS).length >= a.said.downloads.length
      );
    };
    const check = (async () => {
      const since = Date.now();
      await sleep(1500);
      while (!arrived() && Date.now() - since < LATE_MS) await sleep(100);
      a.judged = true;
      judge(page, a);
    })();
    truthPending.add(check);
    void check.finally(() => truthPending.delete(check));
  });
}

/**
 * A report's claims of what went elsewhere, against what the browser did: each new tab it says opened
 * opened, at that address (or failed to load there); each download it says started started, by that
 * name; nothing opened or downloaded that it leaves out. A link a script followed with no person's click
 * may open or be stopped, as the browser's popup blocker is set.
 */
export function awayContradictions(said, tabs, downloads, unloading) {
  const out = [];
  const sure = said.tabs.filter((t) => !t.unsure);
  if (sure.length > tabs.length)
    out.push(`says ${sure.length} new tab(s) opened, but the browser opened ${tabs.length}`);
  if (tabs.length > said.tabs.length)
    out.push(
      `the browser opened ${tabs.length} new tab(s) (${tabs.join(', ')}), but the report says ${said.tabs.length}`,
    );
  const failed = (u) => u === '' || u === 'about:blank' || u.startsWith('chrome-error:');
  for (const t of sure)
    if (t.url && !tabs.some((u) => u === t.url || failed(u)))
      out.push(`says a new tab opened at ${t.url}, but the tabs opened show ${tabs.join(', ') || 'none'}`);
  if (said.blocked.length && tabs.length > said.tabs.length)
    out.push('says the browser blocked a window, but one opened');
  if (said.downloads.length > downloads.length)
    out.push(
      `says ${said.downloads.length} download(s) started, but the browser started ${downloads.length}`,
    );
  for (const d of said.downloads)
    if (downloads.length && !downloads.includes(d.file))
      out.push(`says "${d.file}" downloads, but the browser saves ${downloads.join(', ')}`);
  if (downloads.length > said.downloads.length)
    out.push(
      `the browser started ${downloads.length} download(s) (${downloads.join(', ')}), but the report says ${said.downloads.length}`,
    );
  if (downloads.length && unloading)
    out.push('says the page is unloading, but it started a download and stays');
  return out;
}

/** The saved pages, by file name; empty when the corpus is not beside the repository. */
export async function corpusPages() {
  if (!existsSync(CORPUS)) return [];
  return (await readdir(CORPUS)).filter((f) => f.endsWith('.html')).sort();
}

/**
 * Opens a saved page from `server` (rooted at CORPUS) with every request that would leave this
 * machine aborted, then loads the built bundle with a script tag.
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string }} server
 * @param {string} file
 */
export async function openCorpusPage(browser, server, file) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
    javaScriptEnabled: true,
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    return url.startsWith(server.url) ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/${encodeURIComponent(file)}`, {
    waitUntil: 'domcontentloaded',
    timeout: 20_000,
  });
  await page.addScriptTag({ path: BUNDLE });
  await page.waitForFunction(() => typeof window.LLMHelper === 'object', undefined, { timeout: 10_000 });
  return { page, close: () => context.close() };
}

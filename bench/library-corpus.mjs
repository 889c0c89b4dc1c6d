// The corpus of real libraries' widgets (bench/libraries/): pages written with each library's own code as
// its docs teach, and what #75 measures on them through the public API in Chromium, the truth oracle on.
//  - first look: each control that opens or switches something (a tab, an accordion header, a summary, a
//    tree folder, a menu button, a dropdown, a date field…) is in the first summary() with its ID, and a
//    word for its state (expanded, collapsed, selected…) where the page shows one (ARIA's, a summary's, a
//    clickable box over a hidden sibling);
//  - reveal: a click on such a control lists, in that click's own report, with IDs, the actionable
//    elements it revealed.
// bench/libraries/<page>.json names them for <page>.html, as CSS selectors of the light DOM (with `text`
// when the selector matches several: the first whose text contains it):
//   { "ready": "<css present once the app drew>",
//     "open": [{ "name": "tabs: Shipping", "css": "…", "text": "…" }],
//     "reveal": [{ "name": "…", "click": { "css": "…", "text": "…" }, "shows": [{ "css": "…", "text": "…" }] }] }
// A page <name>.html with a <name>-app.js beside it gets that app bundled (rollup, from test/node_modules)
// and served as <name>-app.bundle.js. An element counts as shown when an ID in the text stands for it,
// for its parent or grandparent (the widget around an inner anchor) or for something inside it.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { BUNDLE, ROOT } from '../test/support/harness.mjs';

export const LIBRARIES = join(ROOT, 'bench/libraries');
/** Small list apps, one per framework (bench/lists/), for what went away and what a list shows. */
export const LISTS = join(ROOT, 'bench/lists');

/** The pages and what is measured on each: bench/libraries/<page>.json beside each <page>.html. */
export async function libraryTasks() {
  const specs = (await readdir(LIBRARIES)).filter((f) => f.endsWith('.json')).sort();
  return Object.fromEntries(
    await Promise.all(
      specs.map(async (f) => [
        f.replace(/\.json$/, '.html'),
        JSON.parse(await readFile(join(LIBRARIES, f), 'utf8')),
      ]),
    ),
  );
}

const bundles = new Map();
/** <dir>/<name>-app.js as one script, bundled once per process. */
async function bundle(dir, name) {
  const key = join(dir, name);
  if (!bundles.has(key))
    bundles.set(
      key,
      (async () => {
        const { rollup } = await import('rollup');
        const { default: resolve } = await import('@rollup/plugin-node-resolve');
        const { default: commonjs } = await import('@rollup/plugin-commonjs');
        const b = await rollup({
          input: join(dir, `${name}-app.js`),
          plugins: [
            {
              name: 'node-env',
              transform: (code) =>
                code.includes('process.env.NODE_ENV')
                  ? code.replaceAll('process.env.NODE_ENV', '"production"')
                  : null,
            },
            resolve({ browser: true, modulePaths: [join(ROOT, 'test/node_modules')] }),
            commonjs(),
          ],
          onwarn() {},
        });
        const code = (await b.generate({ format: 'iife' })).output[0].code;
        await b.close();
        return code;
      })(),
    );
  return bundles.get(key);
}

/**
 * Opens <dir>/<file> (bench/libraries/ unless told; its app bundled and served when it has one), waits
 * for `ready`, then loads the SDK as a script tag, as a bookmarklet would on a page already drawn.
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string }} server rooted at the repository
 */
export async function openLibraryPage(browser, server, file, spec = {}, dir = LIBRARIES) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => console.error(`[${file}] page error: ${e.message}`));
  const name = file.replace(/\.html$/, '');
  if (existsSync(join(dir, `${name}-app.js`))) {
    const code = await bundle(dir, name);
    await page.route(`**/${name}-app.bundle.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: code }),
    );
  }
  await page.goto(`${server.url}/${relative(ROOT, dir)}/${file}`);
  if (spec.ready) await page.waitForSelector(spec.ready, { state: 'attached' });
  await page.evaluate(
    () => new Promise((r) => window.requestAnimationFrame(() => window.requestAnimationFrame(r))),
  );
  await page.addScriptTag({ path: BUNDLE });
  await page.waitForFunction(() => typeof window.LLMHelper === 'object');
  return page;
}

/** In the page: the element a {css, text} names, or null. */
function pick(target) {
  const all = [...document.querySelectorAll(target.css)];
  return (
    all.find((e) => !target.text || (e.textContent ?? '').replace(/\s+/g, ' ').includes(target.text)) ?? null
  );
}

/**
 * In the page: which of `targets` an ID in `text` stands for, each with the line that shows it. Marks the
 * target, its parent and grandparent and everything inside it for the moment it takes to ask extract().
 */
async function shownIn(text, targets) {
  const L = window.LLMHelper;
  const ids = [...new Set([...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))];
  const out = [];
  for (const t of targets) {
    const el = pick(t);
    if (!el) {
      out.push({ name: t.name, found: false, shown: false, line: '' });
      continue;
    }
    // A custom element's own parts (Shoelace's button in its shadow root) stand for it too.
    const marked = [
      el,
      el.parentElement,
      el.parentElement?.parentElement,
      ...el.querySelectorAll('*'),
      ...(el.shadowRoot?.querySelectorAll('*') ?? []),
    ].filter(Boolean);
    for (const m of marked) m.setAttribute('data-bench-mark', '1');
    let id = null;
    for (const i of ids) {
      try {
        if (L.extract(i, 'data-bench-mark') === '1') {
          id = i;
          break;
        }
      } catch {
        /* an ID of an element that is gone */
      }
    }
    for (const m of marked) m.removeAttribute('data-bench-mark');
    // The entry of that ID: from it to the next entry (`; [n]`, `, [n]`) or the line's end.
    const at = id === null ? -1 : text.indexOf(`[${id}]`);
    const line =
      at < 0
        ? ''
        : text
            .slice(at)
            .split(/\n|[;,] (?=\[\d+\])/)[0]
            .slice(0, 200);
    // A state is asked for where the page shows one: ARIA's, a summary's, a box over a hidden sibling.
    const stated = (e) =>
      e &&
      (['aria-expanded', 'aria-selected', 'aria-pressed'].some((a) => e.hasAttribute(a)) ||
        e.tagName === 'SUMMARY');
    const next = el.nextElementSibling ?? el.parentElement?.nextElementSibling;
    const needsState =
      stated(el) ||
      stated(el.closest('[role=tab],[role=treeitem]')) ||
      (!!next && window.getComputedStyle(next).display === 'none' && !!next.textContent.trim());
    out.push({ name: t.name, found: true, shown: id !== null, line, needsState });
  }
  return out;
}
/** pick and shownIn, defined in the page beside the SDK (the bench's own script, not the page's). */
const IN_PAGE = `window.__benchCorpus = (() => { ${pick} ${shownIn} return { pick, shownIn }; })();`;

const STATE =
  /\b(expanded|collapsed|selected|not selected|open|closed|opens|checked|current|active|pressed)\b/i;

/**
 * Measures one page: the first summary's tokens, which openers it shows (with a state word), and, per
 * reveal, which revealed elements the opener's click report shows with an ID.
 */
export async function measureLibraryPage(page, spec, encode) {
  await page.addScriptTag({ content: IN_PAGE });
  const summary = await page.evaluate(() => window.LLMHelper.summary());
  const first = await page.evaluate(
    ([text, targets]) => window.__benchCorpus.shownIn(text, targets),
    [summary, spec.open ?? []],
  );
  const firstLook = first.map((r) => ({ ...r, state: r.shown && (!r.needsState || STATE.test(r.line)) }));
  const reveal = [];
  for (const r of spec.reveal ?? []) {
    const report = await page.evaluate(async (click) => {
      const el = window.__benchCorpus.pick(click);
      if (!el) return { ok: false, message: `(no element for ${JSON.stringify(click)})` };
      el.setAttribute('data-bench-click', '1');
      try {
        return await window.LLMHelper.click('[data-bench-click="1"]');
      } finally {
        el.removeAttribute('data-bench-click');
      }
    }, r.click);
    const targets = r.shows.map((s, i) => ({ name: s.name ?? `${r.name} #${i + 1}`, ...s }));
    const shows = await page.evaluate(
      ([text, targets]) => window.__benchCorpus.shownIn(text, targets),
      [report.message, targets],
    );
    reveal.push({ name: r.name, ok: report.ok, report: report.message, shows });
  }
  return { summaryTokens: encode(summary).length, summary, firstLook, reveal };
}

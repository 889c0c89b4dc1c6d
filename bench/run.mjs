// npm run bench: page-core speed on generated pages and output size on the saved real-world pages, in
// real Chromium. Writes bench/results/page-core.md. Times are medians of repeated runs in one page.
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { encode } from '../test/support/packages.mjs';
import {
  BUNDLE,
  CORPUS,
  ROOT,
  corpusPages,
  launchChromium,
  openCorpusPage,
  startServer,
} from '../test/support/harness.mjs';
import { generatePage } from './generate.mjs';

const SIZES = [1_000, 10_000, 100_000];
const tokens = (s) => encode(s).length;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

async function speed(browser) {
  const rows = [];
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(generatePage(size));
    await page.addScriptTag({ path: BUNDLE });
    const runs = size >= 100_000 ? 25 : size >= 10_000 ? 31 : 51;
    const r = await page.evaluate(async (runs) => {
      const h = window.LLMHelper;
      const bareTextPass = () => {
        const w = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
        let n = 0;
        while (w.nextNode()) n += w.currentNode.data.length;
        return n;
      };
      const anchor = h.find('Invoice 2024-03')[0].id;
      const table = h.find({ type: 'table' })[0].id;
      // Every run follows a DOM change, as between an agent's steps, so the browser's cached tag
      // collections are recounted and no operation profits from the previous run.
      // The change is a comment: it resets the browser's cached node lists without forcing a new style
      // or layout of the page (which the yardstick, a text walk, would not pay either).
      const touch = () => document.body.appendChild(document.createComment('')).remove();
      // A comment does not reset the browser's cached tag-name collections (getElementsByTagName, which
      // find uses for fields and images): an element added and removed does, and dirties style and layout
      // as an agent's step does. find is measured both ways.
      const touchElement = () => document.body.appendChild(document.createElement('span')).remove();
      const ops = {
        walker: bareTextPass,
        find: () => (touch(), h.find('Invoice 2024-03')),
        findAfterElement: () => (touchElement(), h.find('Invoice 2024-03')),
        findBroad: () => (touch(), h.find(/download/i)),
        findNear: () => (touch(), h.findNear(anchor, 'Download')),
        summary: () => (touch(), h.summary()),
        describe: () => (touch(), h.describe()),
        describeTable: () => (touch(), h.describe(table)),
      };
      // Each operation alternates with the yardstick (walker, op, walker, op, ...), so that both see the
      // same load on this shared machine; the ratio is taken within that pair of series.
      const out = {};
      for (const [k, f] of Object.entries(ops)) {
        if (k === 'walker') continue;
        f(); // warm-up
        const w = [];
        const t = [];
        for (let i = 0; i < runs; i++) {
          // Each run in a task of its own, as each tool call is: per-task memos do not carry over.
          await new Promise((resolve) => setTimeout(resolve, 0));
          let t0 = performance.now();
          bareTextPass();
          w.push(performance.now() - t0);
          t0 = performance.now();
          f();
          t.push(performance.now() - t0);
        }
        out[k] = t;
        out[`${k}Walker`] = w;
      }
      const times = out;
      return {
        elements: document.querySelectorAll('*').length,
        ...times,
        heapMB: performance.memory ? performance.memory.usedJSHeapSize / 1e6 : null,
      };
    }, runs);
    const row = { size, elements: r.elements, ratio: {} };
    for (const k of [
      'find',
      'findAfterElement',
      'findBroad',
      'findNear',
      'summary',
      'describe',
      'describeTable',
    ]) {
      row[k] = median(r[k]);
      row.ratio[k] = row[k] / median(r[`${k}Walker`]);
    }
    row.walker = median(r.findWalker);
    rows.push(row);
    console.log(
      `${size}: walker ${ms(row.walker)} ms, find ${ms(row.find)} ms (×${row.ratio.find.toFixed(2)})`,
    );
    await page.close();
  }
  return rows;
}

async function corpus(browser) {
  const files = await corpusPages();
  if (!files.length) return [];
  const server = await startServer(CORPUS);
  const rows = [];
  try {
    for (const file of files) {
      const { page, close } = await openCorpusPage(browser, server, file);
      const r = await page.evaluate(() => {
        const h = window.LLMHelper;
        return {
          innerText: document.body ? document.body.innerText : '',
          summary: h.summary(),
          snapshot: h.snapshot(),
          find: JSON.stringify(h.find(/search|menu|home|sign in|log in|subscribe/i)),
        };
      });
      await close();
      const html = await readFile(join(CORPUS, file), 'utf8');
      rows.push({
        file,
        html: html.length,
        htmlTokens: tokens(html),
        innerText: r.innerText.length,
        innerTextTokens: tokens(r.innerText),
        summary: r.summary.length,
        summaryTokens: tokens(r.summary),
        snapshot: r.snapshot.length,
        snapshotTokens: tokens(r.snapshot),
        find: r.find.length,
        findTokens: tokens(r.find),
      });
      console.log(`${file}: summary ${rows.at(-1).summaryTokens} tokens`);
    }
  } finally {
    await server.close();
  }
  return rows;
}

/** click and type on the fixtures, each including the wait for the page to settle (target under 150 ms). */
async function actions(browser) {
  const server = await startServer(ROOT);
  const rows = [];
  const cases = [
    ['invoices.html', 'click a button (plain page)', 'click-button'],
    ['react.html', 'click a checkbox (React)', 'click-checkbox'],
    ['react.html', 'type 12 characters (React)', 'type-react'],
    ['changes.html', 'type into a plain input', 'type-plain'],
    ['many-rows.html', 'click that draws 10,000 rows again', 'click-rows'],
    ['many-rows.html', 'click that changes 5,000 texts in place', 'click-counts'],
  ];
  try {
    for (const [file, label, call] of cases) {
      const page = await browser.newPage();
      await page.goto(`${server.url}/test/fixtures/${file}`);
      await page.waitForFunction(() => typeof window.LLMHelper === 'object');
      const times = await page.evaluate(async (call) => {
        const h = window.LLMHelper;
        const calls = {
          'click-button': () => h.click(h.find('Download')[0].id),
          'click-checkbox': () => h.click(h.find('I accept the terms')[0].id),
          'type-react': () => h.type(h.find('Name', { type: 'input' })[0].id, 'Ada Lovelace'),
          'type-plain': () => h.type(h.find('Code')[0].id, 'abcd'),
          'click-rows': () => h.click('#all'),
          'click-counts': () => h.click('#counts'),
        };
        const run = calls[call];
        const out = [];
        await run(); // warm-up
        for (let i = 0; i < 15; i++) {
          const t0 = performance.now();
          await run();
          out.push(performance.now() - t0);
        }
        return out;
      }, call);
      rows.push({ label, file, ms: median(times) });
      console.log(`${label}: ${ms(median(times))} ms`);
      await page.close();
    }
  } finally {
    await server.close();
  }
  return rows;
}

function machine() {
  let chromium = '';
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim()
      .split('\n')[0];
  } catch {
    chromium = 'unknown Chromium';
  }
  return `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${chromium}`;
}

// --only speed | corpus runs one part (for quick iterations); results are written only for full runs.
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const browser = await launchChromium();
let speedRows = [];
let corpusRows = [];
let actionRows = [];
try {
  if (!only || only === 'actions') actionRows = await actions(browser);
  if (only !== 'corpus' && only !== 'actions') speedRows = await speed(browser);
  if (!only || only === 'corpus') corpusRows = await corpus(browser);
} finally {
  await browser.close();
}

const bundle = await readFile(join(ROOT, 'dist/llm-helper.umd.min.js'));
const { gzipSync } = await import('node:zlib');
const lines = [];
lines.push('# Page core benchmark', '');
lines.push(`Taken ${new Date().toISOString().slice(0, 10)} on ${machine()}.`, '');
lines.push(
  `Bundle: dist/llm-helper.umd.min.js ${bundle.length} bytes, ${gzipSync(bundle, { level: 9 }).length} gzipped.`,
  '',
);
lines.push('## Speed on generated pages (median ms)', '');
lines.push(
  'A bare TreeWalker text pass (`SHOW_TEXT`, summing text lengths) over the same page is the yardstick; ×N is the ratio to it,',
  'each operation timed alternately with the yardstick (the TreeWalker column is the median from the `find` series).',
  'Each call runs in a task of its own right after a DOM change (a comment node added and removed), as an agent step',
  "does: no per-task memo carries over. A comment does not reset the browser's cached tag-name collections, so",
  '`find, element change` is `find` right after a span is added and removed, which resets them and dirties style and',
  'layout. Calls include the exit that scrubs secrets from every result.',
  '`find` looks for one row name; `find broad` for /download/i (a button in every row, limit 10).',
  '',
);
lines.push(
  '| elements | TreeWalker pass | find | find, element change | find broad | findNear | summary | describe() | describe(table) |',
);
lines.push('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of speedRows) {
  const cell = (k) => `${ms(r[k])} (×${Number.isFinite(r.ratio[k]) ? r.ratio[k].toFixed(1) : '—'})`;
  lines.push(
    `| ${r.elements.toLocaleString('en')} | ${ms(r.walker)} | ${cell('find')} | ${cell('findAfterElement')} | ${cell('findBroad')} | ${cell('findNear')} | ${cell('summary')} | ${cell('describe')} | ${cell('describeTable')} |`,
  );
}
if (actionRows.length) {
  lines.push('', '## Actions, including the wait for the page to settle (median ms of 15)', '');
  lines.push(
    'Settling waits for 100 ms without DOM mutations or pending requests, so about 100 ms is the floor.',
    '',
  );
  lines.push('| action | fixture | median |', '| --- | --- | ---: |');
  for (const r of actionRows) lines.push(`| ${r.label} | ${r.file} | ${ms(r.ms)} |`);
}
if (corpusRows.length) {
  lines.push('', '## Output size on the saved real-world pages (characters / o200k tokens)', '');
  lines.push(
    '`find` is `find(/search|menu|home|sign in|log in|subscribe/i)` with default options, as JSON.',
    '',
  );
  lines.push('| page | raw HTML | innerText | summary() | snapshot() | find() |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  const pair = (c, t) => `${c.toLocaleString('en')} / ${t.toLocaleString('en')}`;
  for (const r of corpusRows)
    lines.push(
      `| ${r.file} | ${pair(r.html, r.htmlTokens)} | ${pair(r.innerText, r.innerTextTokens)} | ${pair(r.summary, r.summaryTokens)} | ${pair(r.snapshot, r.snapshotTokens)} | ${pair(r.find, r.findTokens)} |`,
    );
  const med = (k) => median(corpusRows.map((r) => r[k]));
  lines.push(
    `| **median** | ${pair(med('html'), med('htmlTokens'))} | ${pair(med('innerText'), med('innerTextTokens'))} | ${pair(med('summary'), med('summaryTokens'))} | ${pair(med('snapshot'), med('snapshotTokens'))} | ${pair(med('find'), med('findTokens'))} |`,
  );
  lines.push('', `Median summary(): ${med('summaryTokens')} tokens (target: under 400).`);
}
const big = speedRows.at(-1);
if (big)
  lines.push(
    '',
    `find on the ${big.elements.toLocaleString('en')}-element page: ${big.ratio.find.toFixed(2)} × one bare TreeWalker text pass (target: at most 3).`,
  );
if (!only) await writeFile(join(ROOT, 'bench/results/page-core.md'), lines.join('\n') + '\n');
console.log('\n' + lines.join('\n'));

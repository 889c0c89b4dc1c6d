// npm run bench (page shapes): the page calls on generated pages of many shapes (bench/generate-shapes.mjs:
// tables with and without a control per row, long lists, deep nesting, shadow roots, frames, many
// identical widgets, long texts, in proportions a seed draws), at about 100,000 and 500,000 elements, in
// real Chromium, traced. Two kinds of call:
//  - the agent's (every tool call goes through execute, and runs in slices): judged on its longest task,
//    the collector's pauses in it included, at most 100 ms at 500k. A task whose single collector pause
//    alone is longer is not counted when the same page shows the same pause (within a fifth) with no SDK
//    call (during the text passes around the calls, and a probe after them), and the table says so.
//  - the console's (a synchronous call from devtools, one task): judged on its own work, the task less
//    the collector's time in it, at most 200 ms at 500k, with the collector's time shown beside it.
// Each call runs once after the element index is built and 5 more times, each after a DOM change. The
// browser's rendering of a task with no script in it (a click that scrolls paints the page) is shown
// apart. At 100k, each console call's time over one bare TreeWalker text pass (the yardstick).
// Seeds: SHAPE_SEEDS=1,2,3 (default: 8 fixed seeds), SHAPE_RANDOM=1 for new ones; SHAPE_SIZES.
// Writes bench/results/shapes.md (or SHAPE_OUT).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLE, ROOT, launchChromium } from '../test/support/harness.mjs';
import { generateShapePage, shapeLine } from './generate-shapes.mjs';
import { openAppPage } from './app-page.mjs';
import { TRACE_CATEGORIES, mainTasks, tasksIn, windows } from './trace-tasks.mjs';

const fixed = [11, 23, 37, 41, 59, 67, 73, 89];
const seeds = process.env.SHAPE_SEEDS
  ? process.env.SHAPE_SEEDS.split(',').map(Number)
  : process.env.SHAPE_RANDOM
    ? Array.from({ length: 8 }, () => Math.floor(Math.random() * 2 ** 31))
    : fixed;
const SIZES = (process.env.SHAPE_SIZES ?? '100000,500000').split(',').map(Number);
/** The calls: the console's (at once) and the agent's (tool calls through execute, in slices). */
const CONSOLE = [
  'find',
  'find limit 1',
  'find limit 50',
  'find limit 1000',
  'describe table',
  'summary',
  'snapshot',
];
const AGENT = ['find', 'find limit 50', 'summary', 'describe table', 'snapshot', 'extract rows', 'click'];
const OPS = [...CONSOLE.map((op) => ['console', op]), ...AGENT.map((op) => ['agent', op])];
const LATER_RUNS = 5;
const AGENT_TASK_MS = 100;
const CONSOLE_OWN_MS = 200;

const browser = await launchChromium();
const results = [];
try {
  for (const size of SIZES)
    for (const seed of seeds) {
      const { html, shape } = generateShapePage(seed, size);
      // Each page in a context of its own, so in a renderer of its own: the last page's heap (half a
      // million elements and the probe's strings) is not collected during this one's calls.
      const context = await browser.newContext();
      const page = await openAppPage(context, html);
      await page.addScriptTag({ path: BUNDLE });
      const elements = await page.evaluate(async () => {
        const h = window.LLMHelper;
        // Every text node of the page: the body's, each open shadow root's and each frame's (the roots
        // listed once, before any timing), as the calls read them.
        const roots = [document.body];
        for (const f of document.querySelectorAll('iframe')) roots.push(f.contentDocument.body);
        for (const el of document.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
        const textPass = () => {
          let n = 0;
          for (const root of roots) {
            const w = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
            while (w.nextNode()) n += w.currentNode.data.length;
          }
          return n;
        };
        const touch = () => document.body.appendChild(document.createElement('span')).remove();
        const pause = (ms) => new Promise((r) => setTimeout(r, ms));
        // The index, built as the agent's tools build it (prepare() in slices), before any call.
        await h.prepare();
        // The Edit button of the row "Order 77777", and the largest table, by ID (a find may stop at its
        // budget before them on the largest pages; what find costs is measured apart).
        const row = [...document.querySelectorAll('table[aria-label=Orders] tr')].find((r) =>
          r.textContent.includes('Order 77777'),
        );
        row.querySelector('button').dataset.bench = 'edit';
        const table = Number(/\[(\d+)\]\s*$/.exec(h.describe('table[aria-label=Orders]'))[1]);
        const edit = Number(/\[(\d+)\]/.exec(h.describe('[data-bench=edit]'))[1]);
        const tool = (name, args) => () => h.execute({ name, arguments: args });
        const calls = {
          console: {
            find: () => h.find('Order 77777'),
            'find limit 1': () => h.find('Item', { limit: 1 }),
            'find limit 50': () => h.find('Item', { limit: 50 }),
            'find limit 1000': () => h.find('Item', { limit: 1000 }),
            'describe table': () => h.describe('table[aria-label=Orders]'),
            summary: () => h.summary(),
            snapshot: () => h.snapshot(),
          },
          agent: {
            find: tool('find', { pattern: 'Order 77777' }),
            'find limit 50': tool('find', { pattern: 'Item', limit: 50 }),
            summary: tool('describe', {}),
            'describe table': tool('describe', { id: table }),
            snapshot: tool('find', {}),
            'extract rows': tool('extract', { id: table, property: 'rows' }),
            click: tool('click', { id: edit }),
          },
        };
        // The page's own collector pauses, with no SDK call: text passes (each makes a wrapper for every
        // text node), the page's whole text read as one string (as a page's own search or copy does),
        // the boxes of 100,000 elements,
        // and 4 MB of small strings a task, each kept for five tasks (long enough to reach the old
        // generation, as a long-lived app's data does), so that full collections of this page's heap run
        // (the pause a full collection ends with depends on the heap, not on what filled it).
        window.__probe = async () => {
          const kept = [];
          const all = document.getElementsByTagName('*');
          for (let i = 0; i < 40; i++) {
            // The whole loop is the window, pauses included: the collector finishes its work in the
            // idle time between tasks when it can.
            if (i === 0) performance.mark('probe:start');
            textPass();
            const junk = [document.body.textContent];
            // And the browser's own objects a page's layout reads make (a box for each of 100,000
            // elements): the collector that frees them marks the whole DOM.
            for (let k = (i * 100_000) % all.length, n = 0; n < 100_000; n++, k = (k + 1) % all.length)
              all[k].getBoundingClientRect();
            for (let k = 0; k < 1000; k++) junk.push(`${k}:${i}`.repeat(1000));
            kept.push(junk);
            if (kept.length > 5) kept.shift();
            await pause(10);
          }
          performance.mark('probe:end');
        };
        window.__bench = async (kind, op) => {
          await pause(50);
          performance.mark('pass:start');
          const t0 = performance.now();
          textPass();
          const walk = performance.now() - t0;
          performance.mark('pass:end');
          await pause(50);
          touch();
          performance.mark('call:start');
          const t1 = performance.now();
          const result = await calls[kind][op]();
          const ms = performance.now() - t1;
          // An asynchronous call's last tasks (its answer's exit) end before the window does.
          if (kind === 'agent') await pause(100);
          performance.mark('call:end');
          if (result && result.ok === false) throw new Error(`${op}: ${result.text}`);
          return { ms, walk };
        };
        return window.__elements();
      });
      const row = { size, seed, shape, elements, ops: {}, quiet: 0 };
      for (const [kind, op] of OPS) {
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        const runs = [];
        for (let i = 0; i <= LATER_RUNS; i++)
          runs.push(await page.evaluate(([k, o]) => window.__bench(k, o), [kind, op]));
        const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
        const tasks = mainTasks(traceEvents);
        // The collector's pauses with no SDK call running: those of the text passes' tasks.
        for (const w of windows(traceEvents, 'pass'))
          for (const t of tasksIn(tasks, w))
            if (t.pause > row.quiet) [row.quiet, row.quietKind] = [t.pause, t.kind];
        const calls = windows(traceEvents, 'call').map((w) => tasksIn(tasks, w));
        row.ops[`${kind} ${op}`] = { kind, runs, calls };
      }
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await page.evaluate(() => window.__probe());
      const probe = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
      const probeTasks = mainTasks(probe);
      for (const w of windows(probe, 'probe'))
        for (const t of tasksIn(probeTasks, w))
          if (t.pause > row.quiet) [row.quiet, row.quietKind] = [t.pause, t.kind];
      await context.close();
      results.push(judge(row));
      console.log(
        `${size} seed ${seed} (${elements.toLocaleString('en')} elements; ${shapeLine(shape)}): ${OPS.map(([k, op]) => `${k} ${op} ${Math.round(row.ops[`${k} ${op}`].worst.ms)}`).join(', ')} ms`,
      );
    }
} finally {
  await browser.close();
}

/**
 * Each call's worst task: for the agent's, the longest script task (GC included) that counts, with the
 * tasks not counted (a single collector pause longer than the target, seen as long with no SDK call)
 * and the longest rendering task apart; for the console's, the worst own work (the task less GC).
 */
function judge(row) {
  for (const op of Object.values(row.ops)) {
    const all = op.calls.flat();
    const script = all.filter((t) => t.script);
    // The same pause: a full collection's last step on this page's heap varies a fifth from one to the
    // next (the probe's and the calls' on one page: 97-121 ms on seed 41).
    const excused = (t) => t.pause > AGENT_TASK_MS && row.quiet >= t.pause * 0.8;
    const counted = op.kind === 'agent' ? script.filter((t) => !excused(t)) : script;
    const by = (key) =>
      counted.reduce((w, t) => (!w || key(t) > key(w) ? t : w), null) ?? { ms: 0, gc: 0, pause: 0 };
    op.worst = op.kind === 'agent' ? by((t) => t.ms) : by((t) => t.ms - t.gc);
    op.own = op.worst.ms - op.worst.gc;
    op.excused = op.kind === 'agent' ? script.filter(excused) : [];
    op.render = Math.max(0, ...all.filter((t) => !t.script).map((t) => t.render));
    const [, ...later] = op.runs;
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    op.first = op.runs[0].ms;
    op.later = median(later.map((r) => r.ms));
    op.ratio = median(later.map((r) => r.ms / r.walk));
  }
  return row;
}

const key = (kind, op) => `${kind} ${op}`;
const worstRow = (size, k, score) =>
  results
    .filter((r) => r.size === size)
    .reduce((w, r) => (!w || score(r.ops[k]) > score(w.ops[k]) ? r : w), null);
const big = SIZES.at(-1);
const ms = (x) => `${Math.round(x)}`;
const lines = [
  '# Page calls on generated page shapes',
  '',
  `Taken ${new Date().toISOString().slice(0, 10)} on this machine (2 cores, shared) by bench/shapes.mjs; pages from bench/generate-shapes.mjs,`,
  `seeds ${seeds.join(', ')} at each size, each call traced: once after the element index is built, then ${LATER_RUNS} times after a DOM change.`,
  `Agent calls go through execute (the tools, in slices): their longest script task, the collector's pauses in it included, at most`,
  `${AGENT_TASK_MS} ms at ${big / 1000}k (issue #62); a task whose single collector pause alone is longer is not counted when the page`,
  `showed the same pause (within a fifth) with no SDK call (text passes, then a probe of text passes, the page's text as one string and strings kept for a few tasks), and is listed. Console calls (synchronous, from devtools): their`,
  `own work (the task less the collector's time in it) at most ${CONSOLE_OWN_MS} ms at ${big / 1000}k. Rendering: the longest task with no`,
  `script in it during the call (the browser painting the page a click scrolled to), shown apart.`,
  '',
  `| call | ${SIZES.map((s) => `worst task at ${s / 1000}k (seed; GC in it)`).join(' | ')} | own work at ${big / 1000}k (seed) | not counted: GC pause (seen without SDK) | rendering at ${big / 1000}k | worst ratio at 100k (seed) |`,
  `| --- | ${SIZES.map(() => '---:').join(' | ')} | ---: | --- | ---: | ---: |`,
  ...OPS.map(([kind, op]) => {
    const k = key(kind, op);
    const cells = SIZES.map((s) => {
      const w = worstRow(s, k, (o) => o.worst.ms);
      return w ? `${ms(w.ops[k].worst.ms)} ms (${w.seed}; ${ms(w.ops[k].worst.gc)})` : '';
    });
    const wo = worstRow(big, k, (o) => o.own);
    const excused = results
      .filter((r) => r.size === big)
      .flatMap((r) =>
        r.ops[k].excused.map((t) => `${ms(t.ms)} ms, pause ${ms(t.pause)} (seed ${r.seed}; ${ms(r.quiet)})`),
      );
    const wr = worstRow(big, k, (o) => o.render);
    const ratio = kind === 'console' && SIZES.includes(100_000) ? worstRow(100_000, k, (o) => o.ratio) : null;
    return `| ${kind} ${op} | ${cells.join(' | ')} | ${wo ? `${ms(wo.ops[k].own)} ms (${wo.seed})` : ''} | ${excused.join('; ') || '–'} | ${wr && wr.ops[k].render ? `${ms(wr.ops[k].render)} ms (${wr.seed})` : '–'} | ${ratio ? `×${ratio.ops[k].ratio.toFixed(1)} (${ratio.seed})` : '–'} |`;
  }),
  '',
  'Per shape (worst task in ms, with its GC when over 10 ms; the longest collector pause seen on the page with no SDK call):',
  '',
  `| size | seed | elements | mix | quiet GC pause | ${OPS.map(([k, op]) => `${k} ${op}`).join(' | ')} |`,
  `| ---: | ---: | ---: | --- | ---: | ${OPS.map(() => '---:').join(' | ')} |`,
  ...results.map(
    (r) =>
      `| ${r.size / 1000}k | ${r.seed} | ${r.elements.toLocaleString('en')} | ${shapeLine(r.shape)} | ${ms(r.quiet)}${r.quiet > 50 ? ` ${r.quietKind}` : ''} | ${OPS.map(
        ([k, op]) => {
          const o = r.ops[key(k, op)];
          return `${ms(o.worst.ms)}${o.worst.gc > 10 ? ` (GC ${ms(o.worst.gc)}${o.worst.pause > 50 ? ` ${o.worst.kind}` : ''})` : ''}`;
        },
      ).join(' | ')} |`,
  ),
];
const over = OPS.flatMap(([kind, op]) => {
  const k = key(kind, op);
  const w = worstRow(big, k, (o) => (kind === 'agent' ? o.worst.ms : o.own));
  if (!w) return [];
  const value = kind === 'agent' ? w.ops[k].worst.ms : w.ops[k].own;
  const limit = kind === 'agent' ? AGENT_TASK_MS : CONSOLE_OWN_MS;
  return value > limit ? [`${k} ${ms(value)} ms (seed ${w.seed}; GC ${ms(w.ops[k].worst.gc)})`] : [];
});
lines.push(
  '',
  over.length
    ? `Over target at ${big / 1000}k: ${over.join('; ')}.`
    : `Every agent call's longest task within ${AGENT_TASK_MS} ms and every console call's own work within ${CONSOLE_OWN_MS} ms at ${big / 1000}k.`,
);
await writeFile(process.env.SHAPE_OUT ?? join(ROOT, 'bench/results/shapes.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));

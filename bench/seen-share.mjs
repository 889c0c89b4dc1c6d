// npm run bench (fourth part): of the elements small web tasks act on, how many an agent has already
// been shown with their ID, without looking them up: in the first summary, or in the report of an action
// it took before. Three suites of tasks of our own, run step by step through the public API in real
// Chromium: bench/tasks/ (a form, tabs, collapsibles, a link list, a tree and a date picker, written
// together with the SDK's changes of #33), bench/held-out/ (written after those, in other markup, and
// never used to change the SDK), and bench/fresh/ (apps written after #50's changes and never used to
// change the SDK: a to-do list with hover-only buttons and Enter with no form, an admin list with
// filters, sorting, bulk actions and paging, an editor with tabs, settings in collapsibles with
// switches, a folder tree, a help article with links in its text and an FAQ), and bench/reveal/ (the
// shapes #63 names: links in a tab panel drawn without ARIA, links in sections that collapse to no
// height, links in an article's text, per-item buttons in a feed, a tree of folders drawn as spans;
// written and measured before the SDK's changes for them), and bench/server/ (#66's server-rendered
// wiki: an edit page with ~400 toolbar and picker buttons above its form, and a page as its readers see
// it with a sidebar and page tools; measured before the SDK's changes for them: 1 of 6). SEEN_SUITES=reveal
// runs some. Writes bench/results/seen-share.md (or SEEN_OUT).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encode } from '../test/support/packages.mjs';
import { BUNDLE, ROOT, launchChromium, startServer } from '../test/support/harness.mjs';

const SUITES = process.env.SEEN_SUITES?.split(',') ?? ['fresh', 'held-out', 'tasks', 'reveal', 'server'];
const server = await startServer(ROOT);
const browser = await launchChromium();
const rows = [];
try {
  for (const suite of SUITES) {
    const tasks = JSON.parse(await readFile(join(ROOT, `bench/${suite}/tasks.json`), 'utf8'));
    for (const [file, steps] of Object.entries(tasks)) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${server.url}/bench/${suite}/${file}`);
      await page.addScriptTag({ path: BUNDLE });
      const r = await page.evaluate(async (steps) => {
        const L = window.LLMHelper;
        const summary = L.summary();
        let shown = summary;
        const seen = [];
        for (const [action, name, value, how] of steps) {
          // Which IDs the agent has been shown: does one of them stand for this step's element? (extract
          // reads an attribute of an element that already has an ID; no new ID is made for the check.)
          const ids = [...new Set([...shown.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))];
          const known = ids.some((id) => {
            try {
              return L.extract(id, 'data-task') === name;
            } catch {
              return false;
            }
          });
          seen.push(known);
          const target = `[data-task="${name}"]`;
          const result =
            action === 'type'
              ? await L.type(target, value, { submit: how === 'submit' })
              : action === 'select'
                ? await L.select(target, value)
                : action === 'check'
                  ? await L.check(target)
                  : await L.click(target);
          if (!result.ok) throw new Error(`${action} ${name}: ${result.message}`);
          shown += `\n${result.message}`;
        }
        return { summary, seen };
      }, steps);
      rows.push({
        suite,
        file,
        steps: steps.length,
        seen: r.seen.filter(Boolean).length,
        summary: encode(r.summary).length,
        missed: steps.filter((_, i) => !r.seen[i]).map((s) => s[1]),
      });
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const total = (suite) => {
  const of = rows.filter((r) => r.suite === suite);
  const steps = of.reduce((a, r) => a + r.steps, 0);
  if (!steps) return 'not run';
  const seen = of.reduce((a, r) => a + r.seen, 0);
  return `${seen} of ${steps} (${Math.round((100 * seen) / steps)}%)`;
};
const lines = [
  '# Acted-on elements already shown with their ID',
  '',
  `Taken ${new Date().toISOString().slice(0, 10)}; each step run through the public API in Chromium. An element counts as`,
  'seen when its ID was in the first summary or in the report of an earlier action of the same task',
  '(what an agent reads without a lookup). bench/fresh/ was written after the SDK changes of #50 and',
  'bench/held-out/ after those of #33; neither has been used to change the SDK. bench/tasks/ was',
  "written together with #33's changes. bench/reveal/ holds the shapes #63 names (a tab panel's and",
  "collapsed sections' links, links in text, a feed's per-item buttons, a tree's folders); it was written",
  "and measured before #63's changes (10 of 15 then), which were then made for such shapes. bench/server/",
  "holds #66's server-rendered wiki (an edit page with ~400 toolbar and picker buttons above its form; a",
  'page with a sidebar and page tools), measured before the changes for them (1 of 6 then). An ID counts',
  'wherever it is shown, also as `[5],` in a list of repeats (before 2026-11-29 only `[5] ` was read).',
  '',
  `Fresh (written after #50's changes): ${total('fresh')}. Held out (after #33's): ${total('held-out')}. Written with #33's changes: ${total('tasks')}. Shapes of #63: ${total('reveal')}. Server-rendered wiki of #66: ${total('server')}.`,
  '',
  '| suite | page | steps | seen | summary tokens (o200k) | not seen |',
  '| --- | --- | ---: | ---: | ---: | --- |',
  ...rows.map(
    (r) => `| ${r.suite} | ${r.file} | ${r.steps} | ${r.seen} | ${r.summary} | ${r.missed.join(', ')} |`,
  ),
  '',
  'Target (issues #33, #50, #63, #66): 90% on a suite written after the changes and on the shapes of #63, with the summary of the corpus pages under 400 tokens at the median (page-core.md).',
];
await writeFile(process.env.SEEN_OUT ?? join(ROOT, 'bench/results/seen-share.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));

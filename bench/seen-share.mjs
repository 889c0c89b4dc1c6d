// npm run bench (fourth part): of the elements small web tasks act on, how many an agent has already
// been shown with their ID, without looking them up: in the first summary, or in the report of an action
// it took before. Tasks of our own (bench/tasks/: a form, tabs, collapsibles, a link list, a tree, a date
// picker), run step by step through the public API in real Chromium. Writes bench/results/seen-share.md.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { BUNDLE, ROOT, launchChromium, startServer } from '../test/support/harness.mjs';

const tasks = JSON.parse(await readFile(join(ROOT, 'bench/tasks/tasks.json'), 'utf8'));
const server = await startServer(ROOT);
const browser = await launchChromium();
const rows = [];
try {
  for (const [file, steps] of Object.entries(tasks)) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/bench/tasks/${file}`);
    await page.addScriptTag({ path: BUNDLE });
    const r = await page.evaluate(async (steps) => {
      const L = window.LLMHelper;
      const summary = L.summary();
      let shown = summary;
      const seen = [];
      for (const [action, name, value] of steps) {
        // Which IDs the agent has been shown: does one of them stand for this step's element? (extract
        // reads an attribute of an element that already has an ID; no new ID is made for the check.)
        const ids = [...new Set([...shown.matchAll(/\[(\d+)\] /g)].map((m) => Number(m[1])))];
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
            ? await L.type(target, value)
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
      file,
      steps: steps.length,
      seen: r.seen.filter(Boolean).length,
      summary: encode(r.summary).length,
      missed: steps.filter((_, i) => !r.seen[i]).map((s) => s[1]),
    });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const steps = rows.reduce((a, r) => a + r.steps, 0);
const seen = rows.reduce((a, r) => a + r.seen, 0);
const lines = [
  '# Acted-on elements already shown with their ID',
  '',
  `Taken ${new Date().toISOString().slice(0, 10)}; tasks of our own in bench/tasks/, each step run through the public API in`,
  'Chromium. An element counts as seen when its ID was in the first summary or in the report of an',
  'earlier action of the same task (what an agent reads without a lookup).',
  '',
  '| page | steps | seen | summary tokens (o200k) | not seen |',
  '| --- | ---: | ---: | ---: | --- |',
  ...rows.map((r) => `| ${r.file} | ${r.steps} | ${r.seen} | ${r.summary} | ${r.missed.join(', ')} |`),
  `| all | ${steps} | ${seen} (${Math.round((100 * seen) / steps)}%) | | |`,
  '',
  'Target (issue #33): 90%, with the summary of the corpus pages under 400 tokens at the median (page-core.md).',
];
await writeFile(join(ROOT, 'bench/results/seen-share.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));

// npm run bench (a part): on the corpus of real libraries' widgets (bench/libraries/, see
// library-corpus.mjs), the first-look share (controls that open things, offered with ID and state in the
// first summary), the reveal share (what a click revealed, shown with ID in that click's report), the
// summary's tokens, and every report the truth oracle found untrue. LIB_PAGES=a.html,b.html runs some;
// LIB_VERBOSE=1 prints each miss with the report. Writes bench/results/library-corpus.md (or LIB_OUT).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encode } from '../test/support/packages.mjs';
import { ROOT, launchChromium, startServer, truthFindings } from '../test/support/harness.mjs';
import { libraryTasks, measureLibraryPage, openLibraryPage } from './library-corpus.mjs';

const tasks = await libraryTasks();
const only = process.env.LIB_PAGES?.split(',');
const files = Object.keys(tasks).filter((f) => !only || only.includes(f));
const server = await startServer(ROOT);
const browser = await launchChromium({ truth: true });
const rows = [];
try {
  for (const file of files) {
    const spec = tasks[file];
    const before = truthFindings.length;
    let page;
    try {
      page = await openLibraryPage(browser, server, file, spec);
      const m = await measureLibraryPage(page, spec, encode);
      rows.push({ file, ...m, untrue: truthFindings.slice(before) });
    } catch (e) {
      rows.push({ file, error: String(e).split('\n')[0], firstLook: [], reveal: [], untrue: [] });
    } finally {
      await page?.close();
    }
    const r = rows.at(-1);
    if (process.env.LIB_VERBOSE) {
      if (r.error) console.log(`${file}: ${r.error}`);
      for (const f of r.firstLook)
        if (!f.shown || !f.state)
          console.log(
            `${file} first look: ${f.name}: ${f.found ? (f.shown ? `no state: ${f.line}` : 'not shown') : 'NO ELEMENT'}`,
          );
      for (const v of r.reveal)
        for (const s of v.shows)
          if (!s.shown)
            console.log(
              `${file} reveal ${v.name}: ${s.name} ${s.found ? 'not in the report' : 'NO ELEMENT'}\n   ${v.report.slice(0, 600)}`,
            );
      for (const u of r.untrue) console.log(`${file} UNTRUE: ${u}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const firstLook = rows.flatMap((r) => r.firstLook);
const revealed = rows.flatMap((r) => r.reveal.flatMap((v) => v.shows));
const share = (n, of) => `${n} of ${of} (${of ? Math.round((100 * n) / of) : 0}%)`;
const tokens = rows
  .filter((r) => r.summaryTokens)
  .map((r) => r.summaryTokens)
  .sort((a, b) => a - b);
const median = tokens.length ? tokens[Math.floor((tokens.length - 1) / 2)] : 0;
const untrue = rows.flatMap((r) => r.untrue);
const lines = [
  '# Real libraries: the first look and what a click reveals',
  '',
  `Taken ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; bench/libraries/ (each page built with one library's own code as its docs teach), through the public API in Chromium with the truth oracle on.`,
  '',
  `First look (controls that open or switch something, in the first summary with ID and a state word): ${share(firstLook.filter((f) => f.shown && f.state).length, firstLook.length)}; with ID at all: ${share(firstLook.filter((f) => f.shown).length, firstLook.length)}.`,
  `Reveal (what a click revealed, with ID in that click's report): ${share(revealed.filter((s) => s.shown).length, revealed.length)}.`,
  `Summary tokens (o200k), median of ${tokens.length} pages: ${median}. Untrue reports (the oracle): ${untrue.length}.`,
  '',
  '| page | summary tokens | first look | reveal | untrue | missed |',
  '| --- | ---: | ---: | ---: | ---: | --- |',
  ...rows.map((r) => {
    const shows = r.reveal.flatMap((v) => v.shows);
    const missed = [
      ...r.firstLook
        .filter((f) => !(f.shown && f.state))
        .map((f) => `${f.name}${f.shown ? ' (no state)' : ''}`),
      ...shows.filter((s) => !s.shown).map((s) => s.name),
    ];
    return `| ${r.file} | ${r.summaryTokens ?? '—'} | ${r.firstLook.filter((f) => f.shown && f.state).length}/${r.firstLook.length} | ${shows.filter((s) => s.shown).length}/${shows.length} | ${r.untrue.length} | ${r.error ?? missed.join('; ')} |`;
  }),
  '',
  'Targets (#75): first look ≥ 95%, reveal ≥ 95%, 0 untrue reports, the summary median under 400 tokens.',
];
if (!only)
  await writeFile(
    process.env.LIB_OUT ?? join(ROOT, 'bench/results/library-corpus.md'),
    lines.join('\n') + '\n',
  );
console.log(lines.join('\n'));

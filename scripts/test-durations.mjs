// Writes test/durations.json (each test file's seconds, longest first) from a vitest JSON report:
//   test/node_modules/.bin/vitest run --config test/vitest.config.ts --reporter=json --outputFile.json=run.json
//   node scripts/test-durations.mjs run.json
// The test config starts the longest files first, so that two workers end together (test/vitest.config.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = process.argv[2];
if (!from) throw new Error('Name a vitest JSON report: node scripts/test-durations.mjs run.json');
const root = fileURLToPath(new URL('..', import.meta.url));
const { testResults } = JSON.parse(readFileSync(from, 'utf8'));
const rows = testResults
  .map((f) => [
    f.name.startsWith(root) ? f.name.slice(root.length) : f.name,
    Math.round((f.endTime - f.startTime) / 1000),
  ])
  .sort((a, b) => b[1] - a[1]);
writeFileSync(
  new URL('../test/durations.json', import.meta.url),
  JSON.stringify(Object.fromEntries(rows), null, 2) + '\n',
);
console.log(`test/durations.json: ${rows.length} files, ${rows.reduce((s, r) => s + r[1], 0)} s in all`);

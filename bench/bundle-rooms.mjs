// npm run bench (bundle rooms), and npm run size: the script-tag bundle's bytes by room, from its source
// map. Every byte of dist/llm-helper.umd.min.js is put in the room of the source its mapping names (a
// room of src/page, a layer of src, the API's own files, a library; bytes no mapping names are the UMD
// wrapper's). Each room's bytes are also gzipped on their own, and the bundle's gzipped size is shared
// out in proportion (gzip shares one dictionary across the rooms, so a room alone compresses worse than
// inside the bundle; the proportion is what each room weighs in what the page downloads).
// `npm run size -- src/page/find` breaks one room down by file. Writes bench/results/bundle-rooms.md
// (not with a room named), each room's change since the figures it replaces beside it, and fails when the
// bundle is over its ceiling.
import { Buffer } from 'node:buffer';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '../test/support/packages.mjs';
import { ROOT } from '../test/support/harness.mjs';
import { CEILING } from './ceiling.mjs';

const BUNDLE = join(ROOT, 'dist/llm-helper.umd.min.js');
const code = await readFile(BUNDLE, 'utf8');
const map = new TraceMap(await readFile(`${BUNDLE}.map`, 'utf8'));

/** What each room holds, for the table's reader. */
const ROOMS = {
  'src/page/dom': 'the element index, slices, members',
  'src/page/perceive': 'what an element is called and what it is',
  'src/page/ids': 'element IDs',
  'src/page/find': 'find and findNear',
  'src/page/read': 'summary, describe, snapshot, extract',
  'src/page/observe': 'what an action changed',
  'src/page/act': 'clicks, typing, selects, menus, uploads',
  'src/tools': 'schemas, execute',
  'src/llm': 'providers, wire formats',
  'src/agent': 'the loop, runs, saved tasks',
  'src/tasks': 'saved tasks, recording, rows',
  'src/ui': 'the panel',
  'src/bridge': 'the page side of the bridge',
  'src/*.ts': "the API's own files",
  'node_modules/zod': 'zod/mini',
  'node_modules/eventemitter3': 'the agent’s events',
  '(wrapper)': 'UMD wrapper, bytes no mapping names',
};

/** The room a source belongs to: a room of src/page, a layer of src, the API's files, a library. */
const roomOf = (source) => {
  const path = source.replace(/^(\.\.\/)+/, '');
  if (path.startsWith('node_modules/')) return path.split('/').slice(0, 2).join('/');
  const parts = path.split('/');
  if (parts[0] !== 'src') return path;
  if (parts.length === 2) return 'src/*.ts';
  return parts[1] === 'page' && parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
};

const within = process.argv[2]?.replace(/\/$/, '');
const groupOf = within
  ? (source) => {
      const path = source.replace(/^(\.\.\/)+/, '');
      return path.startsWith(`${within}/`) ? path : null;
    }
  : roomOf;

// Each line's mapped segments, in order: a segment runs from its column to the next segment's.
const lines = code.split('\n');
const segments = lines.map(() => []);
eachMapping(map, (m) => segments[m.generatedLine - 1]?.push([m.generatedColumn, m.source]));
const parts = new Map();
const add = (group, text) => {
  if (!group || !text) return;
  const part = parts.get(group) ?? [];
  part.push(text);
  parts.set(group, part);
};
lines.forEach((line, i) => {
  const segs = segments[i].sort((a, b) => a[0] - b[0]);
  add(within ? null : '(wrapper)', line.slice(0, segs[0]?.[0] ?? line.length));
  segs.forEach(([column, source], k) =>
    add(
      source ? groupOf(source) : within ? null : '(wrapper)',
      line.slice(column, segs[k + 1]?.[0] ?? line.length),
    ),
  );
});

const gz = (text) => gzipSync(text, { level: 9 }).length;
const total = { raw: Buffer.byteLength(code), gzip: gz(code) };
const rows = [...parts].map(([group, texts]) => {
  const text = texts.join('');
  return { group, raw: Buffer.byteLength(text), alone: gz(text) };
});
const aloneSum = rows.reduce((s, r) => s + r.alone, 0);
const rawSum = rows.reduce((s, r) => s + r.raw, 0);
for (const r of rows) r.share = within ? r.alone : Math.round((total.gzip * r.alone) / aloneSum);
rows.sort((a, b) => b.share - a.share);

// The shares the last run wrote, so that growth shows where it happens.
const RESULT = join(ROOT, 'bench/results/bundle-rooms.md');
const before = new Map(
  [
    ...(await readFile(RESULT, 'utf8').catch(() => '')).matchAll(
      /^\| `([^`]+)` \|[^|]*\|[^|]*\| ([\d,]+) B \|/gm,
    ),
  ].map((m) => [m[1], Number(m[2].replace(/,/g, ''))]),
);
const totalBefore = /\*\*([\d,]+) B gzipped\*\*/.exec(await readFile(RESULT, 'utf8').catch(() => ''))?.[1];
const since = (r) => {
  const was = before.get(r.group);
  if (was === undefined) return before.size ? 'new' : '–';
  const d = r.share - was;
  return d === 0 ? '0' : `${d > 0 ? '+' : '−'}${kb(Math.abs(d))} B`;
};

const kb = (n) => n.toLocaleString('en');
const pct = (n, of) => `${((n / of) * 100).toFixed(1)}%`;
const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.versions.node}`;
const out = [
  within ? `# ${within}, by file` : '# The script-tag bundle by room',
  '',
  `${when}; bench/bundle-rooms.mjs over dist/llm-helper.umd.min.js and its source map.`,
  '',
  `dist/llm-helper.umd.min.js: **${kb(total.raw)} B**, **${kb(total.gzip)} B gzipped** (gzip -9); ceiling ${kb(CEILING)} B (144 KiB), ${
    total.gzip <= CEILING
      ? `${kb(CEILING - total.gzip)} B to spare`
      : `**${kb(total.gzip - CEILING)} B over**`
  }${totalBefore && !within ? ` (${kb(Number(totalBefore.replace(/,/g, '')))} B at the last run)` : ''}.`,
  '',
  within
    ? `Each file's minified bytes, and those bytes gzipped alone (${kb(rawSum)} B of the bundle's ${kb(total.raw)} are in ${within}).`
    : "Each room's minified bytes (by the source map), and its share of the gzipped bundle: the bundle's gzipped size shared out in proportion to each room's bytes gzipped alone.",
  '',
  within
    ? '| file | minified | gzipped alone |'
    : '| room | what it holds | minified | gzipped share | of the bundle | since the last run |',
  within ? '| --- | ---: | ---: |' : '| --- | --- | ---: | ---: | ---: | ---: |',
  ...rows.map((r) =>
    within
      ? `| \`${r.group}\` | ${kb(r.raw)} B | ${kb(r.alone)} B |`
      : `| \`${r.group}\` | ${ROOMS[r.group] ?? ''} | ${kb(r.raw)} B | ${kb(r.share)} B | ${pct(r.share, total.gzip)} | ${since(r)} |`,
  ),
];
console.log(out.join('\n'));
if (!within) await writeFile(RESULT, out.join('\n') + '\n');
if (total.gzip > CEILING) {
  console.error(`Over the ceiling: ${kb(total.gzip)} B gzipped against ${kb(CEILING)} B.`);
  process.exitCode = 1;
}

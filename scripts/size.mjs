// npm run size: what each part of the bundle costs, gzipped. Builds the UMD bundle in memory, then for
// each part (a room of src/page, a layer of src, a library) minifies and gzips the bundle without that
// part's code: the difference is what the part adds (gzip shares a dictionary across modules, so this
// is the honest measure, not each module gzipped on its own). `npm run size -- src/page/find` breaks one
// part down by file. Prints the built bundle's size and the ceiling first.
import { rollup } from 'rollup';
import { minify } from 'terser';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import config, { TERSER_COMPRESS } from '../rollup.config.mjs';

const { input, plugins } = config[0];
const build = await rollup({ input, plugins, onwarn() {} });
const { output } = await build.generate({ format: 'umd', name: 'LLMHelper', exports: 'default' });
const root = new URL('..', import.meta.url).pathname;
const modules = Object.entries(output[0].modules).map(([id, m]) => [
  id.replace(/.*node_modules\//, 'node_modules/').replace(root, ''),
  m.code ?? '',
]);
const gz = (code) => gzipSync(code, { level: 9 }).length;
// The modules sit inside one function, as in the UMD bundle, so their top-level names are mangled as
// there; nothing unused is dropped (a missing group would otherwise take the code only it calls along),
// so every figure is measured the same way and the total is within a few bytes of the real bundle's.
const minified = async (skip) =>
  gz(
    (
      await minify(
        `(function(){${modules
          .filter(([id]) => !skip(id))
          .map(([, code]) => code)
          .join('\n')}})()`,
        { compress: { ...TERSER_COMPRESS, unused: false } },
      )
    ).code,
  );

/** The part a module belongs to: a library, a room of src/page, a layer or file of src/. */
const part = (id) => {
  if (id.startsWith('node_modules/')) return id.split('/').slice(0, 2).join('/');
  const parts = id.split('/');
  return parts.length > 2 && parts[1] === 'page' ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
};
// A part named on the command line is broken down by file.
const within = process.argv[2]?.replace(/\/$/, '');
const group = within ? (id) => (id.startsWith(`${within}/`) ? id : null) : part;
const groups = [...new Set(modules.map(([id]) => group(id)).filter(Boolean))];
if (!groups.length)
  throw new Error(`No module of the bundle is under ${within}: name a part as listed (src/page/find).`);

const CEILING = 128 * 1024;
const built = new URL('../dist/llm-helper.umd.min.js', import.meta.url);
if (existsSync(built))
  console.log(
    `dist/llm-helper.umd.min.js: ${gz(readFileSync(built)).toLocaleString('en')} B gzip -9, ceiling ${CEILING.toLocaleString('en')} B (128 KiB)`,
  );
const all = await minified(() => false);
const rows = [];
for (const g of groups) rows.push([g, all - (await minified((id) => group(id) === g))]);
rows.sort((a, b) => b[1] - a[1]);
console.log(
  `all modules, minified and gzipped this way: ${all.toLocaleString('en')} B; what each part adds:`,
);
for (const [g, bytes] of rows)
  if (bytes > 0)
    console.log(
      `${bytes.toLocaleString('en').padStart(7)} B ${`${((bytes / all) * 100).toFixed(1)}%`.padStart(6)}  ${g}`,
    );

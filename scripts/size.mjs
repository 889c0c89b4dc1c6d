// npm run size: what each part of the bundle costs, gzipped. Builds the UMD bundle in memory, then for
// each group of modules minifies and gzips the bundle without that group's code: the difference is what
// the group adds (gzip shares a dictionary across modules, so this is the honest measure, not each
// module gzipped on its own). Prints the full minified bundle's size first, as the build does.
import { rollup } from 'rollup';
import { minify } from 'terser';
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

const group = (id) => {
  if (id.startsWith('node_modules/')) return id.split('/').slice(0, 2).join('/');
  const parts = id.split('/');
  return parts.length > 2 && parts[1] === 'page'
    ? parts.slice(0, 3).join('/').replace(/\.ts$/, '')
    : parts.slice(0, 2).join('/');
};
const groups = [...new Set(modules.map(([id]) => group(id)))];
const all = await minified(() => false);
const rows = [];
for (const g of groups) rows.push([g, all - (await minified((id) => group(id) === g))]);
rows.sort((a, b) => b[1] - a[1]);
console.log(`all modules, minified and gzipped this way: ${all} bytes`);
for (const [g, bytes] of rows) if (bytes > 0) console.log(`${String(bytes).padStart(7)}  ${g}`);

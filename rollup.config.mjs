// Builds the bundles (script-tag UMD, minified UMD with its source map, ESM, CommonJS) and the type
// declarations, rolled up into one file per entry.
import { ICON_SIZES, iconPNG } from './extension/icon.mjs';
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import MagicString from 'magic-string';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Buffer } from 'node:buffer';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const banner = `/*! llm-helper v${version} | MIT */`;
/** A transform that replaces what a pattern matches, with a source map (the minified bundle ships one). */
const replacing = (code, id, pattern, replace) => {
  const s = new MagicString(code);
  for (const m of code.matchAll(pattern)) s.overwrite(m.index, m.index + m[0].length, replace(...m));
  return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ source: id, hires: true }) } : null;
};
const replaceVersion = {
  name: 'version',
  transform: (code, id) =>
    code.includes('__VERSION__') ? replacing(code, id, /__VERSION__/g, () => version) : null,
};
// src/target.ts: 'extension' in the extension's scripts, 'page' in every other build.
const replaceTarget = (target) => ({
  name: 'target',
  transform: (code, id) =>
    code.includes('__TARGET__') ? replacing(code, id, /__TARGET__/g, () => target) : null,
});
// zod walks its own tables and its input objects with for…in, which also visits what a page added to
// Object.prototype as enumerable (old libraries do): its prototype installer then fails at load, and a
// strict object reports the page's additions as unknown keys. In the bundle, zod's for…in loops read own
// keys only (Object.keys), which is what they mean on an untouched page
// (test/browser/install-hostile.test.ts loads the bundle beside such additions).
const zodOwnKeys = {
  name: 'zod-own-keys',
  transform(code, id) {
    if (!/node_modules[\\/]zod[\\/]/.test(id)) return null;
    return replacing(
      code,
      id,
      /for \((const|let|var) (\w+) in ([^)]+)\) \{/g,
      (_, kind, name, object) => `for (${kind} ${name} of Object.keys(${object})) {`,
    );
  },
};
// The panel's stylesheet ships without its comments and spare white space (terser leaves strings alone),
// and the page builds without the rules for the side panel's docked layout (src/target.ts).
const minifyPanelCss = (target) => ({
  name: 'minify-panel-css',
  transform: (code, id) =>
    id.endsWith('src/ui/styles.ts')
      ? replacing(code, id, /`([^`]*)`/g, (_, css) => {
          if (css.includes('\\') || css.includes('${'))
            throw new Error(
              'src/ui/styles.ts: the build minifies the stylesheet as plain text (no escapes or ${})',
            );
          return JSON.stringify(
            css
              .replace(/\/\*[\s\S]*?\*\//g, '')
              .replace(/\s+/g, ' ')
              .replace(/\s*([{};,])\s*/g, '$1')
              .replace(/: /g, ':')
              .replace(/ !important/g, '!important')
              .replace(/;}/g, '}')
              .replace(target === 'extension' ? /^$/ : /\.docked[^{]*\{[^}]*\}/g, '')
              .trim(),
          );
        })
      : null,
});
// Prints each minified bundle's size, raw and gzipped, after the build (the budget is in the README).
const printSize = {
  name: 'print-size',
  writeBundle(options, bundle) {
    for (const [name, chunk] of Object.entries(bundle))
      if (name.endsWith('.min.js') && chunk.type === 'chunk')
        console.log(
          `dist/${name}: ${Buffer.byteLength(chunk.code)} bytes, ${gzipSync(chunk.code, { level: 9 }).length} gzipped`,
        );
  },
};
const plugins = (outDir = 'dist', tsconfig = './tsconfig.build.json', target = 'page') => [
  replaceVersion,
  replaceTarget(target),
  minifyPanelCss(target),
  zodOwnKeys,
  resolve({ browser: true }),
  // eventemitter3's ESM entry re-exports its CommonJS build.
  commonjs(),
  typescript({ tsconfig, declaration: false, outDir }),
];

// The browser extension (extension/): its three scripts from the same src/, its manifest (the package's
// version) and side panel page, into dist/extension/ (load unpacked) and dist/llm-helper-extension.zip.
const EXT = 'dist/extension';
const extensionFiles = {
  name: 'extension-files',
  writeBundle() {
    mkdirSync(EXT, { recursive: true });
    const manifest = JSON.parse(readFileSync('extension/manifest.json', 'utf8'));
    writeFileSync(`${EXT}/manifest.json`, JSON.stringify({ ...manifest, version }, null, 2));
    copyFileSync('extension/sidepanel.html', `${EXT}/sidepanel.html`);
    // The icon at each size the manifest names, drawn here (extension/icon.mjs).
    for (const size of ICON_SIZES) writeFileSync(`${EXT}/icon-${size}.png`, iconPNG(size));
    // The page API, put into a site's own world when the person opts in (for its devtools console).
    copyFileSync('dist/llm-helper.umd.min.js', `${EXT}/page-api.js`);
    const files = Object.fromEntries(
      readdirSync(EXT).map((f) => [f, new Uint8Array(readFileSync(`${EXT}/${f}`))]),
    );
    const zip = zipSync(files, { level: 9 });
    writeFileSync('dist/llm-helper-extension.zip', zip);
    let total = 0;
    for (const [f, bytes] of Object.entries(files)) {
      total += bytes.length;
      console.log(`${EXT}/${f}: ${bytes.length} bytes`);
    }
    console.log(`${EXT}: ${total} bytes; dist/llm-helper-extension.zip: ${zip.length} bytes`);
  },
};
const extension = (name, last = false) => ({
  input: `extension/${name}.ts`,
  output: {
    file: `${EXT}/${name}.js`,
    format: 'iife',
    banner,
    plugins: [terser({ compress: TERSER_COMPRESS, format: { comments: /^!/ } })],
  },
  plugins: [...plugins(EXT, './tsconfig.extension.json', 'extension'), ...(last ? [extensionFiles] : [])],
});
// The require condition's declarations: the same file, read as CommonJS by TypeScript for its .d.cts name.
const ctsCopy = {
  name: 'cts-copy',
  writeBundle: () => copyFileSync('dist/llm-helper.d.ts', 'dist/llm-helper.d.cts'),
};

// Single-use functions stay functions: inlining them (terser's reduce_funcs) makes the gzipped bundle
// about 240 bytes larger, as their bodies no longer match the code around them. A second pass with loops
// left as written takes another 50, a third 16; statements left apart (not joined by commas) and
// expressions left where they are another 75 (each compress option was measured on and off on this
// bundle). Inlining them with inline: 1 is smaller now (164 bytes on 2026-11-28), but find and summary
// ran 6-10% slower in Chromium.
export const TERSER_COMPRESS = {
  reduce_funcs: false,
  loops: false,
  passes: 3,
  sequences: false,
  side_effects: false,
};

// Never an AMD module: on a page with RequireJS, Dojo or curl, an anonymous define() from a script tag
// breaks the page's own next require() ("Mismatched anonymous define() module") and leaves no global.
// The wrapper looks for this name instead of `define`, finds nothing, and installs the global.
const amd = { define: '__llmHelperNeverAMD' };

const builds = [
  {
    input: 'src/global.ts',
    output: [
      { file: 'dist/llm-helper.umd.js', format: 'umd', name: 'LLMHelper', banner, exports: 'default', amd },
      // The same script for require() and bundlers (llm-helper/umd): .cjs, since the package is ESM.
      { file: 'dist/llm-helper.umd.cjs', format: 'umd', name: 'LLMHelper', banner, exports: 'default', amd },
      {
        file: 'dist/llm-helper.umd.min.js',
        format: 'umd',
        name: 'LLMHelper',
        banner,
        exports: 'default',
        amd,
        sourcemap: true,
        plugins: [terser({ compress: TERSER_COMPRESS, format: { comments: /^!/ } }), printSize],
      },
    ],
    plugins: plugins(),
  },
  {
    input: 'src/index.ts',
    // One file per module, so that a bundler keeps only the modules an app imports (import { provider }
    // leaves out the page layer); zod's and eventemitter3's modules go to vendor/, since npm never packs
    // a folder named node_modules.
    output: {
      dir: 'dist/esm',
      format: 'es',
      preserveModules: true,
      preserveModulesRoot: 'src',
      entryFileNames: (chunk) => `${chunk.name.replace(/^.*node_modules\//, 'vendor/')}.js`,
    },
    plugins: plugins('dist/esm'),
  },
  {
    input: 'src/index.ts',
    output: { file: 'dist/llm-helper.cjs', format: 'cjs', banner, exports: 'named' },
    plugins: plugins(),
  },
  {
    input: 'src/index.ts',
    output: { file: 'dist/llm-helper.d.ts', format: 'es' },
    // eventemitter3's types are inlined too, so the declarations import nothing: the package has no
    // dependencies (the bundles carry their own copy of eventemitter3 and zod).
    plugins: [dts({ tsconfig: './tsconfig.build.json', respectExternal: true }), ctsCopy],
  },
  {
    input: 'src/umd.ts',
    output: { file: 'dist/llm-helper.umd.d.cts', format: 'es' },
    plugins: [dts({ tsconfig: './tsconfig.build.json', respectExternal: true })],
  },
  extension('content'),
  extension('background'),
  extension('sidepanel', true),
];

// What a dependency's own source makes rollup say (zod's comments it cannot place, zod's own circular
// imports) is not for whoever builds this: only warnings about our code are shown.
const fromVendor = (w) =>
  /node_modules/.test(w.id ?? '') ||
  (w.code === 'CIRCULAR_DEPENDENCY' && (w.ids ?? []).every((id) => /node_modules/.test(id)));

// LLMH_ONLY=umd (npm run build:umd, what the demo serves): the script-tag bundles alone.
export default (process.env.LLMH_ONLY === 'umd' ? builds.slice(0, 1) : builds).map((b) => ({
  ...b,
  onwarn: (w, warn) => (fromVendor(w) ? undefined : warn(w)),
}));

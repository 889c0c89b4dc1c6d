// Builds the three bundles (UMD, minified UMD, ESM) and the type declarations.
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import terser from '@rollup/plugin-terser';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Buffer } from 'node:buffer';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const banner = `/*! llm-helper v${version} | MIT */`;
const replaceVersion = {
  name: 'version',
  transform: (code) => (code.includes('__VERSION__') ? code.replaceAll('__VERSION__', version) : null),
};
// zod walks its own tables and its input objects with for…in, which also visits what a page added to
// Object.prototype as enumerable (old libraries do): its prototype installer then fails at load, and a
// strict object reports the page's additions as unknown keys. In the bundle, zod's for…in loops read own
// keys only (Object.keys), which is what they mean on an untouched page
// (test/browser/install-hostile.test.ts loads the bundle beside such additions).
const zodOwnKeys = {
  name: 'zod-own-keys',
  transform(code, id) {
    if (!/node_modules[\\/]zod[\\/]/.test(id)) return null;
    const out = code.replace(
      /for \((const|let|var) (\w+) in ([^)]+)\) \{/g,
      'for ($1 $2 of Object.keys($3)) {',
    );
    return out === code ? null : { code: out, map: null };
  },
};
// The panel's stylesheet ships without its comments and spare white space (terser leaves strings alone).
const minifyPanelCss = {
  name: 'minify-panel-css',
  transform: (code, id) =>
    id.endsWith('src/ui/styles.ts')
      ? code.replace(/`([^`]*)`/g, (_, css) => {
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
              .trim(),
          );
        })
      : null,
};
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
const plugins = (declarations) => [
  replaceVersion,
  minifyPanelCss,
  zodOwnKeys,
  resolve({ browser: true }),
  // eventemitter3's ESM entry re-exports its CommonJS build.
  commonjs(),
  typescript({
    tsconfig: './tsconfig.build.json',
    declaration: declarations,
    declarationDir: declarations ? 'dist/types' : undefined,
    outDir: 'dist',
  }),
];

// Single-use functions stay functions: inlining them (terser's reduce_funcs) makes the gzipped bundle
// about 240 bytes larger, as their bodies no longer match the code around them. A second pass with loops
// left as written takes another 50 (each compress option was measured on and off on this bundle).
export const TERSER_COMPRESS = { reduce_funcs: false, loops: false, passes: 2 };

// Never an AMD module: on a page with RequireJS, Dojo or curl, an anonymous define() from a script tag
// breaks the page's own next require() ("Mismatched anonymous define() module") and leaves no global.
// The wrapper looks for this name instead of `define`, finds nothing, and installs the global.
const amd = { define: '__llmHelperNeverAMD' };

export default [
  {
    input: 'src/global.ts',
    output: [
      { file: 'dist/llm-helper.umd.js', format: 'umd', name: 'LLMHelper', banner, exports: 'default', amd },
      {
        file: 'dist/llm-helper.umd.min.js',
        format: 'umd',
        name: 'LLMHelper',
        banner,
        exports: 'default',
        amd,
        plugins: [terser({ compress: TERSER_COMPRESS, format: { comments: /^!/ } }), printSize],
      },
    ],
    plugins: plugins(false),
  },
  {
    input: 'src/index.ts',
    output: { file: 'dist/llm-helper.esm.js', format: 'es', banner },
    plugins: plugins(true),
  },
];

// Builds the three bundles (UMD, minified UMD, ESM) and the type declarations.
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import terser from '@rollup/plugin-terser';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const banner = `/*! llm-helper v${version} | MIT */`;
const replaceVersion = {
  name: 'version',
  transform: (code) => (code.includes('__VERSION__') ? code.replaceAll('__VERSION__', version) : null),
};
// zod compiles fast parsers with `new Function` unless it runs jitless. LLMHelper always runs it jitless
// (pages with a strict CSP), so the generator is cut out of the bundle: each `const F = Function;` in
// zod's core becomes a throw, its probe then reports no eval, and zod uses its interpreter.
// Pages with old libraries add enumerable members to Object.prototype (`Object.prototype.extend`), and
// zod's `for (const key in obj)` loops then meet keys that are not there and fail to install. In the
// bundle they iterate own keys only, which is what they mean.
const zodOwnKeys = (code) =>
  code.replace(/for \((const|let) (\w+) in ([\w.$]+)\)/g, (m, kind, key, obj, at) =>
    code.lastIndexOf('doc.write', at) > code.lastIndexOf('\n', at)
      ? m
      : `for (${kind} ${key} of Object.keys(${obj}))`,
  );
const zodWithoutCodegen = {
  name: 'zod-without-codegen',
  transform(code, id) {
    if (!/[\\/]zod[\\/]v4[\\/]core[\\/]/.test(id)) return null;
    return zodOwnKeys(code).replaceAll(
      'const F = Function;',
      'throw new Error("LLMHelper runs zod jitless: code generation is not in this bundle");',
    );
  },
};
// Prints each minified bundle's size, raw and gzipped, after the build (the budget is in the README).
const printSize = {
  name: 'print-size',
  writeBundle(options, bundle) {
    for (const [name, chunk] of Object.entries(bundle))
      if (name.endsWith('.min.js') && chunk.type === 'chunk')
        console.log(
          `dist/${name}: ${chunk.code.length} bytes, ${gzipSync(chunk.code, { level: 9 }).length} gzipped`,
        );
  },
};
const plugins = (declarations) => [
  replaceVersion,
  zodWithoutCodegen,
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
        plugins: [terser({ format: { comments: /^!/ } }), printSize],
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

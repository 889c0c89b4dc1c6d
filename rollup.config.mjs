// Builds the three bundles (UMD, minified UMD, ESM) and the type declarations.
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const banner = `/*! llm-helper v${version} | MIT */`;
const replaceVersion = {
  name: 'version',
  transform: (code) => (code.includes('__VERSION__') ? code.replaceAll('__VERSION__', version) : null),
};
// zod compiles fast parsers with `new Function` unless it runs jitless. LLMHelper always runs it jitless
// (pages with a strict CSP), so the generator is cut out of the bundle: each `const F = Function;` in
// zod's core becomes a throw, its probe then reports no eval, and zod uses its interpreter.
const zodWithoutCodegen = {
  name: 'zod-without-codegen',
  transform(code, id) {
    if (!/[\\/]zod[\\/]v4[\\/]core[\\/]/.test(id) || !code.includes('const F = Function;')) return null;
    return code.replaceAll(
      'const F = Function;',
      'throw new Error("LLMHelper runs zod jitless: code generation is not in this bundle");',
    );
  },
};
const plugins = (declarations) => [
  replaceVersion,
  zodWithoutCodegen,
  resolve({ browser: true }),
  typescript({
    tsconfig: './tsconfig.build.json',
    declaration: declarations,
    declarationDir: declarations ? 'dist/types' : undefined,
    outDir: 'dist',
  }),
];

export default [
  {
    input: 'src/global.ts',
    output: [
      { file: 'dist/llm-helper.umd.js', format: 'umd', name: 'LLMHelper', banner, exports: 'default' },
      {
        file: 'dist/llm-helper.umd.min.js',
        format: 'umd',
        name: 'LLMHelper',
        banner,
        exports: 'default',
        plugins: [terser({ format: { comments: /^!/ } })],
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

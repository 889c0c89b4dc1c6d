/**
 * The package as an integrator gets it: the packed tarball installed into a fresh project (the
 * registry only for the official clients), type-checked strictly under bundler and NodeNext resolution
 * with the README's samples (examples/) and test/package/types.ts; publint and arethetypeswrong on the
 * tarball; no server package among what a front-end install brings; require() and import() in Node,
 * where the listings work without a DOM.
 */
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'llm-helper-consumer-'));
/** Where a package the tests use is installed: test/node_modules (the clients, the linters) or the root's. */
const installed = (name: string): string =>
  [join(root, 'test/node_modules', name), join(root, 'node_modules', name)].find((d) => existsSync(d))!;
const version = (name: string): string =>
  (JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8')) as { version: string }).version;
const run = (cmd: string, args: string[], options: ExecFileSyncOptions = {}): string =>
  execFileSync(cmd, args, {
    cwd: dir,
    encoding: 'utf8',
    stdio: 'pipe',
    timeout: 240_000,
    ...options,
  }) as string;
let tarball = '';

/** What only a server needs; a front-end install of llm-helper must bring none of it. */
const SERVER = ['express', 'ws', '@modelcontextprotocol/sdk', 'hono', 'jose', 'ajv', 'body-parser', 'cors'];

beforeAll(() => {
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir, root])) as {
    filename: string;
  }[];
  tarball = join(dir, packed[0]!.filename);
  const clients = ['typescript', 'openai', '@anthropic-ai/sdk', 'ai', '@google/genai', '@types/json-schema'];
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: { 'llm-helper': `file:${tarball}` },
      devDependencies: Object.fromEntries(clients.map((c) => [c, version(c)])),
    }),
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']);
  mkdirSync(join(dir, 'src'));
  for (const file of readdirSync(join(root, 'examples')))
    cpSync(join(root, 'examples', file), join(dir, 'src', file));
  cpSync(join(root, 'test/package/types.ts'), join(dir, 'src/types.ts'));
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tsconfig = (module: string, moduleResolution: string) => ({
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module,
    moduleResolution,
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    skipLibCheck: false,
    noEmit: true,
    types: [],
  },
  include: ['src'],
});

describe('the packed package in a fresh project', () => {
  for (const [module, resolution] of [
    ['ESNext', 'Bundler'],
    ['NodeNext', 'NodeNext'],
  ] as const)
    it(`type-checks the README samples and the typed API strictly (${resolution}, skipLibCheck false)`, () => {
      writeFileSync(join(dir, `tsconfig.${resolution}.json`), JSON.stringify(tsconfig(module, resolution)));
      let out = '';
      try {
        out = run('npx', ['tsc', '-p', `tsconfig.${resolution}.json`]);
      } catch (e) {
        out = String((e as { stdout?: string }).stdout ?? e);
      }
      expect(out).toBe('');
    });

  it('installs no server package for the front end, and nothing else but the SDK', () => {
    const installed = run('npm', ['ls', '--omit=dev', '--all', '--parseable'])
      .trim()
      .split('\n')
      .slice(1)
      .map((p) => p.replace(/.*node_modules[\\/]/, ''));
    expect(installed).toContain('llm-helper');
    for (const name of SERVER) expect(installed, name).not.toContain(name);
    // zod shows only as the optional peer the AI SDK's own zod satisfies; the SDK depends on nothing.
    expect(installed.filter((n) => n !== 'llm-helper' && n !== 'zod')).toEqual([]);
  });

  it('publint is clean and arethetypeswrong is green for . and ./umd under every resolution', () => {
    const lint = run('node', [join(installed('publint'), 'src/cli.js'), root]);
    expect(lint).toMatch(/All good!/);
    const report = JSON.parse(
      (() => {
        try {
          return run('node', [
            join(installed('@arethetypeswrong/cli'), 'dist/index.js'),
            tarball,
            '-f',
            'json',
          ]);
        } catch (e) {
          return String((e as { stdout?: string }).stdout);
        }
      })(),
    ) as { analysis: { problems: unknown[]; entrypoints: Record<string, { resolutions: object }> } };
    expect(report.analysis.problems).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints)).toEqual(expect.arrayContaining(['.', './umd']));
    for (const entry of Object.values(report.analysis.entrypoints))
      expect(Object.keys(entry.resolutions).sort()).toEqual([
        'bundler',
        'node10',
        'node16-cjs',
        'node16-esm',
      ]);
  });

  it('require() and import() give the same named API in Node, whose listings need no DOM', () => {
    const script = `
      const cjs = require('llm-helper');
      import('llm-helper').then((esm) => {
        const names = (m) => Object.keys(m).filter((k) => k !== 'default').sort().join();
        let page;
        try { cjs.find('Save'); } catch (e) { page = e.message; }
        console.log(JSON.stringify({
          same: names(cjs) === names(esm),
          global: typeof globalThis.LLMHelper,
          listed: cjs.tools({ format: 'anthropic', preset: 'read' }).length,
          help: esm.help('find').split('\\n')[0],
          providers: esm.providers.length,
          page,
        }));
      });`;
    const out = JSON.parse(run('node', ['-e', script])) as Record<string, unknown>;
    expect(out.same).toBe(true);
    expect(out.global).toBe('undefined');
    expect(out.listed).toBeGreaterThan(5);
    expect(out.help).toMatch(/^LLMHelper\.find\(pattern\?, \{ type\?/);
    expect(out.providers).toBeGreaterThan(10);
    expect(out.page).toMatch(/find needs a web page, and there is no document here/);
  });
});

/**
 * Imports point down (docs/layout.md): the lint fails on a cycle, type-only imports included, and says
 * which files make it. Two modules written for the test under src/ (removed after), linted with the
 * project's own eslint config, as npm run lint lints the tree.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DIR = join(ROOT, 'src', `__cycle_test_${process.pid}`);
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

async function cycleErrors(files: Record<string, string>): Promise<string[]> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(DIR, name), text);
  const results = await new ESLint({
    cwd: ROOT,
    overrideConfigFile: join(ROOT, 'test/eslint.config.js'),
  }).lintFiles(Object.keys(files).map((f) => join(DIR, f)));
  return results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === 'imports/no-import-cycle').map((m) => m.message),
  );
}

describe('the import-cycle lint', () => {
  it('fails on modules that import each other in a circle, a type-only import included', async () => {
    const errors = await cycleErrors({
      'a.ts': "import { b } from './b';\nexport const a = (): number => b + 1;\n",
      'b.ts': "import type { Shape } from './c';\nexport const b = 1;\nexport type B = Shape;\n",
      'c.ts': "import { a } from './a';\nexport type Shape = ReturnType<typeof a>;\n",
    });
    expect(errors.length).toBe(3);
    expect(errors[0]).toMatch(
      /Import cycle: src\/__cycle_test_\d+\/a\.ts → src\/__cycle_test_\d+\/b\.ts → .*c\.ts → .*a\.ts/,
    );
    expect(errors[0]).toMatch(/Move what both need down/);
  }, 60_000);

  it('passes on imports that point one way', async () => {
    const errors = await cycleErrors({
      'a.ts': "import { b } from './b';\nexport const a = (): number => b + 1;\n",
      'b.ts': "import { truncate } from '../page/dom/text';\nexport const b = truncate('x', 1).length;\n",
    });
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('the page-rooms lint', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((f) => rmSync(f, { force: true })));
  async function roomErrors(files: Record<string, string>): Promise<string[]> {
    for (const [name, text] of Object.entries(files)) {
      const path = join(ROOT, 'src/page', name);
      made.push(path);
      writeFileSync(path, text);
    }
    const results = await new ESLint({
      cwd: ROOT,
      overrideConfigFile: join(ROOT, 'test/eslint.config.js'),
    }).lintFiles(made);
    return results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'imports/page-rooms').map((m) => m.message),
    );
  }

  it('fails on a room that imports one above it, and on a file in no room; passes imports that point down', async () => {
    const errors = await roomErrors({
      [`dom/__rooms_${process.pid}.ts`]: "import { find } from '../find/find';\nexport const up = find;\n",
      [`act/__rooms_${process.pid}.ts`]:
        "import { truncate } from '../dom/text';\nexport const down = truncate;\n",
      [`__rooms_${process.pid}.ts`]: 'export const loose = 1;\n',
    });
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toMatch(/dom\/ may not import find\//);
    expect(errors.join('\n')).toMatch(/is in no room: put it in one of dom → perceive/);
  }, 60_000);
});

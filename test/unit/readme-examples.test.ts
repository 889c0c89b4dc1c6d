/**
 * The integration samples in the README and docs/ are the files in examples/ (which
 * test/node/package.test.ts compiles against the packed package and the official clients), word for
 * word, and every one is shown somewhere.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../');
const readme = ['README.md', ...readdirSync(`${root}docs`).map((f) => `docs/${f}`)]
  .filter((f) => f.endsWith('.md'))
  .map((f) => readFileSync(`${root}${f}`, 'utf8'))
  .join('\n');

describe('README and docs samples', () => {
  const shown = new Map(
    [...readme.matchAll(/<!-- (examples\/[\w.-]+) -->\n+```ts\n([\s\S]*?)```\n/g)].map((m) => [m[1]!, m[2]!]),
  );
  it('show every file of examples/', () => {
    expect([...shown.keys()].sort()).toEqual(
      readdirSync(`${root}examples`)
        .map((f) => `examples/${f}`)
        .sort(),
    );
  });
  for (const file of readdirSync(`${root}examples`))
    it(`show examples/${file} as it is`, () => {
      expect(shown.get(`examples/${file}`)).toBe(readFileSync(`${root}examples/${file}`, 'utf8'));
    });
});

// npm test runs it from the repository's root (vitest lives in test/node_modules, with the other
// test-only packages); the patterns below are relative to that root.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Each test file's seconds in a full run two files at a time (test/durations.json; refresh it with
 * `node scripts/test-durations.mjs <vitest JSON report>` when files are added or grow).
 */
const durations = JSON.parse(readFileSync(new URL('durations.json', import.meta.url), 'utf8')) as Record<
  string,
  number
>;

/**
 * The longest files start first, so that two workers end together rather than one running a long
 * file alone at the end; a clean clone (CI) has no run of its own to go by, so the committed
 * durations order it. Files not listed come after, largest first, as vitest orders them.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (f: TestSpecification) => durations[f.moduleId.slice(root.length)] ?? -1;
    const rest = await super.sort(files.filter((f) => seconds(f) < 0));
    return [...files.filter((f) => seconds(f) >= 0).sort((a, b) => seconds(b) - seconds(a)), ...rest];
  }
}

export default defineConfig({
  root,
  test: {
    // Two test files at a time (TEST_WORKERS=1 for one by one). Every check is load-proof: speed is
    // checked by the work done (reads, slices), every wait is for an event with a bound generous for this
    // 2-core machine running two files (test/support/harness.mjs TEST_WAIT_MS, LATE_MS), and no test
    // asserts a wall time.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // fast-check properties run hundreds of cases: a bound for a loaded machine, not a speed target.
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // Node-side code over real HTTP on 127.0.0.1: providers against the mock model server; the packed
        // package in a fresh project (whole tsc, publint and attw runs: 10-20 s alone, twice that beside
        // another test file).
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/node/**/*.test.ts'],
          testTimeout: 180_000,
        },
      },
      {
        // Real Chromium through playwright-core, loading the built UMD bundle with a <script> tag.
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

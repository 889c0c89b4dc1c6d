/**
 * The shapes bench (bench/shapes.mjs) runs to its report on a small page: a bench that throws part way
 * (as it did once, a helper used before its definition) reports nothing. Figures are not checked here,
 * only that every call was traced.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from '../support/harness.mjs';

it('the shapes bench runs every call on a generated page and writes its report', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'llmh-shapes-'));
  try {
    const out = join(dir, 'shapes.md');
    await promisify(execFile)(process.execPath, [join(ROOT, 'bench/shapes.mjs')], {
      // As npm run bench runs it: not under vitest (whose browsers carry the truth oracle).
      env: { ...process.env, VITEST: '', SHAPE_SIZES: '5000', SHAPE_SEEDS: '7', SHAPE_OUT: out },
      timeout: 240_000,
    });
    const report = readFileSync(out, 'utf8');
    for (const call of [
      'console find',
      'console find limit 1000',
      'console describe table',
      'console summary',
      'console snapshot',
      'agent find',
      'agent summary',
      'agent describe table',
      'agent snapshot',
      'agent extract rows',
      'agent click',
    ])
      expect(report).toContain(`| ${call} |`);
    expect(report).toMatch(/\| 5k \| 7 \|/);
    // Each call's tasks were read from the trace: a call with none (a broken window) would read 0.
    expect(report).not.toMatch(/\| agent find \| 0 ms/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);

// npm run bench (third part): what an app's bundle keeps of llm-helper for a few imports, built with
// Vite as an app would build it (production, minified) from the ESM build in dist/esm. Writes
// bench/results/import-cost.md.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Buffer } from 'node:buffer';
import { viteBuild as build } from '../test/support/packages.mjs';
import { ROOT } from '../test/support/harness.mjs';

/** Each app: what it imports, and a use of it (so nothing is dropped as unused). */
export const APPS = {
  'import { VERSION }': "import { VERSION } from 'llm-helper'; console.log(VERSION);",
  'import { provider }':
    "import { provider } from 'llm-helper'; console.log(provider('openai', { apiKey: 'k' }));",
  'import { tools, execute }':
    "import { tools, execute } from 'llm-helper'; console.log(tools(), execute({ name: 'find', arguments: {} }));",
  'import { createLLMHelper } + find':
    "import { createLLMHelper } from 'llm-helper'; console.log(createLLMHelper().find('Save'));",
  'import { Agent, panel }': "import { Agent, panel } from 'llm-helper'; console.log(Agent, panel());",
  'import * as LLMHelper': "import * as LLMHelper from 'llm-helper'; console.log(LLMHelper);",
};

/** The minified app bundle for one entry's code, and its bytes (raw, gzipped). */
export async function appSize(code) {
  const dir = await mkdtemp(join(tmpdir(), 'llm-helper-vite-'));
  try {
    await writeFile(join(dir, 'main.js'), code);
    const out = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: { 'llm-helper': join(ROOT, 'dist/esm/index.js') } },
      build: {
        write: false,
        minify: true,
        lib: { entry: join(dir, 'main.js'), formats: ['es'], fileName: 'app' },
      },
    });
    const chunk = (Array.isArray(out) ? out[0] : out).output[0];
    return {
      code: chunk.code,
      raw: Buffer.byteLength(chunk.code),
      gzipped: gzipSync(chunk.code, { level: 9 }).length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [];
  for (const [name, code] of Object.entries(APPS)) {
    const { raw, gzipped } = await appSize(code);
    rows.push(`| \`${name}\` | ${raw.toLocaleString('en')} | ${gzipped.toLocaleString('en')} |`);
    console.log(`${name}: ${raw} bytes, ${gzipped} gzipped`);
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  await writeFile(
    join(ROOT, 'bench/results/import-cost.md'),
    [
      '# What an app keeps of llm-helper, by import',
      '',
      `${when} UTC, Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; Vite production build (minified) of a one-line app importing from dist/esm.`,
      '',
      '| import | bytes | gzipped |',
      '| --- | ---: | ---: |',
      ...rows,
      '',
    ].join('\n'),
  );
}

// npm run demo: installs what the build needs when missing, builds when the sources are newer than the bundle, then
// serves the demo (demo/serve.mjs). A second start with nothing changed goes straight to serving.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installLocked } from '../scripts/install-deps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args) => execFileSync(npm, args, { cwd: root, stdio: 'inherit' });

/** The newest modification time under a path (a file, or a folder's files). */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

// Only the build's tools (rollup, TypeScript, zod) and React for the React page: the test-only packages
// live in test/ and install with npm test.
installLocked(root);

const bundle = join(root, 'dist/llm-helper.umd.min.js');
const sources = ['src', 'rollup.config.mjs', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];
if (!existsSync(bundle) || Math.max(...sources.map((s) => newest(join(root, s)))) > newest(bundle)) {
  // The script-tag bundle is all the demo serves: npm run build makes the other builds too.
  console.log('Building the bundle (npm run build:umd)…');
  run(['run', 'build:umd']);
}

await import('./serve.mjs');

// Installs the project's dependencies, each part only when missing or changed since its last install.
//   node scripts/install-deps.mjs          everything npm test, npm run bench and .ci/run need
//   node scripts/install-deps.mjs build    only the root: the build's own tools (npm run demo's one install)
// The parts:
//  - the root: rollup, TypeScript, zod, eventemitter3 and React for the demo's React page.
//  - test/: vitest, jsdom, eslint, prettier, playwright-core, fast-check, the widget libraries and
//    frameworks of the browser tests, the model APIs' official clients, page-agent.
//  - bridge/: the llm-helper-bridge package's own dependencies (ws, the MCP SDK), as its users install it.
//  - test/vendor/vue2: Vue 2 and the widget libraries on it (their peer is Vue 2; test/ has Vue 3).
//  - test/vendor/extjs: Ext JS 6.2 classic (GPL), from npm's extjs-gpl: the prebuilt ext-all.js and the
//    Triton theme, taken out of its 120 MB package (40,000 files of sources and examples).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const same = (a, b) => existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));

/**
 * A folder's locked dependencies, installed when its lock changed since the last install. The registry
 * reachable here serves only some platforms' optional native binaries (rollup's, vite's), so npm cannot
 * list the others in a lock and `npm ci` may reject it (npm/cli#9846): `npm install` then installs the
 * same locked versions, and the install fails if the lock would change.
 */
export function installLocked(dir) {
  const lock = join(dir, 'package-lock.json');
  const stamp = join(dir, 'node_modules/.installed-lock');
  if (same(lock, stamp)) return;
  const where = relative(ROOT, dir) || 'the root';
  const run = (args) =>
    execFileSync(npm, args, { cwd: dir, stdio: 'inherit', shell: process.platform === 'win32' });
  console.log(`== installing ${where}'s dependencies`);
  try {
    run(['ci', '--no-audit', '--no-fund']);
  } catch {
    console.log(
      'npm ci refused the lock (optional binaries for other platforms missing): npm install from it',
    );
    const before = readFileSync(lock);
    run(['install', '--no-audit', '--no-fund']);
    if (!readFileSync(lock).equals(before)) {
      writeFileSync(lock, before);
      throw new Error(`${relative(ROOT, lock)} would change during install: commit an updated lock`);
    }
  }
  copyFileSync(lock, stamp);
}

const EXTJS = 'extjs-gpl@6.2.0';
const EXTJS_INTEGRITY =
  'sha512-A/l4PKXE89dojDoWkNKqr+2jryF9jX3KuuaXb3NWEKYAKipNyP4CZyVGj7HBJIZF9h/ioxaBm3YJdCklo+XDpQ==';

/** Ext JS's built script and theme, from the package whose checksum is pinned. */
function installExtJs() {
  const dir = join(ROOT, 'test/vendor/extjs');
  const marker = join(dir, '.installed');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === EXTJS) return;
  console.log(`== taking Ext JS out of ${EXTJS}`);
  const tmp = mkdtempSync(join(tmpdir(), 'llmh-extjs-'));
  try {
    execFileSync(npm, ['pack', EXTJS, '--silent'], { cwd: tmp, stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = join(
      tmp,
      readdirSync(tmp).find((f) => f.endsWith('.tgz')),
    );
    const got = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (got !== EXTJS_INTEGRITY)
      throw new Error(`${EXTJS}: the package's checksum is ${got}, not the pinned ${EXTJS_INTEGRITY}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', [
      'xzf',
      tarball,
      '-C',
      dir,
      '--strip-components=2',
      'package/build/ext-all.js',
      'package/build/classic/theme-triton',
    ]);
    writeFileSync(marker, `${EXTJS}\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  installLocked(ROOT);
  if (process.argv[2] !== 'build') {
    installLocked(join(ROOT, 'test'));
    installLocked(join(ROOT, 'bridge'));
    installLocked(join(ROOT, 'test/vendor/vue2'));
    installExtJs();
  }
}

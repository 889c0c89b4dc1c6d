// An eslint rule of our own: a module may not import, directly or through others, a module that imports
// it. Type-only imports count too: a circle of types is still a circle a reader has to follow. The graph
// is read with TypeScript's own pre-processor (imports and re-exports with a relative path), once per
// file per lint run.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** @type {Map<string, { stamp: string; deps: string[] }>} a file's relative imports, resolved to files */
const imports = new Map();

const isFile = (p) => existsSync(p) && statSync(p).isFile();

/** The file a relative specifier names, as TypeScript resolves it ('./x' → x.ts or x/index.ts). */
function resolveFrom(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const p of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base.replace(/\.js$/, '.ts'), base])
    if (isFile(p)) return p;
  return null;
}

/** A file's imports, read again whenever the file changed (an editor's or a long-lived linter's run). */
function importsOf(file) {
  const stat = isFile(file) ? statSync(file) : null;
  const stamp = stat ? `${stat.mtimeMs}:${stat.size}` : 'gone';
  const known = imports.get(file);
  if (known && known.stamp === stamp) return known.deps;
  const deps = [];
  imports.set(file, { stamp, deps });
  const text = stat ? readFileSync(file, 'utf8') : '';
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles)
    if (fileName.startsWith('.')) {
      const to = resolveFrom(file, fileName);
      if (to) deps.push(to);
    }
  return deps;
}

/** The chain of files from `start` back to `target`, or null: breadth first, so the shortest. */
function pathBack(start, target) {
  const came = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    if (at === target) {
      const chain = [];
      for (let f = at; f; f = came.get(f)) chain.unshift(f);
      return chain;
    }
    for (const next of importsOf(at))
      if (!came.has(next)) {
        came.set(next, at);
        queue.push(next);
      }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point down: no module imports one that imports it back.' },
    messages: {
      cycle:
        'Import cycle: {{chain}}. Move what both need down into a module that neither imports (a shared type or helper), so imports point one way.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = resolveFrom(file, spec);
      if (!to) return;
      const chain = to === file ? [file] : pathBack(to, file);
      if (!chain) return;
      const cwd = context.cwd;
      context.report({
        node: node.source,
        messageId: 'cycle',
        data: { chain: [file, ...chain].map((f) => relative(cwd, f)).join(' → ') },
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/**
 * The rooms of src/page, lowest first: a room imports only rooms below it (docs/layout.md), so a
 * reader follows an element from the DOM up to an action one way.
 */
const PAGE_ROOMS = ['dom', 'perceive', 'ids', 'find', 'read', 'observe', 'act'];
const roomOf = (file) => {
  const m = /[/\\]src[/\\]page[/\\]([^/\\]+)[/\\]/.exec(file);
  return m ? PAGE_ROOMS.indexOf(m[1]) : -1;
};

/** @type {import('eslint').Rule.RuleModule} */
const pageRooms = {
  meta: {
    type: 'problem',
    docs: { description: 'A room of src/page imports only the rooms below it.' },
    messages: {
      up: '{{from}}/ may not import {{to}}/: the rooms go {{order}}, and a room imports only those before it. Move what both need down.',
      loose: 'src/page/{{file}} is in no room: put it in one of {{order}}.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = roomOf(file);
    const order = PAGE_ROOMS.join(' → ');
    return {
      Program(node) {
        if (from < 0 && /[/\\]src[/\\]page[/\\][^/\\]+$/.test(file))
          context.report({ node, messageId: 'loose', data: { file: file.split(/[/\\]/).pop(), order } });
      },
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (from < 0 || typeof spec !== 'string' || !spec.startsWith('.')) return;
        const to = resolveFrom(file, spec);
        const room = to ? roomOf(to) : -1;
        if (room > from)
          context.report({
            node: node.source,
            messageId: 'up',
            data: { from: PAGE_ROOMS[from], to: PAGE_ROOMS[room], order },
          });
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle, 'page-rooms': pageRooms } };

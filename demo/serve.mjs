// Serves the demo page (with the SDK loaded from dist/) on 127.0.0.1. Usage: npm run demo [-- --port 5173]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const portArg = process.argv.indexOf('--port');
const port = Number(portArg > 0 ? process.argv[portArg + 1] : (process.env.PORT ?? 5173));
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
};

const server = createServer(async (req, res) => {
  let path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  if (path === '/' || path === '\\') path = '/demo/index.html';
  if (!path.startsWith('/demo/') && !path.startsWith('/dist/')) {
    res.writeHead(404).end('not found');
    return;
  }
  try {
    const body = await readFile(join(root, path));
    res.writeHead(200, {
      'content-type': types[extname(path)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
server.listen(port, '127.0.0.1', () => {
  console.log(`LLMHelper demo: http://127.0.0.1:${port}/  (open devtools and try LLMHelper.summary())`);
});

// Serves the demo page (with the SDK loaded from dist/) on 127.0.0.1. Usage: npm run demo [-- --port 5173]
// (or PORT=5173); when that port is taken, the next free one, and a line says so.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MOCK_LABEL, startMockModel } from '../test/support/mock-model.mjs';
import { bookmarklets } from '../scripts/bookmarklet.mjs';
import { requestPath } from '../test/support/request-path.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const portArg = process.argv.indexOf('--port');
const port = Number(portArg > 0 ? process.argv[portArg + 1] : (process.env.PORT ?? 5173));
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
};

// The scripted model ("scripted demo — not an AI") runs beside the demo: demo/scenario.json holds the
// tasks it knows, each a script started afresh for each new task; any other task is answered with what
// it knows. Steps come about a second apart, so a person can follow them (DEMO_STEP_MS changes that).
const scenario = JSON.parse(await readFile(join(root, 'demo/scenario.json'), 'utf8'));
const mock = await startMockModel({
  scenario,
  delayMs: 30,
  stepDelayMs: Number(process.env.DEMO_STEP_MS ?? 700),
});

const server = createServer(async (req, res) => {
  if (req.url === '/demo/config.js') {
    // A task begins with a request whose conversation has one message: start the script over.
    mock.setScenario(scenario);
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`window.DEMO_MOCK_URL = ${JSON.stringify(mock.url)};`);
    return;
  }
  if (req.url === '/demo/bookmarklets.html') {
    // The bookmarklets for this server's bundle, to drag to the bookmarks bar.
    const bundle = await readFile(join(root, 'dist/llm-helper.umd.min.js'), 'utf8');
    const host = `http://127.0.0.1:${server.address().port}`;
    res.writeHead(200, { 'content-type': types['.html'], 'cache-control': 'no-store' });
    res.end(bookmarklets(`${host}/dist/llm-helper.umd.min.js`, bundle).page);
    return;
  }
  // React for the access-request page (a React app with controlled inputs).
  const vendor = {
    '/vendor/react.js': 'node_modules/react/umd/react.production.min.js',
    '/vendor/react-dom.js': 'node_modules/react-dom/umd/react-dom.production.min.js',
  }[req.url ?? ''];
  let path = vendor ? `/${vendor}` : requestPath(req.url);
  if (path === null) {
    res.writeHead(400).end('malformed URL');
    return;
  }
  if (path === '/' || path === '\\') path = '/demo/index.html';
  if (!vendor && !path.startsWith('/demo/') && !path.startsWith('/dist/')) {
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
/** Listens on `port`, or on the next free one when it is taken (Vite's 5173 often is). */
function listen(at, tries = 20) {
  const taken = (e) => {
    if (e.code !== 'EADDRINUSE' || tries === 0 || at === 0) {
      console.error(
        `The demo cannot listen on 127.0.0.1:${at}: ${e.message}. Choose a port with PORT=… or --port.`,
      );
      process.exit(1);
    }
    console.log(`Port ${at} is taken; trying ${at + 1}.`);
    listen(at + 1, tries - 1);
  };
  server.once('error', taken);
  server.listen(at, '127.0.0.1', () => server.off('error', taken));
}
listen(port);
server.once('listening', () => {
  console.log(`LLMHelper demo: http://127.0.0.1:${server.address().port}/`);
  console.log(
    `  The panel (bottom right) runs the agent. ${MOCK_LABEL} at ${mock.url} plays demo/scenario.json:`,
  );
  console.log(
    "  it knows the example tasks the panel offers (click one, then Send). A real model: the panel's settings (⚙).",
  );
});
export { server, mock };

// npm run bench (second part): what a whole agent run costs in input tokens, ours beside the same
// decisions with a peer's page state as each step's observation. The demo task ("Download all invoices
// from 2024") runs in real Chromium with the scripted demo model; before every model request the page
// state is also captured with Playwright's AI snapshot (page.ariaSnapshot({ mode: 'ai' })) and with
// page-agent's PageController.getBrowserState() (both from npm, run as they are). Writes
// bench/results/task-cost.md.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { rollup } from 'rollup';
import resolve from '@rollup/plugin-node-resolve';
import { ROOT, launchChromium } from '../test/support/harness.mjs';

const tokens = (s) => encode(s).length;

/** page-agent's page-controller for the browser, bundled from its npm package as published. */
async function pageControllerScript() {
  const bundle = await rollup({
    input: join(ROOT, 'node_modules/@page-agent/page-controller/dist/lib/page-controller.js'),
    plugins: [resolve({ browser: true })],
    onwarn: () => {},
  });
  const { output } = await bundle.generate({
    format: 'iife',
    name: 'PageAgentController',
    inlineDynamicImports: true,
  });
  return output[0].code;
}

process.env.PORT = '0';
process.env.DEMO_STEP_MS = '0'; // the demo's pacing is for a person watching
const demo = await import('../demo/serve.mjs');
if (!demo.server.listening) await new Promise((r) => demo.server.once('listening', r));
const url = `http://127.0.0.1:${demo.server.address().port}/`;
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const steps = [];
try {
  await page.goto(url);
  await page.waitForFunction(() => window.panel);
  await page.addScriptTag({ content: await pageControllerScript() });
  await page.exposeFunction('__observePeers', async () => {
    const aria = await page.ariaSnapshot({ mode: 'ai' });
    const pageAgent = await page.evaluate(async () => {
      const pc = new window.PageAgentController.PageController({ enableMask: false });
      const s = await pc.getBrowserState();
      await pc.cleanUpHighlights();
      return [s.header, s.content, s.footer].join('\n');
    });
    steps.push({ aria, pageAgent });
  });
  demo.mock.log.length = 0;
  const result = await page.evaluate(async (mockURL) => {
    const real = window.LLMHelper.provider('openai', {
      baseURL: `${mockURL}/v1`,
      apiKey: 'none',
      model: 'scripted-model',
    });
    // Before each request, the peers observe the same page state the model is about to see.
    const provider = {
      name: 'observed',
      chat: async (req) => (await window.__observePeers(), real.chat(req)),
    };
    const r = await new window.LLMHelper.Agent({ provider }).run('Download all invoices from 2024');
    return { status: r.status, steps: r.steps.length, downloads: window.downloads.length };
  }, demo.mock.url);
  if (result.status !== 'done') throw new Error(`the demo task ended ${result.status}`);

  // Ours: every request body as sent (system prompt, tool definitions, the whole conversation).
  const bodies = demo.mock.log.map((r) => r.body);
  const ourPerRequest = bodies.map((b) => tokens(JSON.stringify(b)));
  const ours = ourPerRequest.reduce((a, b) => a + b, 0);
  // The peers: the same requests (system, tools, task, the model's own calls so far), with the page
  // observation replaced by the peer's page state of that moment, as page-agent and browser-use send it:
  // the current state each step, earlier states not repeated.
  const first = bodies[0];
  const fixed = tokens(
    JSON.stringify({ model: first.model, messages: [first.messages[0]], tools: first.tools }),
  );
  const task = tokens('Task: Download all invoices from 2024');
  const peer = (key) =>
    steps.reduce((sum, s, i) => {
      const calls = bodies[i].messages
        .filter((m) => m.role === 'assistant')
        .map((m) => JSON.stringify(m.tool_calls ?? m.content));
      return sum + fixed + task + tokens(calls.join('\n')) + tokens(s[key]);
    }, 0);
  const aria = peer('aria');
  const pageAgent = peer('pageAgent');
  const obsOurs = bodies.map((b) => tokens(JSON.stringify(b.messages.slice(1))));
  // What a prompt cache can serve: the tokens each request shares, from its start, with the one before
  // (the provider's own accounting differs in its granularity and minimum; this is the upper bound).
  // In the order a service reads a request: the tools, then the messages (the system prompt first).
  const encoded = bodies.map((b) => encode(JSON.stringify([b.tools, b.messages])));
  const repeated = encoded.map((t, i) => {
    if (!i) return 0;
    const before = encoded[i - 1];
    let n = 0;
    while (n < t.length && n < before.length && t[n] === before[n]) n++;
    return n;
  });
  const cacheable = repeated.reduce((a, b) => a + b, 0);
  const listing = tokens(JSON.stringify(first.tools));
  const lines = [
    '# Task cost: input tokens of a whole agent run',
    '',
    `Taken ${new Date().toISOString().slice(0, 10)}; o200k tokens; the demo task "Download all invoices from 2024" on the demo app`,
    `(60 documents), ${result.steps} model requests, ${result.downloads} documents downloaded, scripted demo model (not a language model:`,
    'the decisions are fixed, so every column is the same run).',
    '',
    '| observation each step | total input tokens | per request (mean) | ours ÷ theirs |',
    '| --- | ---: | ---: | ---: |',
    `| LLMHelper (summary, then tool results and change reports) | ${ours.toLocaleString('en')} | ${Math.round(ours / bodies.length).toLocaleString('en')} | 1 |`,
    `| Playwright AI snapshot (\`page.ariaSnapshot({ mode: 'ai' })\`) | ${aria.toLocaleString('en')} | ${Math.round(aria / steps.length).toLocaleString('en')} | ${(ours / aria).toFixed(2)} |`,
    `| page-agent (\`PageController.getBrowserState()\`) | ${pageAgent.toLocaleString('en')} | ${Math.round(pageAgent / steps.length).toLocaleString('en')} | ${(ours / pageAgent).toFixed(2)} |`,
    '',
    'Every row includes what all three send each request: the system prompt and the tool definitions',
    `(${fixed.toLocaleString('en')} tokens per request here), the task, and the model's own calls so far.`,
    `The observations alone: ours grow from ${obsOurs[0].toLocaleString('en')} to ${obsOurs.at(-1).toLocaleString('en')} tokens over the run (the conversation is kept);`,
    `a Playwright AI snapshot of this page is ${Math.round(steps.reduce((a, s) => a + tokens(s.aria), 0) / steps.length).toLocaleString('en')} tokens and page-agent's state ${Math.round(steps.reduce((a, s) => a + tokens(s.pageAgent), 0) / steps.length).toLocaleString('en')} on average, each step.`,
    `Of our ${ours.toLocaleString('en')} input tokens, ${cacheable.toLocaleString('en')} (${Math.round((100 * cacheable) / ours)}%) repeat the start of the request before (what a prompt cache`,
    `can serve at its reduced price); the tool definitions are ${listing.toLocaleString('en')} tokens of every request.`,
    '',
    'Target: at most one fifth of either (ours ÷ theirs ≤ 0.20).',
  ];
  await writeFile(join(ROOT, 'bench/results/task-cost.md'), lines.join('\n') + '\n');
  console.log(lines.join('\n'));
} finally {
  await browser.close();
  await new Promise((r) => demo.server.close(r));
  await demo.mock.close();
}

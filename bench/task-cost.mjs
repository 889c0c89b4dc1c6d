// npm run bench (second part): what a whole agent run costs, ours beside page-agent run as published,
// each with its own system prompt, tools and page observation. Three tasks on the demo app
// (bench/tasks/cost-tasks.json) run in real Chromium: LLMHelper's agent against the demo's scripted
// model over each wire format it would use for the three priced models (Chat Completions, Anthropic
// Messages, Gemini), and page-agent's published bundle (node_modules/page-agent/dist/iife, unchanged)
// against a scripted model that plays its fewest decisions (bench/peers/page-agent-model.mjs). Every
// request body as sent is counted in o200k tokens; cache reads and writes and dollars are estimated by
// each provider's published caching rules (bench/prompt-cache.mjs) at the list prices in
// bench/prices.json. Writes bench/results/task-cost.md.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, launchChromium } from '../test/support/harness.mjs';
import { packageDir } from '../test/support/packages.mjs';
import { startPageAgentModel } from './peers/page-agent-model.mjs';
import { cacheRun, dollars } from './prompt-cache.mjs';

const read = async (file) => JSON.parse(await readFile(join(ROOT, file), 'utf8'));
const { tasks } = await read('bench/tasks/cost-tasks.json');
const prices = await read('bench/prices.json');
const demoScenario = await read('demo/scenario.json');
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WIRES = { anthropic: 'anthropic', openai: 'openai', gemini: 'gemini' };

process.env.PORT = '0';
process.env.DEMO_STEP_MS = '0'; // the demo's pacing is for a person watching
const demo = await import('../demo/serve.mjs');
if (!demo.server.listening) await new Promise((r) => demo.server.once('listening', r));
const url = `http://127.0.0.1:${demo.server.address().port}/`;
// The demo's scenario, with the scripts of the tasks it does not know (set after each page load: the
// demo server starts its own scenario over when a page loads).
const scenario = {
  ...demoScenario,
  tasks: [...tasks.flatMap((t) => (t.ours ? [t.ours] : [])), ...demoScenario.tasks],
};
const peer = await startPageAgentModel(
  tasks.map((t) => ({ match: `^${escape(t.task)}$`, steps: t.pageAgent })),
);
const pageAgentBundle = await readFile(
  join(packageDir('page-agent'), 'dist/iife/page-agent.demo.js'),
  'utf8',
);
const pageAgentVersion = JSON.parse(
  await readFile(join(packageDir('page-agent'), 'package.json'), 'utf8'),
).version;
const browser = await launchChromium();

/** The page after a run: what the task's check reads must be what it expects. */
async function checked(page, t, who) {
  const got = await page.evaluate(t.check);
  if (got !== t.expect) throw new Error(`${who} on "${t.task}": ${t.check} is ${JSON.stringify(got)}`);
}

/** LLMHelper's agent on the task over one wire format: the request bodies it sent. */
async function ours(t, wire) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.panel);
    demo.mock.setScenario(scenario);
    const from = demo.mock.log.length;
    const r = await page.evaluate(
      async ({ task, wire, base }) => {
        const provider = window.LLMHelper.provider(wire, {
          baseURL: wire === 'openai' ? `${base}/v1` : base,
          apiKey: 'none',
          model: 'scripted-model',
        });
        const run = await new window.LLMHelper.Agent({ provider }).run(task);
        return { status: run.status, answer: run.answer };
      },
      { task: t.task, wire, base: demo.mock.url },
    );
    if (r.status !== 'done')
      throw new Error(`LLMHelper over ${wire} on "${t.task}" ended ${r.status}: ${r.answer}`);
    await checked(page, t, `LLMHelper over ${wire}`);
    return demo.mock.log.slice(from).map((x) => ({ wire: x.wire, body: x.body }));
  } finally {
    await page.close();
  }
}

/** page-agent on the task (its bundle as published, its own prompt, tool and page state). */
async function pageAgent(t) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    // The demo app alone: without our SDK and panel, which page-agent would otherwise also see.
    await page.route(/\/(dist\/llm-helper\.umd\.js|demo\/config\.js|demo\/panel\.js)$/, (r) => r.abort());
    await page.route('**/peer/page-agent.js*', (r) =>
      r.fulfill({ body: pageAgentBundle, contentType: 'text/javascript' }),
    );
    await page.goto(url);
    await page.addScriptTag({ url: `${url}peer/page-agent.js?autoInit=false` });
    const from = peer.log.length;
    const r = await page.evaluate(
      async ({ task, base }) => {
        const agent = new window.PageAgent({
          model: 'scripted-model',
          baseURL: base,
          apiKey: 'none',
          language: 'en-US',
        });
        const res = await agent.execute(task);
        agent.dispose();
        return { success: res.success, data: res.data };
      },
      { task: t.task, base: `${peer.url}/v1` },
    );
    if (!r.success) throw new Error(`page-agent on "${t.task}": ${r.data}`);
    await checked(page, t, 'page-agent');
    return peer.log.slice(from).map((x) => ({ wire: 'openai', body: x.body }));
  } finally {
    await page.close();
  }
}

const n = (x) => x.toLocaleString('en');
const usd = (x) => `$${x.toFixed(4)}`;
const rows = [];
try {
  for (const t of tasks) {
    const mine = {};
    for (const wire of Object.values(WIRES)) mine[wire] = await ours(t, wire);
    const theirs = await pageAgent(t);
    for (const [system, runs] of [
      ['LLMHelper', mine],
      [`page-agent ${pageAgentVersion}`, { anthropic: theirs, openai: theirs, gemini: theirs }],
    ]) {
      const chat = cacheRun('openai', runs.openai);
      rows.push({
        task: t.task,
        system,
        requests: runs.openai.length,
        input: chat.reduce((a, r) => a + r.input, 0),
        models: prices.models.map((m) => {
          // page-agent speaks Chat Completions only: it reaches Claude and Gemini through their
          // OpenAI-compatible endpoints, with no cache_control, so Claude caches none of it.
          const run = cacheRun(m.cache, runs[WIRES[m.cache]]);
          const input = run.reduce((a, r) => a + r.input, 0);
          return { cost: dollars(m, run), read: run.reduce((a, r) => a + r.read, 0) / input };
        }),
      });
    }
  }
} finally {
  await browser.close();
  await peer.close();
  await new Promise((r) => demo.server.close(r));
  await demo.mock.close();
}

const first = rows.filter((r) => r.task === tasks[0].task);
const [us, them] = first;
const ratio = (a, b) => (a / b).toFixed(2);
const tokenRatio = us.input / them.input;
const costRatios = prices.models.map((m, i) => us.models[i].cost / them.models[i].cost);
const lines = [
  '# Task cost: what a whole agent run sends, and what it costs',
  '',
  `Taken ${new Date().toISOString().slice(0, 10)} on this machine (2 cores, Chromium ${browser.version()}); input tokens in o200k. Each`,
  `system runs as shipped with its own system prompt, tools and page observation: LLMHelper's agent (the`,
  `demo's scripted model), and page-agent ${pageAgentVersion}'s published bundle with a scripted model (not a language`,
  'model) playing the fewest decisions its own tools allow (bench/tasks/cost-tasks.json). Every task is',
  "checked in the page after each run. Cache reads and dollars are estimated from the request bodies by each provider's",
  'published caching rules (bench/prompt-cache.mjs), for input tokens only (output depends on what a',
  'model writes), at these list prices per million input tokens, read ' + prices.read.split(',')[0] + ':',
  '',
  ...prices.models.map(
    (m) =>
      `- ${m.name}: $${m.input.toFixed(2)}, cache read $${m.cacheRead.toFixed(2)}${m.cacheWrite ? `, cache write $${m.cacheWrite.toFixed(2)}` : ''} (${m.source})`,
  ),
  '',
  `| task | system | requests | input tokens | ${prices.models.map((m) => `${m.name} (cached share)`).join(' | ')} |`,
  `| --- | --- | ---: | ---: | ${prices.models.map(() => '---:').join(' | ')} |`,
  ...rows.map(
    (r) =>
      `| ${r.task} | ${r.system} | ${r.requests} | ${n(r.input)} | ${r.models.map((m) => `${usd(m.cost)} (${Math.round(100 * m.read)}%)`).join(' | ')} |`,
  ),
  '',
  `On "${tasks[0].task}": our input tokens are ${ratio(us.input, them.input)} of page-agent's (target ≤ 0.6: ${tokenRatio <= 0.6 ? 'holds' : 'does not hold'});`,
  `our cost ${prices.models.map((m, i) => `${costRatios[i].toFixed(2)} of its with ${m.name}`).join(', ')} (target ≤ 0.3 with the Anthropic and OpenAI models:`,
  `${costRatios.slice(0, 2).every((c) => c <= 0.3) ? 'holds' : 'does not hold'}).`,
  'page-agent sends Chat Completions only, so with Claude it goes through an OpenAI-compatible endpoint that',
  'takes no cache_control (https://docs.claude.com/en/api/openai-sdk: prompt caching needs the native API), so nothing of it is cached there. Playwright MCP is not in the table: it is a server for an',
  'agent of your own, not an agent with its own prompt.',
];
await writeFile(join(ROOT, 'bench/results/task-cost.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));

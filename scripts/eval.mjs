// npm run eval: a task suite run through LLMHelper's agent with a model, each task's outcome checked in
// the page (not by the model's word). Per task: success, steps, tool calls, input/output/cached tokens,
// dollars at a dated price file (evals/prices.json) and wall time; totals and the success rate; one
// transcript per run (the run as agent.replay takes it, and the conversation), with the key scrubbed.
//
//   npm run eval -- --provider anthropic --model claude-sonnet-4-6 [--base-url URL] [--tasks FILE|DIR]
//                   [--repeat N] [--url BASE] [--out DIR] [--key-env NAME] [--price IN,OUT[,CACHED]]
//   npm run eval -- --provider scripted        the scripted model (for tests; not a language model)
//   npm run eval -- ... --replay               each task's run then replayed as a saved task on a fresh
//                                              page with no model (and, for a task with "changed", on a
//                                              page that expression changed, the model taking over where
//                                              the page no longer fits): success, tokens, seconds of each
//   npm run eval -- --compare a.json b.json    per-task differences between two runs
//
// A task with "offers": { "task": NAME, "name": TOOL NAME } runs with NAME's first run saved as a task
// (Agent.savedTask) and offered to the agent as one tool (new Agent({ tasks })): its row beside NAME's
// says what calling the saved task saves in requests and tokens.
//
// docs/eval.md says how to write tasks for your own app.
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BUNDLE, ROOT, launchChromium, startServer } from '../test/support/harness.mjs';
import { MOCK_LABEL, MOCK_MODEL, startMockModel } from '../test/support/mock-model.mjs';

const USAGE = `Usage: npm run eval -- --provider NAME [--model ID] [--base-url URL] [--tasks FILE|DIR] [--repeat N]
       [--url BASE] [--out DIR] [--key-env NAME] [--price IN,OUT[,CACHED]]
       npm run eval -- --compare a.json b.json`;
/** Where each provider's key is read from, unless --key-env names another variable. */
const KEY_ENV = {
  openai: 'OPENAI_API_KEY',
  responses: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
  openrouter: 'OPENROUTER_API_KEY',
  deepseek: 'DEEPSEEK_API_KEY',
};

const fail = (message) => {
  console.error(`npm run eval: ${message}\n${USAGE}`);
  process.exit(2);
};

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      provider: { type: 'string' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      tasks: { type: 'string', default: 'evals' },
      repeat: { type: 'string', default: '1' },
      url: { type: 'string' },
      out: { type: 'string', default: 'eval-results' },
      'key-env': { type: 'string' },
      price: { type: 'string' },
      compare: { type: 'boolean', default: false },
      replay: { type: 'boolean', default: false },
    },
  });
} catch (e) {
  fail(e.message);
}
const opts = args.values;

/** Prints what changed per task between two result files (model against model, before against after). */
async function compare([a, b]) {
  if (!a || !b) fail('--compare takes two result files: --compare a.json b.json');
  const [ra, rb] = await Promise.all([a, b].map(async (f) => JSON.parse(await readFile(f, 'utf8'))));
  const byTask = (r) => new Map(r.tasks.map((t) => [t.name, t]));
  const ta = byTask(ra);
  const tb = byTask(rb);
  const delta = (x, y, digits = 0) => {
    const d = (y ?? 0) - (x ?? 0);
    return `${(x ?? 0).toFixed(digits)} → ${(y ?? 0).toFixed(digits)}${d ? ` (${d > 0 ? '+' : ''}${d.toFixed(digits)})` : ''}`;
  };
  console.log(`a: ${ra.label} (${ra.date})\nb: ${rb.label} (${rb.date})\n`);
  console.log('| task | success | steps | input tokens | output tokens | $ | seconds |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const name of new Set([...ta.keys(), ...tb.keys()])) {
    const x = ta.get(name);
    const y = tb.get(name);
    if (!x || !y) {
      console.log(`| ${name} | only in ${x ? 'a' : 'b'} | | | | | |`);
      continue;
    }
    console.log(
      `| ${name} | ${x.successes}/${x.runs} → ${y.successes}/${y.runs}${x.successes / x.runs !== y.successes / y.runs ? ' ◀' : ''} | ${delta(x.steps, y.steps, 1)} | ${delta(x.inputTokens, y.inputTokens)} | ${delta(x.outputTokens, y.outputTokens)} | ${x.dollars === null || y.dollars === null ? 'n/a' : delta(x.dollars, y.dollars, 4)} | ${delta(x.seconds, y.seconds, 1)} |`,
    );
  }
  console.log(`\nsuccess rate ${(ra.successRate * 100).toFixed(0)}% → ${(rb.successRate * 100).toFixed(0)}%`);
}

/** The tasks of a suite file, or of every .json file in a folder. */
async function loadTasks(path) {
  const full = resolve(ROOT, path);
  const kind = await stat(full).catch(() => fail(`--tasks ${path}: no such file or folder.`));
  const files = kind.isDirectory()
    ? (await readdir(full))
        .filter((f) => f.endsWith('.json') && f !== 'prices.json')
        .map((f) => join(full, f))
    : [full];
  const tasks = [];
  for (const file of files) {
    let suite;
    try {
      suite = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      fail(`${file} is not a task file (JSON): ${e.message}`);
    }
    for (const t of suite.tasks ?? []) {
      const where = `${basename(file)}: task ${JSON.stringify(t.name ?? t.task)}`;
      if (typeof t.task !== 'string' || !t.task.trim())
        fail(`${where} needs "task": the words a person types.`);
      if (typeof t.start !== 'string') fail(`${where} needs "start": a page in the repository or a URL.`);
      if (t.check === undefined && t.expectAnswer === undefined)
        fail(`${where} needs "check" (a JavaScript expression run in the page) or "expectAnswer" (a regex).`);
      if (t.offers !== undefined && !tasks.some((x) => x.name === t.offers?.task))
        fail(
          `${where}: "offers": { "task": NAME } names a task earlier in the suite, whose first run is saved and offered as a tool.`,
        );
      tasks.push({ name: t.name ?? t.task, ...t });
    }
  }
  if (!tasks.length) fail(`no tasks in ${path}`);
  return tasks;
}

/** Dollars for a run's usage: the --price given, or the price file's entry for the model. */
async function priceOf(model) {
  if (opts.price) {
    const [input, output, cachedInput] = opts.price.split(',').map(Number);
    if (!(input >= 0 && output >= 0)) fail('--price takes dollars per million tokens: IN,OUT[,CACHED]');
    return { id: 'given', input, output, cachedInput: cachedInput >= 0 ? cachedInput : input };
  }
  const file = JSON.parse(await readFile(join(ROOT, 'evals/prices.json'), 'utf8'));
  const entry = model && file.models.find((m) => model.includes(m.id));
  return entry ? { ...entry, cachedInput: entry.cachedInput ?? entry.input, read: file.read } : null;
}
const dollarsOf = (price, u) =>
  price
    ? ((u.inputTokens - (u.cachedInputTokens ?? 0)) * price.input +
        (u.cachedInputTokens ?? 0) * price.cachedInput +
        u.outputTokens * price.output) /
      1e6
    : null;

/**
 * Runs one task in a fresh page: the agent with the provider, the person's answers as the task says.
 * With `replay` (a run's result), the run is saved as a task and run again with no model
 * (agent.rerun); `changed` (an expression run in the page first) changes the page, and the model
 * takes over where the saved task no longer fits.
 */
async function runTask(browser, task, base, provider, replay = null, changed = null, offer = null) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const started = Date.now();
  try {
    const start = /^https?:/.test(task.start) ? task.start : new URL(task.start, base).href;
    await page.goto(start);
    if (!(await page.evaluate(() => typeof window.LLMHelper === 'object')))
      await page.addScriptTag({ path: BUNDLE });
    if (changed) await page.evaluate(changed);
    const limitMs = task.limits?.ms ?? 180_000;
    const run = page.evaluate(
      async ({ task, provider, replay, heal, offer }) => {
        const h = window.LLMHelper;
        // A saved task offered as one tool: another task's run, saved as the panel saves it.
        const tasks = offer ? [h.Agent.savedTask(offer.task, offer.result, offer.name)] : undefined;
        const asked = [];
        const confirmations = [];
        const agent = new h.Agent({
          provider: h.provider(provider.name, provider.options),
          maxSteps: task.limits?.steps ?? 30,
          ...(tasks ? { tasks } : {}),
          // The person's answers, as the task says: a confirmation is refused unless the task allows it.
          confirm: async (call) => {
            confirmations.push(call.risk.reason);
            return task.answers?.confirm === 'allow';
          },
          ask: async (question) => {
            asked.push(question);
            return task.answers?.ask ?? '(no answer)';
          },
        });
        let result;
        if (replay) {
          // The recording as the panel saves it; a secret it typed (never kept) given again, as the
          // person types it before Run.
          const saved = h.Agent.savedTask(task.task, replay);
          const values = saved.fields.map((f) =>
            f.secret ? replay.steps[f.step].calls[f.call].args[f.arg] : undefined,
          );
          result = await agent.rerun(saved, { values, heal });
        } else result = await agent.run(task.task);
        return { result, conversation: agent.state().messages, asked, confirmations };
      },
      { task, provider, replay, heal: !!changed, offer },
    );
    const out = await Promise.race([run, new Promise((r) => setTimeout(() => r(null), limitMs))]);
    const seconds = (Date.now() - started) / 1000;
    if (!out) return { status: 'timeout', success: false, why: `no result within ${limitMs} ms`, seconds };
    const { result } = out;
    let checked = true;
    let why = '';
    if (task.check !== undefined) {
      // As an expression of the page's (through the browser's protocol: the page's CSP does not apply).
      checked = await page
        .evaluate(`!!(${task.check})`)
        .catch((e) => `the check threw: ${e.message.split('\n')[0]}`);
      if (checked !== true) why = typeof checked === 'string' ? checked : `check is false: ${task.check}`;
    }
    if (task.expectAnswer !== undefined && !new RegExp(task.expectAnswer, 'i').test(result.answer ?? '')) {
      checked = false;
      why ||= `the answer does not match /${task.expectAnswer}/i: ${JSON.stringify(result.answer)}`;
    }
    return { ...out, status: result.status, success: checked === true, why, seconds };
  } catch (e) {
    return {
      status: 'error',
      success: false,
      why: e.message.split('\n')[0],
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await page.close();
  }
}

async function main() {
  if (opts.compare) return compare(args.positionals);
  if (!opts.provider) fail('--provider is required (openai, anthropic, gemini, … or scripted).');
  const repeat = Number(opts.repeat);
  if (!Number.isInteger(repeat) || repeat < 1)
    fail('--repeat takes a whole number of runs per task, 1 or more.');
  const tasks = await loadTasks(opts.tasks);
  const scripted = opts.provider === 'scripted';
  let mock = null;
  let provider;
  let label;
  let key = '';
  if (scripted) {
    // Each task's own script, picked by the words the task types.
    const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    mock = await startMockModel({
      scenario: {
        tasks: tasks
          .filter((t) => t.scripted)
          .map((t) => ({ match: `^(Task: )?${escape(t.task)}(\\n|$)`, replies: t.scripted })),
        unknown: `${MOCK_LABEL}: this task has no script.`,
      },
    });
    provider = { name: 'openai', options: { baseURL: `${mock.url}/v1`, apiKey: 'none', model: MOCK_MODEL } };
    label = `${MOCK_LABEL} (--provider scripted)`;
  } else {
    const keyEnv = opts['key-env'] ?? KEY_ENV[opts.provider] ?? 'LLMHELPER_API_KEY';
    key = process.env[keyEnv] ?? '';
    // A local server (--base-url) may need no key; a service does.
    // The browser's own model (chrome) needs none either.
    if (!key && opts.provider !== 'proxy' && opts.provider !== 'chrome' && !opts['base-url'])
      fail(
        `no key: set ${keyEnv} (or name another variable with --key-env) for --provider ${opts.provider}.`,
      );
    provider = {
      name: opts.provider,
      options: {
        ...(key ? { apiKey: key } : {}),
        ...(opts.model ? { model: opts.model } : {}),
        ...(opts['base-url'] ? { baseURL: opts['base-url'] } : {}),
      },
    };
    label = `${opts.provider}${opts.model ? ` · ${opts.model}` : ''}${opts['base-url'] ? ` at ${opts['base-url']}` : ''}`;
  }
  const price = scripted ? null : await priceOf(opts.model);
  const scrub = (text) => (key ? text.split(key).join('[API key]') : text);
  const server = await startServer();
  const base = opts.url ?? `${server.url}/`;
  const browser = await launchChromium({ truth: false });
  if (opts.provider === 'chrome') {
    // Its model is the browser's: say so plainly where this browser has none, before any task runs.
    const page = await browser.newPage();
    await page.goto(base);
    const state = await page.evaluate(async () =>
      globalThis.LanguageModel ? await globalThis.LanguageModel.availability() : 'absent',
    );
    await page.close();
    if (state !== 'available') {
      await browser.close();
      fail(
        `--provider chrome: the built-in model of the browser at ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} is ${state}. Run on a machine whose Chrome has the model (chrome://on-device-internals), with CHROMIUM_PATH set to that Chrome.`,
      );
    }
  }
  const outDir = resolve(process.cwd(), opts.out);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await mkdir(join(outDir, `transcripts-${stamp}`), { recursive: true });
  console.log(
    `Evaluating ${tasks.length} task(s) × ${repeat} with ${label}${opts.replay ? ', each run then replayed' : ''}`,
  );
  const rows = [];
  /** --replay: per kind (replay, changed), per task, each run's replay. */
  const replays = {};
  /** Each task's first run, for a task that offers it as a saved task ("offers"). */
  const firstRuns = new Map();
  try {
    for (const task of tasks) {
      const runs = [];
      const from = task.offers && firstRuns.get(task.offers.task);
      const offer = from
        ? { task: from.task, result: from.result, name: task.offers.name ?? from.task }
        : null;
      for (let i = 0; i < repeat; i++) {
        const r =
          task.offers && !offer
            ? {
                status: 'error',
                success: false,
                why: `the run of ${task.offers.task} it offers as a saved task did not finish`,
                seconds: 0,
              }
            : await runTask(browser, task, base, provider, null, null, offer);
        if (i === 0 && r.result?.status === 'done')
          firstRuns.set(task.name, { task: task.task, result: r.result });
        const usage = r.result?.usage ?? { inputTokens: 0, outputTokens: 0 };
        const calls = (r.result?.steps ?? []).reduce((n, s) => n + s.calls.length, 0);
        // Model calls: a saved task's replayed steps cost none.
        const requests = (r.result?.steps ?? []).filter((s) => !s.replayed).length;
        runs.push({ ...r, usage, calls, requests });
        const file = join(outDir, `transcripts-${stamp}`, `${task.name}-${i + 1}.json`);
        await writeFile(
          file,
          scrub(
            JSON.stringify(
              {
                model: label,
                task: task.task,
                success: r.success,
                why: r.why,
                // What agent.replay(transcript) takes: the run's steps and the page it started from.
                run: r.result ?? null,
                conversation: r.conversation ?? null,
                asked: r.asked ?? [],
                confirmations: r.confirmations ?? [],
              },
              null,
              2,
            ),
          ),
        );
        console.log(
          `${r.success ? 'pass' : 'FAIL'} ${task.name} (${i + 1}/${repeat}): ${r.status}, ${requests} requests, ${r.result?.steps?.length ?? 0} steps, ${usage.inputTokens} in / ${usage.outputTokens} out tokens, ${r.seconds.toFixed(1)} s${r.why ? ` — ${scrub(r.why)}` : ''}`,
        );
        // A run that called a saved task replays only on an agent offered that task: not here.
        if (!opts.replay || task.offers) continue;
        // The run saved and run again: on a fresh page with no model, then on a changed page.
        for (const [kind, changed] of [
          ['replay', null],
          ...(task.changed ? [['changed', task.changed]] : []),
        ]) {
          const again = r.result
            ? await runTask(browser, task, base, provider, r.result, changed)
            : { success: false, status: 'error', why: 'the first run has no result to replay', seconds: 0 };
          const u = again.result?.usage ?? { inputTokens: 0, outputTokens: 0 };
          (replays[kind] ??= new Map()).set(task.name, [
            ...(replays[kind].get(task.name) ?? []),
            { ...again, usage: u, of: r.seconds, agentOf: (r.result?.durationMs ?? 0) / 1000 },
          ]);
          console.log(
            `  ${again.success ? 'pass' : 'FAIL'} ${kind} of ${task.name}: ${again.status}, ${again.result?.replay?.calls ?? 0} calls replayed${again.result?.replay?.diverged ? `, the model from step ${again.result.replay.diverged.step}` : ''}, ${u.inputTokens} in / ${u.outputTokens} out tokens, ${again.seconds.toFixed(1)} s (first run ${r.seconds.toFixed(1)} s), ${((again.result?.durationMs ?? 0) / 1000).toFixed(2)} s in the agent (first run ${((r.result?.durationMs ?? 0) / 1000).toFixed(2)} s)${again.why ? ` — ${scrub(again.why)}` : ''}`,
          );
        }
      }
      const mean = (f) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
      const dollars = price ? mean((r) => dollarsOf(price, r.usage)) : null;
      rows.push({
        name: task.name,
        ...(task.offers ? { offers: task.offers.task } : {}),
        runs: runs.length,
        successes: runs.filter((r) => r.success).length,
        statuses: runs.map((r) => r.status),
        why: runs.map((r) => r.why).filter(Boolean),
        requests: mean((r) => r.requests),
        steps: mean((r) => r.result?.steps?.length ?? 0),
        calls: mean((r) => r.calls),
        inputTokens: mean((r) => r.usage.inputTokens),
        outputTokens: mean((r) => r.usage.outputTokens),
        cachedTokens: mean((r) => r.usage.cachedInputTokens ?? 0),
        dollars,
        seconds: mean((r) => r.seconds),
      });
    }
  } finally {
    await browser.close();
    await server.close();
    await mock?.close();
  }
  const total = (f) => rows.reduce((s, r) => s + f(r), 0);
  const runsAll = total((r) => r.runs);
  const successRate = total((r) => r.successes) / runsAll;
  const results = {
    label,
    scripted,
    date: new Date().toISOString(),
    price: price ? { ...price } : null,
    successRate,
    tasks: rows,
  };
  const fmt = (n, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });
  const lines = [
    `# Eval: ${label}`,
    '',
    `${new Date().toISOString().slice(0, 16)} UTC; ${tasks.length} task(s) × ${repeat}; success is what each task's check reads in the page.${price ? ` $ at ${price.id === 'given' ? '--price' : `evals/prices.json (${price.read.slice(0, 10)}) for ${price.id}`}.` : scripted ? '' : ' No price for this model: pass --price IN,OUT to get $.'}`,
    '',
    '| task | success | requests | steps | calls | input tokens | output tokens | cached | $ | seconds |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name}${r.offers ? ` (calls ${r.offers} as one tool)` : ''} | ${r.successes}/${r.runs} | ${fmt(r.requests, 1)} | ${fmt(r.steps, 1)} | ${fmt(r.calls, 1)} | ${fmt(r.inputTokens)} | ${fmt(r.outputTokens)} | ${fmt(r.cachedTokens)} | ${r.dollars === null ? 'n/a' : fmt(r.dollars, 4)} | ${fmt(r.seconds, 1)} |`,
    ),
    `| **total** | **${total((r) => r.successes)}/${runsAll} (${fmt(successRate * 100)}%)** | ${fmt(total((r) => r.requests * r.runs))} | ${fmt(total((r) => r.steps * r.runs))} | ${fmt(total((r) => r.calls * r.runs))} | ${fmt(total((r) => r.inputTokens * r.runs))} | ${fmt(total((r) => r.outputTokens * r.runs))} | ${fmt(total((r) => r.cachedTokens * r.runs))} | ${
      price
        ? fmt(
            total((r) => r.dollars * r.runs),
            4,
          )
        : 'n/a'
    } | ${fmt(
      total((r) => r.seconds * r.runs),
      1,
    )} |`,
  ];
  // --replay: each task's saved run, again with no model, and on a changed page (the model where needed).
  const replayRows = {};
  for (const [kind, byTask] of Object.entries(replays)) {
    replayRows[kind] = [...byTask].map(([name, rs]) => {
      const mean = (f) => rs.reduce((t, r) => t + f(r), 0) / rs.length;
      return {
        name,
        runs: rs.length,
        successes: rs.filter((r) => r.success).length,
        why: rs.map((r) => r.why).filter(Boolean),
        inputTokens: mean((r) => r.usage.inputTokens),
        outputTokens: mean((r) => r.usage.outputTokens),
        seconds: mean((r) => r.seconds),
        firstRunSeconds: mean((r) => r.of),
        agentSeconds: mean((r) => (r.result?.durationMs ?? 0) / 1000),
        firstRunAgentSeconds: mean((r) => r.agentOf),
        modelFromStep: rs.map((r) => r.result?.replay?.diverged?.step ?? null),
      };
    });
    const title =
      kind === 'replay'
        ? 'Replayed on a fresh page, no model'
        : 'Replayed on a changed page (the model where it no longer fits)';
    lines.push(
      '',
      `## ${title}`,
      '',
      '| task | success | input tokens | output tokens | seconds (first run) | in the agent (first run) | model from step |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
      ...replayRows[kind].map(
        (r) =>
          `| ${r.name} | ${r.successes}/${r.runs} | ${fmt(r.inputTokens)} | ${fmt(r.outputTokens)} | ${fmt(r.seconds, 1)} (${fmt(r.firstRunSeconds, 1)}) | ${fmt(r.agentSeconds, 2)} (${fmt(r.firstRunAgentSeconds, 2)}) | ${r.modelFromStep.map((s) => s ?? '—').join(', ')} |`,
      ),
    );
  }
  results.replays = replayRows;
  const failed = rows.filter((r) => r.why.length);
  if (failed.length) lines.push('', 'Failures:', ...failed.map((r) => `- ${r.name}: ${scrub(r.why[0])}`));
  for (const [kind, rs] of Object.entries(replayRows))
    for (const r of rs.filter((x) => x.why.length)) lines.push(`- ${kind} of ${r.name}: ${scrub(r.why[0])}`);
  await writeFile(join(outDir, `eval-${stamp}.json`), scrub(JSON.stringify(results, null, 2)));
  await writeFile(join(outDir, `eval-${stamp}.md`), scrub(lines.join('\n') + '\n'));
  console.log(
    `\n${scrub(lines.join('\n'))}\n\nResults: ${join(outDir, `eval-${stamp}.json`)}; transcripts: ${join(outDir, `transcripts-${stamp}`)}/`,
  );
}

await main();
// Whatever the page's keep-alive connections still hold, the run is over.
process.exit(0);

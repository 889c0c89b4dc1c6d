/**
 * npm run eval (scripts/eval.mjs): the shipped suite with the scripted model, a failed check reported
 * as a failure, a transcript that replays, --compare, and runs over OpenAI, Anthropic and Gemini
 * against the local server that speaks each wire format, with the key from the environment.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, ROOT, launchChromium, startServer } from '../support/harness.mjs';
import { startMockModel } from '../support/mock-model.mjs';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'llmh-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const evalRun = (args: string[], env: Record<string, string> = {}) =>
  run('node', [join(ROOT, 'scripts/eval.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 1 << 24,
  }).catch((e: { stdout: string; stderr: string; code: number }) => e);
const suite = JSON.parse(readFileSync(join(ROOT, 'evals/suite.json'), 'utf8')) as {
  tasks: { name: string; task: string; scripted?: unknown[] }[];
};
const results = (out: string) =>
  JSON.parse(
    readFileSync(
      join(
        out,
        readdirSync(out).find((f) => /^eval-.*\.json$/.test(f))!,
      ),
      'utf8',
    ),
  );

describe('npm run eval', () => {
  it('runs the shipped suite with the scripted model, labelled so, with a transcript per run; --replay runs each again with 0 model tokens', async () => {
    const out = join(dir, 'scripted');
    const r = await evalRun(['--provider', 'scripted', '--replay', '--out', out]);
    expect(r.stdout).toContain('Scripted model (not a language model)');
    const res = results(out);
    expect(res.scripted).toBe(true);
    expect(res.tasks.map((t: { name: string }) => t.name)).toEqual(suite.tasks.map((t) => t.name));
    const failed = res.tasks.filter((t: { successes: number }) => t.successes !== 1);
    expect(failed, JSON.stringify(failed)).toEqual([]);
    expect(res.successRate).toBe(1);
    for (const t of res.tasks) expect(t.inputTokens).toBeGreaterThan(0);
    const n = suite.tasks.length;
    expect(r.stdout).toContain(`| **total** | **${n}/${n} (100%)** |`);
    const transcripts = readdirSync(out).find((f) => f.startsWith('transcripts-'))!;
    expect(readdirSync(join(out, transcripts)).sort()).toEqual(
      suite.tasks.map((t) => `${t.name}-1.json`).sort(),
    );
    // The person's answers as the tasks say: the refused deletion asked, and was refused.
    const refused = JSON.parse(readFileSync(join(out, transcripts, 'refused-delete-1.json'), 'utf8'));
    expect(refused.confirmations[0]).toMatch(/Delete/);
    expect(refused.success).toBe(true);
    // --replay: each task saved and run again on a fresh page, and on a changed one where it has "changed".
    expect(r.stdout).toContain('## Replayed on a fresh page, no model');
    const replays = (
      res as {
        replays: Record<
          string,
          {
            name: string;
            successes: number;
            runs: number;
            inputTokens: number;
            outputTokens: number;
            why: string[];
          }[]
        >;
      }
    ).replays;
    // A run that called a saved task as a tool replays only on an agent offered that task: not here.
    expect(replays.replay!.map((t) => t.name)).toEqual(
      suite.tasks.filter((t) => !('offers' in t)).map((t) => t.name),
    );
    for (const t of replays.replay!) {
      expect(t.successes, `${t.name}: ${t.why.join('; ')}`).toBe(t.runs);
      expect(t.inputTokens + t.outputTokens).toBe(0);
    }
    const changed = suite.tasks.filter((t) => (t as { changed?: string }).changed).map((t) => t.name);
    expect(changed.length).toBeGreaterThan(0);
    expect(replays.changed!.map((t) => t.name)).toEqual(changed);
    for (const t of replays.changed!) expect(t.successes, `${t.name}: ${t.why.join('; ')}`).toBe(t.runs);
  }, 300_000);

  it('reports a failed check as a failure, and a transcript replays in the page', async () => {
    const out = join(dir, 'failing');
    const tasks = join(dir, 'failing.json');
    const archive = suite.tasks.find((t) => t.name === 'row-action-archive')!;
    writeFileSync(
      tasks,
      JSON.stringify({
        tasks: [
          {
            ...archive,
            name: 'wrong-check',
            check: "document.getElementById('o1041').dataset.state === 'gone'",
          },
        ],
      }),
    );
    const r = await evalRun(['--provider', 'scripted', '--tasks', tasks, '--out', out]);
    expect(r.stdout).toMatch(/FAIL wrong-check/);
    expect(r.stdout).toMatch(/- wrong-check: check is false/);
    expect(results(out).successRate).toBe(0);
    // The run's transcript, replayed on a fresh page: the same calls, and the order is archived again.
    const transcripts = readdirSync(out).find((f) => f.startsWith('transcripts-'))!;
    const transcript = JSON.parse(readFileSync(join(out, transcripts, 'wrong-check-1.json'), 'utf8'));
    const server = await startServer();
    const browser = await launchChromium({ truth: false });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/evals/pages/orders.html`);
      await page.addScriptTag({ path: BUNDLE });
      const replayed = await page.evaluate(async (run) => {
        const h = window.LLMHelper;
        const agent = new h.Agent({ provider: { name: 'none', chat: async () => ({ text: '' }) } as never });
        const result = await agent.replay(run);
        return { result, state: document.getElementById('o1041')!.dataset.state };
      }, transcript.run);
      expect(replayed.result.status).toBe('done');
      expect(replayed.state).toBe('archived');
    } finally {
      await browser.close();
      await server.close();
    }
  }, 120_000);

  it('says what was wrong with bad input, and runs nothing', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ "tasks": [');
    const cases: [string[], RegExp][] = [
      [[], /--provider is required/],
      [
        ['--provider', 'scripted', '--tasks', 'no-such.json'],
        /--tasks no-such\.json: no such file or folder/,
      ],
      [['--provider', 'scripted', '--tasks', bad], /is not a task file \(JSON\)/],
      [['--provider', 'scripted', '--repeat', '0'], /--repeat takes a whole number/],
      [['--provider', 'anthropic'], /no key: set ANTHROPIC_API_KEY/],
    ];
    for (const [args, message] of cases) {
      const r = (await evalRun(args, { ANTHROPIC_API_KEY: '' })) as { stderr: string; code?: number };
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  }, 60_000);

  it('compares two runs task by task', async () => {
    const out = join(dir, 'scripted');
    const file = join(
      out,
      readdirSync(out).find((f) => /^eval-.*\.json$/.test(f))!,
    );
    const r = await evalRun(['--compare', file, file]);
    expect(r.stdout).toMatch(/\| form-subscribe \| 1\/1 → 1\/1 \|/);
    expect(r.stdout).toMatch(/success rate 100% → 100%/);
  }, 60_000);

  it.each([
    ['openai', 'OPENAI_API_KEY', (url: string) => `${url}/v1`, 'authorization', 'Bearer sk-eval-openai'],
    ['anthropic', 'ANTHROPIC_API_KEY', (url: string) => url, 'x-api-key', 'sk-eval-anthropic'],
    ['gemini', 'GEMINI_API_KEY', (url: string) => url, 'x-goog-api-key', 'sk-eval-gemini'],
  ] as const)(
    'over %s: reaches the server with the key from the environment, and reports its tokens',
    async (provider, env, base, header, value) => {
      const question = suite.tasks.find((t) => t.name === 'question-total')!;
      const tasks = join(dir, `${provider}.json`);
      writeFileSync(tasks, JSON.stringify({ tasks: [question] }));
      const mock = await startMockModel({
        scenario: { tasks: [{ match: 'total of order 1043', replies: question.scripted as never }] },
      });
      const out = join(dir, provider);
      try {
        const key = value.replace(/^Bearer /, '');
        const r = await evalRun(
          [
            '--provider',
            provider,
            '--model',
            'scripted-model',
            '--base-url',
            base(mock.url),
            '--tasks',
            tasks,
            '--out',
            out,
          ],
          { [env]: key },
        );
        expect(mock.log.length).toBeGreaterThan(0);
        for (const req of mock.log) expect(req.headers[header]).toBe(value);
        const res = results(out);
        expect(res.tasks[0].successes, r.stdout).toBe(1);
        expect(res.tasks[0].inputTokens).toBeGreaterThan(0);
        expect(res.tasks[0].outputTokens).toBeGreaterThan(0);
        // The key never reaches a file.
        for (const f of readdirSync(out, { recursive: true }) as string[])
          if (f.endsWith('.json') || f.endsWith('.md'))
            expect(readFileSync(join(out, f), 'utf8')).not.toContain(key);
      } finally {
        await mock.close();
      }
    },
    120_000,
  );
});

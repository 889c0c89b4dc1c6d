/**
 * The browser's built-in model (provider 'chrome') in real Chromium. Its runs go through a stand-in
 * LanguageModel written from the Prompt API's explainer (test/support/stand-in-model.js: a script, not a
 * model, and it says so in the page), whose tool use calls the execute() functions the SDK gave create(),
 * as the browser does. This machine's Chromium has the API but no model: its own answer is tested too.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();
const STAND_IN = fileURLToPath(new URL('../support/stand-in-model.js', import.meta.url));

interface Step {
  call?: { name: string; args?: Record<string, unknown> };
  text?: string;
  hang?: boolean;
}
interface StandInScript {
  availability?: string;
  tools?: boolean;
  steps?: Step[];
  download?: number[];
}

/** A fixture page with the stand-in in place of window.LanguageModel, playing `script`. */
async function withStandIn(script: StandInScript, fixture = 'built-in-model.html'): Promise<Page> {
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  await page.addInitScript({ content: `window.__standInScript = ${JSON.stringify(script)};` });
  await page.addInitScript({ path: STAND_IN });
  await page.goto(`${ctx.server.url}/test/fixtures/${fixture}`);
  await page.waitForFunction(
    () => typeof (window as unknown as { LLMHelper?: unknown }).LLMHelper === 'object',
  );
  return page;
}

interface Run {
  result: {
    status: string;
    answer: string;
    usage: { inputTokens: number; outputTokens: number; onDevice?: boolean };
    steps: { calls: { name: string; ok: boolean; result: string }[] }[];
    error?: string;
  };
  events: string[];
  standIn: {
    creates: { tools: string[]; schemas: { type: string }[]; expectedOutputs: { type: string }[] }[];
    results: { name: string; args: Record<string, unknown>; result: string }[];
    prompts: string[];
    destroyed: number;
  };
  log: string[];
}

/** Runs `task` with an Agent on provider('chrome') in the page; stops after `stopAfterSteps` steps. */
const runTask = (page: Page, task: string, stopAfterSteps = 0): Promise<Run> =>
  page.evaluate(
    async ({ task, stopAfterSteps }) => {
      const L = window.LLMHelper as unknown as {
        provider(n: string, o?: unknown): unknown;
        Agent: new (o: unknown) => {
          on(e: string, f: (x: unknown) => void): void;
          run(t: string): Promise<Run['result']>;
          stop(): void;
        };
      };
      const agent = new L.Agent({ provider: L.provider('chrome') });
      const events: string[] = [];
      let steps = 0;
      for (const e of ['start', 'step', 'tool:call', 'tool:result', 'done'])
        agent.on(e, () => {
          events.push(e);
          if (e === 'step' && ++steps === stopAfterSteps) agent.stop();
        });
      const result = await agent.run(task);
      const w = window as unknown as { __standInLog: Run['standIn']; log: string[] };
      return { result, events, standIn: w.__standInLog, log: w.log };
    },
    { task, stopAfterSteps },
  );

describe("the browser's built-in model, through a stand-in LanguageModel", () => {
  it('runs a three-step task through the Prompt API’s own tools, each call on the agent’s path', async () => {
    const page = await withStandIn({
      steps: [
        { call: { name: 'find', args: { pattern: 'New task|Add' } } },
        { call: { name: 'type', args: { id: '$id:New task', text: 'Buy milk' } } },
        { call: { name: 'click', args: { id: '$id:Add' } } },
        { text: 'Added “Buy milk” (stand-in model).' },
      ],
    });
    const run = await runTask(page, 'Add the task Buy milk.');
    expect(run.result.status).toBe('done');
    expect(run.result.answer).toBe('Added “Buy milk” (stand-in model).');
    expect(run.log).toEqual(['added:Buy milk']);
    // The tools went to create() as the Prompt API's own, schemas from zod, with tool calls expected.
    const made = run.standIn.creates[0]!;
    expect(made.tools).toEqual(expect.arrayContaining(['find', 'type', 'click', 'ask_user']));
    expect(made.schemas.every((s) => s.type === 'object')).toBe(true);
    expect(made.expectedOutputs.map((o) => o.type)).toEqual(['text', 'tool-call']);
    expect(run.standIn.creates).toHaveLength(1); // one session for the whole run
    // Every call through the agent's steps and events, and its result back to the model.
    expect(run.result.steps.flatMap((s) => s.calls.map((c) => `${c.name}:${c.ok}`))).toEqual([
      'find:true',
      'type:true',
      'click:true',
    ]);
    expect(run.events.filter((e) => e === 'tool:call')).toHaveLength(3);
    expect(run.standIn.results.map((r) => r.name)).toEqual(['find', 'type', 'click']);
    expect(run.standIn.results[2]!.result).toMatch(/Clicked/);
    // Usage from the session, counted on this device.
    expect(run.result.usage.onDevice).toBe(true);
    expect(run.result.usage.inputTokens).toBeGreaterThan(100);
    expect(run.standIn.destroyed).toBe(1);
    await page.close();
  });

  it('gives a tool error (an ID that does not exist) back to the model as a result, and the run goes on', async () => {
    const page = await withStandIn({
      steps: [
        { call: { name: 'click', args: { id: 9999 } } },
        { call: { name: 'find', args: { pattern: 'Add' } } },
        { text: 'There was no element 9999; the Add button is there (stand-in model).' },
      ],
    });
    const run = await runTask(page, 'Click element 9999.');
    expect(run.result.status).toBe('done');
    const [failed, found] = run.standIn.results;
    expect(failed!.result).toMatch(/9999/);
    expect(run.result.steps[0]!.calls[0]).toMatchObject({ name: 'click', ok: false });
    expect(found!.result).toMatch(/Add/);
    expect(run.log).toEqual([]);
    await page.close();
  });

  it('Stop ends the run and destroys the session; nothing runs after it', async () => {
    const page = await withStandIn({
      steps: [
        { call: { name: 'find', args: { pattern: 'Add' } } },
        { call: { name: 'click', args: { id: '$id:Add' } } },
        { text: 'never' },
      ],
    });
    const run = await runTask(page, 'Add something.', 1);
    expect(run.result.status).toBe('stopped');
    // find ran on the agent's path; the run ended before its result reached the model.
    expect(run.result.steps.flatMap((s) => s.calls.map((c) => c.name))).toEqual(['find']);
    expect(run.standIn.results).toEqual([]);
    expect(run.standIn.destroyed).toBe(1);
    expect(run.log).toEqual([]);

    // Stopped while the model is still thinking: the prompt is aborted.
    const slow = await withStandIn({
      steps: [{ call: { name: 'find', args: { pattern: 'Add' } } }, { hang: true }],
    });
    const stopped = await slow.evaluate(async () => {
      const L = window.LLMHelper as unknown as {
        provider(n: string): unknown;
        Agent: new (o: unknown) => {
          on(e: string, f: () => void): void;
          run(t: string): Promise<{ status: string }>;
          stop(): void;
        };
      };
      const agent = new L.Agent({ provider: L.provider('chrome') });
      agent.on('step', () => setTimeout(() => agent.stop(), 200));
      const t0 = Date.now();
      const r = await agent.run('Find Add.');
      return {
        status: r.status,
        ms: Date.now() - t0,
        log: (window as unknown as { __standInLog: Run['standIn'] }).__standInLog,
      };
    });
    expect(stopped.status).toBe('stopped');
    expect(stopped.log.destroyed).toBe(1);
    expect(stopped.ms).toBeLessThan(5000);
    await page.close();
    await slow.close();
  });

  it('uses text mode where the browser’s Prompt API has no tool use', async () => {
    const page = await withStandIn({
      tools: false,
      steps: [{ text: '{"answer": "No tools here (stand-in model)."}' }],
    });
    const run = await runTask(page, 'What is this page?');
    expect(run.result.status).toBe('done');
    expect(run.result.answer).toBe('No tools here (stand-in model).');
    expect(run.standIn.creates[0]!.tools).toEqual([]);
    await page.close();
  });

  it('refuses bad options before a session is made: a tool schema the API refuses, an unknown language', async () => {
    const page = await withStandIn({ steps: [{ text: 'never' }] });
    const out = await page.evaluate(async () => {
      const L = window.LLMHelper as unknown as {
        provider(n: string, o?: unknown): { chat(r: unknown): Promise<unknown> };
      };
      const errors: string[] = [];
      try {
        L.provider('chrome', { languages: ['english!'] });
      } catch (e) {
        errors.push((e as Error).message);
      }
      try {
        await L.provider('chrome').chat({
          messages: [{ role: 'user', content: 'hi' }],
          tools: [{ name: 'list', description: 'Lists.', parameters: { type: 'array' } }],
        });
      } catch (e) {
        errors.push((e as Error).message);
      }
      return {
        errors,
        creates: (window as unknown as { __standInLog: Run['standIn'] }).__standInLog.creates.length,
      };
    });
    expect(out.errors[0]).toMatch(/languages must be a list of language tags.*"english!" is not one/);
    expect(out.errors[1]).toMatch(
      /would refuse tool "list": its inputSchema must be a JSON Schema with type "object"/,
    );
    expect(out.creates).toBe(0);
    await page.close();
  });
});

/** The panel's settings card's provider list, what it says under it, and whether the key field shows. */
const settingsView = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('llm-helper-panel')!.shadowRoot!;
    const card = root.querySelector('.settings')!;
    const select = card.querySelector('select')!;
    const key = card.querySelector('input[type=password]')!.closest('label')!;
    const progress = card.querySelector('progress');
    return {
      options: [...select.options].map((o) => o.value),
      chosen: select.value,
      note: card.querySelector('[role=status]')?.textContent ?? '',
      // As a person sees it: a rule for the card's labels once showed a hidden one.
      keyShown: key.checkVisibility(),
      progress: progress?.checkVisibility() ? Number(progress.value) : null,
      header: root.querySelector('.model')!.textContent,
    };
  });

const openPanel = async (page: Page) => {
  await page.evaluate(() => (window.LLMHelper as unknown as { panel(): unknown }).panel());
  await page.waitForFunction(
    () => !!document.querySelector('llm-helper-panel')?.shadowRoot?.querySelector('.settings'),
  );
};

describe('the built-in model in the panel', () => {
  it("in this machine's Chromium: picking it says at once it is unavailable here and what to do, with no key field; the key path is as before", async () => {
    const page = await ctx.open('built-in-model.html');
    expect(
      await page.evaluate(() => typeof (window as unknown as { LanguageModel?: unknown }).LanguageModel),
    ).toBe('function');
    await openPanel(page);
    const first = await settingsView(page);
    expect(first.chosen).toBe('openai'); // not offered first: the browser has no model here
    expect(first.keyShown).toBe(true);
    await page.locator('llm-helper-panel .settings select').first().selectOption('chrome');
    await page.waitForFunction(() =>
      /unavailable here/.test(
        document.querySelector('llm-helper-panel')!.shadowRoot!.querySelector('.settings [role=status]')
          ?.textContent ?? '',
      ),
    );
    const picked = await settingsView(page);
    expect(picked.note).toMatch(/Runs in this browser, on this device: no API key, and nothing is sent out/);
    expect(picked.note).toMatch(/Choose another provider: a service with your API key, or a local model/);
    expect(picked.keyShown).toBe(false);
    // Back to a service: its key field again, and no key still means the panel asks for one.
    await page.locator('llm-helper-panel .settings select').first().selectOption('openai');
    expect((await settingsView(page)).keyShown).toBe(true);
    await page.locator('llm-helper-panel .settings input[type=password]').fill('sk-test-1234');
    await page.locator('llm-helper-panel .settings button.primary').click();
    // Saved with its key, as before: ⚙ shows the key kept (its last digits) in its field.
    await page.locator('llm-helper-panel .head button').first().click();
    const again = await settingsView(page);
    expect(again.chosen).toBe('openai');
    expect(again.keyShown).toBe(true);
    expect(
      await page.locator('llm-helper-panel .settings input[type=password]').getAttribute('placeholder'),
    ).toMatch(/…1234/);
    await page.close();
  });

  it('offers the download where the model is downloadable: a page script’s click starts nothing, the person’s shows progress', async () => {
    const page = await withStandIn({ availability: 'downloadable', download: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    await openPanel(page);
    await page.locator('llm-helper-panel .settings select').first().selectOption('chrome');
    await page.waitForFunction(() =>
      /Download gets it once/.test(
        document.querySelector('llm-helper-panel')!.shadowRoot!.querySelector('.settings [role=status]')
          ?.textContent ?? '',
      ),
    );
    expect((await settingsView(page)).keyShown).toBe(false);
    const button = page.locator('llm-helper-panel .settings button', { hasText: 'Download the model' });
    // A page script's click (synthetic, untrusted) on Download: nothing starts.
    await page.evaluate(() => {
      const b = [...document.querySelector('llm-helper-panel')!.shadowRoot!.querySelectorAll('button')].find(
        (x) => /Download/.test(x.textContent ?? ''),
      )!;
      b.click();
      b.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(
        () => (window as unknown as { __standInLog: { downloads: number } }).__standInLog.downloads,
      ),
    ).toBe(0);
    expect((await settingsView(page)).progress).toBeNull();
    // The person's click: the download starts, its progress shows, then the model is ready.
    await button.click();
    const seen = new Set<number>();
    for (let i = 0; i < 40 && !/ready on this device/.test((await settingsView(page)).note); i++) {
      const p = (await settingsView(page)).progress;
      if (p !== null) seen.add(p);
      await page.waitForTimeout(50);
    }
    expect([...seen].some((p) => p > 0 && p < 1)).toBe(true);
    const done = await settingsView(page);
    expect(done.note).toMatch(/The model is ready on this device/);
    expect(done.progress).toBeNull();
    expect(
      await page.evaluate(
        () => (window as unknown as { __standInLog: { downloads: number } }).__standInLog.downloads,
      ),
    ).toBe(1);
    await page.close();
  });

  it('where the model is available, the panel offers it first and runs a task with it, its cost “on this device”', async () => {
    const page = await withStandIn({
      steps: [
        { call: { name: 'find', args: { pattern: 'New task|Add' } } },
        { call: { name: 'type', args: { id: '$id:New task', text: 'Call Bob' } } },
        { call: { name: 'click', args: { id: '$id:Add' } } },
        { text: 'Added “Call Bob” (stand-in model).' },
      ],
    });
    await openPanel(page);
    await page.waitForFunction(
      () =>
        document
          .querySelector('llm-helper-panel')!
          .shadowRoot!.querySelector<HTMLSelectElement>('.settings select')!.value === 'chrome',
    );
    const view = await settingsView(page);
    expect(view.options[0]).toBe('chrome');
    expect(view.options).toContain('openai'); // a key stays a choice beside it
    expect(view.keyShown).toBe(false);
    expect(view.header).toMatch(/Built-in model/);
    await page.waitForFunction(() =>
      /ready on this device/.test(
        document.querySelector('llm-helper-panel')!.shadowRoot!.querySelector('.settings [role=status]')
          ?.textContent ?? '',
      ),
    );
    await page.locator('llm-helper-panel .settings button.primary').click(); // Save
    await page.locator('llm-helper-panel textarea').fill('Add the task Call Bob.');
    await page.locator('llm-helper-panel .foot button.primary').click();
    await page.waitForFunction(
      () => !!document.querySelector('llm-helper-panel')!.shadowRoot!.querySelector('.msg.cost'),
      undefined,
      { timeout: 20000 },
    );
    const shown = await page.evaluate(() => {
      const root = document.querySelector('llm-helper-panel')!.shadowRoot!;
      return {
        answer: root.querySelector('.msg.answer')?.textContent,
        cost: root.querySelector('.msg.cost')?.textContent,
        log: (window as unknown as { log: string[] }).log,
      };
    });
    expect(shown.answer).toBe('Added “Call Bob” (stand-in model).');
    expect(shown.cost).toMatch(/tokens in.*on this device, no cost/);
    expect(shown.log).toEqual(['added:Call Bob']);
    await page.close();
  });
});

/**
 * A saved task as a tool (src/agent/task-tool.ts), over generated tasks (fast-check): its fields are
 * its schema (one required property each, a number where the field is a spin button), its risk comes
 * from its steps, a call's arguments reach the replay as the fields' values, bad arguments are refused
 * by execute() naming the field before anything runs, and a task with a secret field is not offered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taskFromRun, type SavedTask } from '../../src/agent/saved-task';
import {
  argumentNames,
  notOfferable,
  taskResult,
  taskRisk,
  taskTool,
  taskToolName,
} from '../../src/agent/task-tool';
import type { RunResult, Step } from '../../src/agent/types';
import { Toolkit } from '../../src/tools/toolkit';
import { risksOf } from '../../src/tools/rules';
import { classify } from '../../src/agent/safety';
import type { PageApi } from '../../src/page-api';

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{2,14}[A-Za-z0-9]$/);
type Call = { name: string; args: Record<string, unknown>; ok: boolean; result: string };
const typed = fc
  .record({ label: word, text: word, id: fc.nat(99), role: fc.constantFrom('textbox', 'spinbutton') })
  .map(({ label, text, id, role }): Call => ({
    name: 'type',
    args: { id, text },
    ok: true,
    result: `Typed "${text}" into [${id}] ${role} "${label}".`,
  }));
const chosen = fc.record({ label: word, value: word, id: fc.nat(99) }).map(({ label, value, id }): Call => ({
  name: 'select',
  args: { id, value },
  ok: true,
  result: `Selected "${value}" in [${id}] combobox "${label}".`,
}));
const found = fc.record({ pattern: word }).map(({ pattern }): Call => ({
  name: 'find',
  args: { pattern },
  ok: true,
  result: `[3] button "${pattern}"`,
}));
const clicked = fc
  .record({ label: fc.constantFrom('Save', 'Open', 'Delete', 'Send') })
  .map(({ label }): Call => ({
    name: 'click',
    args: { id: 3 },
    ok: true,
    result: `Clicked [3] button "${label}".`,
  }));
const runOf = (steps: Call[][]): RunResult => ({
  status: 'done',
  answer: 'ok',
  steps: steps.map((calls): Step => ({ text: '', calls, usage: { inputTokens: 1, outputTokens: 1 }, ms: 1 })),
  usage: { inputTokens: 1, outputTokens: 1 },
  durationMs: 1,
  flagged: [],
  observation: 'page',
});
const task = fc
  .tuple(
    word,
    fc.array(fc.array(fc.oneof(typed, chosen, found, clicked), { minLength: 1, maxLength: 3 }), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([name, steps]) => taskFromRun(name, runOf(steps), name));

/** What a replay resolves to: done, its steps as given. */
const replayed = (saved: SavedTask): RunResult => ({ ...runOf([]), answer: `Ran ${saved.name}` });

describe('a saved task as a tool', () => {
  it('lists its fields as one required property each, and its risk from its steps', async () => {
    await fc.assert(
      fc.asyncProperty(task, async (saved) => {
        const kit = new Toolkit(null as unknown as PageApi, false);
        const tool = taskTool(saved, async (s) => replayed(s));
        kit.offerTasks([tool]);
        const listed = kit.list({ format: 'mcp', prefix: '' }) as unknown as {
          tools: {
            name: string;
            inputSchema: { properties: Record<string, { type: string }>; required?: string[] };
            _meta?: object;
          }[];
        };
        const entry = listed.tools.find((t) => t.name === taskToolName(saved))!;
        expect(entry._meta).toEqual({ 'llm-helper/savedTask': true });
        const names = argumentNames(saved);
        expect(new Set(names).size).toBe(names.length);
        expect(Object.keys(entry.inputSchema.properties)).toEqual(names);
        expect(entry.inputSchema.required ?? []).toEqual(names);
        saved.fields.forEach((f, i) => {
          const numeric = /\] spinbutton /.test(saved.transcript.steps[f.step]!.calls[f.call]!.result);
          expect(entry.inputSchema.properties[names[i]!]!.type).toBe(
            numeric && f.arg === 'text' ? 'number' : 'string',
          );
        });
        const calls = saved.transcript.steps.flatMap((s) => s.calls);
        const risk = taskRisk(saved);
        if (calls.some((c) => /"(Delete|Send)"/.test(c.result))) expect(risk).toBe('danger');
        else if (calls.every((c) => c.name === 'find')) expect(risk).toBe('read');
        else expect(risk).toBe('write');
        // Its call is judged by its steps as they replay, never as one risky whole.
        const risks = risksOf(
          (kit.list({ format: 'mcp', prefix: '', detail: 'full' }) as { tools: never }).tools,
          '',
        );
        expect(risks.get(tool.name)).toBe('task');
        expect((await classify(null as never, tool.name, {}, 'task')).risky).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it("hands a call's arguments to the replay as the fields' values, and refuses bad ones naming the field", async () => {
    await fc.assert(
      fc.asyncProperty(task, fc.array(word, { minLength: 8, maxLength: 8 }), async (saved, words) => {
        const kit = new Toolkit(null as unknown as PageApi, false);
        const runs: string[][] = [];
        const tool = taskTool(saved, async (s, values) => (runs.push(values), replayed(s)));
        kit.offerTasks([tool]);
        const names = argumentNames(saved);
        const numeric = (i: number) =>
          /\] spinbutton /.test(
            saved.transcript.steps[saved.fields[i]!.step]!.calls[saved.fields[i]!.call]!.result,
          ) && saved.fields[i]!.arg === 'text';
        const args = Object.fromEntries(names.map((n, i) => [n, numeric(i) ? i + 1 : words[i % 8]!]));
        const ok = await kit.execute({ name: tool.name, arguments: args }, { prefix: '' });
        expect(ok.ok).toBe(true);
        expect(ok.text).toContain(`Ran ${saved.name}`);
        expect(runs).toEqual([names.map((n) => String(args[n]))]);
        if (!names.length) return;
        // A missing field, a wrong type: refused, naming the field, and nothing runs.
        const missing = Object.fromEntries(Object.entries(args).filter(([k]) => k !== names[0]));
        const refused = await kit.execute({ name: tool.name, arguments: missing }, { prefix: '' });
        expect(refused.ok).toBe(false);
        expect(refused.text).toContain(`field ${names[0]}`);
        const wrong = { ...args, [names[0]!]: numeric(0) ? 'many' : { no: 1 } };
        const typedWrong = await kit.execute({ name: tool.name, arguments: wrong }, { prefix: '' });
        expect(typedWrong.ok).toBe(false);
        expect(typedWrong.text).toContain(`field ${names[0]}`);
        expect(runs).toHaveLength(1);
      }),
      { numRuns: 60 },
    );
  });

  it('is not offered with a secret field; a stopped replay says which step and why', () => {
    const saved = taskFromRun(
      'Log in',
      runOf([
        [
          {
            name: 'type',
            args: { id: 4, text: 'hunter2' },
            ok: true,
            result: 'Typed 7 characters into [4] textbox "Password".',
          },
        ],
      ]),
    );
    expect(notOfferable(saved)).toMatch(/"Password" is secret/);
    expect(JSON.stringify(saved)).not.toContain('hunter2');
    const stopped = taskResult({
      ...runOf([[{ name: 'click', args: { id: 3 }, ok: false, result: 'No element [3].' }]]),
      status: 'error',
      replay: {
        calls: 1,
        diverged: { step: 1, reason: 'click: element [3] of the recording was not found on this page' },
      },
    });
    expect(stopped.ok).toBe(false);
    expect(stopped.text).toMatch(
      /^Stopped at step 1 of the saved task: click: element \[3\] of the recording was not found/,
    );
    expect(stopped.text).toContain('✗ click: No element [3].');
    // A name with no Latin letters still makes a valid tool name.
    expect(taskToolName({ name: '创建发票' })).toMatch(/^task_[a-z0-9]+$/);
  });
});

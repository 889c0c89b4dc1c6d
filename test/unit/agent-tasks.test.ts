/**
 * new Agent({ tasks }) (src/agent/options.ts, checkTasks), over generated values (fast-check): a saved
 * task as Agent.savedTask makes it is taken (a copy); anything else, a task with one part changed to
 * anything, a task with a secret field, a list that cannot be read, is refused with LLMHelperError
 * 'bad_argument' saying which and what to pass, and never throws anything else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LLMHelperError } from '../../src/errors';
import { checkAgentOptions, checkTasks } from '../../src/agent/options';
import { taskFromRun, type SavedTask } from '../../src/agent/saved-task';
import type { PageTools } from '../../src/agent/page-tools';
import type { RunResult } from '../../src/agent/types';

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{2,14}[A-Za-z0-9]$/);
const typed = fc.record({ label: word, text: word, id: fc.nat(99) }).map(({ label, text, id }) => ({
  name: 'type',
  args: { id, text },
  ok: true,
  result: `Typed "${text}" into [${id}] textbox "${label}".`,
}));
const clicked = fc.record({ id: fc.nat(99), label: word }).map(({ id, label }) => ({
  name: 'click',
  args: { id },
  ok: true,
  result: `Clicked [${id}] button "${label}".`,
}));
const runOf = (calls: { name: string; args: unknown; ok: boolean; result: string }[][]): RunResult => ({
  status: 'done',
  answer: 'ok',
  steps: calls.map((c) => ({ text: '', calls: c, usage: { inputTokens: 1, outputTokens: 1 }, ms: 1 })),
  usage: { inputTokens: 1, outputTokens: 1 },
  durationMs: 1,
  flagged: [],
  observation: 'page',
});
/** A saved task as Agent.savedTask makes it, with no secret field. */
const saved = fc
  .tuple(word, fc.array(fc.array(fc.oneof(typed, clicked), { minLength: 1, maxLength: 3 }), { maxLength: 4 }))
  .map(([name, steps]) => taskFromRun(name, runOf(steps), name));

/** What checkTasks did: the tasks it took, or the error it threw. */
function outcome(given: unknown): SavedTask[] | Error {
  try {
    return checkTasks(given);
  } catch (e) {
    return e as Error;
  }
}
const refusedClearly = (e: unknown) => {
  expect(e).toBeInstanceOf(LLMHelperError);
  expect((e as LLMHelperError).code).toBe('bad_argument');
  expect((e as Error).message).toMatch(/^new Agent\(\{ tasks \}\)/);
  expect((e as Error).message).toMatch(/Agent\.savedTask|agent\.rerun|Leave it out/);
};

describe('new Agent({ tasks })', () => {
  it('takes saved tasks as Agent.savedTask makes them, as copies', () => {
    fc.assert(
      fc.property(fc.array(saved, { maxLength: 3 }), (tasks) => {
        const taken = checkTasks(tasks);
        expect(taken).toEqual(tasks);
        taken.forEach((t, i) => expect(t).not.toBe(tasks[i]));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses anything that is not a list of saved tasks with a clear error, never another throw', () => {
    fc.assert(
      fc.property(fc.anything(), (given) => {
        const out = outcome(given);
        if (Array.isArray(out)) expect(Array.isArray(given) && out.length === given.length).toBe(true);
        else refusedClearly(out);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a saved task with one part changed to anything, naming its place in the list', () => {
    const keys = ['version', 'name', 'task', 'savedAt', 'transcript', 'fields'] as const;
    fc.assert(
      fc.property(saved, fc.constantFrom(...keys), fc.anything(), fc.nat(2), (task, key, value, at) => {
        const broken = { ...task, [key]: value };
        const list = [...Array.from({ length: at }, () => task), broken];
        const out = outcome(list);
        if (Array.isArray(out)) return; // the value happened to fit (a name that is text)
        refusedClearly(out);
        expect(out.message).toContain(`tasks[${at}] is not a saved task`);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a task with a secret field, naming the task and the field', () => {
    fc.assert(
      fc.property(saved, word, (task, label) => {
        const secret = {
          ...task,
          fields: [
            ...task.fields,
            { step: 0, call: 0, arg: 'text' as const, label, value: '', secret: true },
          ],
        };
        const out = outcome([secret]);
        refusedClearly(out);
        expect((out as Error).message).toContain(`tasks[0] ("${task.name}") cannot be offered as a tool`);
        expect((out as Error).message).toContain(`its field "${label}" is secret`);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a list or a task that throws when read (a getter, a Proxy) clearly', () => {
    const hostile = new Proxy([], {
      get() {
        throw new Error('gotcha');
      },
    });
    refusedClearly(outcome(hostile));
    const getter = Object.defineProperty({}, 'version', {
      get() {
        throw new Error('gotcha');
      },
      enumerable: true,
    });
    refusedClearly(outcome([getter]));
  });

  it('is checked by new Agent(options), which keeps the copies', () => {
    const helper = { execute: () => Promise.resolve() } as unknown as PageTools;
    const provider = { chat: () => Promise.reject(new Error('none')) };
    fc.assert(
      fc.property(saved, (task) => {
        const options = checkAgentOptions({ provider, helper, tasks: [task] });
        expect(options.tasks).toEqual([task]);
        expect(() =>
          checkAgentOptions({ provider, helper, tasks: [{ ...task, fields: 'x' }] as never }),
        ).toThrow(/tasks\[0\] is not a saved task/);
      }),
      { numRuns: 20 },
    );
  });
});

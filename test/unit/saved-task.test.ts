/**
 * Saved tasks (src/agent/saved-task.ts) and what a run cost (costOf, parsePrice), over generated runs
 * (fast-check): a secret never reaches what is kept, the person's values reach the replayed calls, what
 * storage gives back is taken only in the shape the SDK writes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSavedTasks, stepsInWords, taskFromRun, withValues } from '../../src/agent/saved-task';
import { costOf } from '../../src/agent/result';
import type { RunResult, Step } from '../../src/agent/types';
import { parsePrice } from '../../src/ui/saved-tasks';
import { Agent } from '../../src/agent/agent';

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{2,14}[A-Za-z0-9]$/);
/** A call as a run records it: typing shown back (or, for a secret, only its length), choosing, clicking. */
const recorded = fc.oneof(
  fc
    .record({ label: word, text: word, secret: fc.boolean(), id: fc.nat(99) })
    .map(({ label, text, secret, id }) => ({
      name: 'type',
      args: { id, text },
      ok: true,
      result: secret
        ? `Typed ${text.length} characters into [${id}] textbox "${label}".`
        : `Typed "${text}" into [${id}] textbox "${label}" (value "${text}").`,
      secret,
    })),
  fc.record({ label: word, value: word, id: fc.nat(99) }).map(({ label, value, id }) => ({
    name: 'select',
    args: { id, value },
    ok: true,
    result: `Selected "${value}" in [${id}] combobox "${label}".`,
    secret: false,
  })),
  fc.record({ label: word, id: fc.nat(99) }).map(({ label, id }) => ({
    name: 'click',
    args: { id },
    ok: true,
    result: `Clicked [${id}] button "${label}".`,
    secret: false,
  })),
);
const run = fc
  .array(fc.array(recorded, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 })
  .map((steps): RunResult => ({
    status: 'done',
    answer: 'ok',
    steps: steps.map((calls): Step => ({
      text: '',
      calls: calls.map((c) => ({ name: c.name, args: c.args, ok: c.ok, result: c.result })),
      usage: { inputTokens: 1, outputTokens: 1 },
      ms: 1,
    })),
    usage: { inputTokens: 1, outputTokens: 1 },
    durationMs: 1,
    flagged: [],
    observation: 'page',
  }));
const secretsOf = (r: RunResult) =>
  r.steps.flatMap((s) =>
    s.calls
      .filter((c) => c.name === 'type' && !c.result.includes('"'))
      .map((c) => (c.args as { text: string }).text),
  );

describe('a run saved as a task', () => {
  it('keeps what was typed or chosen as fields, and no secret anywhere in what is stored', () => {
    fc.assert(
      fc.property(run, (r) => {
        const saved = taskFromRun('the task', r);
        const kept = JSON.stringify(saved);
        for (const secret of secretsOf(r)) expect(kept).not.toContain(secret);
        const typedOrChosen = r.steps.flatMap((s) => s.calls).filter((c) => c.name !== 'click');
        expect(saved.fields).toHaveLength(typedOrChosen.length);
        for (const f of saved.fields) if (f.secret) expect(f.value).toBe('');
        // What is kept comes back from storage as it was.
        expect(parseSavedTasks(JSON.parse(JSON.stringify([saved])))).toEqual([saved]);
        expect(stepsInWords(saved)).toHaveLength(r.steps.flatMap((s) => s.calls).length);
      }),
    );
  });

  it("replays the person's values in its fields, and asks for a secret it does not keep", () => {
    fc.assert(
      fc.property(run, fc.array(word, { maxLength: 20 }), (r, given) => {
        const saved = taskFromRun('the task', r);
        const values = saved.fields.map((f, i) => given[i] ?? (f.secret ? '' : undefined));
        const missing = saved.fields.some((f, i) => f.secret && !values[i]);
        if (missing)
          return void expect(() => withValues(saved, values)).toThrow(
            /secret field: its value is never saved/,
          );
        const before = JSON.stringify(saved);
        const transcript = withValues(saved, values);
        saved.fields.forEach((f, i) => {
          const args = transcript.steps[f.step]!.calls[f.call]!.args as Record<string, unknown>;
          expect(args[f.arg]).toBe(values[i] ?? f.value);
        });
        // The saved task itself is unchanged.
        expect(JSON.stringify(saved)).toBe(before);
      }),
    );
  });

  it('takes from storage only what has the shape the SDK writes', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const parsed = parseSavedTasks([junk]);
        for (const t of parsed) expect(t.version).toBe(1);
      }),
    );
    expect(parseSavedTasks('not a list')).toEqual([]);
    expect(parseSavedTasks([{ version: 1, name: 'x' }])).toEqual([]);
  });

  it('Agent.savedTask says what it takes when given something else', () => {
    expect(() => Agent.savedTask('', {} as RunResult)).toThrow(
      /takes the task as text and what agent.run\(task\) resolved to/,
    );
    expect(() => Agent.savedTask('t', { steps: 'no' } as unknown as RunResult)).toThrow(
      /what agent.run\(task\) resolved to/,
    );
  });
});

describe('what a run cost', () => {
  it('prices input, cached input and output per million tokens', () => {
    fc.assert(
      fc.property(fc.nat(1e7), fc.nat(1e7), fc.nat(1e6), (input, cachedRaw, output) => {
        const cached = Math.min(cachedRaw, input);
        const cost = costOf(
          { inputTokens: input, outputTokens: output, cachedInputTokens: cached },
          { input: 2, output: 8, cachedInput: 0.5 },
        )!;
        expect(cost).toBeCloseTo(((input - cached) * 2 + cached * 0.5 + output * 8) / 1e6, 6);
        expect(costOf({ inputTokens: input, outputTokens: output }, undefined)).toBeUndefined();
      }),
    );
  });

  it('reads a price the person types as input / output / cached, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, b) => {
          const p = parsePrice(`${a.toFixed(2)} / ${b.toFixed(2)}`)!;
          expect(p.input).toBeCloseTo(a, 2);
          expect(p.output).toBeCloseTo(b, 2);
        },
      ),
    );
    expect(parsePrice('$0.4/$1.6/0.1')).toEqual({ input: 0.4, output: 1.6, cachedInput: 0.1 });
    for (const bad of ['', '0.4', 'free', '1/2/3/4', '-1/2']) expect(parsePrice(bad)).toBeUndefined();
  });
});

/**
 * A task done once, kept to run again: the person's task, the run's calls as recorded (what
 * agent.rerun replays), and the values it typed or chose, which the person may change before each run.
 * A value typed into a secret field is never kept: the person types it when they run the task. What
 * storage gives back is data a page may have written: it is taken only in this shape, and runs only when
 * the person says so (every replayed call goes through the agent's rules and confirmations).
 */
import * as z from 'zod/mini';
import { parseSaved, transcriptSchema } from './saved';

/** What a saved task is made from: a finished run as agent.run() resolves to it (types.ts's RunResult). */
interface RecordedRun {
  steps: {
    observation?: string;
    calls: { name: string; args: unknown; ok: boolean; result: string; refused?: string }[];
  }[];
  observation: string;
  answer: string;
}

const field = z.object({
  /** Where the value goes: the step (0-based), the call in it, and the argument. */
  step: z.number(),
  call: z.number(),
  arg: z.enum(['text', 'value']),
  /** What the field is called on the page (from the recorded result), for the person. */
  label: z.string(),
  /** The recorded value; '' for a secret one, which is never kept. */
  value: z.string(),
  secret: z.optional(z.boolean()),
});

export const savedTaskSchema = z.object({
  version: z.literal(1),
  /** The person's name for it (the task's words by default). */
  name: z.string(),
  task: z.string(),
  savedAt: z.number(),
  transcript: transcriptSchema,
  fields: z.array(field),
  /** The recorded run's answer, said as the recording's when the task runs again with no model. */
  answer: z.optional(z.string()),
  /**
   * The person offered it as a tool (and whether a model may take over where a step no longer fits).
   * Kept only where no page script writes (the extension's storage); the page's store never trusts it.
   */
  tool: z.optional(z.object({ heal: z.boolean() })),
});
export type SavedTask = z.infer<typeof savedTaskSchema>;
export type SavedField = SavedTask['fields'][number];

/** A stored list of saved tasks, each in the shape above; anything else in it is dropped. */
export function parseSavedTasks(value: unknown): SavedTask[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => parseSaved(savedTaskSchema, v)).filter((t): t is SavedTask => t !== null);
}

/** The field a recorded call acted on, as its result names it: `into [3] textbox "Name"` → `Name`. */
const fieldName = (result: string, fallback: string): string =>
  /(?:into|in) \[\d+\] [\w-]+(?: "([^"]{1,80})")?/.exec(result)?.[1] ?? fallback;

/**
 * A finished run as a saved task. Typed text and chosen options become fields; text the page did not
 * show back (a password, a card number: the SDK says only how many characters) is secret: not kept in
 * the fields, the calls or the results.
 */
export function taskFromRun(task: string, run: RecordedRun, name = task): SavedTask {
  const fields: SavedField[] = [];
  const secrets: string[] = [];
  const steps = run.steps.map((step, s) => ({
    ...(step.observation !== undefined ? { observation: step.observation } : {}),
    calls: step.calls.map((c, i) => {
      const args = { ...(c.args && typeof c.args === 'object' ? (c.args as Record<string, unknown>) : {}) };
      const arg = c.name === 'type' ? 'text' : c.name === 'select' ? 'value' : null;
      const value = arg ? args[arg] : undefined;
      if (arg && typeof value === 'string' && c.ok && !c.refused) {
        const secret = c.name === 'type' && !c.result.includes(`"${value.slice(0, 100)}`);
        if (secret) {
          if (value) secrets.push(value);
          args[arg] = '';
        }
        fields.push({
          step: s,
          call: i,
          arg,
          label: fieldName(c.result, c.name === 'type' ? 'Text' : 'Option'),
          value: secret ? '' : value,
          ...(secret ? { secret: true } : {}),
        });
      }
      return { name: c.name, args, ok: c.ok, result: c.result, ...(c.refused ? { refused: c.refused } : {}) };
    }),
  }));
  // A secret the page echoed somewhere after all goes nowhere the saved task is kept.
  const hide = (text: string) => {
    for (const v of secrets) text = text.split(v).join('•••');
    return text;
  };
  const hideIn = (v: unknown): unknown =>
    typeof v === 'string'
      ? hide(v)
      : Array.isArray(v)
        ? v.map(hideIn)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, hideIn(x)]))
          : v;
  for (const st of steps)
    for (const c of st.calls) {
      c.result = hide(c.result);
      c.args = hideIn(c.args) as Record<string, unknown>;
    }
  return {
    version: 1,
    name: name.trim().slice(0, 200) || task.slice(0, 200),
    task,
    savedAt: Date.now(),
    transcript: { steps, observation: hide(run.observation) },
    fields,
    ...(run.answer ? { answer: hide(run.answer).slice(0, 500) } : {}),
  };
}

/**
 * The transcript with the person's values in its fields (by index; a missing one keeps the recorded
 * value). Throws with what to do when a secret field is left empty.
 */
export function withValues(
  saved: SavedTask,
  values: readonly (string | undefined)[] = [],
): SavedTask['transcript'] {
  const steps = saved.transcript.steps.map((st) => ({ ...st, calls: st.calls.map((c) => ({ ...c })) }));
  saved.fields.forEach((f, i) => {
    const value = values[i] ?? f.value;
    if (f.secret && !value)
      throw new Error(`"${f.label}" is a secret field: its value is never saved. Type it before Run.`);
    const c = steps[f.step]?.calls[f.call];
    if (!c) return;
    c.args = { ...(c.args as Record<string, unknown>), [f.arg]: value };
  });
  return { ...saved.transcript, steps };
}

/** The saved task's steps in words, one per call, as the person reads them before Run. */
export const stepsInWords = (saved: SavedTask): string[] => callsInWords(saved.transcript.steps);

/** Recorded steps in words: each call's first line of result, without what followed it. */
export function callsInWords(steps: SavedTask['transcript']['steps']): string[] {
  const out: string[] = [];
  for (const st of steps)
    for (const c of st.calls) {
      if (c.refused || c.name === 'done') continue;
      const first = c.result.split('\n')[0]!.replace(/\s*Then:.*$/, '');
      out.push(first.length > 160 ? `${first.slice(0, 159)}…` : first);
    }
  return out;
}

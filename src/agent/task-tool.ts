/**
 * A saved task as a tool other agents call (WebMCP, MCP through the bridge, the page's own agent): its
 * fields as one zod schema (the listings' JSON Schema comes from it, as every tool's does), its risk from
 * its steps (read when it only reads, danger when a step is risky), and a run that replays it with the
 * arguments as its fields. The replay itself is the caller's (the panel's agent, with the person's Allow
 * for each risky step): this file only says what the tool is and what its result says.
 */
import * as z from 'zod/mini';
import { defineTool, type AnyTool, type Risk } from '../tools/define';
import { presetTools } from '../tools/builtin/index';
import { riskyWords } from './safety';
import type { SavedTask } from './saved-task';
import type { RunResult } from './types';

/** The fields an argument may carry: a number field (a spin button, a slider) takes a number. */
const NUMERIC = /^(spinbutton|slider)$/;

/** What the recorded call's result said of its field: `into [3] spinbutton "Amount"` → its role. */
const roleOf = (result: string): string => /(?:into|in) \[\d+\] ([\w-]+)/.exec(result)?.[1] ?? '';

/** A JSON-Schema-safe property name from a field's label ("Customer name" → customer_name). */
const slug = (text: string, max: number): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');

/** A short stable hash, for a name with no Latin letters or digits (a Chinese task's). */
const hash = (text: string): string => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
};

/** `name` made unique among `taken` (name, name_2, name_3…), and taken. */
function unique(name: string, taken: Set<string>): string {
  let out = name;
  for (let n = 2; taken.has(out); n++) out = `${name}_${n}`;
  taken.add(out);
  return out;
}

/** The tool's name for a saved task: task_ and its name's words (task_create_invoice). */
export const taskToolName = (saved: Pick<SavedTask, 'name'>): string =>
  `task_${slug(saved.name, 40) || hash(saved.name)}`;

/** Each field's argument name, in the fields' order: from its label on the page, unique. */
export function argumentNames(saved: Pick<SavedTask, 'fields'>): string[] {
  const taken = new Set<string>();
  return saved.fields.map((f, i) => unique(slug(f.label, 40) || `field_${i + 1}`, taken));
}

/** Why a saved task cannot be offered as a tool, or null when it can. */
export function notOfferable(saved: SavedTask): string | null {
  const secret = saved.fields.find((f) => f.secret);
  // A secret would come from the calling agent and pass through its logs: the person types it in Run.
  if (secret)
    return `its field "${secret.label}" is secret (a password): run it from the panel, where you type it`;
  return null;
}

/** The calls the task replays (what it did when recorded). */
const callsOf = (saved: SavedTask) =>
  saved.transcript.steps.flatMap((st) => st.calls).filter((c) => !c.refused && c.name !== 'done');

/**
 * The task's risk from its recorded steps: read when every call only reads; danger when a call's tool is
 * a danger (runJS, upload) or what it acted on says delete, pay, send… (the same words the agent asks
 * about); else write. Each replayed call is still judged on today's page when it runs.
 */
export function taskRisk(saved: SavedTask): Risk {
  const reads = new Set(presetTools('read').map((t) => t.name));
  const danger = new Set(
    presetTools('full')
      .filter((t) => t.risk === 'danger')
      .map((t) => t.name),
  );
  const calls = callsOf(saved);
  // What a step acted on (a button's "Delete"); typed or chosen values are the person's, not an action.
  const acts = (c: (typeof calls)[number]) =>
    !reads.has(c.name) &&
    (!/^(type|select)$/.test(c.name) || (c.args as { submit?: unknown }).submit === true);
  if (calls.some((c) => danger.has(c.name) || (acts(c) && riskyWords(c.result.split('\n')[0]!))))
    return 'danger';
  return calls.every((c) => reads.has(c.name) || c.name === 'ask_user') ? 'read' : 'write';
}

/** The tool's input: one property per field, each required, a number where the field takes one. */
export function taskInput(saved: SavedTask) {
  const names = argumentNames(saved);
  const shape: Record<string, z.ZodMiniType> = {};
  saved.fields.forEach((f, i) => {
    const c = saved.transcript.steps[f.step]?.calls[f.call];
    const numeric = f.arg === 'text' && NUMERIC.test(roleOf(c?.result ?? ''));
    const about = `${f.arg === 'value' ? 'Option for' : 'Value for'} "${f.label.slice(0, 80)}"`;
    shape[names[i]!] = numeric ? z.number().check(z.describe(about)) : z.string().check(z.describe(about));
  });
  return z.object(shape);
}

/** The field values a call's arguments give, in the fields' order, as agent.rerun takes them. */
export function valuesOf(saved: SavedTask, args: Record<string, unknown>): string[] {
  return argumentNames(saved).map((name) => String(args[name]));
}

/**
 * The tool's result text: the task's answer (or why it stopped: which step and why), then each replayed
 * step's report in one line.
 */
export function taskResult(result: RunResult): { ok: boolean; text: string } {
  const ok = result.status === 'done';
  const stopped = result.replay?.diverged;
  const head = ok
    ? result.answer
    : stopped
      ? `Stopped at step ${stopped.step} of the saved task: ${stopped.reason}. Nothing after it was done.`
      : (result.error ?? `The task ended: ${result.status}.`);
  const lines = result.steps.flatMap((st) =>
    st.calls.map((c) => `${c.ok ? '✓' : '✗'} ${c.name}: ${c.result.split('\n')[0]!.slice(0, 200)}`),
  );
  return { ok, text: [head, ...(lines.length ? ['Steps:', ...lines] : [])].join('\n') };
}

/**
 * The saved task as a tool. `run` replays it with the fields' values (the caller's agent, its rules and
 * the person's confirmations) and resolves to the run's result.
 */
export function taskTool(
  saved: SavedTask,
  run: (saved: SavedTask, values: string[]) => Promise<RunResult>,
  name = taskToolName(saved),
): AnyTool {
  const risk = taskRisk(saved);
  const steps = callsOf(saved).length;
  return defineTool({
    name,
    description:
      `Saved task "${saved.name.slice(0, 120)}": replays the ${steps} step${steps === 1 ? '' : 's'} the person recorded, with your values in its fields, without a model.` +
      (risk === 'danger' ? ' The person allows each risky step in the page first.' : '') +
      ' Returns its answer and each step.',
    input: taskInput(saved),
    risk,
    run: async (args: Record<string, unknown>) => taskResult(await run(saved, valuesOf(saved, args))),
  });
}

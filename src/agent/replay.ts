/**
 * Replaying a recorded run without a model: each recorded call runs again in order; element IDs in
 * its arguments are mapped to today's through what the recorded and today's results said about each
 * ID ("[3] cell "report.pdf"" then, "[12] cell "report.pdf"" now). The first call whose outcome differs,
 * or whose element cannot be mapped, stops the replay and says which step and why.
 */
import { readsOf, type PageTools } from './page-tools';
import type { ToolsOptions } from '../tools/toolkit';
import type { Step } from './types';

/** What a replay may do: the agent's tools, and its rules and confirmation for each call. */
export interface ReplayGate {
  tools: ToolsOptions;
  /** Why the call may not run (it is refused: the replay stops there), or null when it may. */
  permit(name: string, args: Record<string, unknown>): Promise<string | null>;
  /** Where the replay is: the step (0-based) whose call is about to run, the calls replayed so far, and the call. */
  at?(step: number, calls: number, call: { name: string; args: Record<string, unknown> }): void;
  /** A call of the agent's own (ask_user: the person answers again), or null for a page tool. */
  own?(name: string, args: Record<string, unknown>): Promise<{ ok: boolean; text: string } | null>;
  /** A call ran: as the recording would have recorded it. */
  ran?(record: { name: string; args: Record<string, unknown>; ok: boolean; result: string }): void;
  /** Why the replay stops after a call that ran as recorded (a field the page refused), or null. */
  check?(record: { name: string; ok: boolean; result: string }): string | null;
  /** A call started a page load: resolves if this page is still here a while later (the replay goes on). */
  leaving?(): Promise<void>;
}

export interface ReplayResult {
  status: 'done' | 'diverged';
  /** Calls replayed (up to and including the one that diverged). */
  calls: number;
  /** 1-based step of the recording where it diverged. */
  step?: number;
  reason?: string;
}

const ID_FIELDS = ['id', 'from', 'to', 'fromId', 'toId', 'within'];

/** "[12] cell "report.pdf"" lines of a result: the ID, and the rest as the key that identifies it. */
function idLines(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(/\[(\d+)\]\s*([^\n[;]*)/g)) {
    const key = m[2]!.replace(/\s+—\s.*$|\s+\(.*?\)\s*$/g, '').trim();
    if (key && !out.has(key)) out.set(key, Number(m[1]));
  }
  return out;
}

/** Maps the IDs a recorded text gave to the ones today's text gives for the same elements. */
function learn(ids: Map<number, number>, then: Map<string, number>, now: Map<string, number>): void {
  for (const [key, id] of then) {
    const today = now.get(key);
    if (today !== undefined) ids.set(id, today);
  }
}

/**
 * A recorded run: its steps, and the page summary it started from (IDs the model may have used); a
 * step that began on a newly loaded page carries that page's summary too.
 */
export interface Transcript {
  steps: Pick<Step, 'calls' | 'observation'>[];
  observation?: string;
}

/**
 * The step a replay goes on from on the page that `step`'s call loaded: the first the recording took on
 * a newly loaded page (the rest of the loading step did not run in the recording either: its results
 * were lost), or the next.
 */
export function resumesAt(steps: Transcript['steps'], step: number): number {
  const landed = steps.findIndex((st, i) => i > step && st.observation !== undefined);
  return landed < 0 ? step + 1 : landed;
}

/**
 * Replays the transcript, from its start or, on the page a replayed call loaded, from `after` (the
 * step whose call loaded it): the steps the recording took on that page, IDs mapped through the summary
 * it was shown there.
 */
export async function replay(
  helper: PageTools,
  transcript: Transcript,
  gate: ReplayGate,
  after?: { step: number; calls: number },
): Promise<ReplayResult> {
  const { steps } = transcript;
  const ids = new Map<number, number>();
  let first = 0;
  let calls = 0;
  if (after) {
    first = resumesAt(steps, after.step);
    calls = after.calls;
  }
  const seen =
    first < steps.length ? (after ? steps[first]!.observation : transcript.observation) : undefined;
  if (seen) learn(ids, idLines(seen), idLines(await readsOf(helper).summary()));
  for (let s = first; s < steps.length; s++) {
    for (const call of steps[s]!.calls) {
      if (call.refused) continue; // it did not run then either
      calls++;
      const diverged = (reason: string): ReplayResult => ({ status: 'diverged', calls, step: s + 1, reason });
      const args = {
        ...(call.args && typeof call.args === 'object' ? (call.args as Record<string, unknown>) : {}),
      };
      for (const field of ID_FIELDS) {
        const v = args[field];
        if (typeof v !== 'number') continue;
        const now = ids.get(v);
        if (now === undefined)
          return diverged(`${call.name}: element [${v}] of the recording was not found on this page`);
        args[field] = now;
      }
      if (call.name === 'done') return { status: 'done', calls };
      const refused = await gate.permit(call.name, args);
      if (refused) return diverged(`${call.name} was not run: ${refused}`);
      gate.at?.(s, calls, { name: call.name, args });
      const r: { ok: boolean; text: string; data?: unknown } =
        (await gate.own?.(call.name, args)) ??
        (await helper.execute({ name: call.name, arguments: args }, gate.tools));
      gate.ran?.({ name: call.name, args, ok: r.ok, result: r.text });
      if (r.ok !== call.ok)
        return diverged(
          `${call.name} ${r.ok ? 'worked' : `failed: ${r.text}`} (recorded: ${call.ok ? 'worked' : 'failed'})`,
        );
      const stop = gate.check?.({ name: call.name, ok: r.ok, result: r.text });
      if (stop) return diverged(stop);
      // It loads a new page: the replay goes on there (or here, if the page stays after all).
      if ((r.data as { unloading?: boolean } | undefined)?.unloading) await gate.leaving?.();
      const then = idLines(call.result);
      const now = idLines(r.text);
      learn(ids, then, now);
      if (then.size && !now.size)
        return diverged(`${call.name} found nothing where the recording found ${[...then.keys()][0]}`);
    }
  }
  return { status: 'done', calls };
}

/**
 * The agent: a run is the loop (agent-loop.ts); on top of it, a recorded run replayed with no model, a
 * saved task run again (the model taking over where the page changed), and runs and replays carried
 * across a page load or handed over as a conversation.
 */
import { LLMHelperError, checkOptions, readOptions } from '../errors';
import type { Message } from '../llm/types';
import type { AnyTool } from '../tools/define';
import { AgentLoop } from './agent-loop';
import { PROMPTS, spotlight } from './prompt';
import { offered } from './offer';
import { failedRun } from './result';
import { replay, type ReplayGate, type ReplayResult, type Transcript } from './replay';
import { parseSaved, rewrap, stateSchema, transcriptSchema, type SavedReplay } from './saved';
import {
  discardSavedReplay,
  discardSavedRun,
  lostRun,
  readSavedRun,
  saveReplay,
  stepRecord,
  takeSavedReplay,
} from './saved-run';
import { savedTaskSchema, taskFromRun, withValues, type SavedTask } from './saved-task';
import { taskTool, taskToolName } from './task-tool';
import type { AgentOptions, RunResult, RunStatus, Step } from './types';

/** A value the page refused: the action's report lists a field as invalid (as typed, or when sent). */
const refusedField = (record: { result: string }): string | null => {
  const invalid = /\binvalid: ([^\n]+)/.exec(record.result)?.[1];
  return invalid ? `the page refused the value: ${invalid.slice(0, 200)}; nothing after it was done` : null;
};

export class Agent extends AgentLoop {
  /** The agent replaying a saved task the model called as a tool now (stop() stops it too). */
  private calling: Agent | null = null;

  /**
   * AgentOptions.tasks as tools (taskTool: one schema from its fields, its risk from its steps), each
   * name unique. A call replays the task with rerun, with no model, on an agent with these options but
   * no tasks (a task never calls itself): each step through the same tools, rules and confirm, and the
   * replay stops where a step no longer fits or the page refuses a value, for this run's model to go on.
   */
  protected override taskTools(): AnyTool[] {
    const taken = new Set<string>();
    return (this.options.tasks ?? []).map((saved) => {
      let name = taskToolName(saved);
      for (let n = 2; taken.has(name); n++) name = `${taskToolName(saved).slice(0, 44)}_${n}`;
      taken.add(name);
      return taskTool(saved, (s, values) => this.callTask(s, values), name);
    });
  }

  private async callTask(saved: SavedTask, values: string[]): Promise<RunResult> {
    const quiet = new Agent({ ...this.options, tasks: undefined });
    // The person answers its confirmations where they answer this run's.
    quiet.on('confirm', (pending) => this.emit('confirm', pending));
    this.calling = quiet;
    try {
      return await quiet.rerun(saved, { values, heal: false, strict: true });
    } finally {
      this.calling = null;
    }
  }

  override stop(): void {
    super.stop();
    this.calling?.stop();
  }

  /**
   * A finished run as a task to run again with agent.rerun: its calls, and the values it typed or chose
   * as fields the person may change (a secret one is never kept). JSON: keep it where you like.
   */
  static savedTask(task: string, result: RunResult, name?: string): SavedTask {
    const steps = (result as Partial<RunResult> | null)?.steps;
    if (
      typeof task !== 'string' ||
      !task.trim() ||
      !Array.isArray(steps) ||
      !parseSaved(transcriptSchema, { steps })
    )
      throw new LLMHelperError(
        'bad_argument',
        'Agent.savedTask(task, result, name?) takes the task as text and what agent.run(task) resolved to.',
      );
    if (name !== undefined && typeof name !== 'string')
      throw new LLMHelperError(
        'bad_argument',
        `Agent.savedTask(task, result, name): name must be text; got ${typeof name}.`,
      );
    return taskFromRun(task, result, name);
  }

  /**
   * Re-runs a recorded run's tool calls on this page without a model (zero requests), mapping its
   * element IDs to today's; stops at the first call that diverges, saying which step and why. Each call
   * goes through this agent's tools (its preset, never a wider one), rules and confirmation, as in a run:
   * a transcript is data, and an edited one asks the person as a model's calls would.
   */
  replay(transcript: Transcript): Promise<ReplayResult> {
    if (!parseSaved(transcriptSchema, transcript))
      return Promise.reject(
        new LLMHelperError(
          'bad_argument',
          'agent.replay(transcript) takes what agent.run() resolved to: { steps: [{ calls: [{ name, args, ok, result }] }], observation }.',
        ),
      );
    return this.replayFrom(transcript);
  }

  /**
   * A replay that a page load interrupted (one of its calls loaded a new page), continued on this page
   * from the steps the recording took here. Null when there is none. Like resume(), for the page's own
   * code to call: the panel never starts a replay.
   */
  static resumeReplay(options: AgentOptions): { agent: Agent; result: Promise<ReplayResult> } | null {
    const agent = new Agent(options); // options checked before the saved replay is taken: bad ones lose nothing
    const saved = takeSavedReplay();
    if (!saved) return null;
    if (saved === 'lost')
      return {
        agent,
        result: Promise.resolve({
          status: 'diverged',
          calls: 0,
          reason:
            "The replay could not be carried to this page: the tab's storage (sessionStorage) was full. Start it again from here.",
        }),
      };
    return { agent, result: agent.replayFrom(saved.transcript, { step: saved.step, calls: saved.calls }) };
  }

  private async replayFrom(
    transcript: Transcript,
    after?: { step: number; calls: number },
  ): Promise<ReplayResult> {
    return this.alone('replay', () => this.replayOn(transcript, after));
  }

  private async replayOn(
    transcript: Transcript,
    after?: { step: number; calls: number },
    shown: Pick<ReplayGate, 'at' | 'ran' | 'check'> = {},
    rerun?: SavedReplay['rerun'],
  ): Promise<ReplayResult> {
    const { specs, risks, options } = await offered(this.options, 'act');
    this.toolsOptions = options;
    const names = new Set([...specs.map((t) => t.name), ...risks.keys()]);
    this.stopped = false;
    let at = after ?? { step: 0, calls: 0 };
    // On a page load mid-replay, the transcript and where it was are kept for the next page.
    const save = () => saveReplay(transcript, at, rerun);
    const hidden = typeof window !== 'undefined' && !this.options.survivesNavigation;
    if (hidden) window.addEventListener('pagehide', save);
    try {
      return await replay(
        this.options.helper,
        transcript,
        {
          tools: this.toolsOptions,
          permit: async (name, args) =>
            this.stopped
              ? PROMPTS[this.lang].runStopped
              : names.has(name)
                ? this.permit(name, args, risks)
                : `${name} is not among this agent's tools`,
          at: (step, calls, call) => {
            at = { step, calls };
            shown.at?.(step, calls, call);
          },
          ...(shown.ran ? { ran: shown.ran } : {}),
          ...(shown.check ? { check: shown.check } : {}),
          // A question the recording asked is asked again: the answer is the person's today.
          own: async (name, args) => {
            if (name !== 'ask_user') return null;
            const question = typeof args.question === 'string' ? args.question : '';
            this.emit('ask', question);
            if (!this.options.ask) return { ok: false, text: 'no one to answer the question' };
            return { ok: true, text: String(await this.options.ask(question)) };
          },
          leaving: async () => {
            if (this.options.survivesNavigation) return;
            save();
            await new Promise((r) => setTimeout(r, 5000));
            discardSavedReplay();
          },
        },
        after,
      );
    } finally {
      if (hidden) window.removeEventListener('pagehide', save);
    }
  }

  /**
   * Runs a saved task again (saved-task.ts): its recorded calls replayed with no model, with `values` in
   * its fields (by index; a secret field's must be given), each through this agent's tools, rules and
   * confirmations, as a model's calls go. Where a step no longer fits the page, the model takes over from
   * the page as it is, with the rest of the recording as a hint; with `heal: false` the run ends there,
   * saying which step and why. Replayed steps are marked and cost nothing. With `strict` (a call from
   * another agent), a step whose report says the page refused a field's value stops the run there.
   */
  rerun(
    saved: SavedTask,
    opts: { values?: (string | undefined)[]; heal?: boolean; strict?: boolean } = {},
  ): Promise<RunResult> {
    const valid = parseSaved(savedTaskSchema, saved);
    if (!valid)
      return Promise.reject(
        new LLMHelperError(
          'bad_argument',
          'agent.rerun(saved) takes a saved task as LLMHelper.savedTask(task, result) makes it: { version: 1, name, task, savedAt, transcript, fields }.',
        ),
      );
    let transcript: Transcript;
    try {
      transcript = withValues(valid, opts.values);
    } catch (e) {
      return Promise.reject(
        new LLMHelperError('bad_argument', `agent.rerun(saved, { values }): ${(e as Error).message}`),
      );
    }
    const rerun = { task: valid.task, name: valid.name, heal: opts.heal !== false, answer: valid.answer };
    return this.rerunFrom(transcript, rerun, undefined, opts.strict === true);
  }

  /**
   * A saved task's run that a page load interrupted (one of its calls loaded a new page): it goes on
   * here from the steps the recording took on this page, as agent.rerun() does. Null when there is none.
   * For the person to start (the panel asks first): what sessionStorage holds, a page script may have
   * written, and every call still goes through this agent's rules and confirmations.
   */
  static resumeRerun(
    options: AgentOptions,
    opts: { heal?: boolean } = {},
  ): { agent: Agent; name: string; task: string; result: Promise<RunResult> } | null {
    const where = 'Agent.resumeRerun(options, { heal })';
    const { heal } = readOptions(where, opts);
    checkOptions(where, { heal }, { heal: 'boolean' });
    const agent = new Agent(options); // checked before the saved run is taken: bad options lose nothing
    const saved = takeSavedReplay();
    if (!saved || saved === 'lost' || !saved.rerun) return null;
    const rerun = { ...saved.rerun, heal: saved.rerun.heal && heal !== false };
    const result = agent.rerunFrom(saved.transcript, rerun, { step: saved.step, calls: saved.calls });
    return { agent, name: rerun.name, task: rerun.task, result };
  }

  private rerunFrom(
    transcript: Transcript,
    rerun: NonNullable<SavedReplay['rerun']>,
    after?: { step: number; calls: number },
    strict = false,
  ): Promise<RunResult> {
    return this.alone('rerun', () =>
      this.rerunOn(transcript, rerun, after, strict).catch((e: unknown) => {
        this.emit('error', e);
        const result = failedRun(e instanceof Error ? e.message : String(e));
        this.emit('done', result);
        return result;
      }),
    );
  }

  /** `rerun.answer`: the recorded run's, said as the recording's when every step replays (today's data may differ). */
  private async rerunOn(
    transcript: Transcript,
    rerun: NonNullable<SavedReplay['rerun']>,
    after?: { step: number; calls: number },
    strict = false,
  ): Promise<RunResult> {
    const { task, heal, answer } = rerun;
    const t0 = Date.now();
    const P = PROMPTS[this.lang];
    const steps: Step[] = [];
    const free = () => ({ inputTokens: 0, outputTokens: 0 });
    this.emit('start', { task, resumed: !!after });
    let callStart = t0;
    const r = await this.replayOn(
      transcript,
      after,
      {
        at: (_step, _calls, call) => {
          callStart = Date.now();
          this.emit('tool:call', call);
        },
        ran: (record) => {
          const step: Step = {
            text: '',
            calls: [record],
            usage: free(),
            ms: Date.now() - callStart,
            replayed: true,
          };
          steps.push(step);
          this.emit('tool:result', {
            call: { id: `replay-${steps.length}`, name: record.name, args: record.args },
            ok: record.ok,
            text: record.result,
          });
          this.emit('step', step);
        },
        ...(strict ? { check: refusedField } : {}),
      },
      rerun,
    );
    const replayed = { calls: r.calls };
    const ended = (status: RunStatus, answer: string, extra: Partial<RunResult>): RunResult => {
      const result: RunResult = {
        status,
        answer,
        steps,
        usage: free(),
        durationMs: Date.now() - t0,
        flagged: [],
        observation: transcript.observation ?? '',
        ...(this.options.price ? { cost: 0 } : {}),
        ...extra,
      };
      this.emit('done', result);
      return result;
    };
    if (r.status === 'done') return ended('done', P.replayedAll(r.calls, answer), { replay: replayed });
    const diverged = { step: r.step ?? steps.length + 1, reason: r.reason ?? '' };
    if (this.stopped) return ended('stopped', '', { replay: { ...replayed, diverged } });
    if (!heal)
      return ended('error', '', {
        replay: { ...replayed, diverged },
        error: P.replayStopped(diverged.step, diverged.reason),
      });
    // The model goes on from here: the replayed steps are the run's so far, the rest a hint.
    const rest = transcript.steps.slice(diverged.step - 1) as Step[];
    this.carried = { steps, usage: free(), observation: transcript.observation ?? '', startedAt: t0 };
    this.healing = {
      hint: P.healing(
        spotlight(stepRecord(steps), this.marker),
        diverged.step,
        diverged.reason,
        spotlight(stepRecord(rest), this.marker),
      ),
      replay: { ...replayed, diverged },
    };
    return this.loop(task, 'act', 0);
  }

  /**
   * An agent that goes on from a conversation agent.state() returned. The state is checked for the shape
   * state() writes; its page text moves into the new agent's own delimiter.
   */
  static fromState(
    state: { version: number; messages: Message[]; marker: string },
    options: AgentOptions,
  ): Agent {
    const valid = parseSaved(stateSchema, state);
    if (!valid)
      throw new LLMHelperError(
        'bad_argument',
        'Agent.fromState(state, options) needs what agent.state() returned ({ version: 1, messages, marker }), unchanged.',
      );
    const agent = new Agent(options);
    agent.messages = rewrap(valid.messages as Message[], valid.marker, agent.marker);
    return agent;
  }

  /**
   * Continues a run that a full page load interrupted (the script is on every page): the conversation
   * saved on pagehide, a note that the page changed, and a fresh observation. Null when there is none.
   */
  static resume(options: AgentOptions): { agent: Agent; result: Promise<RunResult> } | null {
    const saved = readSavedRun();
    const lost = saved ? null : lostRun();
    if (lost !== null) {
      // The last page could not save the run: it ends here, saying why, rather than vanish.
      discardSavedRun();
      const error = `The run "${lost}" could not be carried to this page: the tab's storage (sessionStorage) was full. Start it again from here.`;
      return { agent: new Agent(options), result: Promise.resolve(failedRun(error)) };
    }
    if (!saved) return null;
    const agent = new Agent(options);
    discardSavedRun();
    agent.carried = {
      steps: (saved.steps ?? []) as Step[],
      usage: saved.usage ?? { inputTokens: 0, outputTokens: 0 },
      observation: saved.observation ?? '',
      startedAt: saved.startedAt ?? Date.now(),
    };
    // What sessionStorage holds a page script can write: no turn of it is taken as the person's, the
    // model's or a tool's. The conversation starts again from the person's task (which they saw and
    // approved) and the steps so far as a record, inside this agent's own fresh delimiter (loop()).
    agent.messages = [];
    // Paused when the person navigated: still theirs on this page until they continue.
    agent.pausing = saved.paused === true;
    // A call that was running when the page went away has no result: the record says so.
    const last = saved.messages[saved.messages.length - 1];
    if (last?.role === 'assistant' && last.toolCalls?.length) {
      const lost = `The page navigated to ${location.href}; this call's result was lost.`;
      const step = agent.carried.steps.at(-1);
      if (step && step.calls.length < last.toolCalls.length)
        for (const c of last.toolCalls.slice(step.calls.length))
          step.calls.push({ name: c.name, args: c.args, ok: true, result: lost });
    }
    return { agent, result: agent.drive(saved.task, saved.mode, saved.step) };
  }
}

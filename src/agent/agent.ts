/**
 * The agent loop in the page: observe (summary, then each tool's result and change report), ask the
 * model, run its calls through the same tools as everyone else, and stop when it is done, stopped,
 * out of steps, looping, refused, or needs the person. Every request body is scrubbed of secrets by the
 * SDK's one scrubbing pass first.
 */
import { EventEmitter } from 'eventemitter3';
import { scrub } from '../page/redact';
import { stringify } from '../json';
import type { Preset } from '../tools/define';
import { LLMHelperError, checkOptions, readOptions, safely, shown } from '../errors';
import { ProviderError } from '../llm/errors';
import type { ToolsOptions } from '../tools/toolkit';
import { risksOf } from '../tools/rules';
import type {
  ChatResult,
  Message,
  Provider,
  ToolCall,
  ToolResultMessage,
  ToolSpec,
  Usage,
} from '../llm/types';
import { fold } from './fold';
import { pageUrl, type PageTools } from './page-tools';
import { PROMPTS, injectionsIn, newMarker, pickLanguage, spotlight, type Language } from './prompt';
import { classify, ruling, type Risk, type Rules } from './safety';
import { replay, type ReplayResult, type Transcript } from './replay';
import {
  parseSaved,
  rewrap,
  savedReplaySchema,
  savedRunSchema,
  stateSchema,
  transcriptSchema,
  type SavedReplay,
  type SavedRun,
} from './saved';

export type RunStatus = 'done' | 'stopped' | 'max_steps' | 'loop' | 'refused' | 'needs_input' | 'error';

export interface PendingCall {
  name: string;
  args: Record<string, unknown>;
  risk: Risk;
  /** Page text that tried to instruct the model earlier in the run (the latest), which the call may follow. */
  flagged?: string;
}

export interface AgentOptions extends Rules {
  provider: Provider;
  /**
   * The LLMHelper whose tools the agent uses (the page's own in the script-tag build); in the extension,
   * the side panel's link to the tab's content script.
   */
  helper: PageTools;
  /**
   * The agent lives outside the page (the extension's side panel): a page load does not end it or save
   * it, and the next step is shown the new page. In the page (default), a run is saved on pagehide and
   * Agent.resume goes on.
   */
  survivesNavigation?: boolean;
  /** Tool preset (default 'standard'), or `tools`: the names of the tools to offer. */
  preset?: Preset;
  tools?: string[];
  /** The site owner's instructions, added to the system prompt. */
  instructions?: string;
  maxSteps?: number;
  /** Ends a run whose next request would exceed this many input tokens (as the provider reports). */
  maxInputTokens?: number;
  /**
   * The conversation's ceiling, in estimated tokens (system prompt and tools apart): past it, older
   * turns are folded into a one-line-each record. Default 3,000; 2,000 for local models (Ollama, LM
   * Studio, vLLM, llama.cpp, Chrome's built-in model), whose context windows are small.
   */
  historyTokens?: number;
  /** Asked before a risky call; resolve true to run it. Without it, risky calls are refused. */
  confirm?(call: PendingCall): boolean | Promise<boolean>;
  /** Answers the model's ask_user; without it, a question ends the run with needs_input. */
  ask?(question: string): string | Promise<string>;
  language?: Language;
}

export interface Step {
  text: string;
  calls: { name: string; args: unknown; ok: boolean; result: string; refused?: string }[];
  usage: Usage;
  ms: number;
  /** The page summary the model was shown when this step began on a newly loaded page (a replay maps IDs through it). */
  observation?: string;
}

export interface RunResult {
  status: RunStatus;
  answer: string;
  steps: Step[];
  usage: Usage;
  durationMs: number;
  /** Page text that tried to instruct the model (it was passed on as data, and flagged here). */
  flagged: { step: number; text: string }[];
  /** The page summary the run started from; with steps, the transcript agent.replay() takes. */
  observation: string;
  error?: string;
}

/** A run's steps as a record, one line a call: what a resumed run carries (as data) to the next page. */
export function stepRecord(steps: readonly Step[]): string {
  const lines: string[] = [];
  for (const [i, step] of steps.entries())
    for (const c of step.calls)
      lines.push(
        `${i + 1}. ${c.name}(${(stringify(c.args) ?? '').slice(0, 200)}) → ${firstLine(c.refused ?? c.result).slice(0, 200)}`,
      );
  return lines.slice(-40).join('\n') || '(no steps yet)';
}

/** Results older than this many steps shrink to their first line. */
const KEEP_WHOLE = 3;
const NUDGES = [5, 2];
const REPEAT_NUDGE = 3;
const REPEAT_STOP = 5;
const UNCHANGED_NUDGE = 4;

/** Where a run interrupted by a full page load waits for the next page (this tab only). */
export const RUN_KEY = 'llm-helper.agent.run';
/** Where a run that could not be saved (the tab's storage full) leaves its task, to say so on the next page. */
const LOST_KEY = 'llm-helper.agent.run-lost';
/** Where a replay interrupted by a page load waits for the next page, and the mark that it could not. */
const REPLAY_KEY = 'llm-helper.agent.replay';
const REPLAY_LOST_KEY = 'llm-helper.agent.replay-lost';

/** The run saved for this tab, if it has the shape the agent writes (else it is dropped). */
function readSavedRun(): SavedRun | null {
  try {
    const raw = sessionStorage.getItem(RUN_KEY);
    if (raw === null) return null;
    const saved = parseSaved(savedRunSchema, JSON.parse(raw));
    if (!saved || (saved.origin !== undefined && saved.origin !== location.origin)) {
      sessionStorage.removeItem(RUN_KEY);
      return null;
    }
    return saved;
  } catch {
    return null;
  }
}

/** A run the last page could not save, by its task (text only: what the page wrote there is shown as text). */
function lostRun(): string | null {
  try {
    const task = sessionStorage.getItem(LOST_KEY);
    return task === null ? null : task.slice(0, 500);
  } catch {
    return null;
  }
}

/**
 * The task of the run saved for this tab and the steps it would carry, to show the person before it
 * resumes; null when there is none.
 */
export function savedRun(): { task: string; steps: string[] } | null {
  const saved = readSavedRun();
  const lost = saved ? null : lostRun();
  if (saved)
    return {
      task: saved.task,
      steps: saved.steps?.length ? stepRecord(saved.steps as Step[]).split('\n') : [],
    };
  return lost === null ? null : { task: lost, steps: [] };
}

/** Drops the run saved for this tab. */
export function discardSavedRun(): void {
  try {
    sessionStorage.removeItem(RUN_KEY);
    sessionStorage.removeItem(LOST_KEY);
  } catch {
    /* nothing saved */
  }
}

const ASK_USER: ToolSpec = {
  name: 'ask_user',
  description:
    'Ask the person a question when the task needs information only they have. Returns their answer.',
  parameters: {
    type: 'object',
    properties: { question: { type: 'string', description: 'One short question.' } },
    required: ['question'],
  },
};

/**
 * A message as it may leave the page: scrubbed of secrets, except what the API signed, which goes back
 * as it came (a changed thinking block or signature is refused). The model wrote those itself, from
 * scrubbed input.
 */
function sendable(m: Message): Message {
  const out = scrub(m);
  if (out.role === 'tool' && m.role === 'tool')
    out.results.forEach((r, i) => {
      if (m.results[i]!.images) r.images = m.results[i]!.images;
    });
  if (out.role === 'assistant' && m.role === 'assistant') {
    out.toolCalls?.forEach((c, i) => {
      if (m.toolCalls![i]!.signature) c.signature = m.toolCalls![i]!.signature;
    });
    if (m.reasoning)
      out.reasoning = m.reasoning.map((r, i) => (r.signature || r.redacted ? r : out.reasoning![i]!));
  }
  return out;
}

const textOnly = (r: ToolResultMessage): ToolResultMessage => {
  const out = { ...r };
  delete out.images;
  return out;
};

/** The conversation without pictures: what is saved, handed out as state, and measured against the ceiling. */
const withoutImages = (ms: Message[]): Message[] =>
  ms.map((m) =>
    m.role === 'tool' && m.results.some((r) => r.images)
      ? { role: 'tool', results: m.results.map(textOnly) }
      : m,
  );

/** A run that ended before its first step, with what went wrong. */
const failedRun = (error: string): RunResult => ({
  status: 'error',
  answer: '',
  steps: [],
  usage: { inputTokens: 0, outputTokens: 0 },
  durationMs: 0,
  flagged: [],
  observation: '',
  error,
});

const firstLine = (s: string): string => {
  const line = s.split('\n')[0]!;
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
};

/** What an agent tells its listeners (agent.on(name, listener)), each already scrubbed of secrets. */
export interface AgentEvents {
  /** A run began (resumed: it goes on from a saved run). */
  start: (info: { task: string; resumed: boolean }) => void;
  /** Model text as it streams. */
  text: (delta: string) => void;
  /** A tool is about to run. */
  'tool:call': (call: { name: string; args: Record<string, unknown> }) => void;
  /** A tool ran (or was refused). */
  'tool:result': (result: { call: ToolCall; ok: boolean; text: string }) => void;
  /** A risky call waits for confirmation. */
  confirm: (pending: PendingCall) => void;
  /** Page text that tries to instruct the model was seen (it goes on as data, flagged). */
  flagged: (flag: { step: number; text: string }) => void;
  /** The model asks the person a question. */
  ask: (question: string) => void;
  /** One model turn and its tool calls are finished. */
  step: (step: Step) => void;
  /** The person took over (pause) or handed back (continue). */
  paused: () => void;
  continued: () => void;
  /** The run ended, however it ended. */
  done: (result: RunResult) => void;
  /** A model or network failure (the run ends with status 'error'). */
  error: (error: unknown) => void;
}

export class Agent extends EventEmitter<AgentEvents> {
  private messages: Message[] = [];
  private controller: AbortController | null = null;
  private stopped = false;
  private pausing = false;
  private unpause: (() => void) | null = null;
  private handBack = '';
  /** The latest page text of this run that tried to instruct the model, for the person's card. */
  private lastFlag: string | null = null;
  private marker = newMarker();
  /** OpenAI's prompt_cache_key: one per agent, so its requests reach the machine that holds its prefix. */
  private readonly cacheKey = `llm-helper-${newMarker().slice(10)}`;
  private readonly lang: Language;
  private readonly maxSteps: number;

  private readonly options: AgentOptions;

  constructor(options: AgentOptions) {
    super();
    options = readOptions('new Agent({ provider })', options) as unknown as AgentOptions;
    this.options = options;
    const provider = options.provider as unknown;
    const chat = safely(
      () => (provider && typeof provider === 'object' ? (provider as Provider).chat : undefined),
      undefined,
    );
    checkOptions('new Agent({ provider })', options as unknown as Record<string, unknown>, {
      preset: ['read', 'standard', 'full'],
      tools: 'string[]',
      instructions: 'string',
      maxSteps: 'number',
      maxInputTokens: 'number',
      historyTokens: 'number',
      confirm: 'function',
      ask: 'function',
      language: ['en', 'zh'],
      allow: 'string[]',
      deny: 'string[]',
      survivesNavigation: 'boolean',
    });
    if (typeof chat !== 'function')
      throw new LLMHelperError(
        'bad_argument',
        'new Agent({ provider }) needs a provider: LLMHelper.provider(...) or any object with chat().',
      );
    const helper = options.helper as unknown;
    if (!safely(() => !!helper && typeof (helper as PageTools).execute === 'function', false))
      throw new LLMHelperError(
        'bad_argument',
        'new Agent({ helper }) needs the LLMHelper whose tools it uses.',
      );
    this.lang = pickLanguage(options.language);
    this.maxSteps = options.maxSteps ?? 40;
    const name = safely(() => String((provider as Provider).name ?? ''), '');
    this.historyTokens =
      options.historyTokens ?? (/^(ollama|lmstudio|vllm|llamacpp|chrome)/.test(name) ? 2000 : 3000);
  }

  /** The conversation's ceiling (AgentOptions.historyTokens). */
  private readonly historyTokens: number;

  /** Every event leaves scrubbed of secrets, like everything else the SDK hands out. */
  override emit<T extends keyof AgentEvents>(
    event: T,
    ...args: EventEmitter.ArgumentMap<AgentEvents>[Extract<T, keyof AgentEvents>]
  ): boolean {
    const scrubbed = args.map((a: unknown) => scrub(a)) as typeof args;
    return super.emit(event, ...scrubbed);
  }

  /** Stops the run: aborts the request in flight; no action starts after this. */
  stop(): void {
    this.stopped = true;
    this.controller?.abort();
    this.unpause?.();
  }

  /**
   * Pauses the run so the person can take over: a model request in flight is dropped (its calls never
   * run), an action already running finishes, and nothing more happens until continue() or stop().
   */
  pause(): void {
    if (this.pausing) return;
    this.pausing = true;
    this.controller?.abort();
  }

  /**
   * Goes on after pause(): the model is told the person changed the page and gets a fresh observation,
   * with what the person says about it (`note`), if anything.
   */
  continue(note?: string): void {
    if (!this.pausing) return;
    this.pausing = false;
    this.handBack = typeof note === 'string' ? note.trim() : '';
    this.unpause?.();
  }

  /** Whether the run is paused (or will pause once the running action finishes). */
  get paused(): boolean {
    return this.pausing;
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
    let raw: string | null = null;
    let lost = false;
    try {
      raw = sessionStorage.getItem(REPLAY_KEY);
      lost = sessionStorage.getItem(REPLAY_LOST_KEY) !== null;
      sessionStorage.removeItem(REPLAY_KEY);
      sessionStorage.removeItem(REPLAY_LOST_KEY);
    } catch {
      return null;
    }
    const agent = new Agent(options);
    if (lost && raw === null)
      return {
        agent,
        result: Promise.resolve({
          status: 'diverged',
          calls: 0,
          reason:
            "The replay could not be carried to this page: the tab's storage (sessionStorage) was full. Start it again from here.",
        }),
      };
    let saved: SavedReplay | null = null;
    try {
      saved = raw === null ? null : parseSaved(savedReplaySchema, JSON.parse(raw));
    } catch {
      /* not JSON: not the agent's */
    }
    if (!saved) return null;
    return { agent, result: agent.replayFrom(saved.transcript, { step: saved.step, calls: saved.calls }) };
  }

  private async replayFrom(
    transcript: Transcript,
    after?: { step: number; calls: number },
  ): Promise<ReplayResult> {
    return this.alone('replay', () => this.replayOn(transcript, after));
  }

  /** One task at a time: runs and replays share one conversation. */
  private async alone<T>(call: string, work: () => Promise<T>): Promise<T> {
    if (this.busy)
      throw new LLMHelperError(
        'bad_argument',
        `agent.${call}(): this agent is running a task already (one at a time: they share one conversation). Wait for its result, or stop() it first.`,
      );
    this.busy = true;
    try {
      return await work();
    } finally {
      this.busy = false;
    }
  }

  private async replayOn(
    transcript: Transcript,
    after?: { step: number; calls: number },
  ): Promise<ReplayResult> {
    const { specs, risks } = await this.tools('act');
    const offered = new Set([...specs.map((t) => t.name), ...risks.keys()]);
    this.stopped = false;
    let at = after ?? { step: 0, calls: 0 };
    // On a page load mid-replay, the transcript and where it was are kept for the next page.
    const save = () => {
      try {
        sessionStorage.setItem(
          REPLAY_KEY,
          JSON.stringify({ version: 1, transcript: scrub(transcript), ...at }),
        );
      } catch {
        try {
          sessionStorage.removeItem(REPLAY_KEY);
          sessionStorage.setItem(REPLAY_LOST_KEY, '1');
        } catch {
          /* storage blocked: the replay ends with the page */
        }
      }
    };
    const hidden = typeof window !== 'undefined' && !this.options.survivesNavigation;
    if (hidden) window.addEventListener('pagehide', save);
    try {
      return await replay(
        this.options.helper,
        transcript,
        {
          tools: this.toolsOptions,
          permit: async (name, args) =>
            offered.has(name) ? this.permit(name, args, risks) : `${name} is not among this agent's tools`,
          at: (step, calls) => (at = { step, calls }),
          leaving: async () => {
            if (this.options.survivesNavigation) return;
            save();
            await new Promise((r) => setTimeout(r, 5000));
            try {
              sessionStorage.removeItem(REPLAY_KEY);
              sessionStorage.removeItem(REPLAY_LOST_KEY);
            } catch {
              /* nothing saved */
            }
          },
        },
        after,
      );
    } finally {
      if (hidden) window.removeEventListener('pagehide', save);
    }
  }

  /** Forgets the conversation, so the next run starts fresh. */
  reset(): void {
    this.messages = [];
  }

  /** The conversation so far, serialisable (JSON), to continue it elsewhere with Agent.fromState. */
  state(): { version: 1; messages: Message[]; marker: string } {
    return { version: 1, messages: scrub(withoutImages(this.messages)), marker: this.marker };
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

  private toolsOptions: ToolsOptions = {};

  private async tools(mode: 'act' | 'ask'): Promise<{ specs: ToolSpec[]; risks: Map<string, string> }> {
    const h = this.options.helper;
    const preset = mode === 'ask' ? 'read' : (this.options.preset ?? 'standard');
    this.toolsOptions = {
      prefix: '',
      loopTools: true,
      ...(this.options.tools && mode === 'act' ? { only: this.options.tools } : { preset }),
    };
    const risks = risksOf((await h.tools({ ...this.toolsOptions, format: 'mcp', detail: 'full' })).tools, '');
    const specs: ToolSpec[] = (await h.tools({ ...this.toolsOptions, format: 'mcp' })).tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: t.inputSchema,
    }));
    // Always offered: without an ask callback, a question ends the run with needs_input.
    specs.push(ASK_USER);
    return { specs, risks };
  }

  /** Runs a task (a follow-up continues the same conversation). Never rejects: failures end as status 'error'. */
  async run(task: string, opts: { mode?: 'act' | 'ask' } = {}): Promise<RunResult> {
    if (typeof task !== 'string' || !task.trim())
      throw new LLMHelperError('bad_argument', `agent.run(task) needs the task as text; got ${shown(task)}.`);
    const o = readOptions('agent.run(task, { mode })', opts);
    checkOptions('agent.run(task, { mode })', o, { mode: ['act', 'ask'] });
    return this.drive(task, (o.mode as 'act' | 'ask' | undefined) ?? 'act', 0);
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

  /** The run so far that a resumed run starts from (its steps, usage, first observation), once. */
  private carried: { steps: Step[]; usage: Usage; observation: string; startedAt: number } | null = null;

  /**
   * Saves the run for the next page: whole; when the tab's storage is full, with old results shortened
   * and each recorded result cut to its first line; when even that does not fit, only its task, so that
   * the next page says the run was lost instead of showing nothing.
   */
  private save(
    task: string,
    mode: 'act' | 'ask',
    step: number,
    progress: { steps: Step[]; usage: Usage; observation: string; startedAt: number },
  ): void {
    const base = {
      version: 1 as const,
      task,
      origin: location.origin,
      mode,
      step,
      marker: this.marker,
      ...(this.pausing ? { paused: true } : {}),
    };
    const whole: SavedRun = { ...base, messages: scrub(withoutImages(this.messages)), ...scrub(progress) };
    const short: SavedRun = {
      ...base,
      messages: scrub(withoutImages(this.compact())),
      ...scrub({
        ...progress,
        steps: progress.steps.map((s) => ({
          ...s,
          calls: s.calls.map((c) => ({ ...c, result: firstLine(c.result) })),
        })),
      }),
    };
    for (const run of [whole, short])
      try {
        sessionStorage.setItem(RUN_KEY, JSON.stringify(run));
        return;
      } catch {
        /* full (or blocked): try smaller */
      }
    try {
      sessionStorage.removeItem(RUN_KEY);
      sessionStorage.setItem(LOST_KEY, task.slice(0, 500));
    } catch {
      /* storage blocked: the run ends with the page */
    }
  }

  /** Whether a run (or a replay) is in progress: one at a time per agent, as they share one conversation. */
  private busy = false;

  /** The page summary, the page's index prepared first in slices (never one long task on a big page). */
  private async pageSummary(): Promise<string> {
    await Promise.resolve(this.options.helper.prepare?.()).catch(() => undefined);
    return this.options.helper.summary();
  }

  private async drive(task: string, mode: 'act' | 'ask', resumedAt: number): Promise<RunResult> {
    return this.alone('run', () =>
      this.loop(task, mode, resumedAt).catch((e: unknown) => {
        // A page reached by messages may not answer (a tab closed, or one the extension may not read).
        this.emit('error', e);
        const result = failedRun(e instanceof Error ? e.message : String(e));
        this.emit('done', result);
        return result;
      }),
    );
  }

  private async loop(task: string, mode: 'act' | 'ask', resumedAt: number): Promise<RunResult> {
    // A resumed run goes on from the run so far: its result is the whole run's.
    const carried = this.carried;
    this.carried = null;
    const t0 = carried?.startedAt ?? Date.now();
    const P = PROMPTS[this.lang];
    const { specs, risks } = await this.tools(mode);
    const system = P.system({ instructions: this.options.instructions });
    const steps: Step[] = carried?.steps ?? [];
    const usage: Usage = carried?.usage ?? { inputTokens: 0, outputTokens: 0 };
    const flagged: RunResult['flagged'] = [];
    const seen = new Map<string, number>();
    let unchanged = 0;
    // Where the page's log stood when the run began: errors after it are this run's to mention.
    const logFrom = (await this.options.helper.console()).at(-1)?.n ?? 0;
    this.stopped = false;
    this.lastFlag = null;
    let n = resumedAt;
    // On a full page load mid-run, the conversation is saved so the next page can go on.
    const progress = () => ({ steps, usage, observation: firstObservation, startedAt: t0 });
    const onHide = () => this.save(task, mode, n, progress());
    const saving = typeof window !== 'undefined' && !this.options.survivesNavigation;
    if (saving) window.addEventListener('pagehide', onHide);
    let firstObservation = '';
    const end = (status: RunStatus, answer: string, error?: string): RunResult => {
      if (saving) window.removeEventListener('pagehide', onHide);
      const result: RunResult = {
        status,
        answer,
        steps,
        usage,
        durationMs: Date.now() - t0,
        flagged,
        observation: firstObservation,
        ...(error ? { error } : {}),
      };
      this.emit('done', result);
      return result;
    };
    const observe = (text: string, step: number): string => {
      // Each instructing text once per run, though the page shows it at every look.
      for (const flag of injectionsIn(text))
        if (!flagged.some((f) => f.text === flag)) {
          flagged.push({ step, text: flag });
          this.lastFlag = flag;
          this.emit('flagged', { step, text: flag });
        }
      return spotlight(text, this.marker);
    };
    this.emit('start', { task, resumed: resumedAt > 0 });
    const pageNow = await this.pageSummary();
    firstObservation = carried?.observation || pageNow;
    const observation = observe(pageNow, resumedAt);
    // On a page this run came to by a page load, the first step records what it was shown.
    let arrived = resumedAt ? pageNow : '';
    const url = resumedAt ? await pageUrl(this.options.helper) : '';
    this.messages.push({
      role: 'user',
      content: !resumedAt
        ? P.task(task, observation, this.marker)
        : carried
          ? // Resumed from storage: the task, and the steps so far as data in this run's delimiter.
            P.resumed(task, spotlight(stepRecord(carried.steps), this.marker), url, observation, this.marker)
          : P.navigated(url, observation, this.marker),
    });

    for (n = resumedAt + 1; ; n++) {
      if (this.pausing && !this.stopped) {
        this.emit('paused');
        await new Promise<void>((r) => (this.unpause = r));
        this.unpause = null;
        if (this.stopped) return end('stopped', '');
        this.emit('continued');
        unchanged = 0;
        this.note(P.userChanged(observe(await this.pageSummary(), n), this.handBack));
      }
      if (this.stopped) return end('stopped', '');
      if (n > this.maxSteps) return end('max_steps', '');
      const left = this.maxSteps - n + 1;
      if (NUDGES.includes(left)) this.note(P.stepsLeft(left));
      const stepStart = Date.now();
      let reply: ChatResult;
      this.controller = new AbortController();
      // Under its ceiling: older turns folded into a record (follow-up tasks and saved runs carry that).
      this.messages = fold(this.messages, this.historyTokens, this.marker, task, this.lang);
      try {
        reply = await this.options.provider.chat({
          system,
          messages: this.compact().map(sendable),
          tools: specs,
          cacheKey: this.cacheKey,
          signal: this.controller.signal,
          onEvent: (e) => {
            if (e.type === 'text-delta') this.emit('text', e.text);
          },
        });
      } catch (e) {
        if (this.stopped) return end('stopped', '');
        // Dropped by pause(): the same step is asked again after continue().
        if (this.pausing) {
          n--;
          continue;
        }
        const message = e instanceof Error ? e.message : String(e);
        this.emit('error', e);
        // The model's safety filter refusing the task ends the run as refused, not as a failure.
        return end(e instanceof ProviderError && e.kind === 'blocked' ? 'refused' : 'error', '', message);
      } finally {
        this.controller = null;
      }
      usage.inputTokens += reply.usage.inputTokens;
      usage.outputTokens += reply.usage.outputTokens;
      if (reply.usage.cachedInputTokens !== undefined)
        usage.cachedInputTokens = (usage.cachedInputTokens ?? 0) + reply.usage.cachedInputTokens;
      const step: Step = {
        text: reply.text,
        calls: [],
        usage: reply.usage,
        ms: 0,
        ...(arrived ? { observation: arrived } : {}),
      };
      arrived = '';
      steps.push(step);
      this.messages.push({
        role: 'assistant',
        text: reply.text || undefined,
        toolCalls: reply.toolCalls.length ? reply.toolCalls : undefined,
        ...(reply.reasoning && reply.toolCalls.length ? { reasoning: reply.reasoning } : {}),
      });
      if (this.options.maxInputTokens && reply.usage.inputTokens > this.options.maxInputTokens) {
        this.finishStep(step, stepStart);
        return end('error', '', `The conversation passed maxInputTokens (${this.options.maxInputTokens}).`);
      }
      if (!reply.toolCalls.length) {
        this.finishStep(step, stepStart);
        return end('done', reply.text);
      }
      const results: ToolResultMessage[] = [];
      let leaving = false;
      let finished: { status: RunStatus; answer: string } | null = null;
      for (const call of reply.toolCalls) {
        if (finished || this.stopped || this.pausing) {
          results.push({
            callId: call.id,
            name: call.name,
            content:
              this.pausing && !finished ? 'Not run: the person paused the run.' : 'Not run: the run ended.',
            isError: true,
          });
          continue;
        }
        const outcome = await this.call(call, risks, n, observe);
        step.calls.push(outcome.record);
        results.push({
          callId: call.id,
          name: call.name,
          content: outcome.content,
          isError: !outcome.record.ok,
          ...(outcome.images ? { images: outcome.images } : {}),
        });
        if (outcome.end) finished = outcome.end;
        if (outcome.unloading) leaving = true;
        if (outcome.changed === false) unchanged++;
        else if (outcome.changed) unchanged = 0;
        const key = `${call.name} ${JSON.stringify(call.args)} → ${outcome.content}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      this.messages.push({ role: 'tool', results });
      this.finishStep(step, stepStart);
      if (finished) return end(finished.status, finished.answer);
      if (leaving && !this.stopped && this.options.survivesNavigation) {
        // The agent outlives the page: the next step is shown the page that loaded.
        const now = await this.pageSummary();
        arrived = now;
        this.note(P.navigated(await pageUrl(this.options.helper), observe(now, n), this.marker));
      } else if (leaving && !this.stopped) {
        // The page is unloading: save now and send nothing from this page; the next page goes on
        // (Agent.resume). If it is still here after a few seconds, the navigation did not happen.
        this.save(task, mode, n, progress());
        await new Promise((r) => setTimeout(r, 5000));
        try {
          sessionStorage.removeItem(RUN_KEY);
          sessionStorage.removeItem(LOST_KEY);
        } catch {
          /* nothing saved */
        }
      }
      if (this.stopped) return end('stopped', '');
      const worst = [...seen.entries()].sort((a, b) => b[1] - a[1])[0];
      if (worst && worst[1] >= REPEAT_STOP)
        return end(
          'loop',
          '',
          `Stopped: ${worst[0].split(' → ')[0]} repeated ${worst[1]} times with the same result.`,
        );
      if (worst && worst[1] >= REPEAT_NUDGE) this.note(P.repeating(worst[0].split(' → ')[0]!));
      else if (unchanged >= UNCHANGED_NUDGE) {
        const errors = (await this.options.helper.console({ since: logFrom, level: 'error' })).length;
        this.note(errors ? `${P.unchanged} ${P.logged(errors)}` : P.unchanged);
        unchanged = 0;
      }
    }
  }

  private finishStep(step: Step, start: number): void {
    step.ms = Date.now() - start;
    this.emit('step', step);
  }

  /** A note for the model, after the last message (its own user turn). */
  private note(text: string): void {
    this.messages.push({ role: 'user', content: text });
  }

  /** The conversation with older tool results shrunk to one line, the last few kept whole. */
  private compact(): Message[] {
    const toolTurns = this.messages.map((m, i) => (m.role === 'tool' ? i : -1)).filter((i) => i >= 0);
    // The line moves KEEP_WHOLE turns at a time, not every step: between moves the conversation's start
    // stays the same bytes, which is what a provider's prompt cache can reuse.
    const shrunk = Math.floor(Math.max(0, toolTurns.length - KEEP_WHOLE) / KEEP_WHOLE) * KEEP_WHOLE;
    const keepFrom = shrunk > 0 ? toolTurns[shrunk]! : -1;
    const open = `<${this.marker}>\n`;
    const shrink = (c: string) =>
      c.startsWith(open) ? spotlight(firstLine(c.slice(open.length)), this.marker) : firstLine(c);
    // A picture is sent once, with the turn that took it: later requests carry its text only.
    const lastTool = toolTurns[toolTurns.length - 1] ?? -1;
    return this.messages.map((m, i) =>
      m.role === 'tool' && i < keepFrom
        ? { role: 'tool', results: m.results.map((r) => ({ ...textOnly(r), content: shrink(r.content) })) }
        : m.role === 'tool' && i < lastTool
          ? withoutImages([m])[0]!
          : m,
    );
  }

  /**
   * The integrator's rules, the call's risk and the person's confirmation: why the call may not run, or
   * null when it may. Every call goes through here, a run's and a replay's alike.
   */
  private async permit(
    name: string,
    args: Record<string, unknown>,
    risks: Map<string, string>,
  ): Promise<string | null> {
    const site = await this.options.helper.siteRule?.(name, risks.get(name) ?? 'write');
    if (site?.verdict === 'deny') return site.reason;
    let risk = await classify(this.options.helper, name, args, risks.get(name), this.lang);
    const rule = ruling(this.options, name, args, risk.origin);
    if (rule?.verdict === 'deny') return rule.reason;
    if (site && !risk.risky) risk = { ...risk, risky: true, reason: site.reason };
    if (!risk.risky || (rule?.verdict === 'allow' && !site)) return null;
    const pending: PendingCall = { name, args, risk, ...(this.lastFlag ? { flagged: this.lastFlag } : {}) };
    this.emit('confirm', pending);
    const P = PROMPTS[this.lang];
    if (!this.options.confirm) return P.noConfirm(risk.reason);
    const approved = await this.options.confirm(pending);
    if (this.stopped) return P.runStopped;
    return approved ? null : P.personRefused(risk.reason);
  }

  /** One tool call: rules, risk and confirmation, then the tool; its result as the model will read it. */
  private async call(
    call: ToolCall,
    risks: Map<string, string>,
    step: number,
    observe: (text: string, step: number) => string,
  ): Promise<{
    content: string;
    record: Step['calls'][number];
    end?: { status: RunStatus; answer: string };
    changed?: boolean;
    unloading?: boolean;
    images?: ToolResultMessage['images'];
  }> {
    const P = PROMPTS[this.lang];
    const args = (call.args && typeof call.args === 'object' ? call.args : {}) as Record<string, unknown>;
    const record = { name: call.name, args: call.args, ok: false, result: '' };
    const refuse = (reason: string, status?: RunStatus) => {
      const content = P.refused(reason);
      this.emit('tool:result', { call, ok: false, text: content });
      return {
        content,
        record: { ...record, result: content, refused: reason },
        ...(status ? { end: { status, answer: reason } } : {}),
      };
    };
    if (call.name === 'ask_user') {
      const question = typeof args.question === 'string' ? args.question : '';
      this.emit('ask', question);
      if (!this.options.ask) return { content: '', record, end: { status: 'needs_input', answer: question } };
      const answer = String(await this.options.ask(question));
      return { content: `The person answered: ${answer}`, record: { ...record, ok: true, result: answer } };
    }
    let r: Awaited<ReturnType<PageTools['execute']>>;
    try {
      const refused = await this.permit(call.name, args, risks);
      if (refused) return refuse(refused);
      this.emit('tool:call', { name: call.name, args });
      r = await this.options.helper.execute({ name: call.name, arguments: args }, this.toolsOptions);
    } catch (e) {
      // The page did not answer (its tab closed, or the extension may not read it): the model hears why.
      r = { ok: false, text: e instanceof Error ? e.message : String(e), message: { content: [] } };
    }
    this.emit('tool:result', { call, ok: r.ok, text: r.text });
    const done = call.name === 'done' && r.ok;
    const data = r.data as { nothingChanged?: boolean; unloading?: boolean } | undefined;
    return {
      content: observe(r.text, step),
      record: { ...record, ok: r.ok, result: r.text },
      ...(done ? { end: { status: 'done' as const, answer: String(args.answer ?? '') } } : {}),
      changed: risks.get(call.name) === 'read' ? undefined : !(data?.nothingChanged ?? false),
      ...(data?.unloading ? { unloading: true } : {}),
      ...(r.images?.length ? { images: r.images } : {}),
    };
  }
}

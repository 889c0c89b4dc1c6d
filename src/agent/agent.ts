/**
 * The agent loop in the page: observe (summary, then each tool's result and change report), ask the
 * model, run its calls through the same tools as everyone else, and stop when it is done, stopped,
 * out of steps, looping, refused, or needs the person. Every request body is scrubbed of secrets by the
 * SDK's one scrubbing pass first.
 */
import { EventEmitter } from 'eventemitter3';
import { scrub } from '../page/perceive/redact';
import { LLMHelperError, checkOptions, readOptions, safely, shown } from '../errors';
import { ProviderError } from '../llm/errors';
import type { ToolsOptions } from '../tools/toolkit';
import type { ChatResult, Message, ToolCall, ToolResultMessage, Usage } from '../llm/types';
import { fold } from './fold';
import { checkAgentOptions } from './options';
import { offered } from './offer';
import { compact, sendable, withoutImages } from './history';
import { pageUrl, readsOf, type PageTools } from './page-tools';
import { PROMPTS, injectionsIn, newMarker, pickLanguage, spotlight, type Language } from './prompt';
import { failedRun, type CallOutcome } from './result';
import { classify, ruling } from './safety';
import { replay, type ReplayResult, type Transcript } from './replay';
import { parseSaved, rewrap, stateSchema, transcriptSchema } from './saved';
import {
  discardSavedReplay,
  discardSavedRun,
  lostRun,
  readSavedRun,
  saveReplay,
  saveRun,
  stepRecord,
  takeSavedReplay,
  type Progress,
} from './saved-run';
import type { AgentEvents, AgentOptions, PendingCall, RunResult, RunStatus, Step } from './types';
import { REPEAT_STOP, nudgeAt, watchLoops } from './watch';

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
    this.options = options = checkAgentOptions(options);
    this.lang = pickLanguage(options.language);
    this.maxSteps = options.maxSteps ?? 40;
    const name = safely(() => String(options.provider.name ?? ''), '');
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
    const saved = takeSavedReplay();
    if (!saved) return null;
    const agent = new Agent(options);
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
    const { specs, risks, options } = await offered(this.options, 'act');
    this.toolsOptions = options;
    const names = new Set([...specs.map((t) => t.name), ...risks.keys()]);
    this.stopped = false;
    let at = after ?? { step: 0, calls: 0 };
    // On a page load mid-replay, the transcript and where it was are kept for the next page.
    const save = () => saveReplay(transcript, at);
    const hidden = typeof window !== 'undefined' && !this.options.survivesNavigation;
    if (hidden) window.addEventListener('pagehide', save);
    try {
      return await replay(
        this.options.helper,
        transcript,
        {
          tools: this.toolsOptions,
          permit: async (name, args) =>
            names.has(name) ? this.permit(name, args, risks) : `${name} is not among this agent's tools`,
          at: (step, calls) => (at = { step, calls }),
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
  private carried: Progress | null = null;

  /** Whether a run (or a replay) is in progress: one at a time per agent, as they share one conversation. */
  private busy = false;

  /** The page summary, the page's index prepared first in slices (never one long task on a big page). */
  private async pageSummary(): Promise<string> {
    await Promise.resolve(this.options.helper.prepare?.()).catch(() => undefined);
    return readsOf(this.options.helper).summary();
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
    const { specs, risks, options } = await offered(this.options, mode);
    this.toolsOptions = options;
    const system = P.system({ instructions: this.options.instructions });
    const steps: Step[] = carried?.steps ?? [];
    const usage: Usage = carried?.usage ?? { inputTokens: 0, outputTokens: 0 };
    const flagged: RunResult['flagged'] = [];
    const watch = watchLoops();
    // Where the page's log stood when the run began: errors after it are this run's to mention.
    const logFrom = (await this.options.helper.console()).at(-1)?.n ?? 0;
    this.stopped = false;
    this.lastFlag = null;
    let n = resumedAt;
    // On a full page load mid-run, the conversation is saved so the next page can go on.
    const progress = () => ({ steps, usage, observation: firstObservation, startedAt: t0 });
    const onHide = () => saveRun(task, mode, n, this.marker, this.pausing, this.messages, progress());
    const saving = typeof window !== 'undefined' && !this.options.survivesNavigation;
    if (saving) window.addEventListener('pagehide', onHide);
    let firstObservation = '';
    const downloads: NonNullable<RunResult['downloads']> = [];
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
        ...(downloads.length ? { downloads } : {}),
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
        watch.restart();
        this.note(P.userChanged(observe(await this.pageSummary(), n), this.handBack));
      }
      if (this.stopped) return end('stopped', '');
      if (n > this.maxSteps) return end('max_steps', '');
      const left = this.maxSteps - n + 1;
      if (nudgeAt(left)) this.note(P.stepsLeft(left));
      const stepStart = Date.now();
      let reply: ChatResult;
      this.controller = new AbortController();
      // Under its ceiling: older turns folded into a record (follow-up tasks and saved runs carry that).
      this.messages = fold(this.messages, this.historyTokens, this.marker, task, this.lang);
      try {
        reply = await this.options.provider.chat({
          system,
          messages: compact(this.messages, this.marker).map(sendable),
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
        for (const d of outcome.downloads ?? []) downloads.push({ ...d, step: n });
        watch.saw(call.name, call.args, outcome.content, outcome.changed);
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
        onHide();
        await new Promise((r) => setTimeout(r, 5000));
        discardSavedRun();
      }
      if (this.stopped) return end('stopped', '');
      const verdict = watch.verdict();
      if (verdict === 'unchanged') {
        const errors = (await this.options.helper.console({ since: logFrom, level: 'error' })).length;
        this.note(errors ? `${P.unchanged} ${P.logged(errors)}` : P.unchanged);
      } else if (verdict) {
        const [call, times] = verdict;
        if (times >= REPEAT_STOP)
          return end('loop', '', `Stopped: ${call} repeated ${times} times with the same result.`);
        this.note(P.repeating(call));
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
  ): Promise<CallOutcome> {
    const P = PROMPTS[this.lang];
    const args = (call.args && typeof call.args === 'object' ? call.args : {}) as Record<string, unknown>;
    const record = { name: call.name, args: call.args, ok: false, result: '' };
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
      if (refused) {
        const content = P.refused(refused);
        this.emit('tool:result', { call, ok: false, text: content });
        return { content, record: { ...record, result: content, refused } };
      }
      this.emit('tool:call', { name: call.name, args });
      r = await this.options.helper.execute({ name: call.name, arguments: args }, this.toolsOptions);
    } catch (e) {
      // The page did not answer (its tab closed, or the extension may not read it): the model hears why.
      r = { ok: false, text: e instanceof Error ? e.message : String(e), message: { content: [] } };
    }
    this.emit('tool:result', { call, ok: r.ok, text: r.text });
    const data = r.data as
      | {
          nothingChanged?: boolean;
          unloading?: boolean;
          elsewhere?: { downloads?: { file: string; url: string }[] };
        }
      | undefined;
    const downloads = data?.elsewhere?.downloads;
    return {
      content: observe(r.text, step),
      record: { ...record, ok: r.ok, result: r.text },
      ...(call.name === 'done' && r.ok
        ? { end: { status: 'done' as const, answer: String(args.answer ?? '') } }
        : {}),
      changed: risks.get(call.name) === 'read' ? undefined : !(data?.nothingChanged ?? false),
      ...(data?.unloading ? { unloading: true } : {}),
      ...(downloads?.length ? { downloads } : {}),
      ...(r.images?.length ? { images: r.images } : {}),
    };
  }
}

/**
 * The agent loop (Agent, in agent.ts, adds replays, saved tasks and resuming on top): observe (summary, then each tool's result and change report), ask the
 * model, run its calls through the same tools as everyone else, and stop when it is done, stopped,
 * out of steps, looping, refused, or needs the person. Every request body is scrubbed of secrets by the
 * SDK's one scrubbing pass first.
 */
import { EventEmitter } from 'eventemitter3';
import { scrub } from '../page/perceive/redact';
import { LLMHelperError, checkOptions, readOptions, safely, shown } from '../errors';
import { ProviderError } from '../llm/errors';
import type { AnyTool } from '../tools/define';
import type { ToolsOptions } from '../tools/toolkit';
import type { ChatResult, Message, ToolCall, ToolResultMessage, Usage } from '../llm/types';
import { fold } from './fold';
import { checkAgentOptions } from './options';
import { offered } from './offer';
import { compact, sendable, withoutImages } from './history';
import { pageUrl, readsOf, type PageTools } from './page-tools';
import { PROMPTS, injectionsIn, newMarker, pickLanguage, spotlight, type Language } from './prompt';
import { costOf, failedRun, type CallOutcome } from './result';
import { classify, ruling } from './safety';
import { discardSavedRun, saveRun, stepRecord, type Progress } from './saved-run';
import type { AgentEvents, AgentOptions, PendingCall, RunResult, RunStatus, Step } from './types';
import { REPEAT_STOP, nudgeAt, watchLoops } from './watch';

/** The loop and what it shares with the Agent's other ways to run (agent.ts): one task at a time. */
export class AgentLoop extends EventEmitter<AgentEvents> {
  protected messages: Message[] = [];
  private controller: AbortController | null = null;
  protected stopped = false;
  protected pausing = false;
  private unpause: (() => void) | null = null;
  private handBack = '';
  /** The latest page text of this run that tried to instruct the model, for the person's card. */
  protected lastFlag: string | null = null;
  protected marker = newMarker();
  /** OpenAI's prompt_cache_key: one per agent, so its requests reach the machine that holds its prefix. */
  private readonly cacheKey = `llm-helper-${newMarker().slice(10)}`;
  protected readonly lang: Language;
  private readonly maxSteps: number;

  protected readonly options: AgentOptions;

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

  /** One task at a time: runs and replays share one conversation. */
  protected async alone<T>(call: string, work: () => Promise<T>): Promise<T> {
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

  /** Forgets the conversation, so the next run starts fresh. */
  reset(): void {
    this.messages = [];
  }

  /** The conversation so far, serialisable (JSON), to continue it elsewhere with Agent.fromState. */
  state(): { version: 1; messages: Message[]; marker: string } {
    return { version: 1, messages: scrub(withoutImages(this.messages)), marker: this.marker };
  }

  protected toolsOptions: ToolsOptions = {};

  /** The run's saved tasks as tools (offer.ts), which run here, not in the helper's toolkit. */
  private own: Awaited<ReturnType<typeof offered>>['own'] = null;

  /** The agent's saved tasks as tools (AgentOptions.tasks); the Agent makes them (agent.ts). */
  protected taskTools(): AnyTool[] {
    return [];
  }

  /** Runs a task (a follow-up continues the same conversation). Never rejects: failures end as status 'error'. */
  async run(task: string, opts: { mode?: 'act' | 'ask' } = {}): Promise<RunResult> {
    if (typeof task !== 'string' || !task.trim())
      throw new LLMHelperError('bad_argument', `agent.run(task) needs the task as text; got ${shown(task)}.`);
    const o = readOptions('agent.run(task, { mode })', opts);
    checkOptions('agent.run(task, { mode })', o, { mode: ['act', 'ask'] });
    return this.drive(task, (o.mode as 'act' | 'ask' | undefined) ?? 'act', 0);
  }

  /** Where a saved task's replay handed over to the model (the run's result says so). */
  protected healing: { hint: string; replay: NonNullable<RunResult['replay']> } | null = null;

  /** The run so far that a resumed run starts from (its steps, usage, first observation), once. */
  protected carried: Progress | null = null;

  /** Whether a run (or a replay) is in progress: one at a time per agent, as they share one conversation. */
  private busy = false;

  /** The page summary, the page's index prepared first in slices (never one long task on a big page). */
  protected async pageSummary(): Promise<string> {
    await Promise.resolve(this.options.helper.prepare?.()).catch(() => undefined);
    return readsOf(this.options.helper).summary();
  }

  protected async drive(task: string, mode: 'act' | 'ask', resumedAt: number): Promise<RunResult> {
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

  protected async loop(task: string, mode: 'act' | 'ask', resumedAt: number): Promise<RunResult> {
    // A resumed run goes on from the run so far: its result is the whole run's.
    const carried = this.carried;
    this.carried = null;
    const healing = this.healing;
    this.healing = null;
    const t0 = carried?.startedAt ?? Date.now();
    const P = PROMPTS[this.lang];
    const { specs, risks, options, own } = await offered(this.options, mode, this.taskTools());
    this.toolsOptions = options;
    this.own = own;
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
    // A provider's session that lives across the run's requests ends with the run.
    const running = new AbortController();
    const end = (status: RunStatus, answer: string, error?: string): RunResult => {
      running.abort();
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
        ...(this.options.price ? { cost: costOf(usage, this.options.price) } : {}),
        ...(healing ? { replay: { ...healing.replay, healed: status === 'done' } } : {}),
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
        ? P.task(task, observation, this.marker) + (healing ? `\n\n${healing.hint}` : '')
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
          runSignal: running.signal,
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
      if (reply.usage.onDevice) usage.onDevice = true;
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
  protected async permit(
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
      const own = this.own?.names.has(call.name) ? this.own : null;
      r = own
        ? await own.kit.execute({ name: call.name, arguments: args }, own.options)
        : await this.options.helper.execute({ name: call.name, arguments: args }, this.toolsOptions);
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

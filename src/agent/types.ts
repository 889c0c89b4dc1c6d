/**
 * The agent's types: what a run is given (AgentOptions), what it tells its listeners (AgentEvents), what
 * it records (Step) and what it ends with (RunResult). Here, below the loop, so that the parts the loop
 * calls (replay, saved runs) read them without importing the loop.
 */
import type { Provider, ToolCall, Usage } from '../llm/types';
import type { Preset } from '../tools/define';
import type { PageTools } from './page-tools';
import type { Language } from './prompt';
import type { Risk, Rules } from './safety';
import type { SavedTask } from './saved-task';

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
  /**
   * Saved tasks (Agent.savedTask) the model may call, each as one tool: its fields are the tool's
   * arguments, and a call replays the task with no model, each risky step through `confirm`. A task
   * with a secret field cannot be offered (its value would come from the model).
   */
  tasks?: SavedTask[];
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
  /**
   * The model's price, in US dollars per million tokens (input, output, cached input): each run's
   * result then says what its tokens cost (RunResult.cost).
   */
  price?: Price;
}

/** A model's price in US dollars per million tokens; cachedInput defaults to input. */
export interface Price {
  input: number;
  output: number;
  cachedInput?: number;
}

export interface Step {
  text: string;
  calls: { name: string; args: unknown; ok: boolean; result: string; refused?: string }[];
  usage: Usage;
  ms: number;
  /** The page summary the model was shown when this step began on a newly loaded page (a replay maps IDs through it). */
  observation?: string;
  /** Replayed from a saved task, with no model (it cost nothing); otherwise the model chose it. */
  replayed?: true;
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
  /** Files the run's actions downloaded (this page stayed), with the step that started each. */
  downloads?: { file: string; url: string; step: number }[];
  /** What the tokens cost, in US dollars, at AgentOptions.price (absent when no price is known). */
  cost?: number;
  /** A saved task's run (agent.rerun): calls replayed with no model, and where the recording no longer fit. */
  replay?: { calls: number; diverged?: { step: number; reason: string }; healed?: boolean };
  error?: string;
}

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

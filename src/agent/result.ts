/**
 * What runs end with: a tool call's outcome as the loop uses it (what the model reads, the step's record,
 * whether the run ends, whether the page changed), and a run that failed before its first step.
 */
import type { ToolResultMessage } from '../llm/types';
import type { Usage } from '../llm/types';
import type { Price, RunResult, RunStatus, Step } from './types';

/** One tool call, done: what the model reads, what the step records, and what it means for the run. */
export interface CallOutcome {
  content: string;
  record: Step['calls'][number];
  end?: { status: RunStatus; answer: string };
  /** Whether the page changed (undefined: the tool only reads). */
  changed?: boolean;
  unloading?: boolean;
  /** Files the call downloaded: the browser saved them, this page stayed. */
  downloads?: { file: string; url: string }[];
  images?: ToolResultMessage['images'];
}

/** A run that ended before its first step, with what went wrong. */
export const failedRun = (error: string): RunResult => ({
  status: 'error',
  answer: '',
  steps: [],
  usage: { inputTokens: 0, outputTokens: 0 },
  durationMs: 0,
  flagged: [],
  observation: '',
  error,
});

/** What `usage` cost at `price` (US dollars), or undefined without a price. */
export function costOf(usage: Usage, price: Price | undefined): number | undefined {
  if (!price) return undefined;
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  const dollars =
    (usage.inputTokens - cached) * price.input +
    cached * (price.cachedInput ?? price.input) +
    usage.outputTokens * price.output;
  return dollars / 1e6;
}

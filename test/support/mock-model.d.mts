export const MOCK_LABEL: string;
export const MOCK_MODEL: string;
export interface ScriptedReply {
  text?: string;
  toolCalls?: { name: string; args?: unknown; id?: string }[];
  usage?: { input: number; output: number; cached?: number };
  finish?: 'stop' | 'tool' | 'length' | 'filter';
  when?: { lastToolResult?: string };
  /** Chat Completions streaming as some servers do it: 'ollama' (every call index 0, each whole), 'none' (no index). */
  callIndex?: 'ollama' | 'none';
  /** Chat Completions: streamed as reasoning_content first; calls made with it must come back with it (DeepSeek). */
  reasoning?: string;
}
export type Scenario =
  | { name?: string; replies: ScriptedReply[] }
  | {
      /** Picked by the person's task (match: a regex source); strict, in order. */
      tasks: { match: string; replies: ScriptedReply[] }[];
      unknown?: string;
      stopped?: string;
      paused?: string;
    };
export interface LoggedRequest {
  /** When it arrived (ms since the epoch). */
  at: number;
  path: string;
  wire: 'openai' | 'responses' | 'anthropic' | 'gemini';
  stream: boolean;
  model?: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}
export type FaultKind =
  | '401'
  | '403'
  | '408'
  | '409'
  | '429'
  | '500'
  | '503'
  | '529'
  | 'quota'
  | 'context'
  | 'bad'
  | 'hang'
  | 'malformed'
  | 'cut';
export interface MockModel {
  url: string;
  log: LoggedRequest[];
  setScenario(s: Scenario): void;
  fault(
    kind: FaultKind,
    more?: {
      retryAfter?: number;
      retryAfterMs?: number;
      shouldRetry?: boolean;
      retryDelay?: string;
      after?: number;
      message?: string;
    },
  ): void;
  clearFaults(): void;
  close(): Promise<void>;
}
export function startMockModel(options?: {
  scenario?: Scenario;
  port?: number;
  cors?: boolean;
  delayMs?: number;
  /** Milliseconds before each reply (the demo paces its steps). */
  stepDelayMs?: number;
  /** Chat Completions: refuse stream_options with 422 extra_forbidden, as Mistral does. */
  strict?: boolean;
}): Promise<MockModel>;
export function lastToolResult(wire: string, body: unknown): string | null;

/** A scripted reply that makes one tool call. */
export function call(name: string, args: unknown): ScriptedReply;

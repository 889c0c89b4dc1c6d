/**
 * The neutral model interface every adapter speaks: messages, tools and events that do not depend on
 * any API. Any object with `chat` is a provider, so an integrator can plug in their own.
 */
import type { ImageOutput } from '../tools/define';

/** A tool as the model sees it: a name, what it does, and its arguments as JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** Checks parsed arguments (the tool's zod schema): an error message, or undefined when valid. */
  check?(args: unknown): string | undefined;
}

export interface ToolCall {
  /** The API's call ID (one is made up for APIs that have none). */
  id: string;
  name: string;
  /** Parsed arguments; the raw JSON text when it was not valid JSON. */
  args: unknown;
  /** What the API asks to get back with the call, as it sent it (Gemini's thoughtSignature). */
  signature?: string;
  /** OpenAI Responses: the call's item ID, sent back with the reasoning item before it. */
  itemId?: string;
}

/**
 * One part of a thinking model's reasoning, as its API returned it: DeepSeek's and Kimi's
 * reasoning_content, Anthropic's thinking blocks (signed; or redacted, with only their data), OpenAI
 * Responses' reasoning items. APIs that require it get it back unchanged with the calls it led to.
 */
export interface Reasoning {
  text: string;
  signature?: string;
  /** Anthropic's redacted_thinking data. */
  redacted?: string;
  /** OpenAI Responses: the reasoning item's ID (its encrypted content, when given, is the signature). */
  id?: string;
}

export interface ToolResultMessage {
  callId: string;
  name: string;
  /** What the tool answered, as the model should read it. */
  content: string;
  isError?: boolean;
  /** Pictures the tool returned (a screenshot), for a model that sees images. */
  images?: ImageOutput[];
}

export type Message =
  | { role: 'user'; content: string }
  | {
      role: 'assistant';
      text?: string;
      toolCalls?: ToolCall[];
      /** A thinking model's reasoning, sent back with its calls where the API requires it. */
      reasoning?: Reasoning[];
    }
  | { role: 'tool'; results: ToolResultMessage[] };

export interface Usage {
  /** Every input token, those read from the provider's prompt cache included. */
  inputTokens: number;
  outputTokens: number;
  /** Of inputTokens, those read from the prompt cache (billed at a fraction), when the API says. */
  cachedInputTokens?: number;
  /** Counted by a model on this device (the browser's own): nothing was sent out, and it has no price. */
  onDevice?: boolean;
}

export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other';

export type ProviderEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-input-start'; id: string; name: string }
  | { type: 'tool-input-delta'; id: string; delta: string }
  | { type: 'tool-call'; call: ToolCall }
  | { type: 'finish'; finishReason: FinishReason; usage: Usage };

export type ToolChoice = 'auto' | 'required' | 'none' | { name: string };

export interface ChatRequest {
  system?: string;
  messages: Message[];
  tools?: ToolSpec[];
  toolChoice?: ToolChoice;
  signal?: AbortSignal;
  /**
   * Aborted when the run ends (done, stopped, failed): a provider that keeps a session across a run's
   * requests (the browser's built-in model with its own tool use) ends it then.
   */
  runSignal?: AbortSignal;
  /** Streamed events; given, the adapter streams (when the model can). */
  onEvent?(event: ProviderEvent): void;
  maxOutputTokens?: number;
  temperature?: number;
  /** JSON Schema the whole reply must follow, for models that can be held to one (text mode). */
  responseSchema?: Record<string, unknown>;
  /**
   * Prompt caching (default on): Anthropic gets cache_control breakpoints on the tools, the system
   * prompt and the latest turn; false sends none.
   */
  cache?: boolean;
  /** The same for every request of one conversation: OpenAI's prompt_cache_key (its own API only). */
  cacheKey?: string;
}

export interface ChatResult {
  text: string;
  /** What a thinking model returned as its reasoning, apart from the text. */
  reasoning?: Reasoning[];
  toolCalls: ToolCall[];
  usage: Usage;
  finishReason: FinishReason;
}

export interface Capabilities {
  /** Native function calling; without it the tools travel in the prompt (text mode). */
  tools: boolean;
  /** Several tool calls in one reply. */
  parallelTools: boolean;
  streaming: boolean;
  vision: boolean;
  /** A page on another origin may call the API directly (it answers CORS preflights). */
  browser: boolean | 'setting';
}

export interface Provider {
  /** Adapter or preset name and model, for logs and the panel. */
  readonly name?: string;
  readonly model?: string;
  readonly capabilities?: Partial<Capabilities>;
  chat(request: ChatRequest): Promise<ChatResult>;
}

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0 });

/**
 * Builds one reply from an API's pieces, streamed or whole: text, tool calls whose arguments arrive in
 * fragments, usage and the finish reason. It emits the neutral events as it goes and remembers whether
 * anything was handed on (after that, a failed request is not sent again).
 */
import {
  emptyUsage,
  type ChatResult,
  type FinishReason,
  type Reasoning,
  type ProviderEvent,
  type ToolCall,
  type Usage,
} from './types';

/** Tool arguments as JSON text, as the OpenAI APIs carry them. */
export const argsText = (args: unknown): string =>
  typeof args === 'string' ? args : (JSON.stringify(args ?? {}) ?? '{}');

interface PendingCall {
  id: string;
  name: string;
  args: string;
  done: boolean;
  /** What goes back with the call (Gemini's signature, a Responses item ID). */
  keep?: Pick<ToolCall, 'signature' | 'itemId'>;
}

let counter = 0;
/** A call ID for APIs that give none (Gemini, text mode). */
export const newCallId = (): string => `call_${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Arguments as an object: JSON text parsed (empty text is {}); text that is not JSON is kept as it is. */
export function parseArgs(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class Reply {
  text = '';
  readonly reasoning: Reasoning[] = [];
  usage: Usage = emptyUsage();
  finishReason: FinishReason | null = null;
  private readonly calls = new Map<string | number, PendingCall>();
  /** The call that fragments at a streamed index belong to now. */
  private readonly slots = new Map<number, string | number>();
  private readonly emitted: ToolCall[] = [];
  private handedOn = false;

  constructor(private readonly onEvent?: (e: ProviderEvent) => void) {}

  private emit(e: ProviderEvent): void {
    this.handedOn = true;
    this.onEvent?.(e);
  }

  /** True once any event has gone to the caller. */
  get delivered(): boolean {
    return this.handedOn;
  }

  addText(delta: string): void {
    if (!delta) return;
    this.text += delta;
    this.emit({ type: 'text-delta', text: delta });
  }

  /**
   * Reasoning is kept apart and handed on to no one, so a request that fails after it can be sent
   * again. A new part starts when asked (an Anthropic thinking block) or when there is none.
   */
  addReasoning(delta: string, start = false, redacted?: string): void {
    if (start || !this.reasoning.length)
      this.reasoning.push(redacted ? { text: '', redacted } : { text: '' });
    this.reasoning.at(-1)!.text += delta;
  }

  signReasoning(signature: string): void {
    const last = this.reasoning.at(-1);
    if (last) last.signature = (last.signature ?? '') + signature;
  }

  /** A tool call starts; `key` is the API's index or item ID for the fragments that follow. */
  startCall(key: string | number, id: string | undefined, name: string, keep?: PendingCall['keep']): void {
    if (this.calls.has(key)) return; // some servers repeat the ID and name on every fragment
    const call: PendingCall = { id: id || newCallId(), name, args: '', done: false, keep };
    this.calls.set(key, call);
    this.emit({ type: 'tool-input-start', id: call.id, name });
  }

  /**
   * The call a Chat Completions fragment at `index` belongs to: an ID other than that call's starts a
   * new one (Ollama gives every call index 0; some proxies give none), fragments without one go on.
   */
  slot(index: number, id: string): string | number {
    let key = this.slots.get(index) ?? index;
    if (id && this.calls.has(key) && this.calls.get(key)!.id !== id) key = `${index}:${id}`;
    this.slots.set(index, key);
    return key;
  }

  addArgs(key: string | number, delta: string): void {
    const call = this.calls.get(key);
    if (!call || !delta) return;
    call.args += delta;
    this.emit({ type: 'tool-input-delta', id: call.id, delta });
  }

  /** The call is complete: `args` replaces the fragments when the API sends the whole text at the end. */
  endCall(key: string | number, args?: string): void {
    const call = this.calls.get(key);
    if (!call || call.done) return;
    if (args !== undefined) call.args = args;
    call.done = true;
    const done: ToolCall = { id: call.id, name: call.name, args: parseArgs(call.args), ...call.keep };
    this.emitted.push(done);
    this.emit({ type: 'tool-call', call: done });
  }

  /** A call that arrives whole (Gemini), with what the API wants back with it. */
  wholeCall(id: string | undefined, name: string, args: unknown, signature?: string): void {
    const key = `whole${this.calls.size}`;
    this.startCall(key, id, name, signature ? { signature } : undefined);
    this.addArgs(key, argsText(args));
    this.endCall(key);
  }

  setUsage(input?: number, output?: number, cached?: number): void {
    if (typeof input === 'number') this.usage.inputTokens = input;
    if (typeof output === 'number') this.usage.outputTokens = output;
    if (typeof cached === 'number') this.usage.cachedInputTokens = cached;
  }

  finish(reason: FinishReason): void {
    this.finishReason = reason;
  }

  result(): ChatResult {
    for (const key of this.calls.keys()) this.endCall(key);
    const cut = this.finishReason === 'length' || this.finishReason === 'content-filter';
    const finishReason = cut
      ? this.finishReason!
      : this.emitted.length
        ? 'tool-calls'
        : (this.finishReason ?? 'stop');
    const usage = { ...this.usage };
    this.emit({ type: 'finish', finishReason, usage });
    const out: ChatResult = { text: this.text, toolCalls: [...this.emitted], usage, finishReason };
    if (this.reasoning.some((r) => r.text || r.signature || r.redacted || r.id))
      out.reasoning = this.reasoning;
    return out;
  }
}

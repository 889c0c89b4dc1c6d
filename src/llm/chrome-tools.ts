/**
 * The built-in model with the Prompt API's own tool use. The browser calls a tool's `execute` when the
 * model asks; here each such call ends the agent's request as a tool call, so it runs through the
 * agent's one path (rules, confirmation, redaction, its steps and events), and the result the agent
 * sends with its next request is what `execute` returns to the model. One session lives across a
 * run's requests; it is destroyed when the prompt ends, a request is aborted or the run ends.
 */
import { ProviderError, providerError } from './errors';
import { checkPromptTools, expected, type LanguageModelAPI, type PromptSession } from './prompt-api';
import { Reply, argsText, newCallId } from './reply';
import type { ChatRequest, ChatResult, Message, ToolCall } from './types';

type Out = { call: ToolCall } | { text: string } | { end: true } | { error: unknown };

/** The conversation so far as the Prompt API's text turns (a call and its result said in words). */
export const turns = (messages: Message[]): { role: string; content: string }[] =>
  messages.map((m) =>
    m.role === 'user'
      ? { role: 'user', content: m.content }
      : m.role === 'assistant'
        ? {
            role: 'assistant',
            content: [
              m.text ?? '',
              ...(m.toolCalls ?? []).map((c) => `Called ${c.name}(${argsText(c.args)})`),
            ]
              .filter(Boolean)
              .join('\n'),
          }
        : { role: 'user', content: m.results.map((r) => `Result of ${r.name}: ${r.content}`).join('\n\n') },
  );

const used = (s: PromptSession): number => s.contextUsage ?? s.inputUsage ?? 0;

class Live {
  private inbox: Out[] = [];
  private wake: (() => void) | null = null;
  /** The model's calls waiting for their results, by call ID. */
  readonly waiting = new Map<string, (result: string) => void>();
  private readonly stop = new AbortController();
  private counted = 0;
  session: PromptSession | null = null;
  closed = false;

  put(o: Out): void {
    this.inbox.push(o);
    this.wake?.();
  }

  async open(api: LanguageModelAPI, req: ChatRequest, languages: string[]): Promise<void> {
    const history = turns(req.messages);
    const last = history.pop();
    if (!last || last.role !== 'user')
      throw new ProviderError('bad_request', 'chrome: the conversation must end with a user turn.');
    this.session = await api.create({
      initialPrompts: [...(req.system ? [{ role: 'system', content: req.system }] : []), ...history],
      ...expected(languages, true),
      tools: req.tools!.map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: t.parameters,
        execute: (args) =>
          new Promise<string>((resolve) => {
            const id = newCallId();
            this.waiting.set(id, resolve);
            this.put({ call: { id, name: t.name, args: args ?? {} } });
          }),
      })),
      signal: this.stop.signal,
    });
    if (this.closed) return this.session.destroy?.();
    this.counted = used(this.session);
    void this.pump(this.session.promptStreaming(last.content, { signal: this.stop.signal }));
  }

  private async pump(stream: ReadableStream<unknown>): Promise<void> {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const v = value as string | { type?: string; value?: unknown };
        const text = typeof v === 'string' ? v : v?.type === 'text' ? String(v.value) : '';
        if (text) this.put({ text });
      }
      this.put({ end: true });
    } catch (e) {
      this.put({ error: e });
    }
  }

  /** The next thing the model did; an abort of `signal` closes the session. */
  async next(signal?: AbortSignal): Promise<Out> {
    while (!this.inbox.length) {
      if (signal?.aborted) throw providerError('aborted', 'chrome');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      this.wake = null;
    }
    return this.inbox.shift()!;
  }

  /** The calls queued right behind one just taken. */
  moreCalls(): ToolCall[] {
    const calls: ToolCall[] = [];
    while (this.inbox[0] && 'call' in this.inbox[0])
      calls.push((this.inbox.shift() as { call: ToolCall }).call);
    return calls;
  }

  /** What this request added to the session's context, as its usage; what the model wrote as output. */
  async usage(written: string): Promise<{ inputTokens: number; outputTokens: number; onDevice: true }> {
    const s = this.session!;
    const now = used(s);
    const grew = Math.max(0, now - this.counted);
    this.counted = now;
    const measure = s.measureContextUsage ?? s.measureInputUsage;
    const out = written && measure ? await measure.call(s, written).catch(() => 0) : 0;
    const outputTokens = Math.min(grew, out);
    return { inputTokens: grew - outputTokens, outputTokens, onDevice: true };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stop.abort();
    this.session?.destroy?.();
    // Calls still waiting get an answer, so nothing the browser awaits hangs.
    for (const resolve of this.waiting.values()) resolve('Not run: the run ended.');
    this.waiting.clear();
    this.wake?.();
  }
}

/**
 * Sends `req` to the model with native tools: a new session, or the live one when `req` carries the
 * results of the calls it is waiting for (and the agent's notes after them, told with the last result).
 */
export function nativeTools(api: LanguageModelAPI, languages: string[]) {
  let live: Live | null = null;
  let watched: AbortSignal | undefined;
  return async (req: ChatRequest): Promise<ChatResult> => {
    const answers = live && !live.closed ? resultsFor(live, req.messages) : null;
    if (answers && live) for (const [resolve, text] of answers) resolve(text);
    else {
      live?.close();
      checkPromptTools(req.tools!);
      if (req.signal?.aborted) throw providerError('aborted', 'chrome');
      live = new Live();
      await live.open(api, req, languages).catch((e: unknown) => {
        live?.close();
        throw req.signal?.aborted ? providerError('aborted', 'chrome') : asError(e);
      });
    }
    const mine = live!;
    // The run's end (stop, or a task done) ends the session too.
    if (req.runSignal && req.runSignal !== watched) {
      watched = req.runSignal;
      req.runSignal.addEventListener('abort', () => mine.close(), { once: true });
    }
    const reply = new Reply(req.onEvent);
    let written = '';
    try {
      for (;;) {
        const o = await mine.next(req.signal);
        if ('text' in o) {
          reply.addText(o.text);
          written += o.text;
        } else if ('call' in o) {
          // Calls the model made together go out together.
          for (const call of [o.call, ...mine.moreCalls()]) {
            reply.wholeCall(call.id, call.name, call.args);
            written += `${call.name}(${argsText(call.args)})`;
          }
          reply.usage = await mine.usage(written);
          return reply.result();
        } else if ('error' in o) throw asError(o.error);
        else {
          reply.usage = await mine.usage(written);
          mine.close();
          reply.finish('stop');
          return reply.result();
        }
      }
    } catch (e) {
      mine.close();
      if (req.signal?.aborted || mine.closed) throw providerError('aborted', 'chrome');
      throw e;
    }
  };
}

/** The waiting calls' results in `messages` (what follows the last results, added to the last). */
function resultsFor(live: Live, messages: Message[]): [(r: string) => void, string][] | null {
  let at = messages.length - 1;
  while (at >= 0 && messages[at]!.role !== 'tool') at--;
  const tail = messages.slice(at + 1);
  const tool = messages[at];
  if (!tool || tool.role !== 'tool' || tail.some((m) => m.role !== 'user')) return null;
  const notes = tail.map((m) => (m.role === 'user' ? m.content : '')).join('\n\n');
  const out: [(r: string) => void, string][] = [];
  tool.results.forEach((r, i) => {
    const resolve = live.waiting.get(r.callId);
    if (!resolve) return;
    live.waiting.delete(r.callId);
    const last = i === tool.results.length - 1 && notes;
    out.push([resolve, last ? `${r.content}\n\n${notes}` : r.content]);
  });
  return out.length ? out : null;
}

/** The browser's DOMException in one of the kinds a caller acts on. */
function asError(e: unknown): ProviderError {
  if (e instanceof ProviderError) return e;
  const name = (e as { name?: string })?.name ?? '';
  const said = String((e as Error)?.message ?? e);
  if (name === 'AbortError') return providerError('aborted', 'chrome');
  if (name === 'QuotaExceededError') return providerError('context_length', 'chrome', said);
  if (name === 'NotSupportedError' || name === 'TypeError' || name === 'NotAllowedError')
    return new ProviderError('bad_request', `chrome: the built-in model refused the request: ${said}`);
  return providerError('server', 'chrome', said);
}

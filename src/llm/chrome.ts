/**
 * The browser's built-in model (Chrome's Prompt API: LanguageModel.availability/create/promptStreaming).
 * It has no function calling, so the provider is wrapped in text mode, and the reply is held to the
 * action's JSON Schema with responseConstraint where the browser supports it.
 */
import { ProviderError, providerError } from './errors';
import { Reply } from './reply';
import type { Capabilities, ChatRequest, ChatResult, Message, Provider } from './types';

interface Session {
  promptStreaming(
    input: string,
    options?: { signal?: AbortSignal; responseConstraint?: unknown },
  ): ReadableStream<string>;
  destroy?(): void;
}
interface LanguageModelAPI {
  availability(options?: unknown): Promise<string>;
  create(options?: {
    initialPrompts?: { role: string; content: string }[];
    signal?: AbortSignal;
  }): Promise<Session>;
}

const turns = (messages: Message[]): { role: string; content: string }[] =>
  messages.map((m) =>
    m.role === 'user'
      ? { role: 'user', content: m.content }
      : m.role === 'assistant'
        ? { role: 'assistant', content: m.text ?? '' }
        : { role: 'user', content: m.results.map((r) => `Result of ${r.name}: ${r.content}`).join('\n\n') },
  );

export function chrome(o: { model?: string }, capabilities: Capabilities): Provider {
  return {
    name: 'chrome',
    model: o.model ?? 'built-in',
    capabilities,
    async chat(req: ChatRequest): Promise<ChatResult> {
      const api = (globalThis as { LanguageModel?: LanguageModelAPI }).LanguageModel;
      if (!api)
        throw new ProviderError(
          'bad_request',
          "No built-in model here (Chrome's LanguageModel API): use another provider.",
        );
      const state = await api.availability();
      if (state === 'unavailable')
        throw new ProviderError('bad_request', "The browser's built-in model is unavailable on this device.");
      if (req.signal?.aborted) throw providerError('aborted', 'chrome');
      const history = turns(req.messages);
      const last = history.pop();
      if (!last || last.role !== 'user')
        throw new ProviderError('bad_request', 'chrome: the conversation must end with a user turn.');
      const session = await api.create({
        initialPrompts: [...(req.system ? [{ role: 'system', content: req.system }] : []), ...history],
        signal: req.signal,
      });
      const reply = new Reply(req.onEvent);
      try {
        const options = {
          signal: req.signal,
          ...(req.responseSchema ? { responseConstraint: req.responseSchema } : {}),
        };
        const reader = session.promptStreaming(last.content, options).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          reply.addText(value);
        }
      } catch (e) {
        if (req.signal?.aborted) throw providerError('aborted', 'chrome');
        throw e instanceof ProviderError ? e : providerError('server', 'chrome', String(e));
      } finally {
        session.destroy?.();
      }
      reply.finish('stop');
      return reply.result();
    },
  };
}

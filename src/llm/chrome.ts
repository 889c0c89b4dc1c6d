/**
 * The browser's built-in model (Chrome's Prompt API). Where the browser takes tools, the agent's tools
 * are the Prompt API's own (chrome-tools.ts); elsewhere the provider is wrapped in text mode, and the
 * reply is held to the action's JSON Schema with responseConstraint.
 */
import { nativeTools, turns } from './chrome-tools';
import { ProviderError, providerError } from './errors';
import { NO_MODEL, builtInModel, checkLanguages, expected, takesTools } from './prompt-api';
import { Reply } from './reply';
import { withTextMode } from './text-mode';
import type { Capabilities, ChatRequest, ChatResult, Provider } from './types';

export interface ChromeOptions {
  model?: string;
  /** The languages of the text it reads and writes, as BCP 47 tags (default ['en']). */
  languages?: string[];
}

export function chrome(o: ChromeOptions, capabilities: Capabilities): Provider {
  const languages = checkLanguages(o.languages ?? ['en']);
  const plain: Provider = {
    name: 'chrome',
    model: o.model ?? 'built-in',
    capabilities,
    async chat(req: ChatRequest): Promise<ChatResult> {
      const api = ready(await usable());
      if (req.signal?.aborted) throw providerError('aborted', 'chrome');
      const history = turns(req.messages);
      const last = history.pop();
      if (!last || last.role !== 'user')
        throw new ProviderError('bad_request', 'chrome: the conversation must end with a user turn.');
      const session = await api.create({
        initialPrompts: [...(req.system ? [{ role: 'system', content: req.system }] : []), ...history],
        ...expected(languages, false),
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
          reply.addText(String(value));
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
  const text = withTextMode(plain);
  let native: ReturnType<typeof nativeTools> | null | undefined;
  /** The model, when it is here; the reason it is not, otherwise. */
  async function usable() {
    const api = builtInModel();
    if (!api) return NO_MODEL;
    const state = await api.availability(expected(languages, false)).catch(() => 'unavailable');
    if (state === 'unavailable') return UNAVAILABLE;
    if (native === undefined)
      native =
        capabilities.tools !== false && (await takesTools(api, languages))
          ? nativeTools(api, languages)
          : null;
    return api;
  }
  return {
    ...plain,
    capabilities: { ...capabilities, tools: true },
    async chat(req: ChatRequest): Promise<ChatResult> {
      if (req.tools?.length) {
        ready(await usable());
        if (native) return native(req);
      }
      return text.chat(req);
    },
  };
}

const UNAVAILABLE =
  "The browser's built-in model is unavailable on this device (the browser says so): choose another provider, such as a service with your API key or a local model.";

/** The API, or the error that says why there is none. */
function ready<T>(api: T | string): T {
  if (typeof api === 'string') throw new ProviderError('bad_request', api);
  return api;
}

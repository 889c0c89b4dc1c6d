/**
 * Chrome's Prompt API (the browser's own model, window.LanguageModel) as the explainer describes it:
 * its shapes, whether the model is here, its download, and the options it would refuse, checked before
 * a session is made.
 */
import { ProviderError } from './errors';
import type { ToolSpec } from './types';

export type Availability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

export interface PromptTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute(args: Record<string, unknown>): Promise<string>;
}
type Expected = { type: string; languages?: string[] }[];
export interface SessionOptions {
  initialPrompts?: { role: string; content: string }[];
  expectedInputs?: Expected;
  expectedOutputs?: Expected;
  tools?: PromptTool[];
  signal?: AbortSignal;
  monitor?(m: EventTarget): void;
}
export interface PromptSession {
  promptStreaming(
    input: string,
    options?: { signal?: AbortSignal; responseConstraint?: unknown },
  ): ReadableStream<unknown>;
  destroy?(): void;
  /** Tokens in the session's context (inputUsage before Chrome renamed it). */
  contextUsage?: number;
  inputUsage?: number;
  measureContextUsage?(input: string): Promise<number>;
  measureInputUsage?(input: string): Promise<number>;
}
export interface LanguageModelAPI {
  availability(options?: SessionOptions): Promise<Availability>;
  create(options?: SessionOptions): Promise<PromptSession>;
}

/** The browser's LanguageModel, or undefined where there is none. */
export const builtInModel = (): LanguageModelAPI | undefined =>
  (globalThis as { LanguageModel?: LanguageModelAPI }).LanguageModel;

/** What a session takes and gives: text in `languages`, and tool calls and their results when `tools`. */
export function expected(
  languages: string[],
  tools: boolean,
): Pick<SessionOptions, 'expectedInputs' | 'expectedOutputs'> {
  const text = [{ type: 'text', languages }];
  return {
    expectedInputs: tools ? [...text, { type: 'tool-response' }] : text,
    expectedOutputs: tools ? [...text, { type: 'tool-call' }] : text,
  };
}

/**
 * Whether the built-in model is here for text in `languages`, in the explainer's four words; 'unavailable'
 * where the browser has no LanguageModel at all.
 */
export async function modelAvailability(languages = ['en']): Promise<Availability> {
  const api = builtInModel();
  if (!api) return 'unavailable';
  try {
    return await api.availability(expected(checkLanguages(languages), false));
  } catch {
    return 'unavailable';
  }
}

/**
 * Whether this browser's Prompt API takes tools (tool-call outputs): one that does not know the types
 * refuses the options (a TypeError), and the agent then describes its tools in the prompt (text mode).
 */
export async function takesTools(api: LanguageModelAPI, languages: string[]): Promise<boolean> {
  try {
    return (await api.availability(expected(languages, true))) !== 'unavailable';
  } catch {
    return false;
  }
}

/**
 * Starts the model's download (the browser allows it only during the person's click, so call it from
 * one), telling `progress` the share done, 0 to 1. Resolves once the model is ready.
 */
export async function downloadModel(
  progress: (share: number) => void,
  languages = ['en'],
  signal?: AbortSignal,
): Promise<void> {
  const api = builtInModel();
  if (!api) throw new ProviderError('bad_request', NO_MODEL);
  const session = await api.create({
    ...expected(checkLanguages(languages), false),
    ...(signal ? { signal } : {}),
    monitor: (m) =>
      m.addEventListener('downloadprogress', (e) => progress(Number((e as ProgressEvent).loaded) || 0)),
  });
  session.destroy?.();
}

export const NO_MODEL = "No built-in model here (Chrome's LanguageModel API): use another provider.";

/** Language tags as BCP 47 has them ('en', 'ja', 'zh-Hans'); anything else is a clear error. */
export function checkLanguages(languages: unknown): string[] {
  const bad = (why: string) =>
    new ProviderError(
      'bad_request',
      `chrome: languages must be a list of language tags such as ['en'] or ['en', 'ja'] (BCP 47); ${why}. No session was made.`,
    );
  if (!Array.isArray(languages) || !languages.length) throw bad(`got ${String(languages)}`);
  return languages.map((l: unknown) => {
    if (typeof l !== 'string' || !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(l))
      throw bad(`"${String(l)}" is not one`);
    try {
      return Intl.getCanonicalLocales(l)[0]!;
    } catch {
      throw bad(`"${l}" is not one`);
    }
  });
}

/**
 * The tools as the Prompt API takes them, or a clear error naming the first it would refuse: a name
 * it cannot call (letters, digits, _ . -; unique), no description, an inputSchema not of type "object".
 */
export function checkPromptTools(tools: ToolSpec[]): void {
  const seen = new Set<string>();
  for (const t of tools) {
    const name = typeof t?.name === 'string' ? t.name : '';
    const schema = t?.parameters as { type?: unknown } | undefined;
    const why = !/^[A-Za-z_][\w.-]{0,63}$/.test(name)
      ? 'its name must be 1-64 letters, digits, _ . or -, starting with a letter or _'
      : seen.has(name)
        ? 'another tool has the same name'
        : typeof t.description !== 'string'
          ? 'it needs a description (text)'
          : !schema || typeof schema !== 'object' || schema.type !== 'object'
            ? `its inputSchema must be a JSON Schema with type "object" (got ${JSON.stringify(schema?.type ?? schema) ?? 'none'})`
            : !jsonOnly(schema)
              ? 'its inputSchema must be plain JSON (no functions, no cycles)'
              : '';
    if (why)
      throw new ProviderError(
        'bad_request',
        `chrome: the Prompt API would refuse tool "${name.slice(0, 60)}": ${why}. No session was made; fix the tool's definition.`,
      );
    seen.add(name);
  }
}

/** Whether `v` is JSON data: what JSON.stringify keeps as it is. */
function jsonOnly(v: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (v === null || ['string', 'boolean'].includes(typeof v)) return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every((x) => jsonOnly(x, depth + 1));
  if (typeof v !== 'object' || ![Object.prototype, null].includes(Object.getPrototypeOf(v))) return false;
  return Object.values(v).every((x) => jsonOnly(x, depth + 1));
}

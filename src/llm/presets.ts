/**
 * Services and local servers as data: which adapter speaks to them, where, with which default model,
 * whether they need a key, and what they can do. `browser` says whether a page on another origin may
 * call them: true (the service answers CORS), 'setting' (after a setting on the server), false (only
 * through your own server: the 'proxy' provider).
 */
import type { Capabilities } from './types';
import type { WireOptions } from './wire';

export type AdapterName = 'openai' | 'responses' | 'anthropic' | 'gemini' | 'chrome' | 'proxy';

/** The services and local servers provider(name) knows by name (one preset each), and 'proxy'. */
export type ProviderName =
  | 'openai'
  | 'responses'
  | 'azure'
  | 'anthropic'
  | 'gemini'
  | 'openrouter'
  | 'groq'
  | 'deepseek'
  | 'qwen'
  | 'glm'
  | 'mistral'
  | 'together'
  | 'ollama'
  | 'lmstudio'
  | 'vllm'
  | 'llamacpp'
  | 'chrome'
  | 'proxy';

export interface Preset extends WireOptions {
  name: Exclude<ProviderName, 'proxy'>;
  adapter: AdapterName;
  /** The API root as the official clients take it. */
  baseURL: string;
  /** A sensible default; any model the service has can be passed as `model`. */
  model: string;
  requiresApiKey: boolean;
  headers?: Record<string, string>;
  capabilities: Capabilities;
  /**
   * The default model's list price in US dollars per million tokens, and when it was read: a run's cost
   * is shown with it (another model's price is the person's to give).
   */
  price?: { input: number; output: number; cachedInput?: number; asOf: string };
}

/** GPT-4.1 mini's list price (OpenAI's standard tier, as tabled in April 2026). */
const GPT_41_MINI = { input: 0.4, output: 1.6, cachedInput: 0.1, asOf: '2026-04' };

/** What a hosted service can do, and whether a page may call it. */
export const cloud = (browser: Capabilities['browser'], extra: Partial<Capabilities> = {}): Capabilities => ({
  tools: true,
  parallelTools: true,
  streaming: true,
  vision: false,
  browser,
  ...extra,
});

const p = (
  name: Preset['name'],
  adapter: AdapterName,
  baseURL: string,
  model: string,
  capabilities: Capabilities,
  more: Partial<Preset> = {},
): Preset => ({ name, adapter, baseURL, model, requiresApiKey: true, capabilities, ...more });

const local = (name: Preset['name'], baseURL: string, model: string): Preset =>
  p(name, 'openai', baseURL, model, cloud('setting', { parallelTools: false }), { requiresApiKey: false });

export const PRESETS: Preset[] = [
  p('openai', 'openai', 'https://api.openai.com/v1', 'gpt-4.1-mini', cloud(true, { vision: true }), {
    maxTokensField: 'max_completion_tokens',
    cacheKey: true,
    price: GPT_41_MINI,
  }),
  p('responses', 'responses', 'https://api.openai.com/v1', 'gpt-4.1-mini', cloud(true, { vision: true }), {
    cacheKey: true,
    price: GPT_41_MINI,
  }),
  p('azure', 'openai', 'https://YOUR-RESOURCE.openai.azure.com/openai/v1', 'gpt-4.1-mini', cloud(false), {
    maxTokensField: 'max_completion_tokens',
    keyHeader: 'api-key',
  }),
  p(
    'anthropic',
    'anthropic',
    'https://api.anthropic.com',
    'claude-sonnet-4-5',
    cloud(true, { vision: true }),
    // Anthropic's list price for Sonnet 4.5 (cache reads a tenth), as published in April 2026.
    { price: { input: 3, output: 15, cachedInput: 0.3, asOf: '2026-04' } },
  ),
  p(
    'gemini',
    'gemini',
    'https://generativelanguage.googleapis.com',
    'gemini-3.5-flash',
    cloud(true, { vision: true }),
  ),
  p('openrouter', 'openai', 'https://openrouter.ai/api/v1', 'openai/gpt-4.1-mini', cloud(true)),
  p('groq', 'openai', 'https://api.groq.com/openai/v1', 'llama-3.3-70b-versatile', cloud(true)),
  p('deepseek', 'openai', 'https://api.deepseek.com/v1', 'deepseek-chat', cloud(false)),
  p('qwen', 'openai', 'https://dashscope.aliyuncs.com/compatible-mode/v1', 'qwen-plus', cloud(false)),
  p('glm', 'openai', 'https://open.bigmodel.cn/api/paas/v4', 'glm-4.5-flash', cloud(false)),
  p('mistral', 'openai', 'https://api.mistral.ai/v1', 'mistral-small-latest', cloud(false), {
    includeUsage: false,
  }),
  p(
    'together',
    'openai',
    'https://api.together.xyz/v1',
    'meta-llama/Llama-3.3-70B-Instruct-Turbo',
    cloud(false),
  ),
  local('ollama', 'http://127.0.0.1:11434/v1', 'qwen2.5:7b'),
  local('lmstudio', 'http://127.0.0.1:1234/v1', 'local-model'),
  local('vllm', 'http://127.0.0.1:8000/v1', 'served-model'),
  local('llamacpp', 'http://127.0.0.1:8080/v1', 'local-model'),
  // Tools where the browser's Prompt API takes them (text mode elsewhere; capabilities: { tools: false } forces it).
  p('chrome', 'chrome', '', 'gemini-nano', cloud(true, { parallelTools: false }), {
    requiresApiKey: false,
  }),
];

/** What new Agent(options) accepts, checked: a wrong option says which and what it takes. */
import { LLMHelperError, checkOptions, readOptions, safely } from '../errors';
import type { Provider } from '../llm/types';
import type { PageTools } from './page-tools';
import type { AgentOptions } from './types';

/** The options as given, once each is of its kind, a provider with chat() and a helper with execute(). */
export function checkAgentOptions(given: AgentOptions): AgentOptions {
  const options = readOptions('new Agent({ provider })', given) as unknown as AgentOptions;
  const provider = options.provider as unknown;
  const chat = safely(
    () => (provider && typeof provider === 'object' ? (provider as Provider).chat : undefined),
    undefined,
  );
  checkOptions('new Agent({ provider })', options as unknown as Record<string, unknown>, {
    preset: ['read', 'standard', 'full'],
    tools: 'string[]',
    instructions: 'string',
    maxSteps: 'number',
    maxInputTokens: 'number',
    historyTokens: 'number',
    confirm: 'function',
    ask: 'function',
    language: ['en', 'zh'],
    allow: 'string[]',
    deny: 'string[]',
    survivesNavigation: 'boolean',
    price: 'object',
  });
  checkPrice('new Agent({ price })', options.price);
  if (typeof chat !== 'function')
    throw new LLMHelperError(
      'bad_argument',
      'new Agent({ provider }) needs a provider: LLMHelper.provider(...) or any object with chat().',
    );
  const helper = options.helper as unknown;
  if (!safely(() => !!helper && typeof (helper as PageTools).execute === 'function', false))
    throw new LLMHelperError(
      'bad_argument',
      'new Agent({ helper }) needs the LLMHelper whose tools it uses.',
    );
  return options;
}

/** A model's price, where `where` says who took it: US dollars per million tokens, none negative. */
export function checkPrice(where: string, given: unknown): void {
  const price = given as Record<string, unknown> | undefined;
  if (price === undefined) return;
  if (price && typeof price === 'object')
    checkOptions(where, price, { input: 'number', output: 'number', cachedInput: 'number' });
  const ok = (v: unknown) => typeof v === 'number' && v >= 0 && Number.isFinite(v);
  if (
    !price ||
    typeof price !== 'object' ||
    !ok(price.input) ||
    !ok(price.output) ||
    (price.cachedInput !== undefined && !ok(price.cachedInput))
  )
    throw new LLMHelperError(
      'bad_argument',
      `${where} takes US dollars per million tokens: { input, output, cachedInput? }, none negative, e.g. { input: 0.4, output: 1.6 }.`,
    );
}

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
  const price = options.price as unknown as Record<string, unknown> | undefined;
  if (price)
    checkOptions('new Agent({ price })', price, { input: 'number', output: 'number', cachedInput: 'number' });
  if (price && (typeof price.input !== 'number' || typeof price.output !== 'number'))
    throw new LLMHelperError(
      'bad_argument',
      'new Agent({ price }) takes US dollars per million tokens: { input, output, cachedInput? }, e.g. { input: 0.4, output: 1.6 }.',
    );
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

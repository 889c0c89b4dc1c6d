/** What new Agent(options) accepts, checked: a wrong option says which and what it takes. */
import { LLMHelperError, checkOptions, readOptions, safely, shown } from '../errors';
import type { Provider } from '../llm/types';
import type { PageTools } from './page-tools';
import { parseSaved } from './saved';
import { savedTaskSchema, type SavedTask } from './saved-task';
import { notOfferable } from './task-tool';
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
  if (options.tasks !== undefined) options.tasks = checkTasks(options.tasks);
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

/**
 * The saved tasks an agent offers its model as tools, each taken in the shape Agent.savedTask makes (a
 * copy: the caller's object may change after); refused, saying which and what to do, when one is not a
 * saved task or cannot be offered (a secret field).
 */
export function checkTasks(given: unknown): SavedTask[] {
  const where = 'new Agent({ tasks })';
  const list = safely(() => (Array.isArray(given) ? [...(given as unknown[])] : null), null);
  if (!list)
    throw new LLMHelperError(
      'bad_argument',
      `${where} takes a list of saved tasks, as Agent.savedTask(task, result) makes them; got ${shown(given)}.`,
    );
  return list.map((t, i) => {
    const saved = parseSaved(savedTaskSchema, t);
    if (!saved)
      throw new LLMHelperError(
        'bad_argument',
        `${where}: tasks[${i}] is not a saved task. Pass what Agent.savedTask(task, result) returned ({ version: 1, name, task, savedAt, transcript, fields }), unchanged.`,
      );
    const why = notOfferable(saved);
    if (why)
      throw new LLMHelperError(
        'bad_argument',
        `${where}: tasks[${i}] ("${saved.name.slice(0, 80)}") cannot be offered as a tool: ${why}, or with agent.rerun(saved, { values }). Leave it out of tasks.`,
      );
    return saved;
  });
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

// Compiled by test/node/package.test.ts in a fresh project that installed the packed tarball: what the
// types promise an integrator, including what they must refuse (each @ts-expect-error has to be an error).
import { Agent, createLLMHelper, extract, find, provider, providers, type AgentEvents } from 'llm-helper';
import 'llm-helper/umd';

declare const agent: Agent;
// @ts-expect-error: no such agent event (a typo of tool:call)
agent.on('tool:cal', () => undefined);
agent.on('tool:call', (call) => call.name.toUpperCase());
agent.on('done', (result) => result.status);
export const events: (keyof AgentEvents)[] = ['start', 'step', 'done'];

// @ts-expect-error: not a provider's name
provider('opneai');
export const model = provider('anthropic', { apiKey: 'sk-…' });
export const names: string[] = providers.map((p) => p.name);

export const text: string = extract(1);
export const checked: boolean | null = extract(1, 'checked');
export const columns: string[] = extract(1, 'rows').columns;
export const buttons = find('Save', { type: 'button' });
export const byRole = find({ type: 'textbox' });

const helper = createLLMHelper();
export const readOnly: boolean | undefined = helper.tools({ format: 'mcp' }).tools[0]?.annotations
  ?.readOnlyHint;
export const declarations = helper.tools({ format: 'gemini' }).functionDeclarations;

// The script-tag build's global, typed by llm-helper/umd.
export const global = LLMHelper.summary();
export const onWindow = window.LLMHelper.version;
export const agentOnPage = new LLMHelper.Agent({ provider: model });

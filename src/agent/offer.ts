/**
 * The tools a run offers the model: the agent's preset (read only when it only answers), or the names it
 * was given, in the neutral shape every provider takes, with each tool's risk; and ask_user, always.
 */
import type { ToolSpec } from '../llm/types';
import type { ToolsOptions } from '../tools/toolkit';
import { risksOf } from '../tools/rules';
import type { AgentOptions } from './types';

const ASK_USER: ToolSpec = {
  name: 'ask_user',
  description:
    'Ask the person a question when the task needs information only they have. Returns their answer.',
  parameters: {
    type: 'object',
    properties: { question: { type: 'string', description: 'One short question.' } },
    required: ['question'],
  },
};

/** The tools for a run in `mode`, their risks by name, and the options that list and run them. */
export async function offered(
  agent: Pick<AgentOptions, 'helper' | 'preset' | 'tools'>,
  mode: 'act' | 'ask',
): Promise<{ specs: ToolSpec[]; risks: Map<string, string>; options: ToolsOptions }> {
  const h = agent.helper;
  const preset = mode === 'ask' ? 'read' : (agent.preset ?? 'standard');
  const options: ToolsOptions = {
    prefix: '',
    loopTools: true,
    ...(agent.tools && mode === 'act' ? { only: agent.tools } : { preset }),
  };
  const risks = risksOf((await h.tools({ ...options, format: 'mcp', detail: 'full' })).tools, '');
  const specs: ToolSpec[] = (await h.tools({ ...options, format: 'mcp' })).tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: t.inputSchema,
  }));
  // Always offered: without an ask callback, a question ends the run with needs_input.
  specs.push(ASK_USER);
  return { specs, risks, options };
}

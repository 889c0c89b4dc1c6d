/**
 * The tools a run offers the model: the agent's preset (read only when it only answers), or the names it
 * was given, in the neutral shape every provider takes, with each tool's risk; the agent's saved tasks,
 * each as one tool (AgentOptions.tasks: only those that only read when it only answers); and ask_user,
 * always.
 */
import type { ToolSpec } from '../llm/types';
import type { McpTool } from '../tools/api-types';
import type { AnyTool } from '../tools/define';
import { Toolkit, type ToolsOptions } from '../tools/toolkit';
import { risksOf } from '../tools/rules';
import type { PageApi } from '../page-api';
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

/**
 * The tools for a run in `mode`, their risks by name, and the options that list and run them; `tasks`
 * (the agent's saved tasks as tools, taskTool's) in a toolkit of their own, `own`, that validates and runs
 * a call to one of them: the helper's own toolkit (its listings, WebMCP, the bridge) never holds them.
 */
export async function offered(
  agent: Pick<AgentOptions, 'helper' | 'preset' | 'tools'>,
  mode: 'act' | 'ask',
  tasks: AnyTool[] = [],
): Promise<{
  specs: ToolSpec[];
  risks: Map<string, string>;
  options: ToolsOptions;
  own: { names: Set<string>; kit: Toolkit; options: ToolsOptions } | null;
}> {
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
  let own = null;
  if (tasks.length) {
    const kit = new Toolkit(null as unknown as PageApi, false);
    kit.offerTasks(tasks);
    const mine: ToolsOptions = { prefix: '', loopTools: true, preset };
    const listed = (kit.list({ ...mine, format: 'mcp', detail: 'full' }) as { tools: McpTool[] }).tools;
    // Each a saved task's ('task'): its replay asks about each risky step itself.
    for (const [name, risk] of risksOf(listed, '')) if (!risks.has(name)) risks.set(name, risk);
    const names = new Set<string>();
    for (const t of listed.filter((t) => !specs.some((s) => s.name === t.name))) {
      names.add(t.name);
      specs.push({ name: t.name, description: t.description, parameters: t.inputSchema });
    }
    own = { names, kit, options: mine };
  }
  // Always offered: without an ask callback, a question ends the run with needs_input.
  specs.push(ASK_USER);
  return { specs, risks, options, own };
}

/**
 * What the built-in tools share, said once: the rules of their arguments, their former names, and
 * each tool's risk as the agent and the bridge read it.
 */
import type { McpTool } from './api-types';

/**
 * What every tool's arguments and results mean, said once (the tools' own descriptions are one line):
 * the agent's system prompt carries it, and so does the bridge's MCP instructions.
 */
export const TOOL_RULES =
  'Tools act on element IDs: [12] in any result (find, describe, the page report, what an action changed). Use the IDs you already have; look up only what you have not seen. Patterns are case-insensitive regular expressions matched against what a person sees (text, labels, placeholders). Every action returns what changed; read it before the next step.';

type Args = Record<string, unknown>;
/**
 * Tools that became an option of another (findNear is find with near): calls by the old name still
 * run, for models and scripts that learned it. [the tool it is now, its arguments as that tool takes them]
 */
export const FORMER_NAMES: Record<string, (a: Args) => [string, Args]> = {
  findNear: ({ id, ...a }) => ['find', { ...a, near: id }],
  snapshot: ({ within, type }) => ['find', { within, type }],
  summary: () => ['describe', {}],
  rightClick: ({ id }) => ['click', { id, button: 'right' }],
  getMenuItems: () => ['menu', {}],
  clickMenuItem: ({ path }) => ['menu', { path }],
};

/** The mark of a saved task's tool in an MCP listing (_meta): its replay asks for each risky step. */
export const TASK_META = 'llm-helper/savedTask';

/**
 * Each tool's risk by the name a call may use (former names too), from the full MCP listing's hints
 * (tools({ format: 'mcp', detail: 'full' }) with this prefix): read-only is 'read', destructive
 * 'danger', the rest 'write'.
 */
export function risksOf(tools: McpTool[], prefix: string): Map<string, string> {
  const risks = new Map<string, string>();
  for (const t of tools)
    risks.set(
      t.name,
      // A saved task's: its replay asks for each risky step itself (classify asks nothing for the whole).
      t._meta?.[TASK_META]
        ? 'task'
        : t.annotations?.readOnlyHint
          ? 'read'
          : t.annotations?.destructiveHint
            ? 'danger'
            : 'write',
    );
  for (const [former, now] of Object.entries(FORMER_NAMES)) {
    const risk = risks.get(prefix + now({})[0]);
    if (risk) risks.set(prefix + former, risk);
  }
  return risks;
}

/**
 * Saved tasks the person offered as tools, run when another agent calls one (WebMCP, the bridge, the
 * panel's own agent): each call replays the task through the panel's agent, so a risky step waits for the
 * person's Allow in the panel as a Run's does, and a model takes over a step that no longer fits only
 * when the person allowed that for the task. A call while the panel runs a task of the person's is
 * refused, unless it is that run's own call (its agent chose the task's tool).
 */
import type { Agent } from '../agent/agent';
import { failedRun } from '../agent/result';
import type { SavedTask } from '../agent/saved-task';
import { taskTool, taskToolName } from '../agent/task-tool';
import type { RunResult } from '../agent/types';
import type { AnyTool } from '../tools/define';
import type { Texts } from './texts';

export interface TaskCallsDeps {
  T(): Texts;
  /** Whether the panel is running a task now. */
  running(): boolean;
  /** Whether the panel's agent is calling the tool of this name now (a call inside its own run). */
  ownCall(name: string): boolean;
  /** An agent that shows nothing of its own in the panel (a call inside a run), with no model. */
  quiet(): Agent;
  /** Runs the task as Run does, shown in the panel under `line`; resolves to its result. */
  shown(saved: SavedTask, values: string[], heal: boolean, line: string): Promise<RunResult | undefined>;
  /** Hands the tools to the page's toolkit (its listings, WebMCP, the bridge and the agent's offer). */
  offerTasks?(tools: AnyTool[]): void;
}

/** `offer(marked)`: the marked tasks become the page's task tools (none: they are taken away). */
export function taskCalls(deps: TaskCallsDeps) {
  /** Tasks being run as a tool now: a task whose recording calls its own tool is not run again inside. */
  const calling = new Set<string>();

  async function call(saved: SavedTask, values: string[], heal: boolean, name: string): Promise<RunResult> {
    if (calling.has(saved.name)) return failedRun(`the saved task "${saved.name}" cannot call itself`);
    const inside = deps.running();
    if (inside && !deps.ownCall(name)) return failedRun(deps.T().panelBusy);
    calling.add(saved.name);
    try {
      // Inside a run, its model goes on from the result: the replay stops where a step no longer fits.
      if (inside) return await deps.quiet().rerun(saved, { values, heal: false, strict: true });
      return (
        (await deps.shown(saved, values, heal, deps.T().toolCalled(saved.name))) ??
        failedRun(`the saved task "${saved.name}" could not run`)
      );
    } finally {
      calling.delete(saved.name);
    }
  }

  function offer(marked: { saved: SavedTask; heal: boolean }[]): void {
    const taken = new Set<string>();
    const tools = marked.map(({ saved, heal }) => {
      let name = taskToolName(saved);
      for (let n = 2; taken.has(name); n++) name = `${taskToolName(saved).slice(0, 44)}_${n}`;
      taken.add(name);
      return taskTool(saved, (s, values) => call(s, values, heal, name), name);
    });
    deps.offerTasks?.(tools);
  }

  return { offer };
}

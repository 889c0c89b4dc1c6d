/**
 * The page's default LLMHelper and what works on it: the agent, the panel and the bridge connection.
 * The script tag installs exactly these as window.LLMHelper; the ESM entry exports them by the same
 * names. The instance is made on first use, so importing a name that does not need it (VERSION,
 * provider) makes nothing and keeps the page layer out of a bundle.
 */
import { createLLMHelper, offerTasks, type LLMHelper } from './helper';
import { readOptions } from './errors';
import { createProvider, providers as listProviders, type Preset } from './llm/index';
import { Agent as CoreAgent } from './agent/agent';
import { discardSavedReplay, discardSavedRun, savedRerun, savedRun } from './agent/saved-run';
import type { AgentOptions } from './agent/types';
import type { PageTools } from './agent/page-tools';
import { createPanel } from './ui/panel';
import { panelOptions, type Panel, type PanelControl, type PanelOptions } from './ui/panel-options';
import {
  connect as connectBridge,
  forgetConnection,
  savedConnection,
  type Connection,
  type ConnectOptions,
} from './bridge/connect';

let instance: LLMHelper | null = null;

/** The page's default LLMHelper (the one window.LLMHelper is), made on first use. */
export function defaultHelper(): LLMHelper {
  return (instance ??= createLLMHelper());
}

/** The model services LLMHelper.provider(name) knows, with their defaults and capabilities. */
export const providers: Preset[] = /* @__PURE__ */ listProviders();

/** Agent options where the helper is optional: without one, the agent uses the page's default LLMHelper. */
export type PageAgentOptions = Omit<AgentOptions, 'helper'> & { helper?: PageTools };

const withHelper = (what: string, options: PageAgentOptions): AgentOptions => {
  const given = readOptions(what, options) as PageAgentOptions;
  return { ...given, helper: given.helper ?? defaultHelper() } as AgentOptions;
};

/** The agent: `new Agent({ provider })` works on the page's default LLMHelper unless given `helper`. */
export class Agent extends CoreAgent {
  constructor(options: PageAgentOptions) {
    super(withHelper('new Agent({ provider })', options));
  }
  /** A run that a full page load interrupted, continued on this page (see the agent's resume). */
  static override resume(options: PageAgentOptions): ReturnType<typeof CoreAgent.resume> {
    return CoreAgent.resume(withHelper('Agent.resume({ provider })', options));
  }
  /** A replay that a full page load interrupted, continued on this page (see the agent's resumeReplay). */
  static override resumeReplay(options: PageAgentOptions): ReturnType<typeof CoreAgent.resumeReplay> {
    return CoreAgent.resumeReplay(withHelper('Agent.resumeReplay({ provider })', options));
  }
  /** An agent that goes on from agent.state(). */
  static override fromState(
    state: Parameters<typeof CoreAgent.fromState>[0],
    options: PageAgentOptions,
  ): CoreAgent {
    return CoreAgent.fromState(state, withHelper('Agent.fromState(state, { provider })', options));
  }
}

// The panel's agent is made from these classes, reachable from the global (LLMHelper.Agent, its
// prototype chain up to the event emitter): frozen, so a page script cannot change how the person's
// agent runs, what it emits or what it reads.
for (
  let c: unknown = Agent;
  typeof c === 'function' && c !== Function.prototype;
  c = Object.getPrototypeOf(c)
) {
  Object.freeze((c as { prototype: object }).prototype);
  Object.freeze(c);
}

/** The panel the SDK made, whole: only this module's wiring (the bridge's confirmations) holds it. */
let shownPanel: PanelControl | null = null;
/** What page code gets of it: open, close, propose; nothing of the agent (its options, key, run, state). */
let pagePanel: Panel | null = null;

/**
 * Opens the in-page panel on the default LLMHelper (once; later calls return the same one). Its agent
 * lives in the panel's closure: the object returned can open or collapse the panel and propose a task
 * that the person must send.
 */
export function panel(options?: PanelOptions): Panel {
  panelOptions(options); // checked on every call, though only the first opens the panel
  if (pagePanel) return pagePanel;
  const helper = defaultHelper();
  shownPanel = createPanel(
    {
      helper,
      Agent,
      provider: createProvider,
      providers,
      resume: (o) => CoreAgent.resume({ ...o, helper }),
      savedRun,
      discardRun: discardSavedRun,
      resumeRerun: (o, heal) => CoreAgent.resumeRerun({ ...o, helper }, heal),
      savedRerun,
      discardRerun: discardSavedReplay,
      savedConnection,
      reconnect: () => reconnect(),
      forgetConnection,
      offerTasks: (tools) => offerTasks(helper, tools),
    },
    options,
  );
  const made = shownPanel;
  pagePanel = Object.freeze({
    open: () => made.open(),
    close: () => made.close(),
    propose: (task: string) => made.propose(task),
  });
  return pagePanel;
}

/** Serves the default LLMHelper's tools to an agent outside the page, through the bridge (llm-helper-bridge). */
export function connect(url: string, given: ConnectOptions): Connection {
  const options = readOptions('connect(url, { token })', given) as unknown as ConnectOptions;
  // Risky calls from outside are confirmed in the panel when it is open, as the in-page agent's are.
  const shown = shownPanel;
  const conn: Connection = connectBridge(defaultHelper(), url, {
    ...(shown ? { confirm: shown.confirm } : {}),
    ...options,
    onStatus(status, detail) {
      shown?.showConnection(
        status === 'closed'
          ? null
          : { url, preset: options.preset ?? 'read', status, disconnect: () => conn.close() },
      );
      if (typeof options.onStatus === 'function') options.onStatus(status, detail);
    },
  });
  return conn;
}

/**
 * Reopens the bridge connection this tab had before a same-origin navigation (call it in your own code
 * on every page to opt in); null when there was none. Never done by itself: a page script can write
 * what the tab remembers.
 */
export function reconnect(): Connection | null {
  const saved = savedConnection();
  if (!saved) return null;
  const conn = connect(saved.url, saved);
  (defaultHelper() as unknown as { connection: Connection }).connection = conn;
  return conn;
}

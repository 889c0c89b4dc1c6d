/**
 * Script-tag and bookmarklet entry: installs window.LLMHelper once. Loading the script again keeps the
 * first instance, so element IDs handed out earlier stay valid. Our instance carries a brand; a page
 * global of the same name that is not ours is left alone, and ours is installed as window.__llmHelper.
 */
import { createLLMHelper, type LLMHelper } from './helper';
import { LLMHelperError, readOptions } from './errors';
import { defineTool } from './tools/define';
import { createProvider, providers, type Preset } from './llm';
import { Agent, discardSavedRun, savedRun, type AgentOptions } from './agent/agent';
import { createPanel, panelOptions, type Panel, type PanelOptions } from './ui/panel';
import {
  connect,
  forgetConnection,
  savedConnection,
  type Connection,
  type ConnectOptions,
} from './bridge/connect';
import * as dom from './page/dom';

/** The global `LLMHelper` a script tag installs. */
export type Installed = LLMHelper & {
  LLMHelperError: typeof LLMHelperError;
  defineTool: typeof defineTool;
  provider: typeof createProvider;
  providers: Preset[];
  /** The agent, using this page's LLMHelper: new LLMHelper.Agent({ provider }). */
  Agent: new (options: Omit<AgentOptions, 'helper'> & { helper?: AgentOptions['helper'] }) => Agent;
  /** Opens the in-page panel (once; later calls return the same one). */
  panel(options?: PanelOptions): Panel;
  /** Serves this page's tools to an agent outside it, through the bridge (bin/llm-helper-bridge.mjs). */
  connect(url: string, options: ConnectOptions): Connection;
  /**
   * Reopens the bridge connection this tab had before a same-origin navigation (call it in your own
   * code on every page to opt in); null when there was none. Never done by itself: a page script can
   * write what the tab remembers.
   */
  reconnect(): Connection | null;
};

const BRAND = Symbol.for('llm-helper');
const host = globalThis as unknown as { LLMHelper?: unknown; __llmHelper?: Installed };
const ours = (x: unknown): x is Installed =>
  !!x && (typeof x === 'object' || typeof x === 'function') && (x as Record<symbol, unknown>)[BRAND] === true;

let api: Installed;
/** True when this load installed the SDK (not a second copy of the script). */
let fresh = false;
/** The script tag that loaded us, read now: document.currentScript is null once this script has run. */
const script = typeof document === 'undefined' ? null : dom.currentScript(document);
/** What the UMD wrapper assigns to window.LLMHelper: ours, or the page's own when the name is taken. */
let exported: unknown;
if (ours(host.LLMHelper)) {
  api = host.LLMHelper;
  exported = api;
  console.info(`LLMHelper ${api.version} is already installed on this page; keeping it and its element IDs.`);
} else if (ours(host.__llmHelper)) {
  api = host.__llmHelper;
  exported = host.LLMHelper;
} else {
  fresh = true;
  const helper = createLLMHelper();
  let panel: Panel | null = null;
  api = Object.assign(helper, {
    LLMHelperError,
    defineTool,
    provider: createProvider,
    providers: providers(),
    Agent: class PageAgent extends Agent {
      constructor(options: Omit<AgentOptions, 'helper'> & { helper?: AgentOptions['helper'] }) {
        super({ helper, ...readOptions('new Agent({ provider })', options) } as AgentOptions);
      }
      /** A run that a full page load interrupted, continued on this page (see Agent.resume). */
      static override resume(options: Omit<AgentOptions, 'helper'> & { helper?: AgentOptions['helper'] }) {
        return Agent.resume({
          helper,
          ...readOptions('Agent.resume({ provider })', options),
        } as AgentOptions);
      }
      /** An agent that goes on from agent.state(), using this page's LLMHelper. */
      static override fromState(
        state: Parameters<typeof Agent.fromState>[0],
        options: Omit<AgentOptions, 'helper'> & { helper?: AgentOptions['helper'] },
      ) {
        return Agent.fromState(state, {
          helper,
          ...readOptions('Agent.fromState(state, { provider })', options),
        } as AgentOptions);
      }
    },
    panel(options?: PanelOptions): Panel {
      panelOptions(options); // checked on every call, though only the first opens the panel
      panel ??= createPanel(
        {
          helper,
          Agent: api.Agent,
          provider: createProvider,
          providers: api.providers,
          resume: (o) => Agent.resume({ ...o, helper }),
          savedRun,
          discardRun: discardSavedRun,
          savedConnection,
          reconnect: () => api.reconnect(),
          forgetConnection,
        },
        options,
      );
      return panel;
    },
    connect(url: string, given: ConnectOptions): Connection {
      const options = readOptions('connect(url, { token })', given) as unknown as ConnectOptions;
      // Risky calls from outside are confirmed in the panel when it is open, as the in-page agent's are.
      const shown = panel;
      const conn: Connection = connect(helper, url, {
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
    },
    reconnect(): Connection | null {
      const saved = savedConnection();
      if (!saved) return null;
      const conn = api.connect(saved.url, saved);
      (api as unknown as { connection: Connection }).connection = conn;
      return conn;
    },
  });
  Object.defineProperty(api, BRAND, { value: true });
  host.__llmHelper = api;
  if (host.LLMHelper === undefined) {
    host.LLMHelper = api;
    exported = api;
  } else {
    exported = host.LLMHelper;
    console.warn(
      'This page already has its own window.LLMHelper, which was left as it is. LLMHelper (the in-page toolkit) is installed as window.__llmHelper: use __llmHelper.find(...) there.',
    );
  }
}

// <script src=".../llm-helper.umd.min.js" data-panel> opens the panel once the page is ready.
if (script?.hasAttribute('data-panel') && fresh) {
  const open = () => api.panel();
  if (dom.readyState(document) === 'loading') dom.listen(document, 'DOMContentLoaded', open, { once: true });
  else open();
}

export default exported;

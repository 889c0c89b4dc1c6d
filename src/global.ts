/**
 * Script-tag and bookmarklet entry: installs window.LLMHelper once. Loading the script again keeps the
 * first instance, so element IDs handed out earlier stay valid. Our instance carries a brand; a page
 * global of the same name that is not ours is left alone, and ours is installed as window.__llmHelper.
 */
import { Agent, connect, defaultHelper, panel, providers, reconnect } from './instance';
import type { LLMHelper } from './helper';
import { LLMHelperError } from './errors';
import { defineTool } from './tools/define';
import { createProvider, type Preset } from './llm/index';
import type { Panel, PanelOptions } from './ui/panel-options';
import type { Connection, ConnectOptions } from './bridge/connect';
import * as dom from './page/dom/members';

/** The global `LLMHelper` a script tag installs: the page's default LLMHelper and what works on it. */
export type Installed = LLMHelper & {
  LLMHelperError: typeof LLMHelperError;
  defineTool: typeof defineTool;
  provider: typeof createProvider;
  providers: Preset[];
  /** The agent, using this page's LLMHelper: new LLMHelper.Agent({ provider }). */
  Agent: typeof Agent;
  /** Opens the in-page panel (once; later calls return the same one). */
  panel(options?: PanelOptions): Panel;
  /** Serves this page's tools to an agent outside it, through the bridge (the llm-helper-bridge package). */
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
  api = Object.assign(defaultHelper(), {
    LLMHelperError,
    defineTool,
    provider: createProvider,
    providers,
    Agent,
    panel,
    connect,
    reconnect,
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

// The page's element index, built while the page is idle and a slice at a time: the first call then
// reads lists and answers for the whole page (before, it walks within its budget and answers from a part).
if (fresh && typeof document !== 'undefined') {
  const start = () => void api.prepare().catch(() => undefined);
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(start, { timeout: 2000 })
      : setTimeout(start, 200);
  if (dom.readyState(document) === 'loading') dom.listen(document, 'DOMContentLoaded', idle, { once: true });
  else idle();
}

export default exported;

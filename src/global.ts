/**
 * Script-tag and bookmarklet entry: installs window.LLMHelper once. Loading the script again keeps the
 * first instance, so element IDs handed out earlier stay valid. Our instance carries a brand; a page
 * global of the same name that is not ours is left alone, and ours is installed as window.__llmHelper.
 */
import { createLLMHelper, type LLMHelper } from './helper';
import { LLMHelperError } from './errors';
import { defineTool } from './tools/define';
import { createProvider, providers, type Preset } from './llm';
import { Agent, type AgentOptions } from './agent/agent';

type Installed = LLMHelper & {
  LLMHelperError: typeof LLMHelperError;
  defineTool: typeof defineTool;
  provider: typeof createProvider;
  providers: Preset[];
  /** The agent, using this page's LLMHelper: new LLMHelper.Agent({ provider }). */
  Agent: new (options: Omit<AgentOptions, 'helper'> & { helper?: AgentOptions['helper'] }) => Agent;
};

const BRAND = Symbol.for('llm-helper');
const host = globalThis as unknown as { LLMHelper?: unknown; __llmHelper?: Installed };
const ours = (x: unknown): x is Installed =>
  !!x && (typeof x === 'object' || typeof x === 'function') && (x as Record<symbol, unknown>)[BRAND] === true;

let api: Installed;
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
  const helper = createLLMHelper();
  api = Object.assign(helper, {
    LLMHelperError,
    defineTool,
    provider: createProvider,
    providers: providers(),
    Agent: class PageAgent extends Agent {
      constructor(options: Omit<AgentOptions, 'helper'> & { helper?: AgentOptions['helper'] }) {
        super({ helper, ...options });
      }
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

export default exported;

/**
 * Types of the script-tag build (llm-helper/umd), a declaration entry with no code (the build rolls it
 * into dist/llm-helper.umd.d.cts). Loading the build installs the global LLMHelper, which is what these
 * types describe: `import 'llm-helper/umd'`, then `LLMHelper.find(...)` or `window.LLMHelper`.
 */
import type { Installed } from './global';

declare global {
  /** The toolkit the script tag installed (window.__llmHelper when the page had its own LLMHelper). */
  var LLMHelper: Installed;
  var __llmHelper: Installed;
}

export type { Installed };

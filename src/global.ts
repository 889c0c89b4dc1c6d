/**
 * Script-tag and bookmarklet entry: installs window.LLMHelper once. Loading the script again keeps the
 * first instance, so element IDs handed out earlier stay valid.
 */
import { createLLMHelper, type LLMHelper } from './helper';
import { LLMHelperError } from './errors';
import { defineTool } from './tools/define';

type Installed = LLMHelper & { LLMHelperError: typeof LLMHelperError; defineTool: typeof defineTool };

const host = globalThis as unknown as { LLMHelper?: Installed };
let api: Installed;
if (host.LLMHelper && typeof host.LLMHelper.find === 'function') {
  api = host.LLMHelper;
  console.info(`LLMHelper ${api.version} is already installed on this page; keeping it and its element IDs.`);
} else {
  api = Object.assign(createLLMHelper(), { LLMHelperError, defineTool });
  host.LLMHelper = api;
}

export default api;

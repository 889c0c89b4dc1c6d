/** ESM entry: named exports only. Nothing is installed on window; call createLLMHelper(). */
export { createLLMHelper, type LLMHelper } from './helper';
export { LLMHelperError, type ErrorCode } from './errors';
export { configure, defaults, type Config } from './config';
export type { FindOptions, Match, Matches } from './page/find';
export type { DescribeOptions, SnapshotOptions, SummaryOptions } from './page/describe';
export type { ExtractOptions } from './page/extract';
export type { Target } from './page/target';
export { VERSION } from './version';
export type { ActionResult, ChangeReport } from './page/settle';
export type { ClickOptions, DragOptions } from './page/act/pointer';
export type { TypeOptions, PressOptions } from './page/act/keyboard';
export type { UploadFile } from './page/act/form';
export type { ScrollOptions } from './page/act/scroll';
export type { WaitOptions, WaitResult, WaitState } from './page/act/wait';
export type { MenuItem, MenuListing } from './page/act/menu';
export type { RunJSResult } from './page/act/runjs';
export type { Modifier } from './page/act/events';
export {
  defineTool,
  type Tool,
  type AnyTool,
  type Risk,
  type Preset,
  type ToolOutput,
  type ToolContext,
} from './tools/define';
export type { ToolsOptions, ExecuteResult } from './tools/toolkit';
export type { Format } from './tools/formats';
export {
  createProvider as provider,
  providers,
  parseReply,
  toolPrompt,
  withTextMode,
  ProviderError,
  type ProviderOptions,
  type ProviderErrorKind,
  type ParsedReply,
  type Preset as ProviderPreset,
  type AdapterName,
  type WireName,
} from './llm';
export type * from './llm/types';
export {
  Agent,
  type AgentOptions,
  type RunResult,
  type RunStatus,
  type Step,
  type PendingCall,
} from './agent/agent';

/**
 * ESM entry: the same API as the script tag's window.LLMHelper, by the same names, as named exports
 * (nothing is installed on window). The page functions (find, click, tools…) and Agent, panel and
 * connect work on the page's default LLMHelper, made on first use; createLLMHelper() makes another,
 * independent one.
 */
import { defaultHelper } from './instance';
import type { LLMHelper } from './helper';

export { createLLMHelper, type LLMHelper } from './helper';
export type { TrustedInput } from './page/act/context';
export { Agent, panel, connect, reconnect, providers, type PageAgentOptions } from './instance';
export type { Installed } from './global';
export type { Panel, PanelOptions } from './ui/panel-options';
export type { Connection, ConnectOptions } from './bridge/connect';
export { LLMHelperError, type ErrorCode } from './errors';
export { defaults, type Config } from './config';
export type { FindOptions, Match, Matches } from './page/find/types';
export type { ElementType, AriaRole } from './page/dom/types';
export type { DescribeOptions } from './page/read/describe';
export type { SnapshotOptions } from './page/read/snapshot';
export type { SummaryOptions } from './page/read/summary';
export type { ExtractOptions, Extracted } from './page/read/extract';
export type { Target } from './page/ids/target';
import { VERSION } from './version';
export { VERSION };
export type { ActionResult, ChangeReport } from './page/observe/change-report';
export type { ClickOptions, DragOptions } from './page/act/pointer';
export type { TypeOptions, PressOptions } from './page/act/keyboard';
export type { UploadFile } from './page/act/upload';
export type { ScrollOptions } from './page/act/scroll';
export type { WaitOptions, WaitResult, WaitState } from './page/act/wait';
export type { MenuItem, MenuListing } from './page/act/menu';
export type { RunJSResult } from './page/act/runjs';
export type { Modifier } from './page/dom/events';
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
export type { Format } from './tools/formats/index';
export type * from './tools/api-types';
export {
  createProvider as provider,
  parseReply,
  toolPrompt,
  withTextMode,
  ProviderError,
  type ProviderOptions,
  type ProviderErrorKind,
  type ParsedReply,
  type Preset as ProviderPreset,
  type ProviderName,
  type AdapterName,
  type WireName,
} from './llm/index';
export type * from './llm/types';
export {
  type AgentOptions,
  type AgentEvents,
  type RunResult,
  type RunStatus,
  type Step,
  type PendingCall,
  type Price,
} from './agent/types';
export type { SavedTask, SavedField } from './agent/saved-task';

// The default LLMHelper's methods, as window.LLMHelper has them.
const on = defaultHelper;
export const find: LLMHelper['find'] = (...a) => on().find(...a);
export const findNear: LLMHelper['findNear'] = (...a) => on().findNear(...a);
export const describe: LLMHelper['describe'] = (...a) => on().describe(...a);
export const summary: LLMHelper['summary'] = (...a) => on().summary(...a);
export const snapshot: LLMHelper['snapshot'] = (...a) => on().snapshot(...a);
export const extract = ((...a: unknown[]) =>
  (on().extract as (...x: unknown[]) => unknown)(...a)) as LLMHelper['extract'];
export const click: LLMHelper['click'] = (...a) => on().click(...a);
export const dblclick: LLMHelper['dblclick'] = (...a) => on().dblclick(...a);
export const hover: LLMHelper['hover'] = (...a) => on().hover(...a);
export const focus: LLMHelper['focus'] = (...a) => on().focus(...a);
export const rightClick: LLMHelper['rightClick'] = (...a) => on().rightClick(...a);
export const getMenuItems: LLMHelper['getMenuItems'] = (...a) => on().getMenuItems(...a);
export const clickMenuItem: LLMHelper['clickMenuItem'] = (...a) => on().clickMenuItem(...a);
export const type: LLMHelper['type'] = (...a) => on().type(...a);
export const select: LLMHelper['select'] = (...a) => on().select(...a);
export const check: LLMHelper['check'] = (...a) => on().check(...a);
export const press: LLMHelper['press'] = (...a) => on().press(...a);
export const scroll: LLMHelper['scroll'] = (...a) => on().scroll(...a);
export const scrollIntoView: LLMHelper['scrollIntoView'] = (...a) => on().scrollIntoView(...a);
export const upload: LLMHelper['upload'] = (...a) => on().upload(...a);
export const drag: LLMHelper['drag'] = (...a) => on().drag(...a);
export const waitFor: LLMHelper['waitFor'] = (...a) => on().waitFor(...a);
export const navigate: LLMHelper['navigate'] = (...a) => on().navigate(...a);
export const back: LLMHelper['back'] = (...a) => on().back(...a);
export const forward: LLMHelper['forward'] = (...a) => on().forward(...a);
export const reload: LLMHelper['reload'] = (...a) => on().reload(...a);
export const runJS: LLMHelper['runJS'] = (...a) => on().runJS(...a);
export const console: LLMHelper['console'] = (...a) => on().console(...a);
export const tools: LLMHelper['tools'] = ((...a: Parameters<LLMHelper['tools']>) =>
  on().tools(...a)) as LLMHelper['tools'];
export const execute: LLMHelper['execute'] = ((...a: Parameters<LLMHelper['execute']>) =>
  on().execute(...a)) as LLMHelper['execute'];
export const help: LLMHelper['help'] = (...a) => on().help(...a);
export const addTool: LLMHelper['addTool'] = (...a) => on().addTool(...a);
export const registerWebMCP: LLMHelper['registerWebMCP'] = (...a) => on().registerWebMCP(...a);
export const clear: LLMHelper['clear'] = (...a) => on().clear(...a);
export const configure: LLMHelper['configure'] = (...a) => on().configure(...a);
/** The SDK's version, as LLMHelper.version. */
export const version = VERSION;

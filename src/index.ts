/** ESM entry: named exports only. Nothing is installed on window; call createLLMHelper(). */
export { createLLMHelper, type LLMHelper } from './helper';
export { LLMHelperError, type ErrorCode } from './errors';
export { configure, defaults, type Config } from './config';
export type { FindOptions, Match, Matches } from './page/find';
export type { DescribeOptions, SnapshotOptions, SummaryOptions } from './page/describe';
export type { ExtractOptions } from './page/extract';
export type { Target } from './page/target';
export { VERSION } from './version';

/**
 * What the agent (and the panel) use of a page: an LLMHelper in the same page has all of it; the
 * extension's side panel has a link to the page's content script, whose answers come back as promises.
 */
import type { ConsoleOptions, LogEntry } from '../page/observe/page-log';
import type { ExecuteResult, ToolsOptions } from '../tools/toolkit';
import type { McpTool } from '../tools/api-types';

type Awaitable<T> = T | Promise<T>;

export interface PageTools {
  /** Indexes the page in slices, so that summary() does not walk a big page in one task. */
  prepare?(): Promise<void>;
  summary(): Awaitable<string>;
  /** The same reads in slices, the page running between them (an LLMHelper's; the agent prefers them). */
  inSlices?: {
    summary(): Promise<string>;
    extract(id: number, property: string): Promise<unknown>;
    describe(id: number): Promise<string>;
  };
  console(options?: ConsoleOptions): Awaitable<LogEntry[]>;
  tools(options: ToolsOptions & { format: 'mcp' }): Awaitable<{ tools: McpTool[] }>;
  execute(call: { name: string; arguments: unknown }, options?: ToolsOptions): Promise<ExecuteResult>;
  extract(id: number, property: string): Awaitable<unknown>;
  describe(id: number): Awaitable<string>;
  /**
   * The address of the page the tools act on, when that is not this document's (the side panel's link
   * says the tab's). Risky-origin rules compare against its origin.
   */
  url?(): Awaitable<string>;
  /**
   * The person's own rule for the page the tools act on (the extension's per-site setting): 'deny' a
   * call with the reason, or 'confirm' it even when it is not risky; null leaves it to the risk rules.
   */
  siteRule?(name: string, risk: string): Awaitable<{ verdict: 'deny' | 'confirm'; reason: string } | null>;
}

/** The page's reads, in slices where the page offers them. */
export const readsOf = (page: PageTools): Pick<PageTools, 'summary' | 'extract' | 'describe'> =>
  page.inSlices ?? page;

/** The address of the page the tools act on. */
export const pageUrl = async (page: PageTools): Promise<string> =>
  page.url ? String(await page.url()) : location.href;

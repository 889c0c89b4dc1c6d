/**
 * The LLMHelper object: every page tool bound to one element store. `createLLMHelper()` makes an
 * independent instance; the script-tag build installs one as window.LLMHelper.
 */
import { defaults, using, type Config } from './config';
import { LLMHelperError, checkOptions, readOptions, safely } from './errors';
import { checkArguments } from './signatures';
import { liveSecretsSteps, refreshSecrets, scrub, scrubText } from './page/perceive/redact';
import { truncate } from './page/dom/text';
import { describe, describeSteps, type DescribeOptions } from './page/read/describe';
import { snapshot, snapshotSteps, type SnapshotOptions } from './page/read/snapshot';
import { summary, summarySteps, type SummaryOptions } from './page/read/summary';
import { extract, extractSteps, type ExtractOptions } from './page/read/extract';
import { find, findSteps } from './page/find/find';
import { findNear, findNearSteps } from './page/find/find-near';
import { runInSlices, type Pace, type Steps } from './page/dom/slices';
import { ElementStore } from './page/ids/store';
import { prepare, unfinishedNote } from './page/dom/prepare';
import { steady, withinBudget } from './page/dom/element-index';
import { collectRootsSteps, forgetRoots } from './page/dom/roots';
import type { Target } from './page/ids/target';
import type { FindOptions } from './page/find/types';
import { VERSION } from './version';
import { createActionContext, type TrustedInput } from './page/act/context';
import { getMenuItems, clickMenuItem, rightClick } from './page/act/menu';
import { back, forward, navigate, reload } from './page/act/navigation';
import { click, dblclick, drag, focus, hover } from './page/act/pointer';
import { press, type } from './page/act/keyboard';
import { check } from './page/act/check';
import { select } from './page/act/form';
import { upload } from './page/act/upload';
import { runJS } from './page/act/runjs';
import { scroll, scrollIntoView } from './page/act/scroll';
import { waitFor } from './page/act/wait';
import { readLog, startPageLog } from './page/observe/page-log';
import { help } from './help';
import type { PageApi, SlicedReads } from './page-api';
import { Toolkit, type ExecuteResult, type ToolsOptions } from './tools/toolkit';
import type { AnyTool } from './tools/define';
import type { Format } from './tools/formats/index';
import type {
  AnthropicCall,
  AnthropicToolResult,
  GeminiCall,
  GeminiToolResponse,
  McpCall,
  McpToolResult,
  OpenAICall,
  OpenAIToolMessage,
  ResponsesCall,
  ResponsesToolOutput,
  ToolListings,
} from './tools/api-types';

/** The SDK's object: the page's methods and the tools over them. */
export interface LLMHelper extends PageApi {
  /**
   * Tool definitions for a model API: format openai (the default) | responses | anthropic | gemini | mcp
   * | ai-sdk, each typed as that API's client takes it.
   */
  tools<F extends Format = 'openai'>(options?: ToolsOptions & { format?: F }): ToolListings[F];
  /**
   * Run a tool call in any API's shape; returns { ok, text, data, message }, where message is the result
   * as that API takes it back (typed by the call's shape).
   */
  execute(call: OpenAICall, options?: ToolsOptions): Promise<ExecuteResult<OpenAIToolMessage>>;
  execute(call: ResponsesCall, options?: ToolsOptions): Promise<ExecuteResult<ResponsesToolOutput>>;
  execute(call: AnthropicCall, options?: ToolsOptions): Promise<ExecuteResult<AnthropicToolResult>>;
  execute(call: GeminiCall, options?: ToolsOptions): Promise<ExecuteResult<GeminiToolResponse>>;
  execute(call: McpCall, options?: ToolsOptions): Promise<ExecuteResult<McpToolResult>>;
  execute(call: unknown, options?: ToolsOptions): Promise<ExecuteResult>;
  /** The console API: every function's JavaScript signature, or one function's arguments and an example. */
  help(name?: string): string;
  /** Add your own tool (made with defineTool) to every preset. */
  addTool(tool: AnyTool): void;
  /** Register the tools with the browser's WebMCP API, when it has one. */
  registerWebMCP(options?: ToolsOptions): { registered: string[]; reason?: string; unregister(): void };
}

/**
 * A new, independent LLMHelper. `input`: real input for clicks and keys (see TrustedInput), for an
 * embedder that can send it (the extension's chrome.debugger, a CDP driver); without it, the SDK's
 * events.
 */
export function createLLMHelper(options?: { input?: TrustedInput }): LLMHelper {
  const o = readOptions('createLLMHelper(options)', options);
  checkOptions('createLLMHelper(options)', o, { input: 'object' });
  const input = o.input as TrustedInput | undefined;
  if (input && !safely(() => typeof input.click === 'function' && typeof input.key === 'function', false))
    throw new LLMHelperError(
      'bad_argument',
      'createLLMHelper({ input }): input needs click(at, options) and key(key, modifiers), each resolving to whether it sent the input.',
    );
  startPageLog();
  const config = defaults();
  const store = new ElementStore(config);
  const act = createActionContext(store, input);
  const helper = {
    version: VERSION,
    find: (pattern, options) => find(store, pattern, options),
    findNear: (id, pattern, options) => findNear(store, id, pattern, options),
    describe: (target, options) => describe(store, target, options),
    summary: (options) => summary(store, options),
    snapshot: (options) => snapshot(store, options),
    prepare: () => prepare(),
    extract: ((id: Target, property?: string, options?: ExtractOptions) =>
      extract(store, id, property, options)) as LLMHelper['extract'],
    click: (id, options) => click(act, id, options),
    dblclick: (id, options) => dblclick(act, id, options),
    hover: (id) => hover(act, id),
    focus: (id) => focus(act, id),
    rightClick: (id) => rightClick(act, id),
    getMenuItems: () => getMenuItems(act),
    clickMenuItem: (path) => clickMenuItem(act, path),
    type: (id, text, options) => type(act, id, text, options),
    select: (id, value) => select(act, id, value),
    check: (id, checked) => check(act, id, checked),
    press: (key, options) => press(act, key, options),
    scroll: (options) => scroll(act, options),
    scrollIntoView: (id) => scrollIntoView(act, id),
    upload: (id, files) => upload(act, id, files),
    drag: (from, to, options) => drag(act, from, to, options),
    waitFor: (what, options) => waitFor(act, what, options),
    navigate: (url) => navigate(act, url),
    back: () => back(act),
    forward: () => forward(act),
    reload: () => reload(act),
    runJS: (code) => runJS(code, config),
    console: (options) => readLog(options),
    clear: () => store.clear(),
    configure: (options) => Object.assign(config, options),
  } as LLMHelper;
  // The reading calls as steps, run in slices by inSlices (each through its own exit).
  const steps: Record<keyof SlicedReads, (pace: Pace, ...args: never[]) => Steps<unknown>> = {
    find: (pace, pattern?: string | RegExp | FindOptions | null, options?: FindOptions) =>
      findSteps(store, pattern, options, pace),
    findNear: (pace, id: Target, pattern?: string | RegExp | FindOptions | null, options?: FindOptions) =>
      findNearSteps(store, id, pattern, options, pace),
    describe: (pace, target?: Target, options?: DescribeOptions) =>
      describeSteps(store, target, options ?? {}, pace),
    summary: (pace, options?: SummaryOptions) => summarySteps(store, options ?? {}, pace),
    snapshot: (pace, options?: SnapshotOptions) => snapshotSteps(store, options ?? {}, pace),
    extract: (pace, id: Target, property?: string, options?: ExtractOptions) =>
      extractSteps(store, id, property, options, pace),
  };
  (helper as { inSlices: SlicedReads }).inSlices = Object.fromEntries(
    Object.entries(steps).map(([name, start]) => [name, slicedExit(name, start, config)]),
  ) as unknown as SlicedReads;
  const toolkit = new Toolkit(helper);
  toolkits.set(helper, toolkit);
  helper.tools = ((options?: ToolsOptions) => toolkit.list(options)) as LLMHelper['tools'];
  helper.execute = ((call: unknown, options?: ToolsOptions) =>
    toolkit.execute(call, options)) as LLMHelper['execute'];
  helper.help = (name) => help(toolkit, name);
  helper.addTool = (tool) => toolkit.add(tool);
  helper.registerWebMCP = (options) => toolkit.registerWebMCP(options);
  for (const key of Object.keys(helper) as (keyof LLMHelper)[]) {
    const value = helper[key];
    if (typeof value === 'function')
      (helper as unknown as Record<string, unknown>)[key] = exit(key, value, config);
  }
  return helper;
}

/** Each LLMHelper's toolkit, for the SDK's own wiring only: no page script reaches this module's state. */
const toolkits = new WeakMap<LLMHelper, Toolkit>();

/** Makes `tools` (saved tasks the person offered in the panel) the helper's task tools. */
export const offerTasks = (helper: LLMHelper, tools: AnyTool[]): void =>
  toolkits.get(helper)?.offerTasks(tools);

/** What works without a page (Node, a worker): listings, help, settings; every other method reads the DOM. */
const NO_PAGE = new Set([
  'tools',
  'execute',
  'help',
  'addTool',
  'registerWebMCP',
  'clear',
  'configure',
  'console',
]);

/** Longest message an action or error returns: inputs are echoed, but never whole. */
const MAX_MESSAGE = 2000;

/** Whatever leaves the SDK, as it may leave: scrubbed of secrets, messages bounded. */
function leaving<T>(value: T): T {
  const out = scrub(value) as unknown;
  const result = out as { message?: unknown } | null;
  if (result && typeof result === 'object' && typeof result.message === 'string')
    result.message = truncate(result.message, MAX_MESSAGE);
  return out as T;
}

/**
 * leaving() in slices: the page's roots and live secrets found a slice at a time first (and kept for
 * the call), so that the scrub of an answer is no long task of its own on a large page.
 */
function* leavingSteps<T>(value: T, pace: Pace): Steps<T> {
  if (typeof document !== 'undefined') {
    yield* collectRootsSteps(document, pace);
    yield* liveSecretsSteps(pace);
  }
  return leaving(value);
}

/** Every failure as an LLMHelperError whose message is scrubbed and bounded, never a raw TypeError. */
function failure(name: string, e: unknown): LLMHelperError {
  if (e instanceof LLMHelperError)
    return new LLMHelperError(e.code, truncate(scrubText(e.message), MAX_MESSAGE));
  let text: string;
  try {
    text = e instanceof Error ? e.message : String(e);
  } catch {
    text = 'an error that cannot be shown';
  }
  return new LLMHelperError(
    'bad_argument',
    `${name} failed: ${truncate(scrubText(text), 300)}. Check its arguments: LLMHelper.help('${name}') shows them.`,
  );
}

/**
 * The one exit of a public method: results, messages, change reports and errors all pass through
 * scrub (patterns and the live values of secret fields), for sync and async methods alike, with the
 * instance's own settings current while it runs.
 */
function exit<F extends (...args: never[]) => unknown>(name: string, fn: F, config: Config): F {
  return function (this: unknown, ...args: Parameters<F>) {
    return using(config, () => {
      if (READS.has(name)) return reading(name, () => run(this, args));
      let out: unknown;
      // The rest of the page's methods act on it (asynchronous; runJS and navigation too).
      if (!NO_PAGE.has(name) && name !== 'prepare') {
        run(this, args, true);
        // The page's index built in slices first, as execute() does: an action's looks never walk a big
        // page in one task. Should that fail, the action walks what it needs.
        out = prepare()
          .catch(() => undefined)
          .then(() => using(config, () => run(this, args)));
      } else out = run(this, args);
      if (out && typeof (out as Promise<unknown>).then === 'function')
        // What an action returns is scrubbed with this instance's settings, whichever ran meanwhile, in
        // slices: finding every live secret of a large page at once is a long task of its own.
        return (out as Promise<unknown>).then(
          (value) =>
            runInSlices(
              (pace) => leavingSteps(value, pace),
              (slice) => using(config, slice),
            ),
          (e: unknown) => {
            throw using(config, () => failure(name, e));
          },
        );
      return leaving(out);
    });
  } as F;

  /** The call, its arguments checked first (only checked, with `checkOnly`). */
  function run(self: unknown, args: Parameters<F>, checkOnly = false): unknown {
    try {
      checkArguments(name, args);
      if (typeof document === 'undefined' && !NO_PAGE.has(name))
        throw new LLMHelperError(
          'unsupported',
          `${name} needs a web page, and there is no document here (tools() and help() work without one).`,
        );
      return checkOnly ? undefined : fn.apply(self, args);
    } catch (e) {
      throw failure(name, e);
    }
  }
}

/**
 * The exit of a reading call in slices (inSlices): its arguments checked as its twin's, the page's index
 * brought up to date first (in slices too), each slice run with the instance's settings, the answer and
 * any error scrubbed as every output is.
 */
function slicedExit(
  name: string,
  start: (pace: Pace, ...args: never[]) => Steps<unknown>,
  config: Config,
): (...args: never[]) => Promise<unknown> {
  return async (...args) => {
    try {
      using(config, () => checkArguments(name, args));
      if (typeof document === 'undefined')
        throw new LLMHelperError('unsupported', `${name} needs a web page, and there is no document here.`);
    } catch (e) {
      throw using(config, () => failure(name, e));
    }
    await prepare().catch(() => undefined);
    try {
      const value = await runInSlices(
        function* (pace) {
          // Found in slices first, and kept for the call: each of its slices would otherwise find them
          // again (a third of a slice, on a page of 30,000 shadow roots).
          yield* collectRootsSteps(document, pace);
          yield* liveSecretsSteps(pace);
          const answer = yield* start(pace, ...args);
          // Scrubbed with the secrets as they are now (a value typed during the call's pauses too), in
          // this slice: a pause here would let the page remove what the answer names.
          refreshSecrets();
          return leaving(answer);
        },
        // Each slice a steady read: no page script runs within one.
        (slice) => using(config, () => steady(slice)),
      );
      return value;
    } catch (e) {
      throw using(config, () => failure(name, e));
    }
  };
}

/**
 * The calls that answer at once from the page: they walk within a budget (element-index.ts). Those
 * whose answer has room for it say what it covers; the others say it in their errors.
 */
const NOTED = new Set(['find', 'findNear', 'describe', 'summary', 'snapshot']);
const READS = new Set([...NOTED, 'extract', 'getMenuItems', 'console']);

/**
 * A reading call, scrubbed, within its budget of walking: where the budget ran out, the answer says
 * what it covers (a note on find's matches, a text's last line, an error's end), and prepare() goes on
 * with the walk.
 */
function reading(name: string, call: () => unknown): unknown {
  let thrown: unknown;
  const { value, unfinished } = withinBudget(() =>
    steady(() => {
      try {
        return leaving(call());
      } catch (e) {
        thrown = e;
      }
    }),
  );
  const note = unfinished && scrubText(unfinishedNote(name, unfinished));
  if (note) {
    // The roots found from a part of the index are not all: the next call looks again.
    forgetRoots();
    // In a task of its own: this one has had its share.
    setTimeout(() => void prepare().catch(() => undefined), 0);
  }
  if (thrown !== undefined)
    throw note && thrown instanceof LLMHelperError
      ? new LLMHelperError(thrown.code, `${thrown.message} ${note}`)
      : thrown;
  if (!note || !NOTED.has(name)) return value;
  if (typeof value === 'string') return `${value}\n${note}`;
  const matches = value as { note?: string };
  matches.note = matches.note ? `${note} ${matches.note}` : note;
  return matches;
}

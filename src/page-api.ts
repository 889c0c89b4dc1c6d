/**
 * What an LLMHelper does on the page: reading, acting, its element IDs and settings. The tools run on
 * this (tools/), and LLMHelper (helper.ts) adds the tools' listings, execute() and help() to it.
 */
import type { Config } from './config';
import type { DescribeOptions } from './page/read/describe';
import type { SnapshotOptions } from './page/read/snapshot';
import type { SummaryOptions } from './page/read/summary';
import type { ExtractOptions, Extracted } from './page/read/extract';
import type { FindOptions, Matches } from './page/find/types';
import type { Target } from './page/ids/target';
import type { MenuListing } from './page/act/menu';
import type { ClickOptions, DragOptions } from './page/act/pointer';
import type { PressOptions, TypeOptions } from './page/act/keyboard';
import type { UploadFile } from './page/act/upload';
import type { RunJSResult } from './page/act/runjs';
import type { ScrollOptions } from './page/act/scroll';
import type { WaitOptions, WaitResult, WaitState } from './page/act/wait';
import type { ActionResult } from './page/observe/change-report';
import type { ConsoleOptions, LogEntry } from './page/observe/page-log';

/**
 * The reading calls as the tools make them: in slices of a few tens of milliseconds with the page running
 * between them, so that on a large page no call holds the tab, each answering as its twin on PageApi
 * (and reading further: a search in slices has more time than one at once).
 */
export interface SlicedReads {
  find(pattern?: string | RegExp | FindOptions | null, options?: FindOptions): Promise<Matches>;
  findNear(
    id: Target,
    pattern?: string | RegExp | FindOptions | null,
    options?: FindOptions,
  ): Promise<Matches>;
  describe(target?: Target, options?: DescribeOptions): Promise<string>;
  summary(options?: SummaryOptions): Promise<string>;
  snapshot(options?: SnapshotOptions): Promise<string>;
  extract<P extends keyof Extracted>(
    id: Target,
    property: P,
    options?: ExtractOptions,
  ): Promise<Extracted[P]>;
  extract(id: Target, property?: string, options?: ExtractOptions): Promise<string>;
}

export interface PageApi {
  readonly version: string;
  /** find, findNear, describe, summary, snapshot and extract in slices, the page running between them. */
  readonly inSlices: SlicedReads;
  /** Regex/text search over what a person sees; returns matches with element IDs. */
  find(pattern?: string | RegExp | FindOptions | null, options?: FindOptions): Matches;
  /** find, ranked by closeness to element `id` (same row, same group, then distance). */
  findNear(id: Target, pattern?: string | RegExp | FindOptions | null, options?: FindOptions): Matches;
  /** One short paragraph about a table, form, list, dialog, menu, section or element. */
  describe(target?: Target, options?: DescribeOptions): string;
  /** Page overview: title, URL, outline, landmarks, counts, dialogs, alerts, focus, main actions. */
  summary(options?: SummaryOptions): string;
  /** Interactive elements, one line each, within a character budget. */
  snapshot(options?: SnapshotOptions): string;
  /**
   * Builds the page's element index, or brings it up to date, a slice of a few milliseconds at a time
   * with the page running between slices; resolves when calls read it. Before it ends, a call that reads
   * the page walks for at most 40 ms and answers from the part walked, saying so. execute(), the agent,
   * the bridge and every action await it; the script tag starts it when the page is idle.
   */
  prepare(): Promise<void>;
  /** One property of one element: text, value, href, checked, rows, options, an attribute... */
  extract<P extends keyof Extracted>(id: Target, property: P, options?: ExtractOptions): Extracted[P];
  /** Without a property, the text; any other name is an attribute, returned as text. */
  extract(id: Target, property?: string, options?: ExtractOptions): string;
  /** Click like a person: scroll into view, hit-test, full pointer/mouse sequence, then the change report. */
  click(id: Target, options?: ClickOptions): Promise<ActionResult>;
  dblclick(id: Target, options?: Omit<ClickOptions, 'clickCount'>): Promise<ActionResult>;
  hover(id: Target): Promise<ActionResult>;
  focus(id: Target): Promise<ActionResult>;
  /** Right-click; returns the page's own context menu items, or says there is none. */
  rightClick(id: Target): Promise<MenuListing>;
  /** The items of the open menu (context menu, menu button menu, ARIA menu/menubar). */
  getMenuItems(): MenuListing;
  /** Click a menu item by name or path ('Export > CSV'), hovering parents to open submenus. */
  clickMenuItem(path: string | RegExp): Promise<ActionResult>;
  /** Type into a field (React/Vue-safe), then read the value back. */
  type(id: Target, text: string, options?: TypeOptions): Promise<ActionResult>;
  /** Choose option(s) of a <select>, combobox or listbox by value, label or RegExp. */
  select(id: Target, value: string | RegExp | (string | RegExp)[]): Promise<ActionResult>;
  /** Check or uncheck a checkbox, radio or switch. */
  check(id: Target, checked?: boolean): Promise<ActionResult>;
  /** Press a key ('Enter', 'Tab', 'ArrowDown', 'Control+a') on an element or the focused one. */
  press(key: string, options?: PressOptions): Promise<ActionResult>;
  scroll(options?: ScrollOptions): Promise<ActionResult>;
  scrollIntoView(id: Target): Promise<ActionResult>;
  upload(id: Target, files: UploadFile | UploadFile[]): Promise<ActionResult>;
  drag(fromId: Target, toId: Target, options?: DragOptions): Promise<ActionResult>;
  /** Wait until text appears (or disappears), or an element reaches a state. */
  waitFor(
    what: string | RegExp | { id: Target; state?: WaitState },
    options?: WaitOptions,
  ): Promise<WaitResult>;
  navigate(url: string): Promise<ActionResult>;
  back(): Promise<ActionResult>;
  forward(): Promise<ActionResult>;
  reload(): Promise<ActionResult>;
  /** Run JavaScript; off unless configure({ allowRunJS: true }). */
  runJS(code: string): Promise<RunJSResult>;
  /**
   * What went wrong on the page since the SDK loaded: script errors, console errors and warnings, failed
   * requests; the last 50, each numbered (`since` takes a number), scrubbed like every output.
   */
  console(options?: ConsoleOptions): LogEntry[];
  /** Forget every element ID (new IDs keep counting up; old ones are never reused). */
  clear(): void;
  /** Change defaults (budgets, ID cap, extra redaction patterns). */
  configure(options: Partial<Config>): Config;
}

/**
 * The LLMHelper object: every page tool bound to one element store. `createLLMHelper()` makes an
 * independent instance; the script-tag build installs one as window.LLMHelper.
 */
import { configure, type Config } from './config';
import {
  describe,
  snapshot,
  summary,
  type DescribeOptions,
  type SnapshotOptions,
  type SummaryOptions,
} from './page/describe';
import { extract, type ExtractOptions } from './page/extract';
import { find, findNear, type FindOptions, type Matches } from './page/find';
import { ElementStore } from './page/store';
import type { Target } from './page/target';
import { VERSION } from './version';

export interface LLMHelper {
  readonly version: string;
  /** Regex/text search over what a person sees; returns matches with element IDs. */
  find(pattern?: string | RegExp | FindOptions, options?: FindOptions): Matches;
  /** find, ranked by closeness to element `id` (same row, same group, then distance). */
  findNear(id: Target, pattern?: string | RegExp | FindOptions, options?: FindOptions): Matches;
  /** One short paragraph about a table, form, list, dialog, menu, section or element. */
  describe(target?: Target, options?: DescribeOptions): string;
  /** Page overview: title, URL, outline, landmarks, counts, dialogs, alerts, focus, main actions. */
  summary(options?: SummaryOptions): string;
  /** Interactive elements, one line each, within a character budget. */
  snapshot(options?: SnapshotOptions): string;
  /** One property of one element: text, value, href, checked, rows, options, an attribute... */
  extract(id: Target, property?: string, options?: ExtractOptions): unknown;
  /** Forget every element ID (new IDs keep counting up; old ones are never reused). */
  clear(): void;
  /** Change defaults (budgets, ID cap, extra redaction patterns). */
  configure(options: Partial<Config>): Config;
}

export function createLLMHelper(): LLMHelper {
  const store = new ElementStore();
  return {
    version: VERSION,
    find: (pattern, options) => find(store, pattern, options),
    findNear: (id, pattern, options) => findNear(store, id, pattern, options),
    describe: (target, options) => describe(store, target, options),
    summary: (options) => summary(store, options),
    snapshot: (options) => snapshot(store, options),
    extract: (id, property, options) => extract(store, id, property, options),
    clear: () => store.clear(),
    configure,
  };
}

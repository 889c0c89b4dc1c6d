/**
 * What LLMHelper.panel() takes and gives: its options (checked, with a clear error for anything else),
 * what its host gives it (the page's helper, or the extension's link), what page code gets back, and
 * the person's settings.
 */
import type { Agent } from '../agent/agent';
import type { PendingCall, Price, RunResult } from '../agent/types';
import { checkPrice } from '../agent/options';
import { type PageTools } from '../agent/page-tools';
import { LLMHelperError, checkOptions, readOptions, safely, shown } from '../errors';
import type { Provider } from '../llm/types';
import type { ProviderOptions } from '../llm/provider';
import type { Preset as ProviderPreset } from '../llm/presets';
import { type Texts, type UiLanguage } from './texts';
import type { TaskStore } from './saved-tasks';
import type { AnyTool } from '../tools/define';

/** Words an integrator gives the panel: one text, or one per language ({ en, zh }), shown in the panel's. */
export type Localized = string | ({ en: string } & Partial<Record<UiLanguage, string>>);

/** A model the panel offers besides the presets, such as the demo's scripted model. */
export interface ExtraModel {
  /** Shown in the settings and the header, e.g. 'Scripted demo — not an AI' (its English text is its key). */
  label: Localized;
  make(): Provider;
  /** What it charges, for the cost under each run (the demo's scripted model: nothing). */
  price?: Price;
}

export interface PanelOptions {
  /** Start with this provider instead of asking for settings. */
  provider?: Provider;
  /** Extra entries in the model list (the first is chosen when no provider is given). */
  models?: ExtraModel[];
  language?: UiLanguage;
  maxSteps?: number;
  /** Start open (default) or collapsed. */
  collapsed?: boolean;
  /** Example tasks shown while the panel is idle; a click puts one in the box for the person to send. */
  examples?: Localized[];
}

export interface PanelDeps {
  /** The page's LLMHelper; in the extension, the side panel's link to the tab. */
  helper: PageTools;
  /**
   * The panel fills its own document (the extension's side panel) instead of floating over a page: no
   * dragging, no collapsing, no highlight drawn (the page is elsewhere). This and settingsStore, hostBar,
   * texts and explain are the side panel's: the page builds leave them out (src/target.ts).
   */
  docked?: boolean;
  /**
   * Where the settings live (default: the page's localStorage, only when "remember" is ticked): the
   * extension keeps them in its own storage. `saved` is what was kept; save() is called on Save.
   */
  settingsStore?: { saved: Partial<PanelSettings> | null; save(settings: PanelSettings): void };
  /** A line under the header for the host's own state (the extension's tab and its permission). */
  hostBar?: HTMLElement;
  Agent: new (o: ConstructorParameters<typeof Agent>[0]) => Agent;
  provider(name: string, options: ProviderOptions): Provider;
  providers: ProviderPreset[];
  /** Agent.resume bound to this page's helper: a run interrupted by a page load, if any. */
  resume?(
    options: ConstructorParameters<typeof Agent>[0],
  ): { agent: Agent; result: Promise<RunResult> } | null;
  /** The task of a run saved for this tab and the steps it carries, shown to the person before it resumes. */
  savedRun?(): { task: string; steps: string[] } | null;
  /** Drops the saved run (the person chose not to go on). */
  discardRun?(): void;
  /** Agent.resumeRerun bound to this page's helper: a saved task's run interrupted by a page load, if any. */
  resumeRerun?(
    options: ConstructorParameters<typeof Agent>[0],
    opts: { heal: boolean },
  ): { agent: Agent; name: string; task: string; result: Promise<RunResult> } | null;
  /** The saved task whose run a page load interrupted, and its steps still to run, shown before it goes on. */
  savedRerun?(): { name: string; steps: string[] } | null;
  /** Drops that saved task's run (the person chose not to go on). */
  discardRerun?(): void;
  /** A bridge connection this tab had before it navigated: reopened only when the person says so. */
  savedConnection?(): { url: string } | null;
  /** The host's own words where the panel's are not true there (the extension keeps the key elsewhere). */
  texts?: Partial<Record<UiLanguage, Partial<Texts>>>;
  /** A failure in the person's words (what failed, what to do), or null for the error's own message. */
  explain?(error: unknown, language: UiLanguage): string | null;
  reconnect?(): void;
  forgetConnection?(): void;
  /** Where saved tasks are kept (default: the site's localStorage, written only when the person saves). */
  taskStore?: TaskStore;
  /** Makes the saved tasks the person offers the page's task tools (listings, WebMCP, the bridge). */
  offerTasks?(tools: AnyTool[]): void;
}

/**
 * The panel as page code sees it (LLMHelper.panel()): open or collapse it, and propose a task that the
 * person must send. Nothing of the agent (its options, confirm, ask, provider, run, state) is reachable.
 */
export interface Panel {
  /** Shows the panel (expanded). */
  open(): void;
  /** Collapses it to its header; a run goes on. */
  close(): void;
  /** Puts a task into the box: the person's Send runs it. */
  propose(task: string): void;
}

/** What the SDK's own wiring uses of the panel it made (the bridge's confirmations, the extension's). */
export interface PanelControl extends Panel {
  /** Asks the person about a risky call, in the panel (also used for calls from the bridge). */
  confirm(call: PendingCall): Promise<boolean>;
  /** Shows a bridge connection (to what, which tools, its state) with a Disconnect button; null hides it. */
  showConnection(info: { url: string; preset: string; status: string; disconnect(): void } | null): void;
  /** The example tasks shown while no task is: the extension's, for the page in the tab. */
  setExamples(tasks: Localized[]): void;
}

export const STORE_KEY = 'llm-helper.panel.settings';

export interface PanelSettings {
  model: string; // an extra model's label, or a preset name
  baseURL: string;
  modelName: string;
  apiKey: string;
  remember: boolean;
  maxSteps: number;
  preset: 'read' | 'standard' | 'full';
  language: UiLanguage;
  /** The person's own price, "input / output / cached" US$ per million tokens ('' for the preset's). */
  price?: string;
}

/** An extra model's key in the settings: its label, or its English label. */
export const keyOf = (m: ExtraModel): string => (typeof m.label === 'string' ? m.label : m.label.en);

/** The panel's options, checked and read once (a clear LLMHelperError for anything else). */
export function panelOptions(options: unknown): PanelOptions {
  const where = 'LLMHelper.panel(options)';
  const o = readOptions(where, options) as PanelOptions;
  checkOptions(where, o as Record<string, unknown>, {
    provider: 'object',
    language: ['en', 'zh'],
    maxSteps: 'number',
    collapsed: 'boolean',
  });
  const localized = (v: unknown) =>
    typeof v === 'string' || (!!v && typeof v === 'object' && typeof (v as { en?: unknown }).en === 'string');
  if (
    o.examples !== undefined &&
    !safely(() => Array.isArray(o.examples) && o.examples.every(localized), false)
  )
    throw new LLMHelperError(
      'bad_argument',
      `${where}: examples must be a list of texts, each a string or { en, zh }; got ${shown(o.examples)}.`,
    );
  if (o.provider && !safely(() => typeof o.provider!.chat === 'function', false))
    throw new LLMHelperError('bad_argument', `${where}: provider must have chat().`);
  let modelsOk = o.models === undefined;
  try {
    modelsOk ||=
      Array.isArray(o.models) &&
      o.models.every((m: unknown) => {
        const model = m as ExtraModel | null;
        return (
          !!model && typeof model === 'object' && localized(model.label) && typeof model.make === 'function'
        );
      });
  } catch {
    modelsOk = false; // a model whose label or make cannot be read
  }
  if (!modelsOk)
    throw new LLMHelperError(
      'bad_argument',
      `${where}: models must be a list of { label, make(), price? }, label a string or { en, zh }; got ${shown(o.models)}.`,
    );
  for (const m of o.models ?? [])
    checkPrice(
      `${where}: a model's price`,
      safely(() => m.price, null),
    );
  return o;
}

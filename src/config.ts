/** Every option's default, in one place. Each LLMHelper has its own copy; `configure()` changes it. */
export interface Config {
  /** Element IDs kept before the least recently used are forgotten. */
  maxIds: number;
  /** Default number of matches find and findNear return. */
  findLimit: number;
  /** Most characters of find/findNear results (as JSON), notes included. */
  findBudget: number;
  /** Character budgets of the read tools. */
  describeBudget: number;
  summaryBudget: number;
  snapshotBudget: number;
  /** Extra secrets: field name/label patterns whose values are hidden, text patterns replaced anywhere. */
  redactFields: RegExp[];
  redactText: RegExp[];
  /** runJS evaluates code only when this is true. */
  allowRunJS: boolean;
  /**
   * The longest a call in slices (every tool call, every action's looks at the page) holds the page's
   * main thread before it lets the page run (ms); 0 pauses at every chance.
   */
  sliceMs: number;
}

const DEFAULTS = {
  maxIds: 5000,
  findLimit: 10,
  findBudget: 2000,
  describeBudget: 1500,
  summaryBudget: 1200,
  snapshotBudget: 2000,
  allowRunJS: false,
  sliceMs: 30,
};

/** The settings an LLMHelper starts with: each instance its own copy (its lists too). */
export const defaults = (): Config => ({ ...DEFAULTS, redactFields: [], redactText: [] });

const none = defaults();
let active: Config | null = null;

/**
 * The settings of the LLMHelper whose call is running, for the code deep in the page layer that has no
 * instance at hand (redaction); the defaults outside any call.
 */
export const current = (): Config => active ?? none;

/** Runs fn with `config` as the current settings (each public call of an LLMHelper does). */
export function using<T>(config: Config, fn: () => T): T {
  const before = active;
  active = config;
  try {
    return fn();
  } finally {
    active = before;
  }
}

/** Every option's default, in one place. `configure()` changes them for the page's LLMHelper. */
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
}

export const defaults = (): Config => ({
  maxIds: 5000,
  findLimit: 10,
  findBudget: 2000,
  describeBudget: 1500,
  summaryBudget: 1200,
  snapshotBudget: 2000,
  redactFields: [],
  redactText: [],
  allowRunJS: false,
});

export const config: Config = defaults();

export function configure(options: Partial<Config>): Config {
  return Object.assign(config, options);
}

/**
 * Each public method's arguments as zod schemas, checked at the exit before the method runs, so a
 * wrong type or an unknown option gets one clear error naming the argument, what it must be and the
 * call's shape, instead of whatever the code inside would have tripped on. The element-ID, pattern and
 * type fields are the tools' own (tools/builtin/fields.ts); the options here are checked against the
 * TypeScript interfaces they stand for, so the two cannot drift apart.
 */
import * as z from 'zod/mini';
import type { Config } from './config';
import { LLMHelperError } from './errors';
import { stringify } from './json';
import type { DescribeOptions } from './page/read/describe';
import type { SnapshotOptions } from './page/read/snapshot';
import type { SummaryOptions } from './page/read/summary';
import type { ConsoleOptions } from './page/observe/page-log';
import type { ExtractOptions } from './page/read/extract';
import type { FindOptions } from './page/find/types';
import type { ClickOptions, DragOptions } from './page/act/pointer';
import type { PressOptions, TypeOptions } from './page/act/keyboard';
import type { ScrollOptions } from './page/act/scroll';
import type { UploadFile } from './page/act/upload';
import type { WaitOptions } from './page/act/wait';
import type { ToolsOptions } from './tools/toolkit';
import { FORMATS } from './tools/formats/index';
import { truncate } from './page/dom/text';

/** An element ID (number or digit string) or a CSS selector. */
const target = z.union([z.int().check(z.minimum(1)), z.string().check(z.minLength(1))]);
const regex = z.custom<RegExp>((v) => Object.prototype.toString.call(v) === '[object RegExp]', {
  error: 'Expected a RegExp',
});
const text = z.string();
const textOrRegex = z.union([text, regex]);
const bool = z.optional(z.boolean());
const count = z.optional(z.int().check(z.minimum(1)));
const modifiers = z.optional(z.array(z.enum(['Alt', 'Control', 'Meta', 'Shift'])));
const opt = <T extends z.core.$ZodShape>(shape: T) => z.optional(z.strictObject(shape));

const findShape = {
  type: z.optional(text),
  limit: count,
  visible: z.optional(z.union([z.boolean(), z.literal('viewport')])),
  within: z.optional(target),
  exclude: z.optional(z.union([target, z.array(target)])),
  caseSensitive: bool,
  exact: bool,
};
const findOptions = opt(findShape);
const waitOptions = opt({
  ...findShape,
  timeout: z.optional(z.number().check(z.minimum(0))),
  state: z.optional(z.enum(['visible', 'hidden', 'attached', 'detached', 'enabled'])),
});
const budget = opt({ budget: count });
const consoleOptions = opt({
  since: z.optional(z.int().check(z.minimum(0))),
  level: z.optional(z.enum(['error', 'warning'])),
});
const clickOptions = opt({
  button: z.optional(z.enum(['left', 'middle', 'right'])),
  clickCount: z.optional(z.int().check(z.minimum(1), z.maximum(3))),
  modifiers,
  force: bool,
});
const uploadFile = z.strictObject({
  name: text,
  type: z.optional(text),
  content: text,
  encoding: z.optional(z.enum(['text', 'base64'])),
});
const toolsOptions = opt({
  format: z.optional(z.enum(FORMATS)),
  preset: z.optional(z.enum(['read', 'standard', 'full'])),
  only: z.optional(z.array(text)),
  prefix: z.optional(text),
  loopTools: bool,
  detail: z.optional(z.enum(['brief', 'full'])),
});

const snapshotOptions = opt({
  within: z.optional(target),
  type: z.optional(text),
  budget: count,
  visible: bool,
});
const extractOptions = opt({ max: count });
const typeOptions = opt({ clear: bool, submit: bool, perKey: bool });
const pressOptions = opt({ id: z.optional(target), modifiers });
const scrollOptions = opt({
  id: z.optional(target),
  direction: z.optional(z.enum(['up', 'down', 'left', 'right'])),
  amount: z.optional(z.number().check(z.positive())),
  to: z.optional(z.enum(['top', 'bottom', 'left', 'right'])),
});
const dragOptions = opt({
  position: z.optional(
    z.union([z.enum(['before', 'after', 'center']), z.strictObject({ x: z.number(), y: z.number() })]),
  ),
  steps: count,
});
const configOptions = z.strictObject({
  maxIds: count,
  findLimit: count,
  findBudget: count,
  describeBudget: count,
  summaryBudget: count,
  snapshotBudget: count,
  redactFields: z.optional(z.array(regex)),
  redactText: z.optional(z.array(regex)),
  allowRunJS: bool,
  sliceMs: z.optional(z.int().check(z.minimum(0)).check(z.maximum(1000))),
});

/** The schemas accept exactly what the interfaces allow: a change to one without the other fails tsc. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Same types and the same keys (optional keys make two object types assignable both ways regardless). */
type Same<A, B> = Mutual<A, B> extends true ? Mutual<keyof NonNullable<A>, keyof NonNullable<B>> : false;
type Opt<S extends z.ZodMiniType> = z.output<S>;
export const AGREES: [
  Same<Opt<typeof findOptions>, FindOptions | undefined>,
  Same<Opt<typeof waitOptions>, WaitOptions | undefined>,
  Same<Opt<typeof budget>, DescribeOptions | undefined>,
  Same<Opt<typeof budget>, SummaryOptions | undefined>,
  Same<Opt<typeof snapshotOptions>, SnapshotOptions | undefined>,
  Same<Opt<typeof extractOptions>, ExtractOptions | undefined>,
  Same<Opt<typeof clickOptions>, ClickOptions | undefined>,
  Same<Opt<typeof typeOptions>, TypeOptions | undefined>,
  Same<Opt<typeof pressOptions>, PressOptions | undefined>,
  Same<Opt<typeof scrollOptions>, ScrollOptions | undefined>,
  Same<Opt<typeof dragOptions>, DragOptions | undefined>,
  Same<Opt<typeof uploadFile>, UploadFile>,
  Same<Opt<typeof toolsOptions>, ToolsOptions | undefined>,
  Same<Opt<typeof configOptions>, Partial<Config>>,
  Same<Opt<typeof consoleOptions>, ConsoleOptions | undefined>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];

type Signature = [name: string, schema: z.ZodMiniType][];

/** Schemas that read better by name than spelled out. */
const NAMED = new Map<z.ZodMiniType, string>([
  [target, 'an element ID (a number from find) or a CSS selector'],
  [regex, 'a RegExp'],
  [uploadFile, 'a file { name, content, type?, encoding? }'],
]);

/** A pattern, none (undefined or null: every element of the type), or find's options with their pattern. */
const findPattern = z.optional(
  z.union([text, regex, z.null(), z.strictObject({ pattern: z.optional(textOrRegex), ...findShape })]),
);

export const SIGNATURES: Record<string, Signature> = {
  find: [
    ['pattern', findPattern],
    ['options', findOptions],
  ],
  findNear: [
    ['id', target],
    ['pattern', findPattern],
    ['options', findOptions],
  ],
  describe: [
    ['target', z.optional(z.union([target, z.literal(''), z.null()]))],
    ['options', budget],
  ],
  summary: [['options', budget]],
  snapshot: [['options', snapshotOptions]],
  prepare: [],
  extract: [
    ['id', target],
    ['property', z.optional(text)],
    ['options', extractOptions],
  ],
  click: [
    ['id', target],
    ['options', clickOptions],
  ],
  dblclick: [
    ['id', target],
    ['options', clickOptions],
  ],
  hover: [['id', target]],
  focus: [['id', target]],
  rightClick: [['id', target]],
  getMenuItems: [],
  console: [['options', consoleOptions]],
  clickMenuItem: [['path', textOrRegex]],
  type: [
    ['id', target],
    ['text', text],
    ['options', typeOptions],
  ],
  select: [
    ['id', target],
    ['value', z.union([text, regex, z.array(textOrRegex)])],
  ],
  check: [
    ['id', target],
    ['checked', bool],
  ],
  press: [
    ['key', text],
    ['options', pressOptions],
  ],
  scroll: [['options', scrollOptions]],
  scrollIntoView: [['id', target]],
  upload: [
    ['id', target],
    ['files', z.union([uploadFile, z.array(uploadFile)])],
  ],
  drag: [
    ['fromId', target],
    ['toId', target],
    ['options', dragOptions],
  ],
  waitFor: [
    [
      'what',
      z.union([
        text,
        regex,
        z.strictObject({
          id: target,
          state: z.optional(z.enum(['visible', 'hidden', 'attached', 'detached', 'enabled'])),
        }),
      ]),
    ],
    ['options', waitOptions],
  ],
  navigate: [['url', text.check(z.minLength(1))]],
  back: [],
  forward: [],
  reload: [],
  runJS: [['code', text]],
  tools: [['options', toolsOptions]],
  execute: [
    ['call', z.unknown()],
    ['options', toolsOptions],
  ],
  help: [['name', z.optional(text)]],
  addTool: [['tool', z.looseObject({ name: text })]],
  registerWebMCP: [['options', toolsOptions]],
  clear: [],
  configure: [['options', configOptions]],
};

/** How a call is written: click(id, options?). */
const usage = (method: string): string =>
  `${method}(${(SIGNATURES[method] ?? []).map(([n, s]) => (s.safeParse(undefined).success ? `${n}?` : n)).join(', ')})`;

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; value?: number; inclusive?: boolean; minimum?: number } } }[];
  innerType?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  entries?: Record<string, string>;
  values?: unknown[];
}
const defOf = (s: z.ZodMiniType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const quote = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : String(v));
const or = (xs: string[]): string =>
  xs.length > 1 ? `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)!}` : xs[0]!;

/** An object schema's fields, optional ones marked: ['button?', 'clickCount?']. */
export const fields = (s: z.ZodMiniType): string[] =>
  Object.entries(defOf(unwrap(s)).shape ?? {}).map(([k, f]) =>
    f.safeParse(undefined).success ? `${k}?` : k,
  );
export const unwrap = (s: z.ZodMiniType): z.ZodMiniType =>
  defOf(s).type === 'optional' ? unwrap(defOf(s).innerType!) : s;

/** What a schema accepts, in words: "a whole number of at least 1", "'left', 'middle' or 'right'". */
export function expected(s: z.ZodMiniType): string {
  const named = NAMED.get(s);
  if (named) return named;
  const d = defOf(s);
  const limits = (d.checks ?? []).map((c) => c._zod.def);
  const bound = limits
    .map((c) =>
      c.check === 'greater_than'
        ? `${c.inclusive ? 'at least' : 'above'} ${c.value}`
        : c.check === 'less_than'
          ? `${c.inclusive ? 'at most' : 'below'} ${c.value}`
          : '',
    )
    .filter(Boolean)
    .join(' and ');
  switch (d.type) {
    case 'optional':
      return expected(d.innerType!);
    case 'string':
      return limits.some((c) => c.check === 'min_length') ? 'a non-empty string' : 'a string';
    case 'number':
      return `${d.format ? 'a whole number' : 'a number'}${bound ? ` ${bound}` : ''}`;
    case 'boolean':
      return 'true or false';
    case 'enum':
      return or(Object.values(d.entries!).map(quote));
    case 'literal':
      return or(d.values!.map(quote));
    case 'null':
      return 'null';
    case 'custom':
      return 'a RegExp';
    case 'array':
      return `a list, each ${expected(d.element!)}`;
    case 'object':
      return `an object { ${fields(s).join(', ')} }`;
    case 'union':
      return or(d.options!.map(expected));
    default:
      return 'something else';
  }
}

/** The part of a schema that a path leads to (through optionals, objects, arrays and unions). */
function schemaAt(s: z.ZodMiniType, path: PropertyKey[]): z.ZodMiniType {
  for (const key of path) {
    let d = defOf(s);
    while (d.type === 'optional') d = defOf(d.innerType!);
    const next =
      d.type === 'object'
        ? d.shape![String(key)]
        : d.type === 'array'
          ? d.element
          : d.type === 'union'
            ? d.options!.map((o) => schemaAt(o, [key])).find((o) => defOf(o).type !== 'never')
            : undefined;
    if (!next) return z.never();
    s = next;
  }
  return s;
}

/** Throws a clear LLMHelperError when an argument of `method` has the wrong type or an unknown option. */
export function checkArguments(method: string, args: readonly unknown[]): void {
  const signature = SIGNATURES[method];
  if (!signature) return;
  signature.forEach(([name, schema], i) => {
    const r = schema.safeParse(args[i]);
    if (r.success) return;
    const issue = r.error.issues[0]!;
    const where = [name, ...issue.path.map(String)].join('.');
    let got: string;
    try {
      let value: unknown = args[i];
      for (const k of issue.path) value = (value as Record<PropertyKey, unknown>)?.[k];
      got = truncate(stringify(value) ?? String(value), 80);
    } catch {
      got = typeof args[i];
    }
    const message =
      issue.code === 'unrecognized_keys'
        ? `${where} has no option ${or(issue.keys.map(quote))}; it takes { ${fields(schemaAt(schema, issue.path)).join(', ')} }`
        : `${where} must be ${expected(schemaAt(schema, issue.path))}, not ${got}`;
    throw new LLMHelperError('bad_argument', `${usage(method)}: ${message}.`);
  });
}

/**
 * The part of zod/mini's API that LLMHelper's own schemas use, for the browser bundle. The source is
 * written against zod (`import * as z from 'zod/mini'`): its types, the tests in Node and jsdom, and the
 * JSON Schemas all come from zod. The bundle swaps these two files in (rollup.config.mjs), because
 * zod's core, even jitless, is the largest single part of a script that lives in other people's pages.
 *
 * It builds the same definitions zod does (`_zod.def`: type, shape, innerType, options, entries,
 * values, checks, format), so everything that reads a schema reads these alike, and it reports the same
 * issues (code, path, expected, minimum, values, keys…) for the same input:
 * test/unit/zod-lite.test.ts runs every built-in tool's and public function's schema through both on
 * random arguments and compares. Schemas from zod itself (an integrator's own tools) are run by zod.
 */
export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  /** As in zod: true when the value is still of its type (a failed bound), so later checks run too. */
  continue?: boolean;
  [more: string]: unknown;
}
interface Check {
  _zod: { def: { check: string; [k: string]: unknown } };
  /** Pushes issues about a value that passed the type; describe() has none and names the schema instead. */
  run?(value: unknown, issues: Issue[], path: PropertyKey[]): void;
  /** As zod's length checks: run even after a type issue, whenever the value has a length. */
  when?(value: unknown): boolean;
  description?: string;
}
type Def = { type: string; checks?: Check[]; [k: string]: unknown };
type Run = (value: unknown, issues: Issue[], path: PropertyKey[]) => unknown;

const issue = (code: string, path: PropertyKey[], more: Record<string, unknown> = {}): Issue => ({
  ...more,
  code,
  path,
  message: (more.message as string | undefined) ?? 'Invalid input',
});

/** An issue after which the value's checks still run (zod's `continue: true`). */
const soft = (code: string, path: PropertyKey[], more: Record<string, unknown> = {}): Issue =>
  issue(code, path, { ...more, continue: true });
const aborted = (issues: Issue[], from: number) => issues.slice(from).some((i) => !i.continue);
/** An issue that stops even the checks that run after a type issue (zod's `continue: false`). */
const firmly = (issues: Issue[], from: number) => issues.slice(from).some((i) => i.continue === false);

/** A schema: its definition, and how a value is checked against its type (the checks run after). */
export class Schema {
  readonly _zod: { def: Def; run: Run };
  description?: string;
  constructor(def: Def, run: Run) {
    this._zod = { def, run };
  }
  /** A copy with more checks (zod/mini's .check()); describe() names the copy. */
  check(...checks: Check[]): Schema {
    const copy = new Schema(
      { ...this._zod.def, checks: [...(this._zod.def.checks ?? []), ...checks.filter((c) => c.run)] },
      this._zod.run,
    );
    copy.description = this.description;
    for (const c of checks) if (c.description !== undefined) copy.description = c.description;
    return copy;
  }
  apply<T>(f: (s: Schema) => T): T {
    return f(this);
  }
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } } {
    return safeParse(this, value);
  }
}

/** Runs a schema: its type, then its checks, each while nothing before it has aborted (as zod does). */
function run(s: Schema, value: unknown, issues: Issue[], path: PropertyKey[]): unknown {
  const start = issues.length;
  const out = s._zod.run(value, issues, path);
  let stop = aborted(issues, start);
  for (const c of s._zod.def.checks ?? []) {
    if (c.when ? firmly(issues, start) || !c.when(out) : stop) continue;
    const before = issues.length;
    c.run!(out, issues, path);
    stop ||= aborted(issues, before);
  }
  return out;
}

/** Issues as zod hands them out: without the continue flags. */
const finished = (issues: Issue[]): Issue[] =>
  issues.map((issue) => {
    const i = { ...issue };
    delete i.continue;
    return i.errors ? { ...i, errors: (i.errors as Issue[][]).map(finished) } : i;
  });

export function safeParse(
  s: Schema,
  value: unknown,
): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } } {
  const issues: Issue[] = [];
  const data = run(s, value, issues, []);
  return issues.length ? { success: false, error: { issues: finished(issues) } } : { success: true, data };
}

const typed =
  (type: string, ok: (v: unknown) => boolean, extra: Record<string, unknown> = {}) =>
  () =>
    new Schema({ type, ...extra }, (v, issues, path) => {
      if (!ok(v)) issues.push(issue('invalid_type', path, { expected: type }));
      return v;
    });

export const string = typed('string', (v) => typeof v === 'string');
export const boolean = typed('boolean', (v) => typeof v === 'boolean');
const isNull = typed('null', (v) => v === null);
export { isNull as null };
export const never = typed('never', () => false);
export const unknown = () => new Schema({ type: 'unknown' }, (v) => v);

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const numberIssue = (v: unknown, path: PropertyKey[]) =>
  issue('invalid_type', path, {
    expected: 'number',
    ...(typeof v === 'number' ? { received: Number.isNaN(v) ? 'NaN' : String(v) } : {}),
  });
export const number = () =>
  new Schema({ type: 'number' }, (v, issues, path) => {
    if (!finite(v)) issues.push(numberIssue(v, path));
    return v;
  });
export const int = () =>
  new Schema({ type: 'number', format: 'safeint' }, (v, issues, path) => {
    if (!finite(v)) issues.push(numberIssue(v, path));
    else if (!Number.isInteger(v))
      issues.push(issue('invalid_type', path, { expected: 'int', format: 'safeint', continue: false }));
    else if (!Number.isSafeInteger(v))
      issues.push(
        soft(v > 0 ? 'too_big' : 'too_small', path, {
          [v > 0 ? 'maximum' : 'minimum']: v > 0 ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER,
          note: 'Integers must be within the safe integer range.',
          origin: 'int',
          inclusive: true,
        }),
      );
    return v;
  });

export const literal = (value: unknown) =>
  new Schema({ type: 'literal', values: [value] }, (v, issues, path) => {
    if (v !== value) issues.push(issue('invalid_value', path, { values: [value] }));
    return v;
  });
const enumOf = (values: readonly string[]) =>
  new Schema({ type: 'enum', entries: Object.fromEntries(values.map((v) => [v, v])) }, (v, issues, path) => {
    if (!values.includes(v as string)) issues.push(issue('invalid_value', path, { values: [...values] }));
    return v;
  });
export { enumOf as enum };

export const optional = (inner: Schema) =>
  new Schema({ type: 'optional', innerType: inner }, (v, issues, path) =>
    v === undefined ? v : run(inner, v, issues, path),
  );

export const array = (element: Schema) =>
  new Schema({ type: 'array', element }, (v, issues, path) => {
    if (!Array.isArray(v)) {
      issues.push(issue('invalid_type', path, { expected: 'array' }));
      return v;
    }
    return v.map((x, i) => run(element, x, issues, [...path, i]));
  });

export const union = (options: Schema[]) =>
  new Schema({ type: 'union', options }, (v, issues, path) => {
    const results: { out: unknown; issues: Issue[] }[] = [];
    for (const o of options) {
      const mine: Issue[] = [];
      // Each form is tried where it stands: the issues inside "none of the forms" are relative to it.
      const out = run(o, v, mine, []);
      if (!mine.length) return out;
      results.push({ out, issues: mine });
    }
    // One form that only failed a bound is what was meant: its issues, not "none of the forms".
    const near = results.filter((r) => !aborted(r.issues, 0));
    if (near.length === 1) {
      issues.push(...near[0]!.issues.map((i) => ({ ...i, path: [...path, ...i.path] })));
      return near[0]!.out;
    }
    issues.push(issue('invalid_union', path, { errors: results.map((r) => r.issues) }));
    return v;
  });

const objectOf = (shape: Record<string, Schema>, extra: 'strip' | 'strict' | 'loose') =>
  new Schema({ type: 'object', shape }, (v, issues, path) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      issues.push(issue('invalid_type', path, { expected: 'object' }));
      return v;
    }
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = extra === 'loose' ? { ...input } : {};
    for (const key of Object.keys(shape)) {
      const value = run(shape[key]!, input[key], issues, [...path, key]);
      if (key in input) out[key] = value;
    }
    if (extra === 'strict') {
      const keys = Object.keys(input).filter((k) => !Object.prototype.hasOwnProperty.call(shape, k));
      if (keys.length) issues.push(soft('unrecognized_keys', path, { keys }));
    }
    return out;
  });
export const object = (shape: Record<string, Schema>) => objectOf(shape, 'strip');
export const strictObject = (shape: Record<string, Schema>) => objectOf(shape, 'strict');
export const looseObject = (shape: Record<string, Schema>) => objectOf(shape, 'loose');

export const custom = (ok: (v: unknown) => boolean, params: { error?: string } = {}) =>
  new Schema({ type: 'custom' }, (v, issues, path) => {
    if (!ok(v)) issues.push(issue('custom', path, { message: params.error ?? 'Invalid input' }));
    return v;
  });

// Checks.
const check = (
  def: Check['_zod']['def'],
  fails: (v: never) => boolean,
  report: (v: never) => Record<string, unknown>,
  code: string,
): Check => ({
  _zod: { def },
  run: (v, issues, path) => {
    if (fails(v as never)) issues.push(soft(code, path, report(v as never)));
  },
});
const lengthOrigin = (v: unknown) =>
  typeof v === 'string' ? 'string' : Array.isArray(v) ? 'array' : 'unknown';
const bound = (kind: 'greater_than' | 'less_than', value: number, inclusive: boolean): Check =>
  check(
    { check: kind, value, inclusive },
    // As zod words it: fails unless within the bound (so NaN, or a length that is not a number, fails).
    (v: number) =>
      !(kind === 'greater_than' ? (inclusive ? v >= value : v > value) : inclusive ? v <= value : v < value),
    () => ({
      origin: 'number',
      [kind === 'greater_than' ? 'minimum' : 'maximum']: value,
      inclusive,
    }),
    kind === 'greater_than' ? 'too_small' : 'too_big',
  );
export const minimum = (value: number) => bound('greater_than', value, true);
export const maximum = (value: number) => bound('less_than', value, true);
export const positive = () => bound('greater_than', 0, false);
export const minLength = (minimum: number): Check => ({
  ...check(
    { check: 'min_length', minimum },
    (v: { length: number }) => !(v.length >= minimum),
    (v: unknown) => ({ origin: lengthOrigin(v), minimum, inclusive: true }),
    'too_small',
  ),
  when: (v) => v !== null && v !== undefined && (v as { length?: unknown }).length !== undefined,
});
export const refine = (
  ok: (v: never) => boolean,
  params: { message?: string; path?: PropertyKey[] } = {},
): Check => ({
  _zod: { def: { check: 'custom' } },
  run: (v, issues, path) => {
    if (!ok(v as never))
      issues.push(
        soft('custom', [...path, ...(params.path ?? [])], { message: params.message ?? 'Invalid input' }),
      );
  },
});
export const describe = (description: string): Check => ({
  _zod: { def: { check: 'describe' } },
  description,
});

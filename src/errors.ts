/**
 * Every failure a caller can hit is an LLMHelperError whose message is a sentence a model or a person
 * can act on: what was asked, what was found instead, what to try next.
 */
export type ErrorCode = 'unknown_id' | 'stale_id' | 'bad_argument' | 'not_found' | 'unsupported' | 'provider';

export class LLMHelperError extends Error {
  declare readonly name: 'LLMHelperError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

// On the prototype, and defined rather than assigned: a page that froze Error.prototype (SES lockdown,
// hardened JavaScript) makes `this.name = …` throw, since the inherited `name` is then read-only.
Object.defineProperty(LLMHelperError.prototype, 'name', {
  value: 'LLMHelperError',
  writable: true,
  configurable: true,
});

export const fail = (code: ErrorCode, message: string): never => {
  throw new LLMHelperError(code, message);
};

/** Any value as a short text for an error message, whatever it is (no toString, a throwing getter…). */
export function shown(value: unknown, max = 60): string {
  try {
    const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
    return text.length > max ? `${text.slice(0, max)}…` : text;
  } catch {
    return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  }
}

/**
 * The options a caller passed, read once into a plain object: undefined is {}, anything but an object is
 * refused, and a property that cannot be read (a getter that throws, a hostile Proxy) is a clear error.
 */
export function readOptions(where: string, options: unknown): Record<string, unknown> {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    fail('bad_argument', `${where}: options must be an object such as { … }; got ${shown(options)}.`);
  const out: Record<string, unknown> = {};
  try {
    for (const key of Object.keys(options as object)) out[key] = (options as Record<string, unknown>)[key];
  } catch (e) {
    fail(
      'bad_argument',
      `${where}: an option could not be read (${shown(e instanceof Error ? e.message : e, 80)}); pass plain values.`,
    );
  }
  return out;
}

/** Checks option types against a table ('string', 'number', 'function', 'object', 'boolean', or a list of allowed values). */
export function checkOptions(
  where: string,
  options: Record<string, unknown>,
  kinds: Record<string, string | readonly string[]>,
): void {
  for (const [key, kind] of Object.entries(kinds)) {
    const v = options[key];
    if (v === undefined) continue;
    const ok =
      typeof kind === 'string'
        ? kind === 'number'
          ? typeof v === 'number' && Number.isFinite(v) && v >= 0
          : kind === 'object'
            ? v !== null && typeof v === 'object'
            : kind === 'string[]'
              ? Array.isArray(v) && v.every((x) => typeof x === 'string')
              : typeof v === kind
        : kind.includes(v as string);
    if (!ok)
      fail(
        'bad_argument',
        `${where}: ${key} must be ${typeof kind === 'string' ? (kind === 'number' ? 'a number ≥ 0' : kind === 'string[]' ? 'a list of strings' : `a${/^[aeiou]/.test(kind) ? 'n' : ''} ${kind}`) : `one of ${kind.map((k) => `'${k}'`).join(', ')}`}; got ${shown(v)}.`,
      );
  }
}

/** What `read` gives, or `fallback` when reading throws (a caller's getter or Proxy). */
export function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

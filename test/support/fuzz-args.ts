/** Random argument objects for a tool: its own field names and random ones, with values of every kind. */
import fc from 'fast-check';

const value = fc.oneof(
  fc.integer({ min: -5, max: 5000 }),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), {
    maxKeys: 3,
  }),
);

export function randomArguments(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = fields.length
    ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 }))
    : fc.string({ maxLength: 8 });
  return fc.dictionary(key, value, { maxKeys: 5 }).map((args) => {
    // Keep waits short: a valid waitFor would otherwise hold the run for its timeout (5 s by default).
    // A non-number timeout stays, for the validator to reject.
    if (fields.includes('timeout') && (args.timeout === undefined || typeof args.timeout === 'number'))
      args.timeout = Math.min((args.timeout as number | undefined) ?? 50, 50);
    return args;
  });
}

/** A rejection of arguments must name the field (or the unknown field) it is about. */
export const namesAField = (text: string): boolean =>
  !text.startsWith('Invalid arguments') || /field [\w.]+|unknown field/.test(text);

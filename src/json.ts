/**
 * JSON that does not depend on the page's JSON behaviour. Prototype.js and other old libraries define
 * `Array.prototype.toJSON` (and sometimes Object's or String's), which makes JSON.stringify encode every
 * array twice. While `fn` runs (synchronously), those members are set aside and then put back exactly.
 */
const PROTOS: object[] = [Array.prototype, Object.prototype, String.prototype, Date.prototype];

export function withPlainJSON<T>(fn: () => T): T {
  const saved: [object, PropertyDescriptor][] = [];
  for (const proto of PROTOS) {
    if (proto === Date.prototype) continue; // Date's own toJSON is the standard one
    const d = Object.getOwnPropertyDescriptor(proto, 'toJSON');
    if (d?.configurable) {
      saved.push([proto, d]);
      delete (proto as { toJSON?: unknown }).toJSON;
    }
  }
  try {
    return fn();
  } finally {
    for (const [proto, d] of saved) Object.defineProperty(proto, 'toJSON', d);
  }
}

/** JSON.stringify without the page's toJSON additions; undefined for what JSON cannot hold. */
export const stringify = (value: unknown): string | undefined => {
  try {
    return withPlainJSON(() => JSON.stringify(value));
  } catch {
    return undefined; // circular or BigInt: the caller shows something else
  }
};

/**
 * What the panel listens and judges with, read once when the SDK loads. A page script that runs later
 * and wraps addEventListener, attachShadow, focus or Reflect.apply does not get the panel's handlers,
 * and an object that only says `isTrusted: true` is not an event: the isTrusted getter read here throws
 * on anything but a real Event.
 */
type Fn = (...args: never[]) => unknown;

const apply = Reflect.apply;
/** A DOM prototype's member as it is now (at load), or undefined where there is no DOM (Node). */
const at = <T>(name: string, key: string): T | undefined => {
  const scope = globalThis as unknown as Record<string, { prototype?: Record<string, unknown> } | undefined>;
  const proto = scope[name]?.prototype;
  return proto?.[key] as T | undefined;
};
/** A prototype's method as it was at load, called with `self`. */
const bound = <T extends Fn>(fn: T | undefined) =>
  ((self: object, ...args: unknown[]) => apply(fn as Fn, self, args)) as (
    self: object,
    ...args: Parameters<T>
  ) => ReturnType<T>;

const trustedGetter =
  typeof Event === 'function'
    ? Object.getOwnPropertyDescriptor(new Event('llm-helper'), 'isTrusted')?.get
    : undefined;

/** Whether `e` is a real event the browser made for the person (not a script's, nor a look-alike). */
export function isPersons(e: unknown): boolean {
  try {
    return !!trustedGetter && apply(trustedGetter, e, []) === true;
  } catch {
    return false;
  }
}

const add = at<Fn>('EventTarget', 'addEventListener');
const remove = at<Fn>('EventTarget', 'removeEventListener');
type Listener = (e: never) => void;
export const on = (t: EventTarget, type: string, fn: Listener, options?: boolean | AddEventListenerOptions) =>
  void apply(add!, t, [type, fn, options]);
export const off = (t: EventTarget, type: string, fn: Listener, options?: boolean | EventListenerOptions) =>
  void apply(remove!, t, [type, fn, options]);
export const attachShadow = bound(at<Element['attachShadow']>('Element', 'attachShadow'));
export const focusEl = bound(at<HTMLElement['focus']>('HTMLElement', 'focus'));
export const stopPropagation = bound(at<Event['stopPropagation']>('Event', 'stopPropagation'));
export const now: () => number =
  typeof performance === 'object' ? performance.now.bind(performance) : Date.now;

/**
 * What went wrong on the page since the SDK loaded: uncaught errors and unhandled rejections (window
 * events), console errors and warnings (console.error and console.warn, called through to the page's own),
 * and failed requests (the browser's resource timing; and the requests an action started, with their
 * method and the first words of an error body). The last 50, each cut short, numbered so a caller can ask
 * for what came after the last one it saw. Every read leaves through the SDK's scrubbing exit.
 */
import { normalize, truncate } from '../dom/text';

export type LogLevel = 'error' | 'warning';

export interface LogEntry {
  /** Its number, counting from the first since the SDK loaded: `since` takes it. */
  n: number;
  level: LogLevel;
  kind: 'page error' | 'console' | 'request';
  text: string;
}

const KEPT = 50;
const entries: LogEntry[] = [];
let count = 0;
const watchers = new Set<(e: LogEntry) => void>();

/** Adds an entry (and tells whoever is watching: an action settling). */
export function record(level: LogLevel, kind: LogEntry['kind'], text: string): void {
  const entry: LogEntry = { n: ++count, level, kind, text: truncate(normalize(text), 240) };
  entries.push(entry);
  if (entries.length > KEPT) entries.shift();
  for (const w of watchers) w(entry);
}

/** Entries from now on, to `fn`, until the returned function is called. */
export function watch(fn: (e: LogEntry) => void): () => void {
  watchers.add(fn);
  return () => watchers.delete(fn);
}

export interface ConsoleOptions {
  /** Only entries after this number (the `n` of the last one seen). */
  since?: number;
  /** 'error': errors only; 'warning' (default): warnings too. */
  level?: LogLevel;
}

/** The entries after number `since`, errors only or warnings too. */
export function readLog(options: ConsoleOptions = {}): LogEntry[] {
  const since = options.since ?? 0;
  return entries.filter((e) => e.n > since && (options.level !== 'error' || e.level === 'error'));
}

/** A thrown value as one line: its type and message, never its stack. */
function errorLine(value: unknown): string {
  try {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return 'a value that cannot be shown';
  }
}

/** A URL as the log shows it: the path on this site, host and path elsewhere. */
export function shortURL(raw: string): string {
  try {
    const u = new URL(raw, location.href);
    return truncate(
      u.origin === location.origin ? u.pathname + u.search : u.host + u.pathname + u.search,
      100,
    );
  } catch {
    return truncate(raw, 100);
  }
}

/** Where an error was thrown: the script's file and line, without the rest of its URL. */
const where = (e: ErrorEvent): string =>
  e.filename ? ` (at ${e.filename.split(/[?#]/)[0]!.split('/').pop() || 'the page'}:${e.lineno})` : '';

let started = false;

/** Starts listening, once per page: nothing is read until someone asks. */
export function startPageLog(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // Resource load failures (an image's 404) also reach a capturing listener, as plain Events: skipped.
  window.addEventListener('error', (e) => {
    if (e instanceof ErrorEvent)
      record('error', 'page error', `${errorLine(e.error ?? e.message)}${where(e)}`);
  });
  window.addEventListener('unhandledrejection', (e) =>
    record('error', 'page error', `unhandled rejection: ${errorLine(e.reason)}`),
  );
  for (const [method, level] of [
    ['error', 'error'],
    ['warn', 'warning'],
  ] as const) {
    try {
      const own = console[method];
      if (typeof own !== 'function') continue;
      console[method] = function (this: unknown, ...args: unknown[]) {
        try {
          const text = args.map((a) => (typeof a === 'string' ? a : errorLine(a))).join(' ');
          // Our own notes (installed twice, plain http) are not the page's.
          if (!/^LLMHelper|^This page already has its own window\.LLMHelper/.test(text))
            record(level, 'console', text);
        } catch {
          /* never in the page's way */
        }
        return own.apply(this, args);
      };
    } catch {
      /* a frozen console: its messages are not logged */
    }
  }
  // Requests that failed on their own (not during an action, which reports its own with more detail).
  try {
    new PerformanceObserver((list) => {
      for (const t of list.getEntries() as (PerformanceResourceTiming & { responseStatus?: number })[])
        if ((t.responseStatus ?? 0) >= 400 && !recent.has(t.name))
          record('error', 'request', `${t.initiatorType} ${shortURL(t.name)} → ${t.responseStatus}`);
    }).observe({ type: 'resource', buffered: true });
  } catch {
    /* no resource timing here */
  }
}

/** URLs an action already logged with their details, so the resource timing does not log them again. */
export const recent = new Set<string>();

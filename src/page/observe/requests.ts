/** The requests an action starts: fetch and XMLHttpRequest, counted while pending, and which failed. */
import { truncate } from '../dom/text';
import { recent, record, shortURL } from './page-log';

/** The first words of a failed response's body, when it is JSON or text: its error message if it has one. */
async function excerpt(type: string | null, read: () => Promise<string> | string): Promise<string> {
  if (!/json|text/i.test(type ?? '')) return '';
  try {
    const body = (await read()).slice(0, 2000);
    let said: unknown = body;
    try {
      const json = JSON.parse(body) as Record<string, unknown>;
      const e = json.error as Record<string, unknown> | string | undefined;
      said = (typeof e === 'object' ? e?.message : e) ?? json.message ?? json.detail ?? json.title ?? body;
    } catch {
      /* text */
    }
    return truncate(typeof said === 'string' ? said.replace(/\s+/g, ' ').trim() : JSON.stringify(said), 80);
  } catch {
    return '';
  }
}

/**
 * Counts fetch and XMLHttpRequest calls started while it is installed, and says which of them failed
 * (HTTP status 400 and up, or no answer); uninstall restores both. A request ending is activity: the page
 * still reads the body and renders after fetch() resolves. Request bodies and headers are never read.
 */
export function trackRequests(
  win: Window & typeof globalThis,
  onActivity: () => void,
): { pending(): number; started(): number; failed: string[]; uninstall(): void } {
  let pending = 0;
  let started = 0;
  const failed: string[] = [];
  const done = () => {
    pending--;
    onActivity();
  };
  const fail = (method: string, url: string, status: number | string, said = '') => {
    const line = `${method.toUpperCase()} ${shortURL(url)} → ${status}${said ? ` ("${said}")` : ''}`;
    failed.push(line);
    record('error', 'request', `request failed: ${line}`);
    recent.add(url);
    setTimeout(() => recent.delete(url), 30_000);
  };
  // A page may make fetch a getter that throws, or freeze it: then its requests are not counted.
  let fetch: typeof win.fetch | undefined;
  try {
    fetch = typeof win.fetch === 'function' ? win.fetch : undefined;
  } catch {
    fetch = undefined;
  }
  const wrapped: typeof win.fetch = function (this: unknown, ...args: Parameters<typeof win.fetch>) {
    pending++;
    started++;
    const [input, init] = args;
    const request = typeof input === 'object' && input && 'url' in input ? input : null;
    const url = request ? request.url : String(input);
    const method = init?.method ?? request?.method ?? 'GET';
    return fetch!
      .apply(this, args)
      .then(
        (res) => {
          if (res.status >= 400) {
            pending++;
            const copy = res.clone();
            void excerpt(res.headers.get('content-type'), () => copy.text())
              .then((said) => fail(method, res.url || url, res.status, said))
              .finally(done);
          }
          return res;
        },
        (e: unknown) => {
          if ((e as Error)?.name !== 'AbortError') fail(method, url, 'no answer (network error)');
          throw e;
        },
      )
      .finally(done);
  };
  if (fetch)
    try {
      win.fetch = wrapped;
    } catch {
      fetch = undefined;
    }
  const proto = win.XMLHttpRequest?.prototype;
  const send = proto?.send as XMLHttpRequest['send'] | undefined;
  const open = proto?.open as XMLHttpRequest['open'] | undefined;
  const opened = new WeakMap<XMLHttpRequest, [string, string]>();
  const wrappedOpen = function (this: XMLHttpRequest, ...args: [string, string | URL]) {
    opened.set(this, [String(args[0]), String(args[1])]);
    return (open as (...a: unknown[]) => void).apply(this, args);
  };
  const wrappedSend = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    pending++;
    started++;
    let aborted = false;
    this.addEventListener('abort', () => (aborted = true), { once: true });
    this.addEventListener(
      'loadend',
      () => {
        const [method, url] = opened.get(this) ?? ['', this.responseURL];
        if (this.status >= 400)
          void excerpt(this.getResponseHeader('content-type'), () =>
            this.responseType === '' || this.responseType === 'text'
              ? this.responseText
              : JSON.stringify(this.response),
          ).then((said) => fail(method || 'request', this.responseURL || url, this.status, said));
        else if (this.status === 0 && !aborted) fail(method || 'request', url, 'no answer (network error)');
        done();
      },
      { once: true },
    );
    return send!.apply(this, args);
  };
  if (proto && send) proto.send = wrappedSend;
  if (proto && open) proto.open = wrappedOpen as XMLHttpRequest['open'];
  return {
    pending: () => pending,
    started: () => started,
    failed,
    uninstall() {
      // Only undo our own wrapper: if the page wrapped them since, leave its wrapper in place.
      try {
        if (fetch && win.fetch === wrapped) win.fetch = fetch;
      } catch {
        /* the page made fetch unreadable meanwhile */
      }
      if (proto && proto.send === wrappedSend) proto.send = send!;
      if (proto && open && proto.open === (wrappedOpen as XMLHttpRequest['open'])) proto.open = open;
    },
  };
}

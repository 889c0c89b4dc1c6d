/**
 * What an action sent somewhere other than this page: a new tab or window (a link or form with a target,
 * a modified click, window.open), a download, a link handed to another app (mail, phone, a custom
 * scheme). Read from what the page did: the click or submit the browser acted on (not cancelled), the
 * navigation the browser started (its download request, its scheme), and window.open while an action
 * runs; never from the page's text.
 */
import * as dom from '../dom/members';
import { appFor, downloadName, linkElsewhere, newWindow, parse, targetOf } from '../perceive/elsewhere-link';

/** What an action sent elsewhere, each by its address (or file name), in the order it happened. */
export interface Elsewhere {
  /** New tabs or windows: their address, or how the page made them. */
  tabs: {
    url: string;
    how: 'link' | 'form' | 'script' | 'blank' | 'written';
    /**
     * A link or form a script followed with no person's click in the last moments: the browser's popup
     * blocker stops it unless the site may open pop-ups, and the page cannot tell which.
     */
    unsure?: true;
    /** The browser's ID for the tab, where the browser itself said it opened (the extension). */
    tab?: number;
  }[];
  /** Downloads this page started: file name and address. */
  downloads: { file: string; url: string }[];
  /** Links handed to another app: address and which app. */
  apps: { url: string; app: string }[];
  /** Windows the browser's popup blocker stopped, by their address. */
  blocked: string[];
}

/** window.open as the page had it when the SDK loaded: a call to it that returns null was blocked. */
const nativeOpen = typeof window !== 'undefined' ? window.open : undefined;

/**
 * Watches, while an action runs, for what it sends elsewhere; `read()` once it has settled (a click's
 * default action is known then: not cancelled by any handler), `stop()` to undo the watch.
 */
export function watchElsewhere(win: Window & typeof globalThis) {
  const clicks: MouseEvent[] = [];
  const submits: SubmitEvent[] = [];
  const found: Elsewhere = { tabs: [], downloads: [], apps: [], blocked: [] };
  const opened: { url: string; w: Window | null; native: boolean; noopener: boolean; active: boolean }[] = [];
  // Whether the browser lets each click or submit open a window: a person's own event, or a script's
  // while a person's click is recent (the browser's transient activation).
  const allowed = new WeakMap<Event, boolean>();
  const activation = (e: Event) =>
    e.isTrusted ||
    (win.navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive !==
      false;
  // The link each click is on, read while it is dispatched (its path is empty after).
  const links = new WeakMap<Event, Element>();
  const onClick = (e: Event) => {
    if (clicks.length >= 10) return;
    // The path ends in the document and the window, which are no elements.
    const a = e.composedPath().find((n) => n instanceof win.Element && /^(A|AREA)$/.test(dom.tag(n))) as
      Element | undefined;
    if (!a) return;
    clicks.push(e as MouseEvent);
    links.set(e, a);
    allowed.set(e, activation(e));
  };
  // Where each submit goes, read as it is dispatched: a GET form's address carries its fields.
  const sends = new WeakMap<Event, string>();
  const onSubmit = (e: Event) => {
    if (submits.length >= 5) return;
    const form = e.target as HTMLFormElement;
    const by = (e as SubmitEvent).submitter;
    const action = (by && dom.attr(by, 'formaction')) ?? dom.attr(form, 'action') ?? '';
    const url = parse(action, dom.doc(form).baseURI);
    if (!url) return;
    const method = ((by && dom.attr(by, 'formmethod')) ?? dom.attr(form, 'method') ?? 'get').toLowerCase();
    if (method === 'get')
      try {
        const data = new (dom.view(dom.doc(form)) ?? window).FormData(form, by);
        url.search = new URLSearchParams(
          [...data].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]),
        ).toString();
      } catch {
        /* the address without its fields */
      }
    submits.push(e as SubmitEvent);
    sends.set(e, url.href);
    allowed.set(e, activation(e));
  };
  win.addEventListener('click', onClick, true);
  win.addEventListener('auxclick', onClick, true);
  win.addEventListener('submit', onSubmit, true);
  // window.open while the action runs: whatever the page has there, called as it would be.
  let prev: typeof win.open | undefined;
  let wrapped: typeof win.open | undefined;
  try {
    prev = win.open;
    if (typeof prev === 'function') {
      const call = prev;
      wrapped = function (this: unknown, ...args: Parameters<Window['open']>) {
        // Read before the call, which uses up a person's click.
        const active = activation(new Event('open'));
        const w = call.apply(this === undefined ? win : this, args);
        const target = args[1] === undefined ? '_blank' : String(args[1]);
        if (newWindow(target, win.document)) {
          const raw = args[0] === undefined ? '' : String(args[0]);
          const url = raw && raw !== 'about:blank' ? (parse(raw)?.href ?? raw) : '';
          // With noopener the browser gives no window back, opened or not.
          const noopener = /\bno(opener|referrer)\b/i.test(String(args[2] ?? ''));
          if (opened.length < 5) opened.push({ url, w, native: call === nativeOpen, noopener, active });
        }
        return w;
      } as typeof win.open;
      win.open = wrapped;
    }
  } catch {
    wrapped = undefined;
  }
  const seen = new Set<string>();
  const add = (key: string, push: () => void) => {
    if (seen.has(key)) return;
    seen.add(key);
    push();
  };
  return {
    /** A navigation the browser started from this page: a download, or a link for another app. */
    navigated(to: string, download: string | null): 'download' | 'app' | null {
      const url = parse(to);
      if (!url) return null;
      if (download !== null) {
        add(`d ${url.href}`, () =>
          found.downloads.push({ file: downloadName(url, download), url: url.href }),
        );
        return 'download';
      }
      const app = appFor(url);
      if (!app) return null;
      add(`a ${url.href}`, () => found.apps.push({ url: url.href, app }));
      return 'app';
    },
    read(): Elsewhere {
      for (const e of clicks) {
        if (e.defaultPrevented) continue;
        if (e.type === 'auxclick' && e.button !== 1) continue;
        const a = links.get(e);
        const to =
          a &&
          linkElsewhere(a, { ctrl: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey, middle: e.button === 1 });
        if (!to) continue;
        if (to.kind === 'tab')
          add(`t ${to.url}`, () =>
            found.tabs.push({
              url: to.url,
              how: 'link',
              ...(allowed.get(e) ? {} : { unsure: true as const }),
            }),
          );
        else if (to.kind === 'download')
          add(`d ${to.url}`, () => found.downloads.push({ file: to.file!, url: to.url }));
        else add(`a ${to.url}`, () => found.apps.push({ url: to.url, app: to.app! }));
      }
      for (const e of submits) {
        if (e.defaultPrevented) continue;
        const form = e.target as HTMLFormElement;
        const by = e.submitter;
        const target = (by && dom.attr(by, 'formtarget')) ?? targetOf(form, null);
        if (!newWindow(target, dom.doc(form))) continue;
        const url = sends.get(e)!;
        add(`t ${url}`, () =>
          found.tabs.push({ url, how: 'form', ...(allowed.get(e) ? {} : { unsure: true as const }) }),
        );
      }
      for (const o of opened) {
        if (!o.w && o.noopener) {
          add(`t ${o.url}`, () =>
            found.tabs.push({ url: o.url, how: 'script', ...(o.active ? {} : { unsure: true as const }) }),
          );
          continue;
        }
        if (!o.w) {
          if (o.native) add(`b ${o.url}`, () => found.blocked.push(o.url || 'a blank window'));
          continue;
        }
        let written = false;
        if (!o.url)
          try {
            const body = o.w.document && dom.body(o.w.document);
            written = !!body && !!dom.firstChild(body);
          } catch {
            /* another site's window by now */
          }
        const how = o.url ? 'script' : written ? 'written' : 'blank';
        add(`t ${o.url || opened.indexOf(o)}`, () => found.tabs.push({ url: o.url, how }));
      }
      return found;
    },
    stop() {
      win.removeEventListener('click', onClick, true);
      win.removeEventListener('auxclick', onClick, true);
      win.removeEventListener('submit', onSubmit, true);
      try {
        // Only our own wrapper: a wrapper the page put over it since stays.
        if (wrapped && win.open === wrapped) win.open = prev!;
      } catch {
        /* the page made it unwritable meanwhile */
      }
    },
  };
}

/** True when the action sent anything elsewhere. */
export const anyElsewhere = (e: Elsewhere): boolean =>
  !!(e.tabs.length || e.downloads.length || e.apps.length || e.blocked.length);

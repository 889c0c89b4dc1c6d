/**
 * Where a link or submit button goes when the browser follows it, as its markup says: a new tab (its
 * target, its form's, the document's <base target>), a download (a download attribute on a link to this
 * site or the page's own file), another app (mail, phone, a custom scheme). Listings mark such controls
 * so a model knows before it clicks; observe/elsewhere.ts reports what an action did.
 */
import * as dom from '../dom/members';
import { truncate } from '../dom/text';

/** Schemes a browser shows itself; any other is handed to an app. */
const WEB = /^(https?|file|blob|data|about|javascript|chrome|chrome-extension|moz-extension):$/;

/** The app a scheme is handed to, as a person would name it. */
export function appFor(url: URL): string | null {
  if (WEB.test(url.protocol)) return null;
  const scheme = url.protocol.slice(0, -1);
  return scheme === 'mailto'
    ? 'the mail app'
    : scheme === 'tel' || scheme === 'callto'
      ? 'the phone app'
      : scheme === 'sms'
        ? 'the messaging app'
        : `the app for ${scheme}: links`;
}

export const parse = (href: string, base?: string): URL | null => {
  try {
    return new URL(href, base ?? location.href);
  } catch {
    return null;
  }
};

/** The file a download saves as: the download attribute's name, else the address's last part. */
export function downloadName(url: URL, attr: string | null): string {
  if (attr && attr.trim()) return attr.trim();
  if (url.protocol === 'blob:' || url.protocol === 'data:') return 'a file the page made';
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last) || url.host;
  } catch {
    return last || url.host;
  }
}

/** Whether a window target names a new tab or window (not this one, nor a frame of this page). */
export function newWindow(target: string, doc: Document): boolean {
  const t = target.trim().toLowerCase();
  if (!t || t === '_self' || t === '_parent' || t === '_top') return false;
  if (t === '_blank') return true;
  // A frame of this page by that name takes it; another name opens (or reuses) a window of its own.
  for (const tag of ['iframe', 'frame']) {
    const frames = dom.byTag(doc, tag);
    for (let i = 0; i < frames.length; i++) if (dom.attr(frames[i]!, 'name') === target) return false;
  }
  return true;
}

/** The document's <base target>, read from its (few) base elements. */
function baseTarget(doc: Document): string | null {
  const bases = dom.byTag(doc, 'base');
  for (let i = 0; i < bases.length; i++) {
    const t = dom.attr(bases[i]!, 'target');
    if (t !== null) return t;
  }
  return null;
}

/** The target a link or form goes to: its own, its submitter's, else the document's <base target>. */
export const targetOf = (el: Element, own: string | null): string =>
  own ?? dom.attr(el, 'target') ?? baseTarget(dom.doc(el)) ?? '';

/** What a link does when the browser follows it, or null when it stays in this page's tab. */
export function linkElsewhere(
  a: Element,
  keys: { ctrl?: boolean; meta?: boolean; shift?: boolean; middle?: boolean } = {},
): { kind: 'tab' | 'download' | 'app'; url: string; file?: string; app?: string } | null {
  const href = dom.attr(a, 'href');
  if (href === null) return null;
  // Most links stay in this tab: the address is read only for one that goes elsewhere.
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href)?.[1];
  const download = dom.hasAttr(a, 'download');
  const tab =
    !!(keys.ctrl || keys.meta || keys.shift || keys.middle) || newWindow(targetOf(a, null), dom.doc(a));
  if (!download && !tab && (!scheme || WEB.test(`${scheme.toLowerCase()}:`))) return null;
  const url = parse(href, dom.doc(a).baseURI);
  if (!url) return null;
  const app = appFor(url);
  if (app) return { kind: 'app', url: url.href, app };
  const sameOrigin = url.origin === location.origin || /^(blob|data):$/.test(url.protocol);
  // The browser saves instead of showing only for its own site's files (and the page's own blobs).
  if (dom.hasAttr(a, 'download') && sameOrigin)
    return { kind: 'download', url: url.href, file: downloadName(url, dom.attr(a, 'download')) };
  if (/^javascript:$/.test(url.protocol)) return null;
  return tab ? { kind: 'tab', url: url.href } : null;
}

/** What a control marks itself as doing elsewhere, in a few words for a listing ("opens a new tab"). */
export function elsewhereMark(el: Element): string {
  const tag = dom.tag(el);
  if (tag === 'A' || tag === 'AREA') {
    const to = linkElsewhere(el);
    return !to
      ? ''
      : to.kind === 'tab'
        ? 'opens a new tab'
        : to.kind === 'download'
          ? `downloads ${truncate(to.file!, 40)}`
          : `opens ${to.app}`;
  }
  const form = tag === 'BUTTON' || tag === 'INPUT' ? (el as HTMLButtonElement).form : null;
  if (form && /^(submit|image)$/.test((el as HTMLButtonElement).type)) {
    const target = dom.attr(el, 'formtarget') ?? targetOf(form, null);
    if (newWindow(target, dom.doc(el))) return 'opens a new tab';
  }
  return '';
}

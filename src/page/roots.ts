/**
 * Where the page's open shadow roots and same-origin frame documents are. Finding them takes a walk
 * over every element (no selector finds a shadow host), as long as a text pass on a large page; so each
 * document is walked once and then kept up to date from a MutationObserver: a later call walks only the
 * subtrees added since, and walks the whole document again only when one of them (or a custom element
 * that had none, upgraded since) brings a new shadow root. Frames are looked up on every call (in the
 * document's element index, which is cheap), so a frame that navigated is seen with its new document.
 *
 * Not seen without a mutation: attachShadow called later on a built-in element (a div) that was
 * already in the page. Custom elements, the usual hosts, are re-checked on every call.
 */
import { containsDeep, frameDocument, ownShadow, parentOf, type SearchRoot } from './walk';
import { elementIndex } from './element-index';
import * as dom from './dom';

export interface Roots {
  /** start first, then every open shadow root and same-origin frame document below it. */
  roots: SearchRoot[];
  /** Frames whose document cannot be read (cross-origin). */
  unreachable: Element[];
}

/** Added elements held between calls; past this the next call walks the document again. */
const MAX_PENDING = 5000;
const SHOW_ELEMENT = 1;

interface Tracked {
  /** Open shadow roots in the document, nested ones included, in tree order. */
  shadows: ShadowRoot[];
  /** Custom elements without a shadow root yet: an upgrade may give them one without a mutation. */
  waiting: Element[];
  /** Elements added since the last call, or null once too many were (walk the document again). */
  added: Element[] | null;
  observer: MutationObserver | null;
}

const tracked = new WeakMap<Document, Tracked>();

/** Shadow roots under `base` (itself included), and custom elements there that have none yet. */
function scan(base: Node, shadows: ShadowRoot[], waiting: Element[]): void {
  const doc = dom.nodeType(base) === 9 ? (base as Document) : dom.doc(base)!;
  const check = (el: Element) => {
    const shadow = ownShadow(el);
    if (shadow) {
      shadows.push(shadow);
      scan(shadow, shadows, waiting);
    } else if (dom.localName(el).includes('-')) waiting.push(el);
  };
  if (dom.nodeType(base) === 1) check(base as Element);
  const walker = dom.treeWalker(doc, base, SHOW_ELEMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) check(n as Element);
}

function observe(doc: Document, state: Tracked): void {
  state.observer?.disconnect();
  state.added = [];
  const observer = new MutationObserver((records) => {
    const added = state.added;
    if (!added) return;
    for (const r of records)
      for (const n of [...r.addedNodes]) if (dom.nodeType(n) === 1) added.push(n as Element);
    if (added.length > MAX_PENDING) {
      state.added = null;
      observer.disconnect();
    }
  });
  const options = { childList: true, subtree: true };
  observer.observe(doc, options);
  for (const shadow of state.shadows) observer.observe(shadow, options);
  state.observer = observer;
}

/** Moves the observer's undelivered records into `added`; true if there were any. */
function takeAdded(state: Tracked): boolean {
  const records = state.observer?.takeRecords() ?? [];
  for (const r of records)
    for (const n of [...r.addedNodes]) if (dom.nodeType(n) === 1) state.added?.push(n as Element);
  return records.length > 0;
}

/** True when something added since the last call may have brought a shadow root. */
function changed(state: Tracked): boolean {
  if (!state.observer || !state.added) return true;
  takeAdded(state);
  const added = state.added;
  state.added = [];
  if (added.length > MAX_PENDING) return true;
  state.waiting = state.waiting.filter((el) => dom.connected(el));
  if (state.waiting.some((el) => dom.shadow(el))) return true;
  if (state.shadows.some((s) => !dom.connected(s.host))) return true;
  for (const el of added) {
    if (!dom.connected(el)) continue;
    const found: ShadowRoot[] = [];
    scan(el, found, state.waiting);
    if (found.length) return true;
  }
  return false;
}

/** The document's open shadow roots, walking it only when it may have new ones. */
function shadowsOf(doc: Document): ShadowRoot[] {
  let state = tracked.get(doc);
  if (state && !changed(state)) {
    memoStates.push(state);
    return state.shadows;
  }
  state ??= { shadows: [], waiting: [], added: [], observer: null };
  state.shadows = [];
  state.waiting = [];
  scan(doc, state.shadows, state.waiting);
  observe(doc, state);
  tracked.set(doc, state);
  memoStates.push(state);
  return state.shadows;
}

function framesIn(root: Document | ShadowRoot): Element[] {
  const index = elementIndex(root);
  return [...index.tag('iframe'), ...index.tag('frame')];
}

function documentRoots(doc: Document): Roots {
  const roots: SearchRoot[] = [];
  const unreachable: Element[] = [];
  const add = (d: Document) => {
    const own = [d, ...shadowsOf(d)];
    roots.push(...own);
    for (const root of own)
      for (const frame of framesIn(root)) {
        const inner = frameDocument(frame);
        if (inner?.documentElement) add(inner);
        else unreachable.push(frame);
      }
  };
  add(doc);
  return { roots, unreachable };
}

/** True when `node` is inside `start` (an element, shadow root or document), across shadow roots and frames. */
function inside(start: SearchRoot, node: Node): boolean {
  if (dom.nodeType(start) === 1)
    return dom.nodeType(node) === 1 && containsDeep(start as Element, node as Element);
  for (let n: Node | null = node; n;) {
    const root = dom.root(n);
    if (root === start) return true;
    n = dom.nodeType(root) === 11 ? (root as ShadowRoot).host : parentOf(root);
  }
  return false;
}

/** What a root hangs from: a shadow root's host, a frame document's frame element. */
export const hostOf = (r: Node): Element | null => {
  const type = dom.nodeType(r);
  if (type === 11) return (r as ShadowRoot).host;
  try {
    return type === 9 ? (dom.view(r as Document)?.frameElement ?? null) : null;
  } catch {
    return null;
  }
};

let memo: Map<SearchRoot, Roots> | null = null;
/** The documents' trackers the memo was made from. */
let memoStates: Tracked[] = [];

/**
 * Every open shadow root and same-origin frame document under (and including) start. Memoised until
 * the current task yields or an element is added to a document it came from, so one tool call that
 * asks many times pays once; actions that change the page call forgetRoots().
 */
export function collectRoots(start: SearchRoot): Roots {
  const known = memo?.get(start);
  // A page script (or runJS) may add a shadow host or frame between two calls of one task.
  if (known && !memoStates.some(takeAdded)) return known;
  if (known) forgetRoots();
  let result: Roots;
  if (dom.nodeType(start) === 9) result = documentRoots(start as Document);
  else {
    const whole = collectRoots(dom.doc(start)!);
    const below = (n: Node | null) => !!n && inside(start, n);
    result = {
      roots: [start, ...whole.roots.filter((r) => r !== start && below(hostOf(r)))],
      unreachable: whole.unreachable.filter(below),
    };
  }
  if (!memo) {
    memo = new Map();
    queueMicrotask(forgetRoots);
  }
  memo.set(start, result);
  return result;
}

export function forgetRoots(): void {
  memo = null;
  memoStates = [];
}

/** querySelectorAll over start and every shadow root and same-origin frame below it. */
export function queryAllDeep(start: SearchRoot, selector: string): Element[] {
  const out: Element[] = [];
  // One by one: a spread of a list of 100,000 matches passes the engine's limit on arguments.
  for (const root of collectRoots(start).roots) for (const el of dom.qsa(root, selector)) out.push(el);
  return out;
}

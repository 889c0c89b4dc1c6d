/**
 * Where the page's open shadow roots and same-origin frame documents are. No selector finds a shadow
 * host, so the element index of each document and shadow root (element-index.ts) keeps its hosts: the
 * elements that had a shadow root when they came into the tree, and custom elements (which get theirs
 * when defined, with no mutation, so they are checked on every call). Frames come from the same index,
 * looked up on every call, so a frame that navigated is seen with its new document.
 *
 * Not seen: attachShadow called later on a built-in element (a div) that was already in the page, which
 * makes no mutation.
 */
import { containsDeep, frameDocument, ownShadow, parentOf, type SearchRoot } from './walk';
import { elementIndex } from './index-range';
import { type ElementIndex, type Slices } from './element-index';
import { prepareIndex } from './index-slices';
import * as dom from './members';
import { atOnce, due, forTask, inSlices, runAtOnce, type Pace, type Steps } from './slices';

export interface Roots {
  /** start first, then every open shadow root and same-origin frame document below it. */
  roots: SearchRoot[];
  /** Frames whose document cannot be read (cross-origin). */
  unreachable: Element[];
}

/**
 * One observer per document, on it and its shadow roots, whose records only say that something was
 * added since the roots were found (the callback drops them: by then the task, and the memo, are over).
 */
const watchers = new WeakMap<Document, MutationObserver>();
const WATCH = { childList: true, subtree: true };
const watched = new WeakSet<Node>();
const watch = (doc: Document, root: Document | ShadowRoot) => {
  if (watched.has(root)) return;
  let watcher = watchers.get(doc);
  if (!watcher) watchers.set(doc, (watcher = new MutationObserver(() => {})));
  watcher.observe(root, WATCH);
  watched.add(root);
};
const added = (doc: Document): boolean => (watchers.get(doc)?.takeRecords().length ?? 1) > 0;

/**
 * The open shadow roots in `root`'s tree and, after each, those inside it (tree order) into `out`; the
 * frame elements of each root, in the order of `out`, into `frames`. One look at each root's index.
 */
function* shadowsIn(
  doc: Document,
  root: Document | ShadowRoot,
  out: SearchRoot[],
  frames: Element[],
  pace: Pace,
): Steps<void> {
  watch(doc, root);
  const index = elementIndex(root);
  framesOf(index, frames);
  // Indexed loops here and below: an iterator's results are garbage, 5,000 roots' worth per call, and
  // the collector's marking on a page of 500,000 elements is paid by what a task allocates.
  const hosts = index.hosts;
  for (let i = 0; i < hosts.length; i++) {
    const host = hosts[i]!;
    const shadow = ownShadow(host);
    if (shadow) {
      out.push(shadow);
      yield* shadowsIn(doc, shadow, out, frames, pace);
      if (due(pace)) yield;
    }
  }
}

/** The frame elements (iframes, then frames) of a root's index, into `out`. */
function framesOf(index: ElementIndex, out: Element[]): void {
  const iframes = index.tag('iframe');
  for (let i = 0; i < iframes.length; i++) out.push(iframes[i]!);
  const frames = index.tag('frame');
  for (let i = 0; i < frames.length; i++) out.push(frames[i]!);
}

/**
 * Prepares the element index of `doc`, of each of its shadow roots and of each same-origin frame's
 * document, without holding the main thread past a slice (element-index.ts).
 */
export async function prepareRoots(doc: Document, slices: Slices): Promise<void> {
  const tree = async (root: Document | ShadowRoot): Promise<void> => {
    // Watched now, not by the first call (30,000 roots: 30 ms of it).
    watch(doc, root);
    await prepareIndex(root, slices);
    const hosts = elementIndex(root).hosts;
    for (let i = 0; i < hosts.length; i++) {
      const host = hosts[i]!;
      const shadow = dom.connected(host) ? ownShadow(host) : null;
      if (shadow) await tree(shadow);
      if (slices.due()) await slices.pause();
    }
    const frames: Element[] = [];
    framesOf(elementIndex(root), frames);
    for (const frame of frames) {
      const inner = frameDocument(frame);
      if (inner?.documentElement) await prepareRoots(inner, slices);
    }
  };
  await tree(doc);
}

function* documentRoots(doc: Document, pace: Pace): Steps<Roots> {
  const roots: SearchRoot[] = [];
  const unreachable: Element[] = [];
  const docs: Document[] = [];
  function* add(d: Document): Steps<void> {
    docs.push(d);
    const own: SearchRoot[] = [d];
    const frames: Element[] = [];
    yield* shadowsIn(d, d, own, frames, pace);
    for (let i = 0; i < own.length; i++) roots.push(own[i]!);
    for (let i = 0; i < frames.length; i++) {
      const inner = frameDocument(frames[i]!);
      if (inner?.documentElement) yield* add(inner);
      else unreachable.push(frames[i]!);
    }
  }
  yield* add(doc);
  memoDocs.push(...docs);
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
/** The documents the memo was made from. */
let memoDocs: Document[] = [];

/**
 * Every open shadow root and same-origin frame document under (and including) start. Memoised until
 * the current task (or call in slices) ends or an element is added to a document it came from (or one
 * of its shadow roots), so one tool call that asks many times pays once; actions that change the page
 * call forgetRoots().
 */
export const collectRoots = (start: SearchRoot): Roots => runAtOnce(collectRootsSteps(start, atOnce()));

/**
 * collectRoots as steps that may pause (dom/slices.ts). While a call in slices runs, what it found is
 * what its slices search: a root the page adds during a pause is the next call's.
 */
export function* collectRootsSteps(start: SearchRoot, pace: Pace): Steps<Roots> {
  const known = memo?.get(start);
  // A page script (or runJS) may add a shadow host or frame between two calls of one task.
  if (known && (inSlices() || !memoDocs.some(added))) return known;
  if (known) forgetRoots();
  let result: Roots;
  if (dom.nodeType(start) === 9) result = yield* documentRoots(start as Document, pace);
  else {
    const whole = yield* collectRootsSteps(dom.doc(start)!, pace);
    const below = (n: Node | null) => !!n && inside(start, n);
    result = {
      roots: [start, ...whole.roots.filter((r) => r !== start && below(hostOf(r)))],
      unreachable: whole.unreachable.filter(below),
    };
  }
  if (!memo) {
    memo = new Map();
    forTask(forgetRoots);
  }
  memo.set(start, result);
  return result;
}

export function forgetRoots(): void {
  memo = null;
  memoDocs = [];
}

/** querySelectorAll over start and every shadow root and same-origin frame below it. */
export function queryAllDeep(start: SearchRoot, selector: string): Element[] {
  const out: Element[] = [];
  // One by one: a spread of a list of 100,000 matches passes the engine's limit on arguments. A root
  // with none makes no list (30,000 shadow roots, nearly all without: 30,000 lists of garbage).
  for (const root of collectRoots(start).roots)
    if (dom.qs(root, selector)) for (const el of dom.qsa(root, selector)) out.push(el);
  return out;
}

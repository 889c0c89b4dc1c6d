/**
 * The elements of a document that the page calls look for by tag or by attribute (links, buttons,
 * fields, headings, frames, icons, labels; elements with a role or a name attribute), each kind a list
 * in document order, kept up to date between calls from a MutationObserver instead of found again.
 *
 * Why: every call used to find them afresh. After any change to the page (an agent's step always makes
 * one) each of the browser's tag collections and each attribute query walks the whole document again,
 * and summary(), describe() and find() made 15 to 20 of those walks between them, or one walk in script
 * that classified every element: 25 ms at 100,000 elements, 100 ms at 500,000, on every call. Now the
 * first call walks the document once; a later call reads what the observer saw since (elements added,
 * removed, or given a role or name) and walks only the subtrees added. When more changed than that is
 * worth (many records, or large subtrees added or removed), the next call walks the document again, as
 * before. The observer stops recording once it holds more records than a call would read, so a busy
 * page pays for it only until then.
 *
 * Shadow roots have an index each, kept the same way: a page of 5,000 components paid five queries per
 * shadow root per call (25,000 calls, 20 ms at 470,000 elements). What is inside an element is a range
 * of its tree's lists, found by halving.
 *
 * The walk can also go a slice at a time (prepareIndex, for prepare()), the page running between
 * slices: the observer records from its start, and the walk starts again if the element it is at was
 * moved or removed meanwhile. A call that reads the page walks within a budget (withinBudget) and,
 * past it, answers from the lists as far as the walk went; the next call or prepare() goes on from there.
 *
 * Lists are replaced, never changed in place: a list a caller holds stays as it was.
 */
import { docOrder } from './walk';
import * as dom from './members';

/** Tags indexed: what census, frames, secrets, labels, describe and find's name search look up by tag. */
const TAGS = [
  'a',
  'area',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  'label',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'form',
  'img',
  'dialog',
  'main',
  'nav',
  'header',
  'footer',
  'aside',
  'search',
  'section',
  'iframe',
  'frame',
  'svg',
  'i',
  'p',
] as const;

export type IndexedTag = (typeof TAGS)[number];

const TAG_SET: ReadonlySet<string> = new Set(TAGS);

/** Attributes that give an element a kind (census classifies these whatever their tag). */
export const KIND_ATTRS = ['role', 'contenteditable', 'aria-live', 'aria-modal'];

/** Attributes that give an element a name (find searches them). */
export const NAME_ATTRS = ['aria-label', 'aria-labelledby', 'title'];

const KINDED = '@kind';

const NAMED = '@name';

const HOSTS = '@host';

/** The non-empty lists, by tag or attribute kind (a shadow root of a few elements holds a few lists). */
export type Lists = Map<string, Element[]>;

/** What an index is kept for: a document, or a shadow root (its own tree, which a document's walk does not enter). */
export type IndexRoot = Document | ShadowRoot;

export interface ElementIndex {
  /** The root's elements of a tag, in document order. */
  tag(name: IndexedTag): readonly Element[];
  /** The tags it has elements of (a component's shadow root: a few of TAGS). */
  readonly present: readonly IndexedTag[];
  /** Elements with a role, contenteditable, aria-live or aria-modal, in document order. */
  readonly kinded: readonly Element[];
  /** Elements with aria-label, aria-labelledby or title, in document order. */
  readonly named: readonly Element[];
  /**
   * Elements that had a shadow root when they came into the tree, and custom elements (which may get
   * one when defined, with no mutation), in document order: where shadow roots are (roots.ts).
   */
  readonly hosts: readonly Element[];
}

/** Records held between calls; past this the observer stops and the next call walks the document. */
const MAX_RECORDS = 5000;

/** Elements added or removed (tops of subtrees) a call handles one by one; past this, a walk. */
const MAX_NODES = 1000;

/** Elements walked in added subtrees; past this a whole walk is as cheap. */
const MAX_WALKED = 20000;

const SHOW_ELEMENT = 1;

const OPTIONS: MutationObserverInit = {
  childList: true,
  subtree: true,
  attributes: true,
  attributeFilter: [...KIND_ATTRS, ...NAME_ATTRS],
};

interface State {
  lists: Lists;
  /** Read-only views of `lists`, made when it changes. */
  view: ElementIndex | null;
  /** Records seen since the last call, or null: the observer stopped, walk again. */
  pending: MutationRecord[] | null;
  observer: MutationObserver | null;
  /** A walk in slices under way (prepareIndex): its lists become `lists` when it ends. */
  building: Build | null;
  /** Settles when the walk in slices ends (prepareIndex calls made meanwhile wait for it). */
  ready: Promise<void> | null;
  /** Times the walk under way started again because the page moved where it was. */
  restarts: number;
  /** The steady read (steady()) in which the index was last brought up to date. */
  checked?: number;
}

/** A walk of a root done a slice at a time, the observer recording from its start. */
interface Build {
  walker: TreeWalker;
  into: Lists;
  /** How many of the pending records the walk has checked (for a move of the element it is at). */
  checked: number;
  /** Elements walked so far. */
  walked: number;
}

const states = new WeakMap<IndexRoot, State>();

export const NONE: readonly Element[] = Object.freeze([]);

/** Appends to the list of `key`, making it on first use. */
const push = (into: Lists, key: string, el: Element) => {
  const list = into.get(key);
  if (list) list.push(el);
  else into.set(key, [el]);
};

const hasAny = (el: Element, names: string[]): boolean => {
  for (const n of names) if (dom.hasAttr(el, n)) return true;
  return false;
};

/** Adds `el` to the lists it belongs in. */
function place(el: Element, into: Lists): void {
  const name = dom.localName(el);
  if (TAG_SET.has(name)) push(into, name, el);
  if (name.includes('-') || dom.shadow(el)) push(into, HOSTS, el);
  if (dom.hasAttrs(el)) {
    if (hasAny(el, KIND_ATTRS)) push(into, KINDED, el);
    if (hasAny(el, NAME_ATTRS)) push(into, NAMED, el);
  }
}

/**
 * `top` (an element, or a root, which is not one) and everything under it in its tree, into `into`
 * (and each element into `walked`); returns how many elements.
 */
export function collect(top: Node, into: Lists, walked?: Set<Element>): number {
  let n = 0;
  if (dom.nodeType(top) === 1) {
    place(top as Element, into);
    walked?.add(top as Element);
    n++;
  }
  const doc = dom.docOf(top);
  const walker = dom.treeWalker(doc, top, SHOW_ELEMENT);
  for (let el = walker.nextNode() as Element | null; el; el = walker.nextNode() as Element | null) {
    place(el, into);
    walked?.add(el);
    n++;
  }
  return n;
}

/** The lists are out of date: the next call or prepare() walks the root again. */
function stale(state: State): void {
  state.pending = null;
  state.lists = new Map();
  state.view = null;
}

/** (Re)starts the observer of `root` with nothing pending; past MAX_RECORDS it stops, and the lists go. */
function observe(root: IndexRoot, state: State): void {
  state.observer?.disconnect();
  const observer = new MutationObserver((records) => {
    const pending = state.pending;
    if (!pending) return;
    for (const r of records) pending.push(r);
    if (pending.length > MAX_RECORDS) {
      stale(state);
      observer.disconnect();
    }
  });
  observer.observe(root, OPTIONS);
  state.observer = observer;
  state.pending = [];
}

/** Walks on until the end (true) or until the slice is used up (false). */
function walkOn(build: Build, slices: Slices | null): boolean {
  const { walker, into } = build;
  for (let el = walker.nextNode() as Element | null; el; el = walker.nextNode() as Element | null) {
    place(el, into);
    build.walked++;
    if (slices && build.walked % slices.every === 0 && slices.due()) return false;
  }
  return true;
}

/**
 * Whether a walk between slices can go on from where it is: the observer still records, and the element
 * it is at was not removed or moved since (with it, a walker would skip or repeat a part of the page
 * that no record names). Elements added elsewhere, removed, or given a role are in the records, which
 * the next call applies as after any walk.
 */
function canGoOn(state: State, build: Build): boolean {
  const pending = taken(state);
  if (!pending) return false;
  const at = build.walker.currentNode;
  for (let i = build.checked; i < pending.length; i++) {
    const r = pending[i]!;
    if (r.type !== 'childList') continue;
    for (const n of r.removedNodes) if (n === at || dom.contains(n, at)) return false;
  }
  build.checked = pending.length;
  return pending.length <= MAX_RECORDS;
}

/** Ends a walk: its lists become the index; the records since its start are applied by the next call. */
function finish(state: State, build: Build): void {
  state.building = null;
  state.lists = build.into;
  state.view = null;
}

/** Starts a walk of `root` (again), the observer recording from now. */
export function start(root: IndexRoot, state: State): Build {
  observe(root, state);
  state.lists = new Map();
  state.view = null;
  const doc = dom.docOf(root);
  return (state.building = {
    walker: dom.treeWalker(doc, root, SHOW_ELEMENT),
    into: new Map(),
    checked: 0,
    walked: 0,
  });
}

/** Walks in slices before giving up and walking the rest at once (a page that keeps moving where the walk is). */
const MAX_RESTARTS = 3;

/**
 * Goes on with the walk of `root` (starting it, or again where the page moved the element it was at)
 * until it ends and the records made meanwhile are applied (true), or `slices` says stop (false; without
 * slices, it ends). After MAX_RESTARTS the rest is walked at once.
 */
export function advance(root: IndexRoot, state: State, slices: Slices | null): boolean {
  for (;;) {
    let build = state.building;
    if (!build || !canGoOn(state, build)) {
      if (build && ++state.restarts > MAX_RESTARTS) slices = null;
      build = start(root, state);
    }
    if (!walkOn(build, slices)) return false;
    finish(state, build);
    // What changed during the walk, applied now; when it is too much, the walk starts again (at once,
    // in this task, past MAX_RESTARTS: nothing can change the page meanwhile).
    if (update(root, state)) {
      state.restarts = 0;
      return true;
    }
    if (++state.restarts > MAX_RESTARTS) slices = null;
  }
}

/** Where `el` goes in a document-ordered list: the index of the first element after it. */
export function insertionPoint(list: readonly Element[], el: Element): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (docOrder(list[mid]!, el) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `el` is in `root`'s tree now (not removed, not moved to another tree). One call, which Chromium
 * answers without walking up when `root` is a document or shadow root (it compares their tree scopes).
 */
const inRoot = (el: Element, root: IndexRoot): boolean => dom.contains(root, el);

/**
 * Applies what the observer saw. Returns false when it is more than is worth applying one by one
 * (the caller walks the root again).
 */
function apply(root: IndexRoot, state: State, records: MutationRecord[]): boolean {
  const added: Element[] = [];
  const removed: Element[] = [];
  const touched: Element[] = [];
  for (const r of records) {
    if (r.type === 'attributes') touched.push(r.target as Element);
    else {
      for (const n of r.removedNodes) if (dom.nodeType(n) === 1) removed.push(n as Element);
      for (const n of r.addedNodes) if (dom.nodeType(n) === 1) added.push(n as Element);
    }
  }
  if (added.length + removed.length + touched.length > MAX_NODES) return false;
  // Lists that may hold an element gone from the page or moved: after a removal, any. What a removed
  // subtree holds now says too little: an element taken out of it since (once it was moved into a shadow
  // root, or while it was out of the page) left no record here.
  const stale = new Set<string>(removed.length ? state.lists.keys() : []);
  let walked = 0;
  // The outermost added subtrees still in the tree, each once; each is walked as it is now.
  const tops = [...new Set(added)].filter((el) => inRoot(el, root)).sort(docOrder);
  const groups: Lists[] = [];
  /** Every element in an added subtree. */
  const fresh = new Set<Element>();
  let last: Element | null = null;
  for (const top of tops) {
    if (last && dom.contains(last, top)) continue;
    last = top;
    const found: Lists = new Map();
    walked += collect(top, found, fresh);
    if (walked > MAX_WALKED) return false;
    groups.push(found);
    for (const k of found.keys()) stale.add(k);
  }
  // Drop what left the tree and what is in an added subtree (moved, or added twice), then put each added
  // subtree's elements in their place: a subtree's elements are together in document order.
  const keep = (el: Element) => !fresh.has(el) && inRoot(el, root);
  for (const k of stale) {
    const was = state.lists.get(k) ?? NONE;
    // Copied only when something goes: each copy is garbage, and on a page of 500,000 elements the
    // collector's marking, paid by what a task allocates, made an action's task 300 ms long.
    let i = 0;
    while (i < was.length && keep(was[i]!)) i++;
    let list = i === was.length ? was : was.filter(keep);
    for (const found of groups) {
      const items = found.get(k);
      if (!items) continue;
      const at = insertionPoint(list, items[0]!);
      list = [...list.slice(0, at), ...items, ...list.slice(at)];
    }
    if (!list.length) state.lists.delete(k);
    else if (list !== was) state.lists.set(k, list as Element[]);
  }
  // Elements that gained or lost a role or name attribute.
  for (const el of touched) {
    if (!inRoot(el, root)) continue;
    for (const [k, names] of [
      [KINDED, KIND_ATTRS],
      [NAMED, NAME_ATTRS],
    ] as const) {
      const list = state.lists.get(k) ?? [];
      const at = insertionPoint(list, el);
      const present = list[at] === el;
      if (present === hasAny(el, names)) continue;
      const next = present
        ? [...list.slice(0, at), ...list.slice(at + 1)]
        : [...list.slice(0, at), el, ...list.slice(at)];
      if (next.length) state.lists.set(k, next);
      else state.lists.delete(k);
    }
  }
  return true;
}

/**
 * The records seen since the last call, those the observer has not delivered yet included; null when it
 * stopped. An indexed loop: an iterator per call is garbage, and a call on a page of 5,000 shadow roots
 * asks each of them.
 */
function taken(state: State): MutationRecord[] | null {
  const pending = state.pending;
  if (!pending || !state.observer) return null;
  const records = state.observer.takeRecords();
  for (let i = 0; i < records.length; i++) pending.push(records[i]!);
  return pending;
}

/** What is kept for a document or shadow root (nothing yet, the first time). */
export function stateOf(root: IndexRoot): State {
  let state = states.get(root);
  if (!state) {
    state = {
      lists: new Map(),
      view: null,
      pending: null,
      observer: null,
      building: null,
      ready: null,
      restarts: 0,
    };
    states.set(root, state);
  }
  return state;
}

/**
 * Applies the pending records to the lists; false when there is nothing to apply them to, or they are
 * more than is worth applying one by one (the root is walked again).
 */
export function update(root: IndexRoot, state: State): boolean {
  const pending = taken(state);
  if (!pending) return false;
  if (!pending.length) return true;
  state.pending = [];
  state.view = null;
  return pending.length <= MAX_RECORDS && apply(root, state, pending);
}

/** Reads under way that the page cannot change (steady()), and which one the current is. */
let steadyDepth = 0;
let steadyRead = 0;

/**
 * Runs a read during which the page cannot change (a console call, or one slice of a call in slices: no
 * event is dispatched, no page script runs): each root's index is brought up to date once in it, not
 * each time it is asked (a summary asked each of 30,000 shadow roots for its records five times).
 */
export function steady<T>(read: () => T): T {
  if (!steadyDepth++) steadyRead++;
  try {
    return read();
  } finally {
    steadyDepth--;
  }
}

/** The index of a document or shadow root, brought up to date (within a call's budget, when one is set). */
export function rootIndex(root: IndexRoot): ElementIndex {
  const state = stateOf(root);
  if (steadyDepth && state.view && !state.building && state.checked === steadyRead) return state.view;
  state.checked = steadyDepth ? steadyRead : -1;
  if (state.building || !update(root, state)) {
    if (!budget) advance(root, state, null);
    else if (budget.over || !advance(root, state, budget.slices)) return partialView(root, state, budget);
  }
  state.view ??= viewOf(state.lists);
  return state.view;
}

/**
 * How much walking a call that reads the page (find, describe, summary, snapshot) may do before it
 * answers from what is indexed: on a page of 470,000 elements the whole walk takes 150-180 ms, and the
 * call on top of it passed 200 ms. Elements: for tests, which cannot rely on time.
 */
export const callWalk = { ms: 40, elements: Infinity };

/** Where a call's walk stopped: the element it was at, and how many elements of that root it had walked. */
export interface Unfinished {
  at: Element | null;
  walked: number;
}

interface Budget {
  slices: Slices;
  /** Spent: no more walking in this call. */
  over: boolean;
  /** The roots answered from a part of their index, with the views given for them. */
  partial: Map<IndexRoot, ElementIndex>;
  stop: Unfinished | null;
}

/** The budget of the call under way (withinBudget), or null: walks end. */
export let budget: Budget | null = null;

function callBudget(): Budget {
  const start = performance.now();
  let walked = 0;
  const every = Math.max(1, Math.min(256, callWalk.elements));
  const b: Budget = {
    over: false,
    partial: new Map(),
    stop: null,
    slices: {
      every,
      due: () =>
        (b.over ||= (walked += every) >= callWalk.elements || performance.now() - start > callWalk.ms),
      // A call does not wait: its budget spent, it answers.
      pause: () => Promise.resolve(),
    },
  };
  return b;
}

/**
 * The part of `root` walked so far, as an index: each list as far as the walk went, without what left
 * the root meanwhile. An element the page moved after the walk passed it may be in a list twice or out
 * of order (the walk meets it again): where elements were added since the walk started, lists are made
 * distinct and put in document order; where attributes changed, an element that lost its role or name
 * leaves those lists. The walk stays where it is, for the next call or prepare().
 */
function partialView(root: IndexRoot, state: State, b: Budget): ElementIndex {
  const known = b.partial.get(root);
  if (known) return known;
  const build = state.building;
  if (!build) {
    // Not walked: nothing of it is known yet (lists it has are out of date), and the next call walks it.
    stale(state);
    const none = viewOf(state.lists);
    b.partial.set(root, none);
    return none;
  }
  const at = build.walker.currentNode;
  b.stop ??= { at: at === root ? null : (at as Element), walked: build.walked };
  const records = taken(state) ?? [];
  let added = false;
  let touched = false;
  for (let i = 0; i < records.length; i++) {
    if (records[i]!.type === 'attributes') touched = true;
    else if (records[i]!.addedNodes.length) added = true;
  }
  const lists: Lists = new Map();
  for (const [k, list] of build.into) {
    const names = k === KINDED ? KIND_ATTRS : k === NAMED ? NAME_ATTRS : null;
    let kept = list.filter((el) => inRoot(el, root) && (!touched || !names || hasAny(el, names)));
    if (added) {
      kept = [...new Set(kept)];
      if (kept.some((el, i) => i > 0 && docOrder(kept[i - 1]!, el) > 0)) kept.sort(docOrder);
    }
    if (kept.length) lists.set(k, kept);
  }
  const view = viewOf(lists);
  b.partial.set(root, view);
  return view;
}

/**
 * Runs a call that reads the page with a budget of walking: where an index is not built (the page's
 * first call, before prepare() ends, or after more of it changed than is worth applying), the call walks
 * for at most callWalk.ms and answers from the part walked. `unfinished` says where it stopped (null:
 * the answer covers the whole page); the walk goes on from there. A call within a call shares its budget.
 */
export function withinBudget<T>(call: () => T): { value: T; unfinished: Unfinished | null } {
  if (budget) return { value: call(), unfinished: null };
  const b = (budget = callBudget());
  try {
    return { value: call(), unfinished: b.stop };
  } finally {
    budget = null;
  }
}

/** A share of the main thread: work until due(), then pause() lets the page run before more. */
export interface Slices {
  /** Elements walked between two looks at due(). */
  readonly every: number;
  due(): boolean;
  pause(): Promise<void>;
}

/** The lists of a kept index, read-only. */
export const viewOf = (lists: Lists): ElementIndex => ({
  tag: (name) => lists.get(name) ?? NONE,
  present: [...lists.keys()].filter((k): k is IndexedTag => TAG_SET.has(k)),
  kinded: lists.get(KINDED) ?? NONE,
  named: lists.get(NAMED) ?? NONE,
  hosts: lists.get(HOSTS) ?? NONE,
});

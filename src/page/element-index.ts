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
 * Lists are replaced, never changed in place: a list a caller holds stays as it was.
 */
import { docOrder, type SearchRoot } from './walk';
import * as dom from './dom';

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
type Lists = Map<string, Element[]>;
/** What an index is kept for: a document, or a shadow root (its own tree, which a document's walk does not enter). */
export type IndexRoot = Document | ShadowRoot;

export interface ElementIndex {
  /** The root's elements of a tag, in document order. */
  tag(name: IndexedTag): readonly Element[];
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
/** Elements walked in added and removed subtrees; past this a whole walk is as cheap. */
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
}

const states = new WeakMap<IndexRoot, State>();
const NONE: readonly Element[] = Object.freeze([]);

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
function collect(top: Node, into: Lists, walked?: Set<Element>): number {
  let n = 0;
  if (dom.nodeType(top) === 1) {
    place(top as Element, into);
    walked?.add(top as Element);
    n++;
  }
  const doc = dom.nodeType(top) === 9 ? (top as Document) : dom.doc(top)!;
  const walker = dom.treeWalker(doc, top, SHOW_ELEMENT);
  for (let el = walker.nextNode() as Element | null; el; el = walker.nextNode() as Element | null) {
    place(el, into);
    walked?.add(el);
    n++;
  }
  return n;
}

function rebuild(root: IndexRoot, state: State): void {
  state.observer?.disconnect();
  state.lists = new Map();
  state.view = null;
  collect(root, state.lists);
  const observer = new MutationObserver((records) => {
    const pending = state.pending;
    if (!pending) return;
    for (const r of records) pending.push(r);
    if (pending.length > MAX_RECORDS) {
      state.pending = null;
      state.lists = new Map();
      state.view = null;
      observer.disconnect();
    }
  });
  observer.observe(root, OPTIONS);
  state.observer = observer;
  state.pending = [];
}

/** Where `el` goes in a document-ordered list: the index of the first element after it. */
function insertionPoint(list: readonly Element[], el: Element): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (docOrder(list[mid]!, el) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `el` is in `root`'s tree now (not removed, not moved to another tree). */
const inRoot = (el: Element, root: IndexRoot): boolean => dom.connected(el) && dom.root(el) === root;

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
  for (const k of stale) {
    let list = (state.lists.get(k) ?? []).filter((el) => !fresh.has(el) && inRoot(el, root));
    for (const found of groups) {
      const items = found.get(k);
      if (!items) continue;
      const at = insertionPoint(list, items[0]!);
      list = [...list.slice(0, at), ...items, ...list.slice(at)];
    }
    if (list.length) state.lists.set(k, list);
    else state.lists.delete(k);
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

/** The elements of a document-ordered list inside `el` (not `el` itself): a range, found by halving. */
function inside(list: readonly Element[], el: Element): readonly Element[] {
  let start = insertionPoint(list, el);
  if (list[start] === el) start++;
  let lo = start;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dom.contains(el, list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return start === lo ? NONE : list.slice(start, lo);
}

/** The index of a document or shadow root, brought up to date. */
function rootIndex(root: IndexRoot): ElementIndex {
  let state = states.get(root);
  if (!state) {
    state = { lists: new Map(), view: null, pending: null, observer: null };
    states.set(root, state);
  }
  const pending = state.pending;
  if (!pending || !state.observer) rebuild(root, state);
  else {
    for (const r of state.observer.takeRecords()) pending.push(r);
    if (pending.length) {
      state.pending = [];
      state.view = null;
      if (pending.length > MAX_RECORDS || !apply(root, state, pending)) rebuild(root, state);
    }
  }
  state.view ??= viewOf(state.lists);
  return state.view;
}

/** The lists of a kept index, read-only. */
const viewOf = (lists: Lists): ElementIndex => ({
  tag: (name) => lists.get(name) ?? NONE,
  kinded: lists.get(KINDED) ?? NONE,
  named: lists.get(NAMED) ?? NONE,
  hosts: lists.get(HOSTS) ?? NONE,
});

/**
 * The element index of a document, a shadow root, or what is inside an element (not the element
 * itself): a range of its tree's lists, found by halving; for an element in no document, one walk of
 * it, kept for nothing.
 */
export function elementIndex(root: SearchRoot): ElementIndex {
  const type = dom.nodeType(root);
  if (type === 9 || type === 11) return rootIndex(root as IndexRoot);
  const el = root as Element;
  if (!dom.connected(el)) {
    const lists: Lists = new Map();
    collect(el, lists);
    for (const [k, list] of lists) if (list[0] === el) lists.set(k, list.slice(1));
    return viewOf(lists);
  }
  const tree = dom.root(el);
  const whole = rootIndex(tree as IndexRoot);
  return {
    tag: (name) => inside(whole.tag(name), el),
    kinded: inside(whole.kinded, el),
    named: inside(whole.named, el),
    hosts: inside(whole.hosts, el),
  };
}

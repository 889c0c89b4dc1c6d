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
 * Lists are replaced, never changed in place: a list a caller holds stays as it was.
 */
import { docOrder } from './walk';
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

type Lists = Map<string, Element[]>;

export interface ElementIndex {
  /** The document's elements of a tag, in document order. */
  tag(name: IndexedTag): readonly Element[];
  /** Elements with a role, contenteditable, aria-live or aria-modal, in document order. */
  readonly kinded: readonly Element[];
  /** Elements with aria-label, aria-labelledby or title, in document order. */
  readonly named: readonly Element[];
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
  /** Records seen since the last call, or null: the observer stopped, walk again. */
  pending: MutationRecord[] | null;
  observer: MutationObserver | null;
}

const states = new WeakMap<Document, State>();

const hasAny = (el: Element, names: string[]): boolean => {
  for (const n of names) if (dom.hasAttr(el, n)) return true;
  return false;
};

/** Adds `el` to the lists it belongs in. */
function place(el: Element, into: Lists): void {
  const name = dom.localName(el);
  if (TAG_SET.has(name)) into.get(name)!.push(el);
  if (dom.hasAttrs(el)) {
    if (hasAny(el, KIND_ATTRS)) into.get(KINDED)!.push(el);
    if (hasAny(el, NAME_ATTRS)) into.get(NAMED)!.push(el);
  }
}

const emptyLists = (): Lists => new Map([...TAGS, KINDED, NAMED].map((k) => [k, []]));

/** `top` and everything under it, into `into` (and each element into `walked`); returns how many. */
function collect(doc: Document, top: Element, into: Lists, walked?: Set<Element>): number {
  place(top, into);
  walked?.add(top);
  let n = 1;
  const walker = dom.treeWalker(doc, top, SHOW_ELEMENT);
  for (let el = walker.nextNode() as Element | null; el; el = walker.nextNode() as Element | null) {
    place(el, into);
    walked?.add(el);
    n++;
  }
  return n;
}

function rebuild(doc: Document, state: State): void {
  state.observer?.disconnect();
  state.lists = emptyLists();
  const html = dom.html(doc);
  if (html) collect(doc, html, state.lists);
  const observer = new MutationObserver((records) => {
    const pending = state.pending;
    if (!pending) return;
    for (const r of records) pending.push(r);
    if (pending.length > MAX_RECORDS) {
      state.pending = null;
      state.lists = emptyLists();
      observer.disconnect();
    }
  });
  observer.observe(doc, OPTIONS);
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

const inDoc = (el: Element, doc: Document): boolean =>
  dom.connected(el) && dom.doc(el) === doc && dom.root(el) === doc;

/**
 * Applies what the observer saw. Returns false when it is more than is worth applying one by one
 * (the caller walks the document again).
 */
function apply(doc: Document, state: State, records: MutationRecord[]): boolean {
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
  // Lists that may hold an element gone from the page or moved: the kinds found in removed subtrees as
  // they are now, and the attribute lists (an attribute may have been taken off since).
  const stale = new Set<string>(removed.length ? [KINDED, NAMED] : []);
  let walked = 0;
  for (const el of removed) {
    const found = emptyLists();
    walked += collect(doc, el, found);
    for (const [k, list] of found) if (list.length) stale.add(k);
    if (walked > MAX_WALKED) return false;
  }
  // The outermost added subtrees still in the page, each once; each is walked as it is now.
  const tops = [...new Set(added)].filter((el) => inDoc(el, doc)).sort(docOrder);
  const groups: Lists[] = [];
  /** Every element in an added subtree. */
  const fresh = new Set<Element>();
  let last: Element | null = null;
  for (const top of tops) {
    if (last && dom.contains(last, top)) continue;
    last = top;
    const found = emptyLists();
    walked += collect(doc, top, found, fresh);
    if (walked > MAX_WALKED) return false;
    groups.push(found);
    for (const [k, list] of found) if (list.length) stale.add(k);
  }
  // Drop what left the page and what is in an added subtree (moved, or added twice), then put each added
  // subtree's elements in their place: a subtree's elements are together in document order.
  for (const k of stale) {
    let list = state.lists.get(k)!.filter((el) => !fresh.has(el) && inDoc(el, doc));
    for (const found of groups) {
      const items = found.get(k)!;
      if (!items.length) continue;
      const at = insertionPoint(list, items[0]!);
      list = [...list.slice(0, at), ...items, ...list.slice(at)];
    }
    state.lists.set(k, list);
  }
  // Elements that gained or lost a role or name attribute.
  for (const el of touched) {
    if (!inDoc(el, doc)) continue;
    for (const [k, names] of [
      [KINDED, KIND_ATTRS],
      [NAMED, NAME_ATTRS],
    ] as const) {
      const list = state.lists.get(k)!;
      const at = insertionPoint(list, el);
      const present = list[at] === el;
      if (present === hasAny(el, names)) continue;
      state.lists.set(
        k,
        present
          ? [...list.slice(0, at), ...list.slice(at + 1)]
          : [...list.slice(0, at), el, ...list.slice(at)],
      );
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
  return list.slice(start, lo);
}

/**
 * The index of what is inside `el` (not `el` itself), from its document's; null when `el` is in a
 * shadow root (whose few elements a query finds) or not in a document.
 */
export function elementIndexWithin(el: Element): ElementIndex | null {
  const doc = dom.doc(el);
  if (!doc || !inDoc(el, doc)) return null;
  const whole = elementIndex(doc);
  return {
    tag: (name) => inside(whole.tag(name), el),
    kinded: inside(whole.kinded, el),
    named: inside(whole.named, el),
  };
}

/** The index of `doc`, brought up to date. */
export function elementIndex(doc: Document): ElementIndex {
  let state = states.get(doc);
  if (!state) {
    state = { lists: emptyLists(), pending: null, observer: null };
    states.set(doc, state);
  }
  const pending = state.pending;
  if (!pending || !state.observer) rebuild(doc, state);
  else {
    const records = pending.concat(state.observer.takeRecords());
    state.pending = [];
    if (records.length && !apply(doc, state, records)) rebuild(doc, state);
  }
  const lists = state.lists;
  return {
    tag: (name) => lists.get(name)!,
    kinded: lists.get(KINDED)!,
    named: lists.get(NAMED)!,
  };
}

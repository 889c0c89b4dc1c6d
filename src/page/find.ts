/**
 * find and findNear: regex search over what a person perceives (visible text, labels, placeholders,
 * titles, alt text, button values), returning the element a person would act on, ranked.
 */
import { LLMHelperError } from '../errors';
import { closestDeep, contextOf, ROW, rowLabel, whereIs } from './context';
import {
  inputType,
  isInteractive,
  labelledControl,
  TOOLTIP_ATTRS,
  nameOf,
  onlyProposed,
  roleOf,
  tagOf,
  textOf,
} from './label';
import { disabledReason } from './disabled';
import { labelsOf } from './labels';
import { fieldValue, scrubText } from './redact';
import type { ElementStore } from './store';
import { resolveTarget, type Target } from './target';
import type { IndexedTag } from './element-index';
import { elementIndex } from './index-range';
import { matchesText, searchText, toPattern, type Pattern } from './pattern';
import { INLINE_TAGS, normalize, truncate } from './text';
import {
  CLOSE_BOXES,
  INTERACTIVE_SELECTOR,
  TYPE_SELECTORS,
  isSelectorType,
  typeSelector,
  type AriaRole,
  type ElementType,
} from './types';
import { isInert, openLayer, quickVisibility, visibility } from './visible';
import { collectRoots, queryAllDeep } from './roots';
import { containsDeep, docOrder, ownShadow, parentOf, type SearchRoot } from './walk';
import * as dom from './dom';
import { operated } from './stand-in';
import { hoverHolder } from './hover-css';
import { nextPage, partlyRenderedOnPage, renderedRange, searchBox } from './rendered';

export interface FindOptions {
  /** button, link, input, select, checkbox, radio, menuitem, tab, heading, table, row, cell, image, any, a role, or a CSS selector. */
  type?: ElementType | AriaRole | (string & {});
  /** Most matches returned (default 10). */
  limit?: number;
  /** true (default): only visible elements; 'viewport': only those on screen now; false: hidden ones too. */
  visible?: boolean | 'viewport';
  /** Search only inside this element (ID or CSS selector). */
  within?: Target;
  /** Leave out these elements and everything inside them (IDs or CSS selectors). */
  exclude?: Target | Target[];
  /** Case-sensitive matching for string patterns (RegExp patterns keep their own flags). */
  caseSensitive?: boolean;
  /** The whole text must match. */
  exact?: boolean;
}

export interface Match {
  id: number;
  tag: string;
  role?: string;
  text: string;
  type?: string;
  value?: string;
  href?: string;
  checked?: boolean;
  selected?: boolean;
  disabled?: boolean;
  expanded?: boolean;
  /** The row a cell or a control in a table row belongs to. */
  row?: string;
  /** Where it is, when another match reads alike and no row tells them apart: `list item "Buy milk"`. */
  in?: string;
  /** Present and true when the element is visible but outside the viewport. */
  offscreen?: boolean;
  /** Present when `visible: false` returned a hidden element: why it is hidden. */
  hidden?: string;
  /** findNear only: how the match relates to the anchor element. */
  relation?: string;
}

export type Matches = Match[] & { note?: string; unreachable?: string[] };

/** Elements matched by an attribute or computed name; fields are named by labels, also unattached ones. */
/** Read only when nothing else matched: a page-wide query for them cost find 10-20% on every search. */
const TOOLTIP_SELECTOR = TOOLTIP_ATTRS.map((a) => `[${a}]`).join(',');

export interface Candidate {
  /** The element returned. */
  el: Element;
  /** The element whose text or attribute matched (for visibility when the result is a hidden input). */
  source: Element;
  matched: string;
  exact: boolean;
  /** Where in `matched` the pattern matched. */
  at?: number;
  order: number;
  score: number;
  inViewport: boolean;
  hidden?: string;
  /** The phrase a person reads there, when it is not the element's whole text. */
  phrase?: string;
}

interface SearchResult {
  candidates: Candidate[];
  /** Matches left out for being hidden (when only visible ones are wanted). */
  hidden: Candidate[];
  note?: string;
  unreachable: Element[];
  stopped?: Budget['stopped'];
}

/** The element a person acts on for matched text: its control for a label, its link/button for inner text. */
function actionable(el: Element): Element {
  const label = tagOf(el) === 'LABEL' ? el : dom.closest<HTMLLabelElement>(el, 'label');
  if (label) {
    const control = labelledControl(label);
    if (control) return operated(control);
  }
  if (isInteractive(el)) return el;
  // Text a web component shows through a slot: what it sits in there (Shoelace's checkbox label, button).
  const slot = slotOf(el);
  if (slot) {
    const inner = actionable(slot);
    if (inner !== slot) return inner;
  }
  let up = closestDeep(el, INTERACTIVE_SELECTOR);
  // Past what the selector only proposed and the role turned down (an icon in its button).
  while (up && onlyProposed(up)) {
    const parent = parentOf(up);
    up = parent && closestDeep(parent, INTERACTIVE_SELECTOR);
  }
  // A focusable list (jQuery UI's menu, a keyboard-driven list) holds the items: the hit is its item.
  if (up && up !== el && LISTS.has(tagOf(up))) return dom.closest(el, 'li') ?? el;
  return up ?? el;
}

const LISTS = new Set(['UL', 'OL', 'MENU', 'DL', 'TABLE', 'TBODY']);

/** The slot in `el`'s shadow root that shows its light children, when it has one. */
function slotOf(el: Element): HTMLSlotElement | null {
  if (!ownShadow(el)) return null;
  for (let c = dom.firstChild(el); c; c = c.nextSibling) {
    const slot = (c as Text).assignedSlot;
    if (slot) return slot;
  }
  return null;
}

/** Text up to this long is read as one phrase: "2 rows selected" with its number in a <strong>. */
const PHRASE_CHARS = 80;

/**
 * The phrase an inline element is part of, as a person reads it: its text with the text and inline
 * elements beside it, up to a control or a block.
 */
function phraseAround(el: Element): string {
  let text = dom.text(el) ?? '';
  const part = (n: Node): string | null => {
    if (dom.nodeType(n) === 3) return dom.text(n) ?? '';
    if (dom.nodeType(n) !== 1) return '';
    const e = n as Element;
    return INLINE_TAGS.has(dom.tag(e)) && !isInteractive(e) && !dom.qs(e, INTERACTIVE_SELECTOR)
      ? (dom.text(e) ?? '')
      : null;
  };
  for (let n = el.previousSibling; n && text.length <= PHRASE_CHARS; n = n.previousSibling) {
    const t = part(n);
    if (t === null) break;
    text = t + text;
  }
  for (let n = el.nextSibling; n && text.length <= PHRASE_CHARS; n = n.nextSibling) {
    const t = part(n);
    if (t === null) break;
    text += t;
  }
  return normalize(text);
}

/**
 * Inside a matched text group, the deepest inline elements whose own text still matches (a link inside a
 * paragraph), each with the short phrase it is part of when that is more than its text ("2 rows
 * selected" around " rows selected"): what a person reads there.
 */
function deepestMatches(group: Element, pattern: Pattern): { el: Element; phrase?: string }[] {
  const out: { el: Element; phrase?: string }[] = [];
  const visit = (el: Element): boolean => {
    let childMatched = false;
    for (let c = dom.firstElementChild(el); c; c = c.nextElementSibling) {
      if (!INLINE_TAGS.has(dom.tag(c)) && tagOf(c) !== 'BUTTON') continue;
      if (verify(pattern, normalize(dom.text(c) ?? ''))) childMatched = visit(c) || childMatched;
    }
    if (!childMatched && el !== group) {
      const own = normalize(dom.text(el) ?? '');
      const phrase = isInteractive(el) ? '' : phraseAround(el);
      out.push(phrase !== own && phrase.length <= PHRASE_CHARS ? { el, phrase } : { el });
    }
    return true;
  };
  visit(group);
  return out;
}

/** Texts an element is known by besides its content; `computed` adds its full name (labels, neighbours). */
function attributeTexts(el: Element, computed: boolean, pattern: Pattern): string[] {
  const out: string[] = [];
  // Only what the pattern's scan could match is made ready for the exact test (most names of a page
  // cannot: thousands of fields named "Qty 1", "Qty 2"… are passed over at the cost of one regex each).
  const { scan } = pattern;
  const keep = (v: string) => {
    scan.lastIndex = 0;
    if (scan.test(searchText(pattern, v))) out.push(normalize(v));
  };
  for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
    const v = dom.attr(el, a);
    if (v) keep(v);
  }
  if (computed || dom.hasAttr(el, 'aria-labelledby')) keep(nameOf(el, 200));
  return out;
}

const toList = (x: Target | Target[] | undefined): Target[] =>
  x === undefined ? [] : Array.isArray(x) ? x : [x];

/** Tags whose text is never read as page text. */
const NOT_TEXT = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'OPTION',
  'OPTGROUP',
  'TEXTAREA',
  'TITLE',
  'script',
  'style',
  'title',
]);
const SHOW_TEXT = 4;

/** A place where the pattern matched, before it is mapped to the element a person acts on. */
export interface Hit {
  source: Element;
  matched: string;
  /** Matched by an attribute or computed name, not by its text. */
  byName?: boolean;
}

/**
 * A root's text nodes joined into one string, with each node's offset, for one regex scan. The scan
 * runs over windows of it (SCAN_WINDOW), so that no single regex run covers more than a window.
 */
interface TextIndex {
  text: string;
  /** The text node that holds offset `at` of text, and the offsets where that node's text starts and ends. */
  nodeAt(at: number): [node: Text, start: number, end: number] | null;
}

/**
 * Upper bounds of one search's work, whatever the page and the pattern: the text scan and the names
 * read within SEARCH_MS (a 500,000-element page is read whole in about half of it here), and at most
 * MAX_HITS places collected and ranked.
 */
const SEARCH_MS = 150;
/** Longest text one verification regex runs over (a block's or an element's own text). */
export const VERIFY_CHARS = 5000;
/** The scan runs over windows of the joined text this long, overlapping by SCAN_OVERLAP. */
const SCAN_WINDOW = 8192;
const SCAN_OVERLAP = 1024;
export const MAX_HITS = 1000;

/** The time a search may still take; `stopped` says why it ended early, for the note. */
export interface Budget {
  until: number;
  /**
   * Checks made. The clock is read at every 32nd: a search checks a few times per shadow root, and
   * 90,000 reads of it on a page of 30,000 roots took 10-25 ms.
   */
  checks: number;
  stopped?: 'time' | 'hits';
}
export const overBudget = (b: Budget): boolean => {
  if (!b.stopped && !(++b.checks & 31) && performance.now() > b.until) b.stopped = 'time';
  return !!b.stopped;
};

/** The block a text node reads in: its nearest ancestor that is not inline (stopping at `stop`). */
function blockOf(node: Text, stop: Element | null): Element | null {
  const parent = dom.parent(node);
  if (!parent) return null;
  let g = dom.nodeType(parent) === 1 ? (parent as Element) : ((parent as ShadowRoot).host ?? null);
  while (g && g !== stop && INLINE_TAGS.has(dom.tag(g))) {
    const up = dom.parent(g);
    if (!up || dom.nodeType(up) !== 1) break;
    g = up as Element;
  }
  return g;
}

/** A root's text is read in parts (rootTextHits) and scanned each time this much has been read. */
const CHUNK_CHARS = 1 << 16;

/**
 * The text hits of a root. Its text is read a part at a time: the root split into its children (to three
 * levels of branching; an element with one child is a wrapper), each part's textContent (every
 * text node's data in tree order, several times faster than visiting them), and scanned whenever
 * CHUNK_CHARS have been read, the budget checked between. A page's 30 MB of text is never one read
 * (130 ms in Chromium once any character is past Latin-1, which makes the whole string two bytes a
 * character; its blocks read one by one, 66 ms), and a search that has its hits, or has used its
 * time, stops reading.
 */
function rootTextHits(root: SearchRoot, pattern: Pattern, stop: Element | null, budget: Budget): Hit[] {
  const doc = dom.docOf(root);
  const base = root === doc ? dom.pageRoot(doc) : root;
  const hits: Hit[] = [];
  let raw = '';
  // Where the text read since the last scan starts.
  let first: Node = base;
  const scan = () => {
    if (raw) textHits(indexText(doc, base, first, raw, pattern), pattern, stop, budget, hits);
    raw = '';
  };
  const read = (n: Node, depth: number): void => {
    // Two or more element children are parts (a level of branching spent); one is in a wrapper (a tenth
    // of a level: a chain of wrappers ends too).
    let kids = 0;
    if (depth < 3)
      for (let c = dom.firstChild(n); c && kids < 2; c = c.nextSibling) if (dom.nodeType(c) === 1) kids++;
    if (kids)
      for (let c = dom.firstChild(n); c && !budget.stopped; c = c.nextSibling)
        read(c, depth + (kids > 1 ? 1 : 0.1));
    else {
      if (!raw) first = n;
      // A comment's (or processing instruction's) textContent is its data, which its parent's leaves
      // out. A text, element or shadow root's is never null: only a document's is.
      const type = dom.nodeType(n);
      if (type !== 7 && type !== 8) raw += dom.text(n);
    }
    // Scanned after a block only: the text and inline elements of a line are joined whole.
    if (raw.length > CHUNK_CHARS && dom.nodeType(n) === 1 && !INLINE_TAGS.has(dom.tag(n as Element))) scan();
  };
  // A shadow root (most hold a component's few lines) is read whole.
  read(base, dom.nodeType(root) === 11 ? 3 : 0);
  scan();
  return hits;
}

/**
 * Parts of a root's text joined (`raw`, from the part `first` on), unified for the pattern once, and
 * its text nodes walked only as far as the hits reach, to tell which node a hit is in: a search with
 * one hit early on, or none, visits few nodes.
 */
function indexText(doc: Document, base: Node, first: Node, raw: string, pattern: Pattern): TextIndex {
  const text = searchText(pattern, raw);
  let walker: TreeWalker | null = null;
  let node: Text | null = null;
  let start = 0;
  let end = 0;
  let done = false;
  return {
    text,
    // Asked in order (the scan goes forward): the walk goes on to the node that holds `at`.
    nodeAt(at) {
      while (!done && end <= at) {
        let n: Text | null;
        if (walker) n = walker.nextNode() as Text | null;
        else {
          walker = dom.treeWalker(doc, base, SHOW_TEXT);
          walker.currentNode = first;
          n = dom.nodeType(first) === 3 ? (first as Text) : (walker.nextNode() as Text | null);
        }
        if (!n) done = true;
        else if (n.data) {
          node = n;
          start = end;
          // Its offset in the text: its own text unified.
          end += searchText(pattern, n.data).length;
        }
      }
      return node && [node, start, end];
    },
  };
}

/**
 * A block's own text: its text and inline descendants', with nested blocks as line breaks. A long one
 * (a log in a <pre>, a long article) is read as the VERIFY_CHARS around the place the scan found in it
 * (`offset` in `node`), so that a match past its start is still checked.
 */
function blockText(block: Element, node: Text, offset: number): string {
  let out = '';
  let center = -1;
  const read = (el: Node): void => {
    for (
      let c = dom.firstChild(el);
      c && (center < 0 || out.length < center + VERIFY_CHARS);
      c = c.nextSibling
    ) {
      if (dom.nodeType(c) === 3) {
        if (c === node) center = out.length + offset;
        out += (c as Text).data;
      } else if (dom.nodeType(c) === 1) {
        if (INLINE_TAGS.has(dom.tag(c as Element))) read(c);
        else out += ' ';
      }
    }
  };
  read(block);
  const from = Math.max(0, center - VERIFY_CHARS / 2);
  return normalize(out.length > VERIFY_CHARS ? out.slice(from, from + VERIFY_CHARS) : out);
}

/**
 * Tests a text against the exact pattern, over at most VERIFY_CHARS of it, as it may leave the page:
 * card numbers and secret values already redacted, so that a search cannot read a secret back one
 * guessed character at a time.
 */
export const verify = (pattern: Pattern, text: string): boolean =>
  !!text && matchesText(pattern, scrubText(text.length > VERIFY_CHARS ? text.slice(0, VERIFY_CHARS) : text));

/**
 * Blocks whose own text matches: a superset scan over the joined text, window by window, each hit
 * verified with the exact pattern on its block's text; the scan then goes on from the next text node.
 * An anchored pattern (^, $, exact) is also judged against the inline elements the hit is inside, so
 * that `^in$` finds the link "in" within a sentence.
 */
function textHits(
  index: TextIndex,
  pattern: Pattern,
  stop: Element | null,
  budget: Budget,
  hits: Hit[],
): void {
  const checked = new Set<Element>();
  const tries = new Map<Element, number>();
  const { scan } = pattern;
  const { text } = index;
  let pos = 0;
  while (pos < text.length && !overBudget(budget)) {
    const end = Math.min(text.length, pos + SCAN_WINDOW);
    const win = text.slice(pos, Math.min(text.length, end + SCAN_OVERLAP));
    let next = end;
    scan.lastIndex = 0;
    for (let m = scan.exec(win); m; m = scan.exec(win)) {
      if (pos + m.index >= end && end < text.length) break; // the next window reads it whole
      if (overBudget(budget)) break;
      const visible = m[0].search(/\S/);
      if (visible < 0) {
        // An empty or blank match ('x?', '\\d*' where there is no x or digit): step on.
        if (m.index >= win.length) break;
        scan.lastIndex = m.index + 1;
        continue;
      }
      const at = index.nodeAt(pos + m.index + visible);
      if (!at) break;
      const [node, start, after] = at;
      const block = blockOf(node, stop);
      if (block && !checked.has(block)) {
        const own = NOT_TEXT.has(dom.tag(block)) ? '' : blockText(block, node, pos + m.index - start);
        if (verify(pattern, own)) {
          hits.push({ source: block, matched: own });
          checked.add(block);
        } else if (own.length < VERIFY_CHARS || (tries.get(block) ?? 0) >= 8) checked.add(block);
        // A long block, read around this place only, is checked again where the scan finds more.
        else tries.set(block, (tries.get(block) ?? 0) + 1);
      }
      if (pattern.anchored)
        for (let el = dom.parentEl(node); el && el !== block && el !== stop; el = dom.parentEl(el)) {
          if (checked.has(el)) continue;
          checked.add(el);
          const own = normalize(dom.text(el) ?? '');
          if (verify(pattern, own)) hits.push({ source: el, matched: own });
        }
      if (hits.length >= MAX_HITS) {
        budget.stopped = 'hits';
        break;
      }
      if (after >= end) {
        next = after;
        break;
      }
      scan.lastIndex = Math.max(after - pos, m.index + 1);
    }
    pos = Math.max(next, pos + 1);
  }
}

/** A field needs its full name computed when no label or naming attribute already covers it. */
const needsComputedName = (f: Element): boolean =>
  !dom.hasAttr(f, 'aria-label') &&
  !dom.hasAttr(f, 'aria-labelledby') &&
  !dom.hasAttr(f, 'title') &&
  (f as HTMLInputElement).type !== 'hidden' &&
  !labelsOf(f).length;

/**
 * Elements known by a name that is not their text. Fields and images come from tag collections (fast);
 * only aria-label, aria-labelledby and title need a selector scan of the whole root.
 */
export function attributeHits(root: SearchRoot, pattern: Pattern, budget: Budget, close: boolean): Hit[] {
  const hits: Hit[] = [];
  const seen = new Set<Element>();
  const test = (el: Element, computed: boolean) => {
    if (seen.has(el) || overBudget(budget)) return;
    seen.add(el);
    for (const text of attributeTexts(el, computed, pattern))
      if (verify(pattern, text)) {
        hits.push({ source: el, matched: text, byName: true });
        return;
      }
  };
  // The root's index, asked once (a page of 30,000 shadow roots asks each).
  const index = elementIndex(root);
  const byTag = (tags: IndexedTag[]) => tags.flatMap((t) => index.tag(t));
  // Fields: placeholder, and for unlabelled ones (and input buttons, named by value) the full name.
  for (const f of byTag(['input', 'select', 'textarea'])) test(f, needsComputedName(f));
  // And fields drawn from other elements (an editor's contenteditable, a role textbox or combobox), by
  // the name the listing shows for them.
  const kinded = index.kinded;
  for (let i = 0; i < kinded.length; i++) {
    const f = kinded[i]!;
    if (dom.hasAttr(f, 'contenteditable') || /^(textbox|searchbox|combobox)$/.test(dom.attr(f, 'role') ?? ''))
      test(f, needsComputedName(f));
  }
  for (const img of byTag(['img', 'area'])) if (dom.hasAttr(img, 'alt')) test(img, false);
  // Icon buttons and links, by the name their icon gives them ("close", "next page"): found from their
  // icons, as a page has far fewer icons than buttons and links. An icon with text (an <i> in a
  // sentence, a ligature icon) is in a button with text, which is found by its text.
  for (const icon of byTag(['svg', 'i'])) {
    if (dom.text(icon)?.trim()) continue;
    // Or the icon itself when it shows a pointer of its own (roleOf calls it a button).
    const b = dom.closest(icon, 'button,a,[role=button]') ?? (roleOf(icon) === 'button' ? icon : null);
    if (b && !seen.has(b) && !dom.text(b)?.trim()) test(b, true);
  }
  // And close boxes with no role (TDesign's span.t-dialog__close, Layui's icon-font span), by their icon.
  // Their names say close (from class or shape): the page-wide query runs only for a pattern that could
  // match one (`close`, decided once per search), as it costs a 100,000-element page several milliseconds.
  if (close) for (const box of dom.qsa(root, CLOSE_BOXES)) if (roleOf(box) === 'button') test(box, true);
  for (const el of index.named) test(el, false);
  return hits;
}

/** Elements known by what a tooltip library keeps of their title (TOOLTIP_ATTRS). */
export function tooltipHits(root: SearchRoot, pattern: Pattern, budget: Budget): Hit[] {
  const hits: Hit[] = [];
  for (const el of dom.qsa(root, TOOLTIP_SELECTOR)) {
    if (overBudget(budget)) break;
    const text = TOOLTIP_ATTRS.map((a) => normalize(dom.attr(el, a) ?? '')).find((t) => verify(pattern, t));
    if (text) hits.push({ source: el, matched: text, byName: true });
  }
  return hits;
}

/** Merges two lists that are each in document order (same root) into one. */
export function mergeInOrder(a: Hit[], b: Hit[]): Hit[] {
  if (!a.length) return b.sort((x, y) => docOrder(x.source, y.source));
  if (!b.length) return a;
  b.sort((x, y) => docOrder(x.source, y.source));
  const out: Hit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length)
    out.push(docOrder(a[i]!.source, b[j]!.source) <= 0 ? a[i++]! : b[j++]!);
  return out.concat(a.slice(i), b.slice(j));
}

function search(store: ElementStore, pattern: Pattern | null, opts: FindOptions): SearchResult {
  const scope = opts.within !== undefined ? resolveTarget(store, opts.within, 'within').element : document;
  const excluded = toList(opts.exclude).map((t) => resolveTarget(store, t, 'exclude').element);
  const selector = opts.type ? typeSelector(opts.type) : null;
  // A selector the caller wrote means exactly what it matches: no stand-in widget, no role's veto.
  const exactly = !!opts.type && isSelectorType(opts.type);
  const scopeEl = dom.nodeType(scope) === 1 ? (scope as Element) : null;
  // The call's time runs from here: finding its roots (12-20 ms with 30,000 shadow roots) is in it.
  const budget: Budget = { until: performance.now() + SEARCH_MS, checks: 0 };
  const { roots, unreachable } = collectRoots(scope as Element | Document);
  const candidates = new Map<Element, Candidate>();
  let order = 0;

  const add = (el: Element, source: Element, matched: string, phrase?: string) => {
    if (excluded.length && excluded.some((x) => containsDeep(x, source))) return;
    if (selector && !dom.matches(el, selector)) {
      const up = closestDeep(el, selector) ?? (source !== el ? closestDeep(source, selector) : null);
      if (!up || (scopeEl && !containsDeep(scopeEl, up))) return;
      el = up;
    }
    if (!exactly) {
      // A select or text field a widget library hid: the widget in its place is what a person uses.
      el = operated(el);
      // Of the type only if its role says so (Layui's box drawn for a hidden checkbox is not one).
      if (selector && onlyProposed(el, opts.type)) return;
    }
    const m = pattern && matched ? pattern.regex.exec(searchText(pattern, matched)) : null;
    const exact = !!m && m[0].length === matched.length;
    const prev = candidates.get(el);
    const at = m?.index;
    if (prev) {
      if (exact && !prev.exact) Object.assign(prev, { exact, matched, at });
      return;
    }
    candidates.set(el, {
      el,
      source,
      matched,
      exact,
      at,
      order: order++,
      score: 0,
      inViewport: false,
      ...(phrase && el === source ? { phrase } : {}),
    });
  };

  if (!pattern) {
    // No pattern: every element of the type, in document order.
    if (scopeEl && dom.matches(scopeEl, selector!)) add(scopeEl, scopeEl, '');
    for (const root of roots)
      for (const el of dom.qsa(root, selector!)) {
        if (order >= MAX_HITS) budget.stopped = 'hits';
        if (overBudget(budget)) break;
        add(el, el, '');
      }
  } else {
    // Roots in order (the page, then its shadow roots and frames); within a root, document order.
    const close = verify(pattern, 'close');
    const take = (hits: Hit[]) => {
      for (const hit of hits) {
        if (hit.byName) {
          add(actionable(hit.source), hit.source, hit.matched);
          continue;
        }
        const inner = deepestMatches(hit.source, pattern);
        if (inner.length)
          for (const { el, phrase } of inner)
            add(actionable(el), el, normalize(dom.text(el) ?? '').slice(0, VERIFY_CHARS), phrase);
        else add(actionable(hit.source), hit.source, hit.matched);
      }
    };
    for (const root of roots) {
      if (overBudget(budget)) break;
      const stop = root === scope ? scopeEl : null;
      take(
        mergeInOrder(rootTextHits(root, pattern, stop, budget), attributeHits(root, pattern, budget, close)),
      );
    }
    // What a tooltip library keeps of a title: read only when nothing else matched (a query per root).
    for (const root of candidates.size ? [] : roots) {
      if (overBudget(budget)) break;
      take(tooltipHits(root, pattern, budget));
    }
    // A pattern that matches the empty string matches what has no name at all too, as no pattern does.
    if (pattern.emptyable)
      for (const root of roots)
        for (const el of dom.qsa(root, selector ?? INTERACTIVE_SELECTOR)) {
          if (overBudget(budget)) break;
          if (!candidates.has(el) && !nameOf(el, 40) && !textOf(el, 40)) add(el, el, '');
        }
    dropWrappers(candidates);
  }
  const hidden: Candidate[] = [];
  return {
    candidates: rank(candidates, opts, hidden),
    hidden,
    note: pattern?.note,
    unreachable,
    stopped: budget.stopped,
  };
}

/** No element is returned together with its own wrapper for the same text. */
function dropWrappers(candidates: Map<Element, Candidate>): void {
  for (const c of [...candidates.values()]) {
    let depth = 0;
    for (let up = parentOf(c.el); up && depth < 40; up = parentOf(up), depth++) {
      const outer = candidates.get(up);
      if (outer && outer.matched === c.matched && !(isInteractive(outer.el) && !isInteractive(c.el)))
        candidates.delete(up);
    }
  }
}

/**
 * Exact over partial (the strongest signal: an icon button titled "Delete Invoice 2024-03" must not beat
 * the cell that reads "Invoice 2024-03"), then interactive over static, then in the viewport over
 * off-screen; ties in document order.
 */
function rank(candidates: Map<Element, Candidate>, opts: FindOptions, hidden: Candidate[]): Candidate[] {
  const wanted = opts.visible ?? true;
  const out: Candidate[] = [];
  for (const c of candidates.values()) {
    let vis = quickVisibility(c.el);
    if (!vis.visible && c.source !== c.el) vis = quickVisibility(c.source);
    if (wanted !== false && !vis.visible) {
      hidden.push(c);
      continue;
    }
    if (wanted === 'viewport' && !vis.inViewport) continue;
    if (!vis.visible) c.hidden = vis.reason;
    c.inViewport = vis.inViewport;
    c.score = (c.exact ? 4 : 0) + (isInteractive(c.el) ? 3 : 0) + (vis.inViewport ? 2 : 0);
    out.push(c);
  }
  return out.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** The full visibility check, run only on the few candidates about to be returned. */
function confirmVisible(c: Candidate, opts: FindOptions): boolean {
  if (opts.visible === false) return true;
  if (visibility(c.el).visible) return true;
  return c.source !== c.el && visibility(c.source).visible;
}

function toMatch(store: ElementStore, c: Candidate): Match {
  const el = c.el;
  const role = roleOf(el);
  const tag = tagOf(el).toLowerCase();
  // A match far into a long text is shown with the text around it, not the text's start.
  const at = c.at ?? 0;
  const cut = c.matched.indexOf(' ', at - 30);
  const text =
    at > 50 && c.matched.length > 80
      ? `…${truncate(c.matched.slice(cut >= 0 && cut < at ? cut + 1 : at), 79)}`
      : c.phrase || nameOf(el, 80) || truncate(textOf(el, 200), 80);
  const m: Match = { id: store.idFor(el), tag, text };
  if (role && role !== tag) m.role = role;
  if (tag === 'input') m.type = inputType(el);
  const value = fieldValue(el);
  if (value) m.value = truncate(value, 80);
  const href = (tag === 'a' || tag === 'area') && dom.hasHref(el) ? shortHref(el) : '';
  if (href) m.href = href;
  if ((el as HTMLInputElement).checked === true || dom.attr(el, 'aria-checked') === 'true') m.checked = true;
  if ((el as HTMLOptionElement).selected === true || dom.attr(el, 'aria-selected') === 'true')
    m.selected = true;
  if (disabledReason(el)) m.disabled = true;
  const expanded = dom.attr(el, 'aria-expanded');
  if (expanded) m.expanded = expanded === 'true';
  if (!dom.matches(el, ROW)) {
    const row = closestDeep(el, ROW);
    if (row) {
      const label = rowLabel(row);
      if (label && label !== m.text) m.row = label;
      // A tree grid's row says whether it is open (Ext JS's tree, whose text a click does not open).
      const open = m.expanded === undefined && dom.attr(row, 'aria-expanded');
      if (open) m.expanded = open === 'true';
    }
  }
  if (c.hidden) m.hidden = c.hidden;
  else if (!c.inViewport) m.offscreen = true;
  return m;
}

/**
 * Why nothing visible matched while hidden elements did, and what would show them: a closed <details>
 * (its summary), or a collapsed section whose toggle names it in aria-controls.
 */
export function hiddenNote(store: ElementStore, hidden: Candidate[]): string {
  const n = hidden.length;
  const first = hidden[0]!.el;
  const head = `${n} hidden element${n === 1 ? '' : 's'} match${n === 1 ? 'es' : ''}`;
  if (dom.rect(dom.html(dom.doc(first))).width === 0)
    return `${head}: this DOM has no layout (jsdom?), so nothing is visible. Pass visible: false.`;
  if (isInert(first)) return `${head}, but ${behindLayer(store, first)}, then find again.`;
  const details = dom.closest(first, 'details:not([open])');
  const summary = details && dom.qs(details, 'summary');
  if (summary)
    return `${head}, inside the closed section [${store.idFor(summary)}] "${truncate(textOf(summary, 60), 40)}": click it to open, then find again.`;
  // A tree's closed folders around it (role treeitem with aria-expanded=false, or a list item a tree
  // script marks collapsed), outermost first: each opens on a click or ArrowRight.
  const folders: Element[] = [];
  for (let up = dom.parentEl(first); up; up = dom.parentEl(up))
    if (
      dom.attr(up, 'aria-expanded') === 'false'
        ? /^(treeitem|row)$/.test(roleOf(up))
        : dom.tag(up) === 'li' && /\b(collapsed|closed)\b/i.test(dom.attr(up, 'class') ?? '')
    )
      folders.unshift(up);
  if (folders.length)
    return `${head}, inside the closed folder${folders.length === 1 ? '' : 's'} ${folders
      .map((f) => `[${store.idFor(f)}] "${truncate(folderName(f), 40)}"`)
      .join(
        ' > ',
      )}: open ${folders.length === 1 ? 'it' : 'each, outermost first'} (click it, or press ArrowRight on it), then find again.`;
  for (let up = dom.parentEl(first); up; up = dom.parentEl(up)) {
    const id = dom.attr(up, 'id');
    const toggle = id
      ? dom.qs(dom.doc(up), `[aria-controls="${CSS.escape(id)}"][aria-expanded=false]`)
      : null;
    if (toggle)
      return `${head}, inside a collapsed part that [${store.idFor(toggle)}] "${truncate(nameOf(toggle, 40), 40)}" opens: click it, then find again.`;
  }
  return `${head}; visible: 'all' lists them.`;
}

/** Nothing matched: a tree whose closed folders have not drawn their items yet says which they are. */
export function closedFoldersNote(store: ElementStore): string {
  const closed = queryAllDeep(document, '[role=treeitem][aria-expanded=false]').slice(0, 6);
  if (!closed.length) return '';
  const shown = closed
    .slice(0, 5)
    .map((f) => `[${store.idFor(f)}] "${truncate(folderName(f), 30)}"`)
    .join(', ');
  return `Nothing shown matches; a tree has closed folders (${shown}${closed.length > 5 ? ', …' : ''}) whose items may appear only once opened: open the likely one (click it, or press ArrowRight on it), then find again.`;
}

/** A tree folder's own name: its label, not the items inside it. */
function folderName(folder: Element): string {
  const own = dom.attr(folder, 'aria-label');
  if (own) return normalize(own);
  for (let c = dom.firstChild(folder); c; c = c.nextSibling) {
    const text = normalize(
      dom.nodeType(c) === 3
        ? (dom.text(c) ?? '')
        : dom.nodeType(c) === 1 && !dom.matches(c as Element, '[role=group],ul,ol')
          ? textOf(c as Element, 60)
          : '',
    );
    if (text) return text;
  }
  return nameOf(folder, 40);
}

/** Why an inert element takes no input: the open popup or dialog in front of it, by ID. */
export function behindLayer(store: ElementStore, el: Element): string {
  const layer = openLayer(dom.doc(el));
  const what = layer
    ? `[${store.idFor(layer)}] ${roleOf(layer) || tagOf(layer).toLowerCase()} "${truncate(nameOf(layer, 40), 40)}"`
    : 'an open popup or dialog';
  return `the page behind ${what} takes no input while it is open: finish there or close it (press Escape)`;
}

/** Nothing matched: say which grids or lists render only part of their rows, where the rest may be. */
export function unrenderedNote(store: ElementStore): string {
  const parts = partlyRenderedOnPage().slice(0, 3);
  if (!parts.length) {
    const next = nextPage();
    if (!next) return '';
    const search = searchBox();
    return `Nothing on this page matches, and the list is paged: [${store.idFor(next)}] "${truncate(nameOf(next, 40), 40)}" shows the next page${search ? `, or search with [${store.idFor(search)}] ${roleOf(search)} "${truncate(nameOf(search, 40), 40)}"` : ''}.`;
  }
  const which = parts.map(
    (p) => `[${store.idFor(p.el)}] ${roleOf(p.el) || dom.tag(p.el).toLowerCase()} (rows ${renderedRange(p)})`,
  );
  return `Nothing rendered matches, and ${which.join(', ')} render${parts.length === 1 ? 's' : ''} only the rows near the view: scroll it (scroll({ id })) and find again, or use its own search or filter.`;
}

/** Where a link goes, shortened; '' for one that goes nowhere a person would call a place (#, javascript:). */
export function shortHref(a: Element): string {
  // Not a.href: an SVG link's is an SVGAnimatedString.
  const raw = dom.linkHref(a) ?? '';
  // Ext JS's menu items are a[href="#"]: "→ /index.html" would promise a page the click does not open.
  if (/^\s*(#!?|javascript:[^]*)?\s*$/i.test(raw)) return '';
  try {
    const url = new URL(raw, dom.doc(a).baseURI);
    if (url.origin === location.origin) return truncate(url.pathname + url.search + url.hash, 100);
    return truncate(url.href, 100);
  } catch {
    return truncate(raw, 100);
  }
}

function checkOptions(pattern: unknown, opts: FindOptions): void {
  if (pattern === undefined && !opts.type)
    throw new LLMHelperError(
      'bad_argument',
      `find needs a pattern (text or regex), or a type to list, e.g. find('Save') or find({ type: 'checkbox' }).`,
    );
  if (pattern !== undefined && typeof pattern !== 'string' && !(pattern instanceof RegExp))
    throw new LLMHelperError(
      'bad_argument',
      `pattern must be text or a regular expression; got ${typeof pattern}.`,
    );
}

function finish(
  store: ElementStore,
  result: SearchResult,
  list: Candidate[],
  limit: number,
  opts: FindOptions,
  extra?: (c: Candidate, m: Match) => void,
): Matches {
  const picked: Match[] = [];
  let used = 0;
  let cut = 0;
  const budget = store.config.findBudget - 300; // room for the notes
  const dropped: Candidate[] = [];
  // Matches that read alike (a trash icon in each list item) say where each is, the first one too.
  const firstOf = new Map<string, [Match, Element?]>();
  for (const c of list) {
    if (picked.length >= limit) break;
    if (!confirmVisible(c, opts)) {
      dropped.push(c);
      continue;
    }
    const m = toMatch(store, c);
    extra?.(c, m);
    const key = `${m.role ?? m.tag} ${m.text} ${m.row}`;
    const first = firstOf.get(key);
    if (!first) firstOf.set(key, [m, c.el]);
    else if (!m.row) {
      const at = whereIs(c.el);
      if (at) m.in = at;
      const before = first[1] && whereIs(first[1]);
      if (before) {
        first[0].in = before;
        used += before.length + 8;
      }
      first[1] = undefined;
    }
    const size = JSON.stringify(m).length + 1;
    if (used + size > budget) {
      cut++;
      break;
    }
    used += size;
    picked.push(m);
  }
  // Nameless look-alikes in the same place (three bare checkboxes) say which of them each is.
  const alike = new Map<string, Match[]>();
  for (const m of picked)
    if (!m.text && !m.row) {
      const key = `${m.role ?? m.tag} ${m.in ?? ''}`;
      alike.set(key, [...(alike.get(key) ?? []), m]);
    }
  for (const group of alike.values())
    if (group.length > 1)
      group.forEach((m, i) => (m.in = `${i + 1} of ${group.length}${m.in ? ` in ${m.in}` : ''}`));
  const out = picked as Matches; // scrubbed at the exit (helper.ts), with everything else
  const notes = [result.note];
  if (result.stopped === 'time')
    notes.push(
      `The search stopped after ${SEARCH_MS} ms (a large page or a slow pattern), so these matches come from the part of the page read by then: narrow with within or type, or simplify the pattern.`,
    );
  else if (result.stopped === 'hits')
    notes.push(
      `More than ${MAX_HITS} places match, so these are the best of the first ${MAX_HITS}; use a more specific pattern, within or type.`,
    );
  const hidden = result.hidden.length ? result.hidden : dropped;
  if (!picked.length && hidden.length) notes.push(hiddenNote(store, hidden));
  else if (!picked.length && opts.type && !matchesAnything(opts.type))
    notes.push(
      `type ${JSON.stringify(truncate(opts.type, 40))} matches nothing on this page: it is not one of the kinds (${Object.keys(TYPE_SELECTORS).join(', ')}), a role here, or a selector of anything here. A typo?`,
    );
  else if (!picked.length) notes.push(unrenderedNote(store) || closedFoldersNote(store));
  if (cut)
    notes.push(
      `Stopped at ${picked.length} matches to stay within ${store.config.findBudget} characters; narrow with within or type for more.`,
    );
  if (notes.some(Boolean)) out.note = notes.filter(Boolean).join(' ');
  if (result.unreachable.length)
    out.unreachable = result.unreachable.map((f) => {
      const src = dom.attr(f, 'src');
      return `iframe${src ? ` "${truncate(src, 80)}"` : ''} is cross-origin; its contents cannot be searched`;
    });
  return out;
}

/** Whether a type's selector matches any element of the page (its shadow roots and frames too). */
const matchesAnything = (type: string): boolean => queryAllDeep(document, typeSelector(type)).length > 0;

/**
 * find's and findNear's arguments: (pattern?, options?) or ({ type }), checked; with no pattern, every
 * element of the type, `type` when none is given.
 */
function patternAndOptions(
  pattern: string | RegExp | FindOptions | null | undefined,
  options: FindOptions,
  type: string,
): [Pattern | null, FindOptions] {
  if (pattern === null) pattern = undefined;
  if (pattern !== undefined && typeof pattern === 'object' && !(pattern instanceof RegExp)) {
    // find({ pattern, type }), the shape the tool and help() show: its pattern is the pattern.
    const { pattern: inner, ...rest } = pattern as FindOptions & { pattern?: string | RegExp };
    options = { ...rest, ...options };
    pattern = inner;
  }
  checkOptions(pattern, options);
  const p = pattern === undefined || pattern === '' ? null : toPattern(pattern, options);
  return [p, !p && !options.type ? { ...options, type } : options];
}

/** find(pattern?, options?) or find({ type }) */
export function find(
  store: ElementStore,
  pattern?: string | RegExp | FindOptions | null,
  given: FindOptions = {},
): Matches {
  const [p, options] = patternAndOptions(pattern, given, 'any');
  const result = search(store, p, options);
  return finish(store, result, result.candidates, options.limit ?? store.config.findLimit, options);
}

interface Nearness {
  /** Steps from the anchor up to the smallest container both share. */
  shared: number;
  distance: number;
  relation: string;
}

function nearness(anchor: Element, el: Element, anchorUp: Map<Element, number>): Nearness {
  let lca: Element | null = null;
  for (let n: Element | null = el; n; n = parentOf(n))
    if (anchorUp.has(n)) {
      lca = n;
      break;
    }
  const shared = lca ? anchorUp.get(lca)! : 1e6;
  const a = dom.rect(anchor);
  const b = dom.rect(el);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const relations: string[] = [];
  if (lca === anchor) relations.push('inside');
  else if (lca === el) relations.push('contains');
  else if (lca) {
    const row = closestDeep(anchor, ROW);
    if (row && containsDeep(row, el)) relations.push('same row');
    else {
      const ctx = contextOf(anchor);
      if (ctx && containsDeep(ctx.element, el)) relations.push(`same ${ctx.kind}`);
    }
  }
  if (lca !== anchor && lca !== el) {
    const horizontal = Math.abs(dx) > Math.abs(dy) || (b.bottom > a.top && b.top < a.bottom);
    relations.push(horizontal ? (dx >= 0 ? 'right of' : 'left of') : dy >= 0 ? 'below' : 'above');
  }
  return { shared, distance: Math.round(Math.hypot(dx, dy)), relation: relations.join(', ') };
}

/** findNear(id, pattern?, options?): find, ranked by closeness to element `id`, each saying how it relates. */
export function findNear(
  store: ElementStore,
  id: Target,
  pattern?: string | RegExp | FindOptions | null,
  given: FindOptions = {},
): Matches {
  const [p, options] = patternAndOptions(pattern, given, INTERACTIVE_SELECTOR);
  const anchor = resolveTarget(store, id, 'findNear anchor').element;
  const result = search(store, p, { ...options, within: undefined });
  const anchorUp = new Map<Element, number>();
  let steps = 0;
  for (let n: Element | null = anchor; n; n = parentOf(n)) anchorUp.set(n, steps++);
  const scored = result.candidates
    .filter((c) => c.el !== anchor)
    .map((c) => ({ c, n: nearness(anchor, c.el, anchorUp) }))
    .sort((x, y) => x.n.shared - y.n.shared || x.n.distance - y.n.distance || y.c.score - x.c.score);
  const byCandidate = new Map(scored.map((s) => [s.c, s.n]));
  const out = finish(
    store,
    result,
    scored.map((s) => s.c),
    options.limit ?? store.config.findLimit,
    options,
    (c, m) => {
      m.relation = byCandidate.get(c)!.relation;
      if (m.row && m.relation.startsWith('same row')) delete m.row;
    },
  );
  const onHover = hoverOnlyNote(store, anchor, result.hidden);
  if (onHover) out.note = out.note ? `${out.note} ${onHover}` : onHover;
  return out;
}

/**
 * The anchor's own controls that the page shows only while the pointer is over its item (CSS :hover):
 * hidden to a search, and the ones a person means by "this item's Delete".
 */
function hoverOnlyNote(store: ElementStore, anchor: Element, hidden: Candidate[]): string {
  // `[12] button "Delete"`, as a match says it.
  const ref = (c: Candidate) => {
    const m = toMatch(store, c);
    return `[${m.id}] ${m.role ?? m.tag}${m.text ? ` "${m.text}"` : ''}`;
  };
  const shown: string[] = [];
  let holder: Element | null = null;
  for (const c of hidden.slice(0, 30)) {
    const over = hoverHolder(c.el);
    if (!over || !containsDeep(over, anchor)) continue;
    holder ??= over;
    shown.push(ref(c));
  }
  return holder
    ? `Shown only on hover of ${ref({ el: holder, source: holder, matched: '' } as Candidate)} (CSS :hover): ${shown.slice(0, 5).join('; ')}; a click by ID works.`
    : '';
}

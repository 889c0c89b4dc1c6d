/**
 * The text scan: a root's text read a part at a time, scanned with the pattern's superset regex, each
 * place verified on its block's own text, within one search's budget of time and hits.
 */
import * as dom from '../dom/members';
import { matchesText, searchText, type Pattern } from './pattern';
import { INLINE_TAGS, normalize } from '../dom/text';
import { scrubText } from '../perceive/redact';
import type { SearchRoot } from '../dom/walk';
import type { Hit } from './types';
import { MAX_HITS, overBudget, type Budget } from './budget';
import { COLLECTOR_BYTES, due, GIVE_COLLECTOR, type Pace, type Steps } from '../dom/slices';

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

/**
 * A root's text nodes joined into one string, with each node's offset, for one regex scan. The scan
 * runs over windows of it (SCAN_WINDOW), so that no single regex run covers more than a window.
 */
interface TextIndex {
  text: string;
  /**
   * The text node that holds offset `at` of text, and the offsets where that node's text starts and
   * ends; null past the last node; undefined when the call's slice was used up on the way (ask again
   * after a pause: the walk goes on from where it was).
   */
  nodeAt(at: number, pace: Pace): [node: Text, start: number, end: number] | null | undefined;
}

/** Longest text one verification regex runs over (a block's or an element's own text). */
export const VERIFY_CHARS = 5000;
/** The scan runs over windows of the joined text this long, overlapping by SCAN_OVERLAP. */
const SCAN_WINDOW = 8192;
const SCAN_OVERLAP = 1024;

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
 * time, stops reading. The parts yet to read are a stack, so the read can pause after a block (what
 * was read is scanned first) and go on from there; a part the page removed meanwhile is passed over.
 */
export function* rootTextHits(
  root: SearchRoot,
  pattern: Pattern,
  stop: Element | null,
  budget: Budget,
): Steps<Hit[]> {
  const doc = dom.docOf(root);
  const base = root === doc ? dom.pageRoot(doc) : root;
  const hits: Hit[] = [];
  let raw = '';
  // Where the text read since the last scan starts.
  let first: Node = base;
  function* scan(): Steps<void> {
    const read = raw;
    raw = '';
    if (read) yield* textHits(indexText(doc, base, first, read, pattern), pattern, stop, budget, hits);
  }
  // The parts being read, innermost last, each with its depth (levels of branching spent: two or more
  // element children are parts, a level spent; one is in a wrapper, a tenth of a level, so a chain of
  // wrappers ends too) and, once opened, the next of its parts to read (null: all read). Children are
  // taken one at a time, so a search that has its hits reads no further siblings. A shadow root (most
  // hold a component's few lines) is read whole.
  const nodes: Node[] = [base];
  const depths: number[] = [dom.nodeType(root) === 11 ? 3 : 0];
  const steps: number[] = [0];
  const next: (Node | null | undefined)[] = [undefined];
  const last: (Node | null)[] = [null];
  // Pauses so far, and the pause after which each part was last seen still in the page.
  let pauses = 0;
  const seen: number[] = [0];
  // Characters read since the collector was last given time.
  let made = 0;
  const pop = () => {
    nodes.pop();
    depths.pop();
    steps.pop();
    next.pop();
    last.pop();
    seen.pop();
  };
  while (nodes.length && !budget.stopped) {
    const top = nodes.length - 1;
    const n = nodes[top]!;
    // After a pause: a part the page removed is passed over, and one whose next part it removed goes
    // on after the part read last (or ends, when that went too).
    if (seen[top] !== pauses) {
      seen[top] = pauses;
      if (!dom.connected(n)) {
        pop();
        continue;
      }
      const at = next[top];
      if (at && dom.parent(at) !== n) {
        const prev = last[top];
        next[top] = prev && dom.parent(prev) === n ? prev.nextSibling : null;
      }
    }
    const at = next[top];
    if (at === undefined) {
      let kids = 0;
      if (depths[top]! < 3)
        for (let c = dom.firstChild(n); c && kids < 2; c = c.nextSibling) if (dom.nodeType(c) === 1) kids++;
      if (kids) {
        steps[top] = kids > 1 ? 1 : 0.1;
        next[top] = dom.firstChild(n);
        continue;
      }
      if (!raw) first = n;
      // A comment's (or processing instruction's) textContent is its data, which its parent's leaves
      // out. A text, element or shadow root's is never null: only a document's is.
      const type = dom.nodeType(n);
      if (type !== 7 && type !== 8) {
        const text = dom.text(n)!;
        raw += text;
        made += text.length;
      }
    } else if (at) {
      next[top] = at.nextSibling;
      last[top] = at;
      nodes.push(at);
      depths.push(depths[top]! + steps[top]!);
      steps.push(0);
      next.push(undefined);
      last.push(null);
      seen.push(pauses);
      continue;
    }
    pop();
    // Scanned after a block only: the text and inline elements of a line are joined whole.
    if (dom.nodeType(n) === 1 && !INLINE_TAGS.has(dom.tag(n as Element))) {
      if (raw.length > CHUNK_CHARS) yield* scan();
      // The text read, its unified copy and its scan's pieces: about 6 bytes a character.
      const collect = made * 6 > COLLECTOR_BYTES && budget.pace.until !== Infinity;
      if (collect || due(budget.pace)) {
        yield* scan();
        yield collect ? GIVE_COLLECTOR : undefined;
        if (collect) made = 0;
        pauses++;
      }
    }
  }
  yield* scan();
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
    nodeAt(at, pace) {
      for (let steps = 1; !done && end <= at; steps++) {
        if (!(steps & 255) && due(pace)) return undefined;
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
function* textHits(
  index: TextIndex,
  pattern: Pattern,
  stop: Element | null,
  budget: Budget,
  hits: Hit[],
): Steps<void> {
  const checked = new Set<Element>();
  const tries = new Map<Element, number>();
  const { scan } = pattern;
  const { text } = index;
  let pos = 0;
  while (pos < text.length && !overBudget(budget)) {
    if (due(budget.pace)) yield;
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
      let at = index.nodeAt(pos + m.index + visible, budget.pace);
      while (at === undefined) {
        yield;
        at = index.nodeAt(pos + m.index + visible, budget.pace);
      }
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

/**
 * snapshot(): the page's interactive elements, one line each, in view first, within a character budget;
 * read in page order (shadow trees and frames where they stand) and within a time budget.
 */
import { whereIs } from '../perceive/context';
import { onlyProposed } from '../perceive/role';
import { redactText } from '../perceive/redact';
import type { ElementStore } from '../ids/store';
import { resolveTarget, type Target } from '../ids/target';
import { truncate } from '../dom/text';
import { BARE_INTERACTIVE, INTERACTIVE_SELECTOR, isSelectorType, typeSelector } from '../dom/types';
import { quickVisibility, visibility } from '../perceive/visible';
import { frameDocument, isFrame, ownShadow } from '../dom/walk';
import * as dom from '../dom/members';
import { comboboxOf } from '../perceive/stand-in';
import { atOnce, due, runAtOnce, worked, type Pace, type Steps } from '../dom/slices';

import { checkBudget, elementLine } from './lines';

export interface SnapshotOptions {
  /** Only inside this element (ID or selector). */
  within?: Target;
  /** Only this type (button, link, input, ...) or CSS selector. */
  type?: string;
  /** Most characters returned (default 2,000). */
  budget?: number;
  /** true (default) lists visible elements only; false adds hidden ones at the end. */
  visible?: boolean;
}

/** How long a snapshot reads the page, at most (ms). */
const SNAPSHOT_MS = 100;

/**
 * Every element under start in the order a person reads the page: a shadow tree right after its host
 * (before the host's own children), a same-origin frame's document where the frame stands. Lazy, so a
 * reader can stop early.
 */
function* composedElements(start: Node): Generator<Element> {
  const walkerOf = (root: Node) => dom.treeWalker(dom.docOf(root), root, 1);
  const walkers = [walkerOf(start)];
  while (walkers.length) {
    const el = walkers.at(-1)!.nextNode() as Element | null;
    if (!el) {
      walkers.pop();
      continue;
    }
    yield el;
    const shadow = ownShadow(el);
    const inner = shadow ?? (isFrame(el) ? frameDocument(el) : null);
    if (inner) walkers.push(walkerOf(inner));
  }
}

/** Interactive elements, one line each, visible and in-view first, within a character budget. */
export const snapshot = (store: ElementStore, opts: SnapshotOptions = {}): string =>
  runAtOnce(snapshotSteps(store, opts, atOnce()));

/**
 * snapshot as steps that may pause (dom/slices.ts): its time budget counts its own work; an element the
 * page removed during a pause is not listed, and a read whose place the page removed says the rest was
 * not read.
 */
export function* snapshotSteps(store: ElementStore, opts: SnapshotOptions, pace: Pace): Steps<string> {
  const budget = opts.budget ?? store.config.snapshotBudget;
  checkBudget(budget);
  const root = opts.within !== undefined ? resolveTarget(store, opts.within, 'within').element : document;
  const selector = opts.type ? typeSelector(opts.type) : INTERACTIVE_SELECTOR;
  const exactly = !!opts.type && isSelectorType(opts.type);
  const inView: Element[] = [];
  const below: Element[] = [];
  const hidden: Element[] = [];
  const wanted = (el: Element) =>
    // Most elements of a big page are not interactive, as a cheap test tells.
    (selector !== INTERACTIVE_SELECTOR || dom.hasAttrs(el) || BARE_INTERACTIVE.has(dom.localName(el))) &&
    dom.matches(el, selector) &&
    // Selectors that only propose (a link with no href, a box whose class says switch): the role decides.
    (exactly || !onlyProposed(el, opts.type)) &&
    // A combobox's drawn value (Select2's read-only textbox) is listed as the combobox.
    !comboboxOf(el);
  // Read in page order, up to what the budget can show once the view is passed, and within a time
  // budget: a page of 500,000 elements is not read whole for 40 lines.
  const enough = Math.ceil(budget / 20);
  const start = performance.now();
  const elements = composedElements(root);
  let pastView = false;
  let more: number | null = 0;
  let read = 0;
  for (const el of elements) {
    if (!(++read & 255) && due(pace)) {
      yield;
      // The page removed the place the read was at: the rest of it cannot be found from there.
      if (!dom.connected(el)) {
        more = null;
        break;
      }
    }
    if (!wanted(el)) continue;
    const v = quickVisibility(el);
    (v.visible ? (v.inViewport ? inView : below) : hidden).push(el);
    pastView ||=
      v.visible &&
      !v.inViewport &&
      dom.doc(el) === document &&
      dom.rect(el).top > dom.view(document)!.innerHeight;
    const spent = worked(pace, start);
    // A small page is read whole (its count is exact); past a few milliseconds, enough to show will do.
    if ((pastView && inView.length + below.length >= enough && spent > 8) || spent > SNAPSHOT_MS) {
      // The rest is not read: how many more there are is not known.
      more = elements.next().done ? 0 : null;
      break;
    }
  }
  const ordered = [...inView, ...below, ...(opts.visible === false ? hidden : [])].filter(
    (el) => !pace.paused || dom.connected(el),
  );
  const lines: string[] = [];
  const lineEls: Element[] = [];
  let used = 0;
  const reserve = 160; // for the closing "… more" line
  let shown = 0;
  // Hidden after all (the full check; a select a widget squeezed to a pixel): not "more not shown".
  let hiddenAfterAll = 0;
  let full = false;
  const belowSet = new Set(below);
  // Lines that read alike (a Delete button in each list item) say where each is, the first one too.
  const firstOf = new Map<string, [number, Element?]>();
  const where = (el: Element) => {
    const at = whereIs(el);
    return at && ` in ${at}`;
  };
  for (const el of ordered) {
    if (due(pace)) yield;
    if (pace.paused && !dom.connected(el)) continue;
    if (!visibility(el).visible && opts.visible !== false) {
      hiddenAfterAll++;
      continue;
    }
    let line = elementLine(store, el, { context: true }) + (belowSet.has(el) ? ' (below the fold)' : '');
    const key = line.replace(/^\[\d+\] /, '');
    const first = firstOf.get(key);
    let add = '';
    if (!first) firstOf.set(key, [lines.length, el]);
    else {
      line += where(el);
      if (first[1]) add = where(first[1]);
    }
    if ((full = used + add.length + line.length + 1 > budget - reserve)) break;
    if (add) {
      lines[first![0]] += add;
      first![1] = undefined;
    }
    lines.push(line);
    lineEls.push(el);
    used += add.length + line.length + 1;
    shown++;
  }
  // What the page removed during a later pause is not listed (this runs with no pause after it).
  if (pace.paused)
    for (let i = lines.length - 1; i >= 0; i--)
      if (!dom.connected(lineEls[i]!)) {
        lines.splice(i, 1);
        lineEls.splice(i, 1);
        shown--;
      }
  let left = more === null ? null : ordered.length - shown - hiddenAfterAll + more;
  if (!lines.length)
    return full
      ? `A budget of ${budget} characters has no room for the first element; raise it (the default is ${store.config.snapshotBudget}).`
      : opts.type || opts.within
        ? 'No interactive elements match; try without type or within.'
        : 'No visible interactive elements on the page.';
  // The closing line counts against the budget too (redaction may lengthen a line): lines give way to it.
  for (;;) {
    const text = redactText(
      [
        ...lines,
        ...(left === 0
          ? []
          : [
              `… ${left ?? 'many'} more not shown${left === null ? ' (the rest of the page was not read)' : ''}. Narrow with within (an ID or selector) or type (button, link, input, select, checkbox, ...), or use find.`,
            ]),
      ].join('\n'),
    );
    if (text.length <= budget) return text;
    if (lines.length === 1) return truncate(text, budget);
    lines.pop();
    if (left !== null) left++;
  }
}

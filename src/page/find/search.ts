/**
 * One search: the places a pattern matched (text, names, tooltips), each mapped to the element a
 * person acts on, filtered by type, scope and exclusions, and ranked.
 */
import { closestDeep } from '../perceive/context';
import * as dom from '../dom/members';
import { isInteractive, onlyProposed, tagOf } from '../perceive/role';
import { labelledControl } from '../perceive/label-beside';
import { nameOf } from '../perceive/name';
import { textOf } from '../perceive/text-of';
import { operated } from '../perceive/stand-in';
import type { ElementStore } from '../ids/store';
import { resolveTarget, type Target } from '../ids/target';
import { INLINE_TAGS, normalize } from '../dom/text';
import { INTERACTIVE_SELECTOR, isSelectorType, typeSelector } from '../dom/types';
import { quickVisibility } from '../perceive/visible';
import { collectRoots } from '../dom/roots';
import { containsDeep, ownShadow, parentOf } from '../dom/walk';
import { searchText, type Pattern } from './pattern';
import { rootTextHits, verify, VERIFY_CHARS } from './scan-text';
import { budgetFor, MAX_HITS, overBudget } from './budget';
import { due, type Pace, type Steps } from '../dom/slices';
import { attributeHits, mergeInOrder, tooltipHits } from './name-hits';
import type { Candidate, FindOptions, Hit, SearchResult } from './types';

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

const toList = (x: Target | Target[] | undefined): Target[] =>
  x === undefined ? [] : Array.isArray(x) ? x : [x];

/**
 * One search, as steps that may pause (dom/slices.ts): after a pause, what the page removed meanwhile is
 * dropped before the candidates are ranked.
 */
export function* search(
  store: ElementStore,
  pattern: Pattern | null,
  opts: FindOptions,
  pace: Pace,
): Steps<SearchResult> {
  const scope = opts.within !== undefined ? resolveTarget(store, opts.within, 'within').element : document;
  const excluded = toList(opts.exclude).map((t) => resolveTarget(store, t, 'exclude').element);
  const selector = opts.type ? typeSelector(opts.type) : null;
  // A selector the caller wrote means exactly what it matches: no stand-in widget, no role's veto.
  const exactly = !!opts.type && isSelectorType(opts.type);
  const scopeEl = dom.nodeType(scope) === 1 ? (scope as Element) : null;
  // The call's time runs from here: finding its roots (12-20 ms with 30,000 shadow roots) is in it.
  const budget = budgetFor(pace);
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
    for (const root of roots) {
      for (const el of dom.qsa(root, selector!)) {
        if (order >= MAX_HITS) budget.stopped = 'hits';
        if (overBudget(budget)) break;
        add(el, el, '');
      }
      if (due(pace)) yield;
    }
  } else {
    // Roots in order (the page, then its shadow roots and frames); within a root, document order.
    const close = verify(pattern, 'close');
    // Each place mapped to the element a person acts on; a place the page removed during a pause is
    // passed over.
    function* take(hits: Hit[]): Steps<void> {
      for (const hit of hits) {
        if (!dom.connected(hit.source)) continue;
        if (hit.byName) add(actionable(hit.source), hit.source, hit.matched);
        else {
          const inner = deepestMatches(hit.source, pattern!);
          if (inner.length)
            for (const { el, phrase } of inner)
              add(actionable(el), el, normalize(dom.text(el) ?? '').slice(0, VERIFY_CHARS), phrase);
          else add(actionable(hit.source), hit.source, hit.matched);
        }
        if (due(pace)) yield;
      }
    }
    for (const root of roots) {
      if (overBudget(budget)) break;
      if (due(pace)) yield;
      const stop = root === scope ? scopeEl : null;
      const text = yield* rootTextHits(root, pattern, stop, budget);
      yield* take(mergeInOrder(text, yield* attributeHits(root, pattern, budget, close)));
    }
    // What a tooltip library keeps of a title: read only when nothing else matched (a query per root).
    for (const root of candidates.size ? [] : roots) {
      if (overBudget(budget)) break;
      if (due(pace)) yield;
      yield* take(tooltipHits(root, pattern, budget));
    }
    // A pattern that matches the empty string matches what has no name at all too, as no pattern does.
    if (pattern.emptyable)
      for (const root of roots)
        for (const el of dom.qsa(root, selector ?? INTERACTIVE_SELECTOR)) {
          if (overBudget(budget)) break;
          if (!candidates.has(el) && !nameOf(el, 40) && !textOf(el, 40)) add(el, el, '');
          if (due(pace)) yield;
        }
    dropWrappers(candidates);
  }
  // What the page removed during a pause is no match.
  if (pace.paused)
    for (const [el, c] of candidates)
      if (!dom.connected(el) || !dom.connected(c.source)) candidates.delete(el);
  const hidden: Candidate[] = [];
  return {
    candidates: yield* rank(candidates, opts, hidden, pace, !!pattern && isCommand(pattern.regex.source)),
    hidden,
    note: pattern?.note,
    unreachable,
    stopped: budget.stopped,
    ms: budget.ms,
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

/** Words a person clicks a button for: a pattern that begins with one asks for a command. */
const COMMAND =
  /^\^?(?:show|save|send|submit|delete|remove|add|create|new|edit|update|apply|upload|download|export|import|open|close|cancel|confirm|approve|reject|preview|compare|search|go|next|previous|back|continue|log ?in|log ?out|sign ?in|sign ?out|register|print|copy|move|rename|archive|restore|reset|refresh|load|run|start|stop)\b/i;
const isCommand = (source: string): boolean => COMMAND.test(source.replace(/\\s[*+?]?|\\ /g, ' '));

/** A button as a person sees one (a <button>, a submit input, role=button): what a command names. */
const isButton = (el: Element): boolean => {
  const role = dom.attr(el, 'role');
  if (role) return role === 'button';
  const tag = dom.tag(el);
  if (tag === 'BUTTON') return true;
  return tag === 'INPUT' && /^(submit|button|reset)$/i.test(dom.attr(el, 'type') ?? '');
};

/**
 * Exact over partial (the strongest signal: an icon button titled "Delete Invoice 2024-03" must not beat
 * the cell that reads "Invoice 2024-03"), then, for words that are a command ("Show differences"), a
 * button over links that contain them, then interactive over static, then in the viewport over
 * off-screen; ties in document order.
 */
function* rank(
  candidates: Map<Element, Candidate>,
  opts: FindOptions,
  hidden: Candidate[],
  pace: Pace,
  command = false,
): Steps<Candidate[]> {
  const wanted = opts.visible ?? true;
  const out: Candidate[] = [];
  for (const c of candidates.values()) {
    if (due(pace)) yield;
    let vis = quickVisibility(c.el);
    if (!vis.visible && c.source !== c.el) vis = quickVisibility(c.source);
    if (wanted !== false && !vis.visible) {
      hidden.push(c);
      continue;
    }
    if (wanted === 'viewport' && !vis.inViewport) continue;
    if (!vis.visible) c.hidden = vis.reason;
    c.inViewport = vis.inViewport;
    c.score =
      (c.exact ? 4 : 0) +
      // Less than an exact name's and a view's together: an exact link in view still comes first.
      (command && isButton(c.el) ? 3 : 0) +
      (isInteractive(c.el) ? 3 : 0) +
      (vis.inViewport ? 2 : 0);
    out.push(c);
  }
  return out.sort((a, b) => b.score - a.score || a.order - b.order);
}

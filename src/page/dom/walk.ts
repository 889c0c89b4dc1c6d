/**
 * The one traversal of the rendered text: document order, entering open shadow roots (with their
 * slots) and same-origin iframes, skipping what is never rendered as text (script, style, template...).
 */
import * as dom from './members';

export const SKIP_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'HEAD',
  'META',
  'LINK',
  'TITLE',
]);

export interface Visitor {
  /** Return false to skip the element's subtree. */
  element?(el: Element): boolean | undefined;
  text?(node: Text): void;
}

/** The SDK's own UI (the panel) marks its host; the page tools never look inside it. */
export const UI_HOST = 'data-llm-helper-ui';

/** An element's open shadow root, unless it is the SDK's own UI. */
export const ownShadow = (el: Element): ShadowRoot | null => {
  const shadow = dom.shadow(el);
  return shadow && !dom.hasAttr(el, UI_HOST) ? shadow : null;
};

const FRAMES = new Set(['IFRAME', 'FRAME']);
export const isFrame = (el: Element): boolean => FRAMES.has(dom.tag(el));

export function frameDocument(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/**
 * Walks what renders under `start`, as a person sees it (the flat tree): an element with an open shadow
 * root shows its shadow tree, where each <slot> shows the light children assigned to it (or its own
 * fallback content); light children assigned to no slot are not shown, so not visited.
 */
export function walk(start: Node, v: Visitor): void {
  for (let n = dom.firstChild(start); n; n = n.nextSibling) visit(n, v);
}

function visit(n: Node, v: Visitor): void {
  const type = dom.nodeType(n);
  if (type === 3) return v.text?.(n as Text);
  if (type !== 1) return;
  const el = n as Element;
  const tag = dom.tag(el);
  if (SKIP_TAGS.has(tag)) return;
  if (v.element && v.element(el) === false) return;
  const shadow = ownShadow(el);
  if (shadow) return walk(shadow, v);
  if (isFrame(el)) {
    const doc = frameDocument(el);
    if (doc?.documentElement) walk(dom.pageRoot(doc), v);
    return;
  }
  const assigned = tag === 'SLOT' ? (el as HTMLSlotElement).assignedNodes({ flatten: true }) : [];
  if (assigned.length) for (const a of assigned) visit(a, v);
  else walk(el, v);
}

/** The parent a person would see: crosses shadow roots (to the host) and frames (to the iframe). */
export function parentOf(node: Node): Element | null {
  const p = dom.parent(node);
  if (!p) return null;
  if (dom.nodeType(p) === 1) return p as Element;
  if (dom.nodeType(p) === 11) return (p as ShadowRoot).host ?? null;
  if (dom.nodeType(p) === 9) {
    try {
      return dom.view(p as Document)?.frameElement ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

export type SearchRoot = Document | ShadowRoot | Element;

/** Sorts nodes of one document into document order, what is in shadow trees where their hosts are. */
export function docOrder(x: Node, y: Node): number {
  if (x === y) return 0;
  if (dom.root(x) !== dom.root(y)) {
    // In different shadow trees: compare their hosts where two share a tree; a host comes before what
    // its shadow tree holds (a field inside a component before the radios after it in the page).
    const cy = hosts(y);
    for (const a of hosts(x)) {
      const b = cy.find((n) => dom.root(n) === dom.root(a));
      if (b) return a === b ? (a === x ? -1 : 1) : docOrder(a, b);
    }
  }
  return x.compareDocumentPosition(y) & 4 /* FOLLOWING */ ? -1 : 1;
}

/** `n` and the shadow hosts it is inside, innermost first. */
function hosts(n: Node): Node[] {
  const chain = [n];
  for (let r = dom.root(n); dom.nodeType(r) === 11 && (r as ShadowRoot).host && chain.length < 30;) {
    const host = (r as ShadowRoot).host;
    chain.push(host);
    r = dom.root(host);
  }
  return chain;
}

/** True when `inner` is `outer` or inside it, across shadow roots and frames. */
export function containsDeep(outer: Element, inner: Element): boolean {
  // Through the slot a light child is shown in (Material Web's option text, inside its md-item).
  for (let n: Element | null = inner; n; n = dom.assignedSlot(n) ?? parentOf(n)) if (n === outer) return true;
  return false;
}

/** The nearest of the `levels` closest ancestors of `el` that passes `test`, or null. */
export function nearAncestor(el: Element, test: (a: Element) => boolean, levels = 3): Element | null {
  let a = dom.parentEl(el);
  for (let i = 0; a && i < levels; i++, a = dom.parentEl(a)) if (test(a)) return a;
  return null;
}

/**
 * The one traversal of the page: document order, entering open shadow roots and same-origin iframes,
 * skipping what is never rendered as text (script, style, template...).
 */
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

export const isFrame = (el: Element): boolean => el.tagName === 'IFRAME' || el.tagName === 'FRAME';

export function frameDocument(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

export function walk(start: Node, v: Visitor): void {
  for (let n = start.firstChild; n; n = n.nextSibling) {
    const type = n.nodeType;
    if (type === 3) {
      v.text?.(n as Text);
    } else if (type === 1) {
      const el = n as Element;
      if (SKIP_TAGS.has(el.tagName)) continue;
      if (v.element && v.element(el) === false) continue;
      const shadow = el.shadowRoot;
      if (shadow) walk(shadow, v);
      if (isFrame(el)) {
        const doc = frameDocument(el);
        if (doc?.documentElement) walk(doc.body ?? doc.documentElement, v);
        continue;
      }
      walk(el, v);
    }
  }
}

/** The parent a person would see: crosses shadow roots (to the host) and frames (to the iframe). */
export function parentOf(node: Node): Element | null {
  const p = node.parentNode;
  if (!p) return null;
  if (p.nodeType === 1) return p as Element;
  if (p.nodeType === 11) return (p as ShadowRoot).host ?? null;
  if (p.nodeType === 9) {
    try {
      return (p as Document).defaultView?.frameElement ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

export type SearchRoot = Document | ShadowRoot | Element;

export interface Roots {
  /** start first, then every open shadow root and same-origin frame document below it. */
  roots: SearchRoot[];
  /** Frames whose document cannot be read (cross-origin). */
  unreachable: Element[];
}

const SHOW_ELEMENT = 1;
let memo: Map<SearchRoot, Roots> | null = null;

/**
 * Every open shadow root and same-origin frame document under (and including) start. One element
 * pass checking shadowRoot (cheaper than querySelectorAll('*')); frames come from the documents'
 * cached getElementsByTagName collections. Memoised until the current task yields, so one tool call
 * that asks many times pays once; actions that change the page call forgetRoots().
 */
export function collectRoots(start: SearchRoot): Roots {
  const known = memo?.get(start);
  if (known) return known;
  // Inside an element, reuse the whole document's roots when this task already collected them.
  const whole = start.nodeType === 1 ? memo?.get(start.ownerDocument!) : undefined;
  if (whole) {
    const el = start as Element;
    const hostOf = (r: SearchRoot): Element | null =>
      r.nodeType === 11 ? (r as ShadowRoot).host : r.nodeType === 9 ? parentOf(r) : null;
    const result: Roots = {
      roots: [start, ...whole.roots.filter((r) => hostOf(r) && containsDeep(el, hostOf(r)!))],
      unreachable: whole.unreachable.filter((f) => containsDeep(el, f)),
    };
    memo!.set(start, result);
    return result;
  }
  const roots: SearchRoot[] = [];
  const unreachable: Element[] = [];
  const visit = (root: SearchRoot): void => {
    roots.push(root);
    const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument!;
    const base = root.nodeType === 9 ? (doc.documentElement ?? root) : root;
    if (base.nodeType === 1 && (base as Element).shadowRoot && base !== doc.documentElement)
      visit((base as Element).shadowRoot!);
    const walker = doc.createTreeWalker(base, SHOW_ELEMENT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const shadow = (n as Element).shadowRoot;
      if (shadow) visit(shadow);
    }
    const frames =
      root.nodeType === 11
        ? Array.from(root.querySelectorAll('iframe,frame'))
        : [
            ...Array.from((root as Element | Document).getElementsByTagName('iframe')),
            ...Array.from((root as Element | Document).getElementsByTagName('frame')),
          ];
    if (root.nodeType === 1 && isFrame(root as Element)) frames.push(root as Element);
    for (const frame of frames) {
      const d = frameDocument(frame);
      if (d?.documentElement) visit(d);
      else unreachable.push(frame);
    }
  };
  visit(start);
  const result = { roots, unreachable };
  if (!memo) {
    memo = new Map();
    queueMicrotask(forgetRoots);
  }
  memo.set(start, result);
  return result;
}

export function forgetRoots(): void {
  memo = null;
}

/** querySelectorAll over start and every shadow root and same-origin frame below it. */
export function queryAllDeep(start: SearchRoot, selector: string): Element[] {
  const out: Element[] = [];
  for (const root of collectRoots(start).roots) out.push(...Array.from(root.querySelectorAll(selector)));
  return out;
}

/** Sorts nodes of one document (or one shadow tree) into document order. */
export const docOrder = (x: Node, y: Node): number =>
  x === y ? 0 : x.compareDocumentPosition(y) & 4 /* FOLLOWING */ ? -1 : 1;

/** True when `inner` is `outer` or inside it, across shadow roots and frames. */
export function containsDeep(outer: Element, inner: Element): boolean {
  for (let n: Element | null = inner; n; n = parentOf(n)) if (n === outer) return true;
  return false;
}

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
  /** A shadow root or a same-origin frame document the walk entered. */
  root?(root: ShadowRoot | Document): void;
  /** A frame whose document cannot be read (cross-origin or not loaded). */
  unreachable?(frame: Element): void;
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
      if (shadow) {
        v.root?.(shadow);
        walk(shadow, v);
      }
      if (isFrame(el)) {
        const doc = frameDocument(el);
        if (doc?.documentElement) {
          v.root?.(doc);
          walk(doc.body ?? doc.documentElement, v);
        } else v.unreachable?.(el);
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

/** Every open shadow root and same-origin frame document under (and including) start. */
export function collectRoots(start: SearchRoot): { roots: SearchRoot[]; unreachable: Element[] } {
  const roots: SearchRoot[] = [];
  const unreachable: Element[] = [];
  const visit = (root: SearchRoot): void => {
    roots.push(root);
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) visit(el.shadowRoot);
      if (isFrame(el)) {
        const doc = frameDocument(el);
        if (doc?.documentElement) visit(doc);
        else unreachable.push(el);
      }
    }
  };
  visit(start);
  return { roots, unreachable };
}

/** querySelectorAll over start and every shadow root and same-origin frame below it. */
export function queryAllDeep(start: SearchRoot, selector: string): Element[] {
  const out: Element[] = [];
  for (const root of collectRoots(start).roots) out.push(...Array.from(root.querySelectorAll(selector)));
  return out;
}

/** True when `inner` is `outer` or inside it, across shadow roots and frames. */
export function containsDeep(outer: Element, inner: Element): boolean {
  for (let n: Element | null = inner; n; n = parentOf(n)) if (n === outer) return true;
  return false;
}

/** walk() over an element's own subtree: its shadow root or frame document too, not just its children. */
export function walkSubtree(start: Document | Element, v: Visitor): void {
  if (start.nodeType === 1) {
    const el = start as Element;
    if (el.shadowRoot) {
      v.root?.(el.shadowRoot);
      walk(el.shadowRoot, v);
    }
    if (isFrame(el)) {
      const doc = frameDocument(el);
      if (doc?.documentElement) {
        v.root?.(doc);
        walk(doc.body ?? doc.documentElement, v);
      } else v.unreachable?.(el);
      return;
    }
  }
  walk(start.nodeType === 9 ? ((start as Document).body ?? (start as Document).documentElement) : start, v);
}

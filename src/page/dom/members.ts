/**
 * Element and Node members read through the DOM's own prototypes, never through the element itself.
 * A <form> lets its controls' names shadow its members ([LegacyOverrideBuiltIns]): inside a form with
 * <input name="getAttribute"> or name="tagName", form.getAttribute is that input, and every tool that
 * met the form used to fail. The prototypes are read when the SDK loads; an element from a same-origin
 * frame is fine too (the DOM checks the kind of object, not its window). Where there was no DOM when the
 * SDK loaded (Node, a test runner that sets up jsdom after the import), they are read at each call.
 */
type Fn = (...args: never[]) => unknown;
type Proto = () => Record<string, unknown> | undefined;

/** The prototype of a DOM class of this realm, whenever there is one. */
const protoOf =
  (name: string): Proto =>
  () =>
    (globalThis as unknown as Record<string, { prototype?: Record<string, unknown> } | undefined>)[name]
      ?.prototype;

const method = <T extends Fn>(proto: Proto, key: string): T => {
  const own = (p = proto()) => p?.[key] as Fn | undefined;
  const f = own();
  return (f
    ? (self: object, ...args: unknown[]) => Reflect.apply(f, self, args)
    : (self: Record<string, Fn>, ...args: never[]) => {
        const late = own();
        return late ? Reflect.apply(late, self, args) : self[key]!(...args);
      }) as unknown as T;
};
/** No arguments, shared: a getter called for each of 500,000 elements made as many empty arrays. */
const NONE: [] = [];
const getter = <T extends Fn>(proto: Proto, key: string): T => {
  const own = (p = proto()) => (p ? Object.getOwnPropertyDescriptor(p, key)?.get : undefined);
  const get = own();
  return (get
    ? (self: object) => Reflect.apply(get, self, NONE)
    : (self: Record<string, unknown>) => {
        const late = own();
        return late ? Reflect.apply(late, self, NONE) : self[key];
      }) as unknown as T;
};

const E = protoOf('Element');
const N = protoOf('Node');
const D = protoOf('Document');
const F = protoOf('DocumentFragment');

/**
 * A member that elements, documents and shadow roots each have on their own prototype: the one for the
 * kind of node at hand. `fallback` answers for a kind that lacks it (getElementById on an element).
 */
const perKind = <A extends unknown[], R>(key: string, fallback?: R) => {
  const pick = (proto: Proto) => {
    const call = method<(root: Node, ...args: A) => R>(proto, key);
    const p = proto();
    if (p) return key in p ? call : () => fallback as R;
    return (root: Node, ...args: A): R => {
      const late = proto();
      return late && key in late ? call(root, ...args) : (fallback as R);
    };
  };
  const [onElement, onDocument, onFragment] = [pick(E), pick(D), pick(F)];
  return (root: Node, ...args: A): R => {
    const type = nodeType(root);
    return (type === 1 ? onElement : type === 9 ? onDocument : onFragment)(root, ...args);
  };
};

export const attr = method<(el: Element, name: string) => string | null>(E, 'getAttribute');
export const hasAttr = method<(el: Element, name: string) => boolean>(E, 'hasAttribute');
/** A link's target as written: href, or an older SVG link's xlink:href. */
export const linkHref = (el: Element): string | null => attr(el, 'href') ?? attr(el, 'xlink:href');
/** Whether a link has a target (cheaper than reading it: no string is made). */
export const hasHref = (el: Element): boolean => hasAttr(el, 'href') || hasAttr(el, 'xlink:href');
export const matches = method<(el: Element, selector: string) => boolean>(E, 'matches');
export const closest = method<<T extends Element = Element>(el: Element, selector: string) => T | null>(
  E,
  'closest',
);
const query = perKind<[string], Element | null>('querySelector', null);
const queryAll = perKind<[string], NodeListOf<Element>>('querySelectorAll');
/** querySelector on an element, a document (where <img name=…> shadows members too) or a shadow root. */
export const qs = <T extends Element = Element>(root: ParentNode, selector: string): T | null =>
  query(root as Node, selector) as T | null;
export const qsa = <T extends Element = Element>(root: ParentNode, selector: string): NodeListOf<T> =>
  queryAll(root as Node, selector) as NodeListOf<T>;
export const rect = method<(el: Element) => DOMRect>(E, 'getBoundingClientRect');
export const tag = getter<(el: Element) => string>(E, 'tagName');
export const localName = getter<(el: Element) => string>(E, 'localName');
export const shadow = getter<(el: Element) => ShadowRoot | null>(E, 'shadowRoot');
export const attrs = getter<(el: Element) => NamedNodeMap>(E, 'attributes');
export const hasAttrs = method<(el: Element) => boolean>(E, 'hasAttributes');
export const children = getter<(el: Element) => HTMLCollection>(E, 'children');
export const firstElementChild = getter<(el: Element) => Element | null>(E, 'firstElementChild');
/** The slot an element is shown in, or null. */
export const assignedSlot = getter<(el: Element) => HTMLSlotElement | null>(E, 'assignedSlot');
/** A shadow root's element children. */
export const rootChildren = getter<(root: DocumentFragment) => HTMLCollection>(F, 'children');
/** Element.checkVisibility where the browser has it (Chromium 105+, Firefox 106+, Safari 17.4+). */
export const checkVisibility =
  'checkVisibility' in (E() ?? {})
    ? method<(el: Element, options?: CheckVisibilityOptions) => boolean>(E, 'checkVisibility')
    : undefined;

/** Document.getAnimations where the browser has it (running CSS transitions and animations). */
export const animations =
  'getAnimations' in (D() ?? {}) ? method<(d: Document) => Animation[]>(D, 'getAnimations') : undefined;

export const root = method<(node: Node, options?: GetRootNodeOptions) => Node>(N, 'getRootNode');
export const contains = method<(node: Node, other: Node | null) => boolean>(N, 'contains');
export const doc = getter<(node: Node) => Document>(N, 'ownerDocument');
/** The document a node is in, or the node itself when it is one. */
export const docOf = (node: Node): Document => doc(node) ?? (node as Document);
export const parent = getter<(node: Node) => ParentNode | null>(N, 'parentNode');
export const parentEl = getter<(node: Node) => HTMLElement | null>(N, 'parentElement');
export const nextEl = getter<(el: Element) => Element | null>(E, 'nextElementSibling');
export const prevEl = getter<(el: Element) => Element | null>(E, 'previousElementSibling');
export const nodeType = getter<(node: Node) => number>(N, 'nodeType');
export const firstChild = getter<(node: Node) => ChildNode | null>(N, 'firstChild');
export const nextSibling = getter<(node: Node) => ChildNode | null>(N, 'nextSibling');
export const connected = getter<(node: Node) => boolean>(N, 'isConnected');
export const text = getter<(node: Node) => string | null>(N, 'textContent');

// A document's members, shadowed in the same way by <img name=…>, <form name=…>, <embed name=…>.
export const body = getter<(d: Document) => HTMLElement | null>(D, 'body');
/** What a page's content is under: its body, or the root element of one that has none (an SVG or XML document, a page still in its head). */
export const pageRoot = (d: Document): Element => body(d) ?? d.documentElement;
export const title = getter<(d: Document) => string>(D, 'title');
export const view = getter<(d: Document) => (Window & typeof globalThis) | null>(D, 'defaultView');
export const byTag = perKind<[string], HTMLCollectionOf<Element>>('getElementsByTagName') as (
  root: Document | Element,
  tag: string,
) => HTMLCollectionOf<Element>;
/** getElementById in a document or shadow root; null for anything else (a detached element's root). */
export const byId = perKind<[string], HTMLElement | null>('getElementById', null);
const hitTest = method<(d: Document, x: number, y: number) => Element | null>(D, 'elementFromPoint');
/** The topmost element at a point; null also where the DOM has no layout to ask (jsdom). */
export const elementFromPoint = (d: Document, x: number, y: number): Element | null =>
  'elementFromPoint' in d ? hitTest(d, x, y) : null;
export const treeWalker = method<
  (d: Document, root: Node, whatToShow?: number, filter?: NodeFilter | null) => TreeWalker
>(D, 'createTreeWalker');
export const html = getter<(d: Document) => HTMLElement>(D, 'documentElement');
export const create = method<(d: Document, tag: string) => HTMLElement>(D, 'createElement');
export const currentScript = getter<(d: Document) => HTMLOrSVGScriptElement | null>(D, 'currentScript');
export const readyState = getter<(d: Document) => DocumentReadyState>(D, 'readyState');
export const listen = method<
  (target: EventTarget, type: string, listener: EventListener, options?: AddEventListenerOptions) => void
>(protoOf('EventTarget'), 'addEventListener');

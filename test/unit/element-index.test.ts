/**
 * The element index is kept up to date from mutation records instead of found again: after any
 * sequence of changes to the page, each of its lists must be what a fresh query finds, in document order,
 * in the document, in each shadow root and inside any element (moves across trees included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elementIndex, KIND_ATTRS, NAME_ATTRS, type IndexedTag } from '../../src/page/element-index';

const TAGS: IndexedTag[] = [
  'a',
  'button',
  'input',
  'label',
  'h2',
  'section',
  'iframe',
  'svg',
  'i',
  'p',
  'table',
];
const OTHER = ['div', 'span', 'ul', 'li'];
const ATTRS = [...KIND_ATTRS, ...NAME_ATTRS, 'class', 'data-x'];

/** The document and every shadow root in it, nested ones too. */
function trees(): (Document | ShadowRoot)[] {
  const out: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < out.length; i++)
    for (const el of out[i]!.querySelectorAll('*')) if (el.shadowRoot) out.push(el.shadowRoot);
  return out;
}

/** Every element of the page's body and its shadow trees. */
const elements = (): Element[] => [
  ...document.body.querySelectorAll('*'),
  ...trees()
    .slice(1)
    .flatMap((t) => [...t.querySelectorAll('*')]),
];

const selectorOf = (names: string[]) => names.map((a) => `[${a}]`).join(',');

/** Every list of the index against the browser's own query, in each tree and inside elements. */
function expectFresh(): void {
  for (const tree of [...trees(), ...elements().filter((_, i) => i % 3 === 0)]) {
    const index = elementIndex(tree)!;
    const where = tree.nodeName;
    for (const t of TAGS) expect(index.tag(t), `${t} in ${where}`).toEqual([...tree.querySelectorAll(t)]);
    expect(index.kinded, where).toEqual([...tree.querySelectorAll(selectorOf(KIND_ATTRS))]);
    expect(index.named, where).toEqual([...tree.querySelectorAll(selectorOf(NAME_ATTRS))]);
  }
}

const pick = <T>(xs: T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);

interface Shape {
  tag: string;
  attr: string | null;
  kids: Shape[];
}
const node = (kids: fc.Arbitrary<Shape[]>): fc.Arbitrary<Shape> =>
  fc.record({ tag: fc.constantFrom(...TAGS, ...OTHER), attr: fc.option(fc.constantFrom(...ATTRS)), kids });
/** Subtrees up to four levels deep. */
const shape = [1, 2, 3].reduce<fc.Arbitrary<Shape>>(
  (inner) => node(fc.array(inner, { maxLength: 3 })),
  node(fc.constant([])),
);

function build(s: Shape): Element {
  const el = document.createElement(s.tag);
  if (s.attr) el.setAttribute(s.attr, 'x');
  for (const k of s.kids) el.append(build(k));
  return el;
}

type Op =
  | { op: 'append' | 'before'; at: number; what: Shape }
  | { op: 'remove'; at: number }
  | { op: 'move'; at: number; to: number }
  | { op: 'attr'; at: number; name: string; on: boolean }
  | { op: 'html'; at: number; what: Shape }
  | { op: 'shadow'; at: number; what: Shape }
  | { op: 'check' }
  | { op: 'tick' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constantFrom('append' as const, 'before' as const), at: fc.nat(), what: shape }),
  fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({
    op: fc.constant('attr' as const),
    at: fc.nat(),
    name: fc.constantFrom(...ATTRS),
    on: fc.boolean(),
  }),
  fc.record({ op: fc.constant('html' as const), at: fc.nat(), what: shape }),
  fc.record({ op: fc.constant('shadow' as const), at: fc.nat(), what: shape }),
  fc.record({ op: fc.constant('check' as const) }),
  fc.record({ op: fc.constant('tick' as const) }),
);

/** `b` is `a` or inside it, across shadow roots. */
function containsDeep(a: Node, b: Node): boolean {
  for (let n: Node | null = b; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null)
    if (n === a) return true;
  return false;
}

/** The page's scripts run between calls: a task boundary delivers the records to the observer. */
const tick = () => new Promise((r) => setTimeout(r, 0));

async function run(o: Op): Promise<void> {
  const all = elements();
  const el = 'at' in o ? (pick(all, o.at) ?? document.body) : document.body;
  switch (o.op) {
    case 'append':
      el.append(build(o.what));
      break;
    case 'before':
      if (el !== document.body) el.before(build(o.what));
      break;
    case 'remove':
      if (el !== document.body) el.remove();
      break;
    case 'move': {
      const to = pick(all, o.to) ?? document.body;
      if (!containsDeep(el, to) && el !== document.body) to.prepend(el);
      break;
    }
    case 'attr':
      if (o.on) el.setAttribute(o.name, 'y');
      else el.removeAttribute(o.name);
      break;
    case 'html':
      el.innerHTML = build(o.what).outerHTML;
      break;
    case 'shadow':
      // A shadow tree of its own (moves may later carry elements between it and the document).
      if (!el.shadowRoot && /^(div|span|section|p|h2)$/.test(el.localName))
        el.attachShadow({ mode: 'open' }).append(build(o.what));
      break;
    case 'check':
      expectFresh();
      break;
    case 'tick':
      await tick();
  }
}

describe('element index', () => {
  it(
    'stays what a fresh query finds through any changes',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(shape, { maxLength: 4 }),
          fc.array(op, { maxLength: 25 }),
          async (start, ops) => {
            document.body.replaceChildren(...start.map(build));
            expectFresh();
            for (const o of ops) await run(o);
            expectFresh();
            await tick();
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
      );
    },
    Number(process.env.FUZZ_RUNS ? 900_000 : 60_000),
  );

  it('walks the document again after more changes than it applies one by one', () => {
    document.body.innerHTML = '<a href="#">one</a>';
    expectFresh();
    // More elements added than a call applies one by one.
    for (let i = 0; i < 1500; i++) document.body.append(document.createElement('button'));
    expectFresh();
    // More records than the observer holds: it stops, and the next call walks again.
    const b = document.querySelector('button')!;
    for (let i = 0; i < 6000; i++) b.toggleAttribute('title');
    document.body.append(document.createElement('a'));
    expectFresh();
    expect(elementIndex(document).tag('button')).toHaveLength(1500);
  });

  it('drops an element taken out of a subtree after the subtree left the document', () => {
    document.body.innerHTML = '<div><ul><input></ul></div><span></span>';
    const host = document.querySelector('span')!;
    host.attachShadow({ mode: 'open' });
    expectFresh();
    // The list moves into a shadow root, then loses its field there: the document's observer saw only
    // the list leave, and the list holds no field by the time the document's index is read.
    const ul = document.querySelector('ul')!;
    host.shadowRoot!.append(ul);
    ul.querySelector('input')!.remove();
    expect(elementIndex(document).tag('input')).toEqual([]);
    // The same when the subtree is out of any page meanwhile.
    document.body.insertAdjacentHTML('beforeend', '<ol><input></ol>');
    expectFresh();
    const ol = document.querySelector('ol')!;
    ol.remove();
    ol.querySelector('input')!.remove();
    expectFresh();
  });

  it('sees an element moved within the page once, at its new place', () => {
    document.body.innerHTML = '<div id="x"><a>1</a></div><div id="y"><a>2</a></div>';
    expectFresh();
    document.getElementById('y')!.append(document.querySelector('#x a')!);
    expectFresh();
    expect(
      elementIndex(document)
        .tag('a')
        .map((a) => a.textContent),
    ).toEqual(['2', '1']);
  });
});

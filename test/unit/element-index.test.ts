/**
 * The element index is kept up to date from mutation records instead of found again: after any
 * sequence of changes to the page, each of its lists must be what a fresh query finds, in document order,
 * in the whole document and inside any element.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  elementIndex,
  elementIndexWithin,
  KIND_ATTRS,
  NAME_ATTRS,
  type IndexedTag,
} from '../../src/page/element-index';

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

/** Every list of the index against the browser's own query. */
function expectFresh(): void {
  const index = elementIndex(document);
  for (const t of TAGS) expect(index.tag(t), t).toEqual([...document.querySelectorAll(t)]);
  expect(index.kinded).toEqual([...document.querySelectorAll(KIND_ATTRS.map((a) => `[${a}]`).join(','))]);
  expect(index.named).toEqual([...document.querySelectorAll(NAME_ATTRS.map((a) => `[${a}]`).join(','))]);
  // And what is inside an element, from the same lists.
  for (const el of elements().filter((_, i) => i % 3 === 0)) {
    const within = elementIndexWithin(el)!;
    for (const t of TAGS)
      expect(within.tag(t), `${t} in ${el.localName}`).toEqual([...el.querySelectorAll(t)]);
    expect(within.kinded).toEqual([...el.querySelectorAll(KIND_ATTRS.map((a) => `[${a}]`).join(','))]);
    expect(within.named).toEqual([...el.querySelectorAll(NAME_ATTRS.map((a) => `[${a}]`).join(','))]);
  }
}

const elements = (): Element[] => [...document.body.querySelectorAll('*')];
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
  fc.record({ op: fc.constant('check' as const) }),
  fc.record({ op: fc.constant('tick' as const) }),
);

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
      if (!el.contains(to) && el !== document.body) to.prepend(el);
      break;
    }
    case 'attr':
      if (o.on) el.setAttribute(o.name, 'y');
      else el.removeAttribute(o.name);
      break;
    case 'html':
      el.innerHTML = build(o.what).outerHTML;
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

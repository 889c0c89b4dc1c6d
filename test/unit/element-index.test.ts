/**
 * The element index is kept up to date from mutation records instead of found again: after any
 * sequence of changes to the page, each of its lists must be what a fresh query finds, in document order,
 * in the document, in each shadow root and inside any element (moves across trees included).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callWalk,
  withinBudget,
  KIND_ATTRS,
  NAME_ATTRS,
  type IndexedTag,
  type Slices,
} from '../../src/page/dom/element-index';
import { elementIndex } from '../../src/page/dom/index-range';
import { prepareIndex } from '../../src/page/dom/index-slices';
import { prepare } from '../../src/page/dom/prepare';
import { createLLMHelper } from '../../src/helper';
import { prepareRoots } from '../../src/page/dom/roots';

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
      // Only an HTML element hosts one (a <section> parsed inside an <svg> is an SVG element).
      if (
        !el.shadowRoot &&
        el.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
        /^(div|span|section|p|h2)$/.test(el.localName)
      )
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

  it(
    'built in slices, with the page changing between them, is what a fresh query finds',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(shape, { minLength: 1, maxLength: 4 }),
          fc.array(op, { maxLength: 25 }),
          fc.integer({ min: 1, max: 6 }),
          async (start, ops, every) => {
            document.body.replaceChildren(...[0, 1].map(() => build({ tag: 'div', attr: null, kids: [] })));
            // A new shadow root has no index yet: prepareIndex walks it, pausing every few elements,
            // and each pause runs the page's next change (a check among them finishes the walk at once).
            const shadow = document.body.firstElementChild!.attachShadow({ mode: 'open' });
            shadow.append(...start.map(build));
            let next = 0;
            let pauses = 0;
            const slices: Slices = {
              every,
              due: () => true,
              pause: async () => {
                pauses++;
                const o = ops[next++];
                if (o) await run(o);
              },
            };
            await prepareIndex(shadow, slices);
            if (shadow.querySelectorAll('*').length > every * 2) expect(pauses).toBeGreaterThan(0);
            for (const o of ops.slice(next)) await run(o);
            expectFresh();
            await tick();
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
      );
    },
    Number(process.env.FUZZ_RUNS ? 900_000 : 60_000),
  );

  it('built in slices, walks again when the element it is at moves', async () => {
    document.body.innerHTML = '<div></div>';
    const shadow = document.body.firstElementChild!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>1</p><p>2</p><a>3</a><a>4</a><button>5</button>';
    let pauses = 0;
    const ready = prepareIndex(shadow, {
      every: 2,
      due: () => true,
      pause: async () => {
        // The walk stopped at the second <p>: it goes last, after the elements the walk has not seen.
        if (pauses++ === 0) shadow.append(shadow.querySelectorAll('p')[1]!);
        await tick();
      },
    });
    await ready;
    expect(pauses).toBeGreaterThan(1);
    expect(
      elementIndex(shadow)
        .tag('a')
        .map((a) => a.textContent),
    ).toEqual(['3', '4']);
    expect(elementIndex(shadow).tag('button')).toHaveLength(1);
    expect(
      elementIndex(shadow)
        .tag('p')
        .map((p) => p.textContent),
    ).toEqual(['1', '2']);
    expectFresh();
  });

  it('built in slices on a page that floods changes between them, ends (the rest walked at once)', async () => {
    document.body.innerHTML = '<div></div>';
    const shadow = document.body.firstElementChild!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>1</p><a title="x">2</a><button>3</button><p>4</p>';
    let pauses = 0;
    await prepareIndex(shadow, {
      every: 1,
      due: () => true,
      pause: async () => {
        pauses++;
        // More records than the observer holds, every time: the walk cannot go on, and starts again.
        const a = shadow.querySelector('a')!;
        for (let i = 0; i < 5002; i++) a.toggleAttribute('title');
        await tick();
      },
    });
    expect(pauses).toBe(4);
    expectFresh();
  });

  it('prepares the document, its shadow roots and frames in slices; a call meanwhile walks the rest', async () => {
    document.body.innerHTML = '<a>1</a><div></div><iframe></iframe><a>2</a>';
    document.querySelector('div')!.attachShadow({ mode: 'open' }).innerHTML = '<button>in shadow</button>';
    document.querySelector('iframe')!.contentDocument!.body.innerHTML = '<a>in frame</a>';
    expectFresh();
    // More changed than is applied one by one: the document is walked again, in slices.
    for (let i = 0; i < 1200; i++) document.body.append(document.createElement('p'));
    let pauses = 0;
    const ready = prepareRoots(document, {
      every: 100,
      due: () => true,
      pause: async () => {
        pauses++;
        await tick();
      },
    });
    expect(elementIndex(document).tag('p')).toHaveLength(1200);
    await ready;
    expect(pauses).toBeGreaterThan(0);
    expectFresh();
    expect(elementIndex(document.querySelector('iframe')!.contentDocument!).tag('a')).toHaveLength(1);
  });

  it('prepare() ends, pausing through a message channel or a timer', async () => {
    document.body.innerHTML = '<a>1</a>';
    for (let i = 0; i < 3000; i++) document.body.append(document.createElement('p'));
    await prepare();
    const real = globalThis.MessageChannel;
    // A page that broke MessageChannel: the timer ends each pause.
    globalThis.MessageChannel = undefined as unknown as typeof MessageChannel;
    try {
      for (let i = 0; i < 3000; i++) document.body.append(document.createElement('p'));
      await prepare();
    } finally {
      globalThis.MessageChannel = real;
    }
    expectFresh();
  });

  it('execute() runs the call when prepare() fails (the call walks what it needs)', async () => {
    document.body.innerHTML = '<button>Save</button>';
    const helper = createLLMHelper();
    helper.prepare = () => Promise.reject(new Error('a page that broke something'));
    const r = await helper.execute({ name: 'browser_find', arguments: { pattern: 'Save' } });
    expect(r.ok, r.text).toBe(true);
    expect(r.text).not.toMatch(/broke/);
  });

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

describe("a call's budget of walking", () => {
  afterEach(() => {
    callWalk.elements = Infinity;
    callWalk.ms = 40;
  });

  /** Each list of the document's index, read within one call's budget. */
  const readWithin = () =>
    withinBudget(() => {
      const index = elementIndex(document);
      return [...TAGS.map((t) => index.tag(t)), index.kinded, index.named, index.hosts];
    });
  const fresh = () => [
    ...TAGS.map((t) => [...document.querySelectorAll(t)]),
    [...document.querySelectorAll(selectorOf(KIND_ATTRS))],
    [...document.querySelectorAll(selectorOf(NAME_ATTRS))],
  ];

  it(
    'answers from the part walked, says where it stopped, and goes on from there to the whole page through any changes',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(shape, { minLength: 1, maxLength: 6 }),
          fc.array(op, { maxLength: 15 }),
          fc.integer({ min: 16, max: 300 }),
          async (start, ops, elements) => {
            document.body.replaceChildren(...start.map(build));
            // More changed than is applied one by one: the document's index must be walked again.
            for (let i = 0; i < 1100; i++) document.body.append(document.createElement('b'));
            await tick();
            callWalk.elements = elements;
            callWalk.ms = Infinity;
            let calls = 0;
            for (let i = 0; ; i++) {
              const { value, unfinished } = readWithin();
              calls++;
              const now = fresh();
              // What a partial answer holds is on the page, in document order: a part of what is there.
              for (let k = 0; k < now.length; k++) {
                const there = now[k]!;
                let at = -1;
                for (const el of value[k]!) {
                  const next = there.indexOf(el, at + 1);
                  expect(next, 'an element the page no longer has, or out of order').toBeGreaterThan(at);
                  at = next;
                }
                if (!unfinished) expect(value[k]).toEqual(there);
              }
              if (unfinished) expect(unfinished.walked).toBeGreaterThan(0);
              if (!unfinished && i >= ops.length) break;
              if (i < ops.length) await run(ops[i]!);
              expect(calls, 'the walk never ended').toBeLessThan(5000);
            }
            expect(calls).toBeGreaterThan(1);
            callWalk.elements = Infinity;
            expectFresh();
            await tick();
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
      );
    },
    Number(process.env.FUZZ_RUNS ? 900_000 : 120_000),
  );

  it('is shared by the roots a call reads; prepare() goes on from where a call stopped', async () => {
    document.body.innerHTML = '<a>1</a><div></div><a>2</a>';
    document.querySelector('div')!.attachShadow({ mode: 'open' }).innerHTML = '<button>in shadow</button>';
    for (let i = 0; i < 1200; i++) document.body.append(document.createElement('p'));
    await tick();
    callWalk.elements = 100;
    const shadow = document.querySelector('div')!.shadowRoot!;
    const first = withinBudget(() => [
      elementIndex(document).tag('p').length,
      elementIndex(shadow).tag('button'),
    ]);
    expect(first.unfinished?.walked).toBeLessThanOrEqual(256);
    expect(first.value[0]).toBeLessThan(1200);
    // The budget was spent on the document: the shadow root is not walked in this call.
    expect(first.value[1]).toEqual([]);
    await prepare();
    const after = withinBudget(() => [
      elementIndex(document).tag('p').length,
      elementIndex(shadow).tag('button'),
    ]);
    expect(after.unfinished).toBeNull();
    expect(after.value[0]).toBe(1200);
    expect(after.value[1]).toHaveLength(1);
    expectFresh();
  });

  it('a reading call says what its answer covers, redacts the secret fields it did not walk to, and starts prepare()', async () => {
    const page = () => {
      document.body.innerHTML = '<p>Your code is hunter2-pass-99</p>';
      for (let i = 0; i < 1200; i++) document.body.append(document.createElement('p'));
      // A secret field past where the call's walk stops, its value shown earlier on the page.
      document.body.insertAdjacentHTML(
        'beforeend',
        '<input type="password" value="hunter2-pass-99"><button>Last</button>',
      );
    };
    page();
    await tick();
    callWalk.elements = 100;
    const helper = createLLMHelper();
    const found = helper.find('Your code', { visible: false });
    expect(found.map((m) => m.text)).toEqual(['Your code is [redacted]']);
    expect(found.note).toMatch(
      /^This page is not indexed yet: this answer covers its first \d+ elements \(to <p>\).*call find again in a moment, or await LLMHelper\.prepare\(\) first\.$/,
    );
    // The call started prepare() in a task of its own, which ends the walk (a look walks one element).
    callWalk.elements = 1;
    let unfinished = withinBudget(() => elementIndex(document)).unfinished;
    for (let i = 0; i < 100 && unfinished; i++) {
      await new Promise((r) => setTimeout(r, 10));
      unfinished = withinBudget(() => elementIndex(document)).unfinished;
    }
    expect(unfinished).toBeNull();
    callWalk.elements = 100;
    expect(helper.find('Last', { visible: false }).note).toBeUndefined();
    // The page made again: its index too.
    page();
    const summary = helper.summary();
    expect(summary).toMatch(/\nThis page is not indexed yet/);
    expect(summary).not.toContain('hunter2-pass-99');
    await helper.prepare();
    expect(helper.summary()).not.toMatch(/not indexed/);
  });

  it('a field walked whose label lies past the stop is known by its label: its value stays secret', async () => {
    // What earlier calls started ends first: the page below is then made and read in one task.
    await prepare();
    await tick();
    // A label after its field, the walk stopping between them; beside the field, other words.
    document.body.innerHTML = '<div><span>Value</span> <input id="k" value="zebra-horse-battery-77"></div>';
    for (let i = 0; i < 1200; i++) document.body.append(document.createElement('p'));
    document.body.insertAdjacentHTML(
      'beforeend',
      '<label for="k">API key</label><p>Key: zebra-horse-battery-77</p>',
    );
    callWalk.elements = 100;
    const helper = createLLMHelper();
    const outputs = [
      helper.snapshot(),
      helper.find({ type: 'input', visible: false }),
      helper.find('Key:', { visible: false }),
      helper.describe('#k'),
    ];
    expect(JSON.stringify(outputs)).toMatch(/not indexed yet/);
    expect(JSON.stringify(outputs)).not.toContain('zebra-horse-battery');
    expect(JSON.stringify(outputs)).toMatch(/textbox \\"API key\\"/);
  });

  it('a call with no room for a note says it in its error; an action awaits prepare() before it walks', async () => {
    // What earlier calls started ends first: the page below is then made and read in one task.
    await prepare();
    await tick();
    document.body.innerHTML = '<button id="first">First</button>';
    for (let i = 0; i < 20000; i++) document.body.append(document.createElement('p'));
    document.body.insertAdjacentHTML('beforeend', '<button id="last">Last</button>');
    callWalk.elements = 100;
    const helper = createLLMHelper();
    expect(() => helper.extract('#nothing-here')).toThrow(/not indexed yet.*call extract again/);
    // The click's first task does not walk the page: prepare() goes a slice at a time before it.
    const clicked = helper.click('#last');
    callWalk.elements = 1;
    expect(withinBudget(() => elementIndex(document)).unfinished).not.toBeNull();
    const r = await clicked;
    expect(r.ok, r.message).toBe(true);
    expect(withinBudget(() => elementIndex(document)).unfinished).toBeNull();
  });
});

/**
 * A call's work is bounded whatever the page's size (issue #53): describe of a table reads its header,
 * counts, first rows and the rows in view, not every row; find with a high limit on a page of many
 * matches stops at its bound. Counted, not timed: every read of an element's box, style, visibility,
 * attributes and ancestry the SDK makes goes through the DOM's prototypes, wrapped here before the SDK
 * loads (it captures them at load), and the counts at ten times the size must stay about the same.
 * The page's clock runs ten times slower (slowPageClock), so that a loaded machine's slower work still
 * fits the SDK's time budgets: what is checked is how much was read, never how long it took.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BUNDLE } from '../support/harness.mjs';
import { slowPageClock, useBrowser } from '../support/browser';

const ctx = useBrowser();

/** Wraps the reads an element costs, counting each call; window.__reads() gives the count so far. */
function countReads() {
  let reads = 0;
  const byName: Record<string, number> = {};
  const wrap = (proto: object, name: string) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d) return;
    if (typeof d.value === 'function') {
      const f = d.value as (...a: unknown[]) => unknown;
      Object.defineProperty(proto, name, {
        ...d,
        value: function (this: unknown, ...a: unknown[]) {
          reads++;
          byName[name] = (byName[name] ?? 0) + 1;
          return f.apply(this, a);
        },
      });
    } else if (d.get) {
      const g = d.get;
      Object.defineProperty(proto, name, {
        ...d,
        get(this: unknown) {
          reads++;
          byName[name] = (byName[name] ?? 0) + 1;
          return g.call(this);
        },
      });
    }
  };
  for (const m of ['getBoundingClientRect', 'getClientRects', 'checkVisibility', 'closest', 'matches'])
    wrap(Element.prototype, m);
  for (const m of ['getAttribute', 'hasAttribute', 'querySelector']) wrap(Element.prototype, m);
  for (const m of ['textContent', 'parentNode', 'firstChild', 'nextSibling']) wrap(Node.prototype, m);
  wrap(TreeWalker.prototype, 'nextNode');
  wrap(MutationObserver.prototype, 'observe');
  wrap(Performance.prototype, 'now');
  // A query in a shadow root, apart from the document's and an element's.
  const q = Object.getOwnPropertyDescriptor(DocumentFragment.prototype, 'querySelectorAll')!;
  let fragmentLists = 0;
  Object.defineProperty(DocumentFragment.prototype, 'querySelectorAll', {
    ...q,
    value: function (this: DocumentFragment, selector: string) {
      fragmentLists++;
      return (q.value as (s: string) => NodeList).call(this, selector);
    },
  });
  (window as unknown as { __fragmentLists: () => number }).__fragmentLists = () => fragmentLists;
  // Put back once the SDK has captured the counting one: the truth oracle queries every root too.
  (window as unknown as { __uncountFragments: () => void }).__uncountFragments = () =>
    Object.defineProperty(DocumentFragment.prototype, 'querySelectorAll', q);
  // The characters textContent gave, all reads together.
  let chars = 0;
  const text = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
  Object.defineProperty(Node.prototype, 'textContent', {
    ...text,
    get(this: Node) {
      const value = text.get!.call(this) as string | null;
      chars += value?.length ?? 0;
      return value;
    },
  });
  (window as unknown as { __chars: () => number }).__chars = () => chars;
  wrap(window, 'getComputedStyle');
  (window as unknown as { __reads: () => number }).__reads = () => reads;
  (window as unknown as { __count: (name: string) => number }).__count = (name) => byName[name] ?? 0;
  // control.labels walks the whole document for every control after any DOM change: counted apart.
  let labels = 0;
  for (const proto of [
    HTMLInputElement.prototype,
    HTMLSelectElement.prototype,
    HTMLTextAreaElement.prototype,
  ]) {
    const d = Object.getOwnPropertyDescriptor(proto, 'labels')!;
    Object.defineProperty(proto, 'labels', {
      ...d,
      get(this: unknown) {
        labels++;
        return d.get!.call(this);
      },
    });
  }
  (window as unknown as { __labels: () => number }).__labels = () => labels;
}

async function pageOf(html: string): Promise<Page> {
  const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(slowPageClock, 10);
  await page.addInitScript(countReads);
  // A page of its own (init scripts run on navigation), served from memory.
  await page.route('**/work.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><title>Work</title></head><body>${html}</body></html>`,
    }),
  );
  await page.goto(`${ctx.server.url}/work.html`);
  await page.addScriptTag({ path: BUNDLE });
  await page.evaluate(() => (window as unknown as { __uncountFragments: () => void }).__uncountFragments());
  // The element index is built once per page (every element, in slices): not the call's own work.
  await page.evaluate(() => window.LLMHelper.prepare());
  return page;
}

/** The reads `call` makes, after a first run of it (what it caches once is not per call). */
async function readsOf(page: Page, call: string): Promise<{ reads: number; result: string }> {
  return page.evaluate(async (call) => {
    const run = () => (0, eval)(call) as unknown;
    await run();
    const before = (window as unknown as { __reads: () => number }).__reads();
    const result = JSON.stringify(await run());
    return { reads: (window as unknown as { __reads: () => number }).__reads() - before, result };
  }, call);
}

const table = (rows: number) =>
  `<h1>Orders</h1><table aria-label="Orders"><thead><tr><th>Name</th><th>Total</th><th>Action</th></tr></thead><tbody>${Array.from(
    { length: rows },
    (_, i) => `<tr><td>Order ${i}</td><td>${i % 97} EUR</td><td><button>Edit</button></td></tr>`,
  ).join('')}</tbody></table>`;
const items = (n: number) =>
  `<h1>Items</h1><ul>${Array.from({ length: n }, (_, i) => `<li><a href="#${i}">Item ${i}</a></li>`).join('')}</ul>`;

/** `n` components, each a shadow root of a few elements. */
const cardsPage = (n: number) =>
  `<h1>Cards</h1><div id="cards">${Array.from({ length: n }, (_, i) => `<x-card data-n="${i}"></x-card>`).join('')}</div>
  <script>customElements.define('x-card', class extends HTMLElement {
    connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<b>Card ' + this.dataset.n + '</b> <button>Open</button>'; }
  });</script>`;

describe('work per call, whatever the page size', () => {
  it('describe of a table reads about as much at 50,000 rows as at 5,000', async () => {
    const counts: number[] = [];
    for (const rows of [5_000, 50_000]) {
      const page = await pageOf(table(rows));
      const { reads, result } = await readsOf(page, "LLMHelper.describe('table')");
      expect(result).toContain(`${rows} rows`);
      expect(result).toMatch(/First rows: Order 0 \| 0 EUR/);
      counts.push(reads);
      await page.close();
    }
    console.log(`describe('table') reads at 5,000 and 50,000 rows: ${counts.join(', ')}`);
    // Bounded: ten times the rows, not ten times the reads (a read per row would add 45,000).
    expect(counts[1], `reads at 5,000 and 50,000 rows: ${counts.join(', ')}`).toBeLessThan(
      counts[0]! * 1.5 + 500,
    );
  }, 180_000);

  it('find with limit 1000 reads about as much with 100,000 matches as with 10,000', async () => {
    const counts: number[] = [];
    for (const n of [10_000, 100_000]) {
      const page = await pageOf(items(n));
      const { reads, result } = await readsOf(page, "LLMHelper.find('Item', { limit: 1000 })");
      expect(JSON.parse(result).length).toBeGreaterThan(10);
      counts.push(reads);
      await page.close();
    }
    console.log(`find limit 1000 reads at 10,000 and 100,000 matches: ${counts.join(', ')}`);
    expect(counts[1], `reads at 10,000 and 100,000 matches: ${counts.join(', ')}`).toBeLessThan(
      counts[0]! * 1.5 + 500,
    );
  }, 180_000);

  it("summary reads about as many paragraphs' text on a page of 50,000 as of 5,000, and says their number to two figures", async () => {
    const counts: number[] = [];
    for (const n of [5_000, 50_000]) {
      const paragraphs = Array.from(
        { length: n },
        (_, i) => `<p>Paragraph ${i}, with the words around it that an article has.</p>`,
      ).join('');
      const page = await pageOf(`<h1>Notes</h1><main>${paragraphs}</main>`);
      const { reads, result } = await page.evaluate(() => {
        document.body.appendChild(document.createElement('span')).remove();
        const w = window as unknown as { __count: (name: string) => number };
        const before = w.__count('textContent');
        const result = window.LLMHelper.summary();
        return { reads: w.__count('textContent') - before, result };
      });
      expect(result).toContain(`in ${n} paragraphs`);
      counts.push(reads);
      await page.close();
    }
    console.log(`summary's text reads at 5,000 and 50,000 paragraphs: ${counts.join(', ')}`);
    // Every paragraph's text was read: 5,000 and 50,000.
    expect(counts[1], `text reads at 5,000 and 50,000 paragraphs: ${counts.join(', ')}`).toBeLessThan(
      counts[0]! * 1.5 + 500,
    );
  }, 180_000);

  it("never asks the browser for a control's labels, which walks the whole page for each control", async () => {
    const rows = Array.from(
      { length: 2_000 },
      (_, i) =>
        `<tr><td><label><input type="checkbox"> Order ${i}</label></td><td><label for="q${i}">Qty</label><input id="q${i}"></td></tr>`,
    ).join('');
    const page = await pageOf(`<h1>Orders</h1><table aria-label="Orders"><tbody>${rows}</tbody></table>`);
    const calls = [
      'LLMHelper.snapshot()',
      'LLMHelper.summary()',
      "LLMHelper.find('Order 1', { limit: 50 })",
      "LLMHelper.describe('table')",
    ];
    for (const call of calls) {
      const { labels, result } = await page.evaluate(async (call) => {
        document.body.appendChild(document.createElement('span')).remove();
        const w = window as unknown as { __labels: () => number };
        const before = w.__labels();
        const result = JSON.stringify(await ((0, eval)(call) as unknown));
        return { labels: w.__labels() - before, result };
      }, call);
      expect(labels, `${call} read control.labels ${labels} times`).toBe(0);
      // The labels still name their controls.
      if (call.startsWith('LLMHelper.find')) expect(result).toContain('checkbox');
      if (call.startsWith('LLMHelper.snapshot')) expect(result).toMatch(/Qty/);
    }
    await page.close();
  }, 120_000);

  it('find looks up no button around every <i> of a text (an icon with text is in a button with text)', async () => {
    const widgets = Array.from(
      { length: 3_000 },
      (_, i) =>
        `<div><b>Item ${i}</b> <i>alpha</i> <input aria-label="Qty ${i}" value="1"><button>Add</button></div>`,
    ).join('');
    const page = await pageOf(`<h1>Shop</h1>${widgets}<button aria-label="Close cart"><svg></svg></button>`);
    const { closest, result } = await page.evaluate(async () => {
      document.body.appendChild(document.createElement('span')).remove();
      const w = window as unknown as { __count: (name: string) => number };
      const before = w.__count('closest');
      const result = JSON.stringify(window.LLMHelper.find('Close cart'));
      return { closest: w.__count('closest') - before, result };
    });
    // The icon button is still found by its name; the 3,000 italics cost no lookup each.
    expect(result).toContain('Close cart');
    expect(closest, `closest() calls: ${closest}`).toBeLessThan(100);
    await page.close();
  }, 120_000);

  it("an action's looks over 2,000 shadow roots make a list only where a root has what they look for", async () => {
    const page = await pageOf(cardsPage(2_000));
    const { lists, result } = await page.evaluate(async () => {
      const w = window as unknown as { __fragmentLists: () => number };
      const before = w.__fragmentLists();
      const result = await window.LLMHelper.click('[data-n="1999"]');
      return { lists: w.__fragmentLists() - before, result: JSON.stringify(result) };
    });
    expect(JSON.parse(result).ok, result).toBe(true);
    // Finding the target by selector, and the layers before and after: each was a list per root.
    expect(lists, `shadow root lists made by a click: ${lists}`).toBeLessThan(100);
    await page.close();
  }, 120_000);

  it('a first call after prepare() starts watching no shadow root (prepare watched them all, a slice at a time), and find reads the clock less than once a root', async () => {
    const page = await pageOf(cardsPage(2_000));
    const { observed, clock, result } = await page.evaluate(() => {
      const w = window as unknown as { __count: (name: string) => number };
      const [observe, now] = [w.__count('observe'), w.__count('now')];
      const result = JSON.stringify(window.LLMHelper.find('Card 1999'));
      return { observed: w.__count('observe') - observe, clock: w.__count('now') - now, result };
    });
    expect(result).toContain('Card 1999');
    expect(observed, `roots observed by the first find: ${observed}`).toBeLessThan(10);
    // Its budget's clock: read at every check, it was read twice a root.
    expect(clock, `clock reads by find over 2,000 shadow roots: ${clock}`).toBeLessThan(1_000);
    await page.close();
  }, 120_000);

  it("find's time runs from the call's start: where finding the page's roots used it all, it answers and says it stopped", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
    // A clock that the first read of a host's shadow root once __slow is set moves on by a second: the
    // call's finding of the roots then takes a second by the page's clock, over the search's 150 ms.
    await page.addInitScript(() => {
      const w = window as unknown as { __slow: boolean };
      const now = performance.now.bind(performance);
      let ahead = 0;
      performance.now = () => now() + ahead;
      const d = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot')!;
      Object.defineProperty(Element.prototype, 'shadowRoot', {
        ...d,
        get(this: Element) {
          if (w.__slow) {
            w.__slow = false;
            ahead += 1000;
          }
          return d.get!.call(this) as ShadowRoot | null;
        },
      });
    });
    await page.route('**/cards.html', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><body>${cardsPage(2_000)}</body>` }),
    );
    await page.goto(`${ctx.server.url}/cards.html`);
    await page.addScriptTag({ path: BUNDLE });
    await page.evaluate(() => window.LLMHelper.prepare());
    const { note, spent } = await page.evaluate(() => {
      const w = window as unknown as { __slow: boolean };
      // A change, so that the call looks for the roots again.
      document.body.append(document.createElement('span'));
      w.__slow = true;
      const t = performance.now();
      const found = window.LLMHelper.find('Card 1999');
      return { note: found.note ?? '', spent: performance.now() - t };
    });
    // (Its time counted from after the roots, the search read them all within its 150 ms.)
    expect(spent, 'the page clock ran on while the roots were found').toBeGreaterThan(1000);
    expect(note).toContain('The search stopped after');
    await page.close();
  }, 120_000);

  it('find on a page with more than ASCII walks the text nodes only as far as its hit, and places hits after unified text', async () => {
    // Dashes, quotes and soft hyphens (which unifying removes, so that every later offset moves) all over.
    const notes = (from: number) =>
      Array.from({ length: 5_000 }, (_, i) => `<p>Note ${from + i} — “Donau\u00addampf” ﬁle</p>`).join('');
    const page = await pageOf(
      `<h1>Notes</h1><p>Ｏｒｄｅｒ 12345</p>${notes(0)}<p>Order 77777</p>${notes(5_000)}`,
    );
    const found = await page.evaluate(() => {
      document.body.appendChild(document.createElement('span')).remove();
      const w = window as unknown as { __count: (name: string) => number };
      const read = (call: () => unknown) => {
        const before = w.__count('nextNode');
        const result = JSON.stringify(call());
        return { steps: w.__count('nextNode') - before, result };
      };
      return [
        read(() => window.LLMHelper.find('Order 12345')),
        read(() => window.LLMHelper.find('Order 77777')),
        read(() => window.LLMHelper.find('Donaudampf', { limit: 3 })),
      ];
    });
    // The full-width first line is found by its plain spelling, with a step or two of the walk.
    expect(found[0]!.result).toContain('Ｏｒｄｅｒ 12345');
    expect(found[0]!.steps, `text nodes walked for a hit at the top: ${found[0]!.steps}`).toBeLessThan(50);
    // The line after 5,000 notes, each a character shorter once unified, is found itself.
    expect(found[1]!.result).toMatch(/"Order 77777"/);
    expect(found[1]!.steps).toBeLessThan(5_200 * 3);
    expect(found[2]!.result).toContain('Note 0 ');
    await page.close();
  }, 120_000);

  it('find reads about as much text for its first hits on a page ten times longer, and finds a line split over inline elements in any part', async () => {
    const notes = (n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `<p>Note ${i}: <b>Ord</b><em>er</em> ${i}, with the words around it that a log line has.</p>`,
      ).join('');
    const read: number[] = [];
    for (const n of [5_000, 50_000]) {
      const page = await pageOf(
        `<h1>Notes</h1><main><section>${notes(n)}</section><aside>Help</aside></main>`,
      );
      const r = await page.evaluate(async (n) => {
        document.body.appendChild(document.createElement('span')).remove();
        const w = window as unknown as { __chars: () => number };
        const before = w.__chars();
        const first = window.LLMHelper.find(/Note \d/, { limit: 1 });
        const chars = w.__chars() - before;
        // Lines far into the page, each "Order" split over two inline elements: found as the agent's
        // find tool searches (in slices, with its time for a long page), so that a loaded machine's
        // slower scan does not end at the console's 150 ms before the line.
        const far: string[][] = [];
        for (const i of [n - 1, Math.floor(n / 2), 1234])
          far.push((await window.LLMHelper.inSlices.find(`Order ${i},`)).map((m) => m.text));
        return { chars, first: first.map((m) => m.text), far };
      }, n);
      read.push(r.chars);
      expect(r.first).toEqual(['Note 0: Order 0, with the words around it that a log line has.']);
      for (const [k, i] of [n - 1, Math.floor(n / 2), 1234].entries())
        expect(r.far[k]).toEqual([`Note ${i}: Order ${i}, with the words around it that a log line has.`]);
      await page.close();
    }
    console.log(
      `characters of text read by a find with a hit on every line, limit 1, at 5,000 and 50,000 lines: ${read.join(', ')}`,
    );
    expect(read[1], `characters read: ${read.join(', ')}`).toBeLessThan(read[0]! * 1.5 + 1000);
  }, 120_000);
});

/**
 * The calls the agent makes run in slices (src/page/dom/slices.ts), the page running between them
 * (issue #62). With configure({ sliceMs: 0 }) every chance to pause is taken, so a call on a small page
 * pauses as often as one on a large page does. Properties, over random pages (fast-check):
 *  - left alone, a call in slices answers what the same call at once answers;
 *  - rows the page appends while it pauses do not disturb it: every row that matched before is found;
 *  - rows the page removes while it pauses are never answered: every element a find returns is still in
 *    the page and still reads what it matched.
 */
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

/** The global as these tests call it (a loose view: the calls are compared, not typed apart). */
interface Helper {
  configure(o: object): void;
  find(pattern: string, options?: object): { id: number; text: string }[];
  describe(target: number | string): string;
  click(id: number): Promise<{ ok: boolean; message: string }>;
  [call: string]: unknown;
  inSlices: Record<string, (...a: unknown[]) => Promise<unknown>> & {
    find(pattern: string, options?: object): Promise<{ id: number; text: string }[]>;
  };
}

/** A page of orders: a table of rows (name, state, a button) and a list, from generated words. */
const rowsOf = fc.array(
  fc.record({
    name: fc.oneof(fc.constantFrom('Order', 'Invoice', 'Ticket'), fc.string({ minLength: 1, maxLength: 8 })),
    n: fc.integer({ min: 1, max: 999 }),
    state: fc.constantFrom('open', 'paid', 'late', 'Item'),
    button: fc.boolean(),
  }),
  { minLength: 1, maxLength: 60 },
);

async function setPage(page: Page, rows: { name: string; n: number; state: string; button: boolean }[]) {
  await page.evaluate((rows) => {
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    document.body.innerHTML = `<h1>Orders</h1><table aria-label="Orders"><thead><tr><th>Name</th><th>State</th><th></th></tr></thead><tbody>${rows
      .map(
        (r, i) =>
          `<tr data-row="${i}"><td>${esc(r.name)} ${r.n}</td><td>${r.state}</td><td>${r.button ? `<button>Edit ${esc(r.name)}</button>` : ''}</td></tr>`,
      )
      .join('')}</tbody></table><ul>${rows.map((r) => `<li>${esc(r.name)} note ${r.n}</li>`).join('')}</ul>`;
    const h = (window as unknown as { LLMHelper: Helper }).LLMHelper;
    h.configure({ sliceMs: 0 });
  }, rows);
}

describe('calls in slices', () => {
  it('answer as the same calls at once, when the page is left alone', async () => {
    const page = await ctx.open('slices.html');
    await fc.assert(
      fc.asyncProperty(
        rowsOf,
        fc.constantFrom('Order', 'Item', 'note', 'Edit', '7'),
        async (rows, pattern) => {
          await setPage(page, rows);
          const both = await page.evaluate(async (pattern) => {
            const h = (window as unknown as { LLMHelper: Helper }).LLMHelper;
            const table = h.find('Name', { type: 'table' });
            const id = table[0]?.id ?? 'table';
            const calls: [string, unknown[]][] = [
              ['find', [pattern, { limit: 100 }]],
              ['summary', []],
              ['snapshot', []],
              ['describe', [id]],
              ['extract', [id, 'rows']],
            ];
            const out: [unknown, unknown][] = [];
            for (const [name, args] of calls)
              out.push([
                (h[name] as (...a: unknown[]) => unknown)(...args),
                await h.inSlices[name]!(...args),
              ]);
            return out;
          }, pattern);
          for (const [atOnce, sliced] of both) expect(sliced).toEqual(atOnce);
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it('find goes on where it paused: rows the page appends meanwhile leave every earlier match found', async () => {
    const page = await ctx.open('slices.html');
    await fc.assert(
      fc.asyncProperty(rowsOf, async (rows) => {
        await setPage(page, rows);
        const r = await page.evaluate(async () => {
          const h = (window as unknown as { LLMHelper: Helper }).LLMHelper;
          const before = h.find('Order', { limit: 1000 }).map((m) => m.text);
          // The page adds a row at the end in every pause.
          let on = true;
          const tbody = document.querySelector('tbody')!;
          const add = () => {
            if (!on) return;
            tbody.insertAdjacentHTML('beforeend', '<tr><td>Order added</td><td>new</td><td></td></tr>');
            setTimeout(add, 0);
          };
          setTimeout(add, 0);
          const sliced = (await h.inSlices.find('Order', { limit: 1000 })).map((m) => m.text);
          on = false;
          return { before, sliced };
        });
        for (const text of r.before) expect(r.sliced).toContain(text);
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('a long search that gives the collector idle time ends though the page broke requestIdleCallback', async () => {
    const page = await ctx.open('slices.html');
    const r = await page.evaluate(async () => {
      const h = (window as unknown as { LLMHelper: Helper }).LLMHelper;
      // About 3 million characters of text (past the garbage a search makes before it waits for idle
      // time), a match at the end, and an idle callback replaced by one that never calls back.
      const text = 'lorem ipsum dolor sit amet '.repeat(200);
      document.body.insertAdjacentHTML(
        'beforeend',
        `<div>${`<p>${text}</p>`.repeat(600)}<p>Needle here</p></div>`,
      );
      (window as unknown as { requestIdleCallback: () => number }).requestIdleCallback = () => 0;
      return (await h.inSlices.find('Needle here')).map((m) => m.text);
    });
    expect(r).toEqual(['Needle here']);
  }, 60_000);

  it('never answers what the page removed while the call paused', async () => {
    const page = await ctx.open('slices.html');
    await fc.assert(
      fc.asyncProperty(rowsOf, fc.integer({ min: 1, max: 5 }), async (rows, every) => {
        await setPage(page, rows);
        const r = await page.evaluate(async (every) => {
          const h = (window as unknown as { LLMHelper: Helper }).LLMHelper;
          // The page removes a row (and a list item) in every few pauses.
          let on = true;
          let tick = 0;
          const remove = () => {
            if (!on) return;
            if (++tick % every === 0) {
              document.querySelector('tbody tr')?.remove();
              document.querySelector('li')?.remove();
            }
            setTimeout(remove, 0);
          };
          setTimeout(remove, 0);
          const found = await h.inSlices.find('Order|note|Edit', { limit: 1000 });
          on = false;
          // Each by its ID as it stands: an element the page removed would be gone, or re-located.
          return found.map((m) => {
            try {
              return { text: m.text, now: h.describe(m.id) };
            } catch (e) {
              return { text: m.text, now: `gone: ${(e as Error).message}` };
            }
          });
        }, every);
        for (const m of r) {
          expect(m.text).toMatch(/Order|note|Edit/);
          expect(m.now).not.toMatch(/^gone|re-located/);
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('an action looks at the page in slices too, and says what it did', async () => {
    const page = await ctx.open('slices.html');
    await setPage(page, [{ name: 'Order', n: 7, state: 'open', button: true }]);
    const r = await page.evaluate(async () => {
      const h = (window as unknown as { LLMHelper: Helper }).LLMHelper;
      document.querySelector('button')!.addEventListener('click', () => {
        document.querySelector('td:nth-child(2)')!.textContent = 'done';
      });
      return h.click(h.find('Edit Order')[0]!.id);
    });
    expect(r.ok).toBe(true);
    expect(r.message).toMatch(/Clicked .*Edit Order/);
    expect(r.message).toMatch(/done/);
  });
});

describe('an action whose target the page draws again while the action looks at the page', () => {
  it('presses the element standing for it, so the page answers the click', async () => {
    const page = await ctx.open('slices.html');
    const rows = Array.from({ length: 40 }, (_, i) => ({
      name: 'Order',
      n: i + 1,
      state: 'open',
      button: true,
    }));
    await setPage(page, rows);
    const r = await page.evaluate(async () => {
      const h = (window as unknown as { LLMHelper: Helper }).LLMHelper;
      // A live dashboard: its rows drawn again on every turn of the event loop, the same rows with new
      // elements; a click on a row's button is answered by a listener on the table.
      const body = document.querySelector('tbody')!;
      const html = body.innerHTML;
      const pressed: string[] = [];
      document.querySelector('table')!.addEventListener('click', (e) => {
        const b = (e.target as Element).closest('button');
        if (b) pressed.push(b.closest('tr')!.cells[0]!.textContent!);
      });
      let on = true;
      const redraw = () => {
        if (!on) return;
        body.innerHTML = html;
        setTimeout(redraw, 0);
      };
      const id = h.find('^Edit Order$')[6]!.id;
      setTimeout(redraw, 0);
      const result = await h.click(id);
      on = false;
      return { ...result, pressed };
    });
    expect(r.pressed).toEqual(['Order 7']);
    expect(r.ok, r.message).toBe(true);
  }, 60_000);
});

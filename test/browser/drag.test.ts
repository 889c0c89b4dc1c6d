/**
 * drag(a, b) puts a where b is, in every direction, first↔last included, on the three kinds of sortable
 * list real pages use: jQuery UI sortable (mouse events), SortableJS (HTML5 drag events) and a
 * hand-written HTML5 drag-and-drop list.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await ctx.open('drag.html');
});
afterAll(() => page?.close());

const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];
const PAIRS = NAMES.flatMap((_, from) => NAMES.map((__, to) => [from, to] as const)).filter(
  ([a, b]) => a !== b && (a === 0 || b === 0 || a === 4 || b === 4 || Math.abs(a - b) === 1),
);

/** The list as it should be after moving item `from` to index `to`. */
const moved = (from: number, to: number): string[] => {
  const out = [...NAMES];
  out.splice(to, 0, ...out.splice(from, 1));
  return out;
};

describe.each(['jq', 'sj', 'h5'])('drag on list #%s', (list) => {
  it.each(PAIRS)('item %i onto item %i takes its place', async (from, to) => {
    const r = await page.evaluate(
      async ([list, from, to]) => {
        window.reset();
        const h = window.LLMHelper;
        const id = (i: number) => h.find({ type: `#${list} li:nth-child(${i + 1})` })[0]!.id;
        const res = await h.drag(id(from), id(to));
        return { ok: res.ok, message: res.message, order: window.order(list) };
      },
      [list, from, to] as const,
    );
    expect(r.order, r.message).toEqual(moved(from, to));
  });
});

describe('explicit positions', () => {
  it("'before' and 'after' drop on that side of the target", async () => {
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (i: number) => h.find({ type: `#h5 li:nth-child(${i + 1})` })[0]!.id;
      window.reset();
      await h.drag(id(0), id(3), { position: 'before' });
      const before = window.order('h5');
      window.reset();
      await h.drag(id(4), id(1), { position: 'after' });
      return { before, after: window.order('h5') };
    });
    expect(r.before).toEqual(['Bravo', 'Charlie', 'Alpha', 'Delta', 'Echo']);
    expect(r.after).toEqual(['Alpha', 'Bravo', 'Echo', 'Charlie', 'Delta']);
  });
});

describe('a tab that draws no frames', () => {
  it('drags all the same (a background tab, or a page that replaced requestAnimationFrame)', async () => {
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (i: number) => h.find({ type: `#h5 li:nth-child(${i + 1})` })[0]!.id;
      window.reset();
      const raf = window.requestAnimationFrame;
      // What a hidden tab does: the callback waits until the tab is shown, here never.
      window.requestAnimationFrame = () => 0;
      try {
        const moved = await Promise.race([
          h.drag(id(0), id(2)).then((x) => x.ok),
          new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000)),
        ]);
        return { moved, order: window.order('h5') };
      } finally {
        window.requestAnimationFrame = raf;
      }
    });
    expect(r).toEqual({ moved: true, order: ['Bravo', 'Charlie', 'Alpha', 'Delta', 'Echo'] });
  });
});

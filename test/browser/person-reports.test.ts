/**
 * Reports and look-ups a person would agree with (#50 items 5-11): what went away and what appeared,
 * phrases across inline elements, a row's hover-only controls, replacement selects, patterns that match
 * the empty string, a small page listed whole, "in view" by a hit test, a refused submit, a sort's
 * order, a search's debounce, editors found by name, findNear without a pattern.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('reports say what went away and what appeared', () => {
  it('a click that deletes an item names the item', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const [del] = h.findNear(h.find('Buy milk')[0]!.id, 'Delete');
      return h.click(del!.id);
    });
    expect(r.message).toMatch(/went away \("Buy milk/);
    await page.close();
  });

  it('an edit field a class change shows after a double click is reported with its ID', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return h.dblclick(h.find('Walk dog')[0]!.id);
    });
    expect(r.message).toMatch(/new control \(\[\d+\] textbox[^)]*value "Walk dog"/);
    await page.close();
  });

  it('the controls of a component added with a shadow root are reported', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return h.click(h.find('Add widget')[0]!.id);
    });
    expect(r.message).toMatch(/new control \(\[\d+\] button "Configure widget"\)/);
    await page.close();
  });
});

describe('look-ups a person would agree with', () => {
  it('a count split over inline elements is found as the phrase a person reads', async () => {
    const page = await ctx.open('person-reports.html');
    const m = await page.evaluate(() => window.LLMHelper.find('rows? selected'));
    expect(m[0]!.text).toBe('2 rows selected');
    await page.close();
  });

  it("findNear lists the item's hover-only controls with their IDs, and a click by ID works", async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const anchor = h.find('Report A')[0]!.id;
      const near = h.findNear(anchor, { type: 'button' });
      const hovered = await h.hover(anchor);
      const id = Number(/\[(\d+)\] button "Delete"/.exec(near.note ?? '')?.[1]);
      const clicked = await h.click(id);
      return { note: near.note, hovered, clicked, left: document.querySelectorAll('#reports li').length };
    });
    expect(r.note).toMatch(/Shown only on hover of .*CSS :hover.*\[\d+\] button "Delete"/);
    expect(r.hovered.message).toMatch(/only on CSS :hover.*still hidden/);
    expect(r.left).toBe(1);
    expect(r.clicked.ok).toBe(true);
    expect(r.clicked.message).toMatch(/went away \("Report A/);
    await page.close();
  });

  it('a replacement select is chosen through the widget it draws, whose text then shows the choice', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.select('#country', 'DE');
      return {
        res,
        shows: document.getElementById('country-box')!.textContent,
        value: (document.getElementById('country') as HTMLSelectElement).value,
      };
    });
    expect(r.value).toBe('DE');
    expect(r.shows).toBe('Germany');
    expect(r.res.ok).toBe(true);
    await page.close();
  });

  it('a pattern that matches the empty string matches nameless elements too', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const idOf = (id: number) => {
        try {
          return h.extract(id, 'id');
        } catch {
          return '';
        }
      };
      const ids = (m: { id: number }[]) => m.map((x) => idOf(x.id));
      return {
        none: ids(h.find({ type: 'button', limit: 100 })),
        dotStar: ids(h.find('.*', { type: 'button', limit: 100 })),
        regex: ids(h.find(/.*/, { type: 'button', limit: 100 })),
      };
    });
    expect(r.none).toContain('bare');
    expect(r.dotStar).toContain('bare');
    expect(r.regex).toContain('bare');
    await page.close();
  });

  it("an editor's contenteditable textbox is found by the name the listing shows", async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      return {
        listed: h.find({ type: 'textbox' }).map((m) => m.text),
        named: h.find('Body', { type: 'textbox' }),
      };
    });
    expect(r.listed).toContain('Body');
    expect(r.named.map((m) => m.text)).toContain('Body');
    await page.close();
  });

  it('findNear takes a null pattern as none', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      return h.findNear(h.find('Buy milk')[0]!.id, null, { type: 'button' }).map((m) => m.text);
    });
    expect(r[0]).toBe('Delete');
    await page.close();
  });
});

describe('summary', () => {
  it('a small page lists every control with its ID', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const text = h.summary();
      const ids = new Set([...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
      const controls = h
        .find({ type: 'any', limit: 100 })
        .filter((m) => /button|link|textbox|combobox|checkbox/.test(m.role ?? m.tag));
      return { text, missing: controls.filter((c) => !ids.has(c.id)).map((c) => c.text) };
    });
    expect(r.missing).toEqual([]);
    expect(r.text).toMatch(/^Controls: /m);
    await page.close();
  });

  it('"in view" lists only controls a click at their centre reaches: not a toolbar behind the header', async () => {
    const page = await ctx.open('person-view.html');
    const text = await page.evaluate(() => window.LLMHelper.summary());
    expect(text).toMatch(/Main actions in view: .*New order/);
    expect(text).not.toMatch(/Export selected|Tag selected|Remove selected/);
    await page.close();
  });
});

describe('an action whose purpose did not happen says so', () => {
  it('a submit the page refuses again: not sent, with every field in error, the editor included', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const save = h.find('Save', { type: 'button' })[0]!.id;
      const first = await h.click(save);
      const second = await h.click(save);
      return { first, second };
    });
    for (const res of [r.first, r.second]) {
      expect(res.ok).toBe(false);
      expect(res.message).toMatch(/the form was not sent: 2 fields in error/);
      expect(res.message).toMatch(/textbox "Title"/);
      expect(res.message).toMatch(/textbox "Body" \("Required"\)/);
    }
    await page.close();
  });

  it("a sort click says the order the rows are in, not the header's next action as new text", async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return h.click('#sort-name');
    });
    expect(r.message).toMatch(/sorted by Name \(ascending\), first rows: "Alice", "Bob", "Carol"/);
    expect(r.message).not.toMatch(/new text: "Sort by/);
    await page.close();
  });

  it('typing into a search waits for the debounced results and says which items went away', async () => {
    const page = await ctx.open('person-reports.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return h.type(h.find('Search fruit')[0]!.id, 'an');
    });
    expect(r.message).toMatch(/2 list items went away \("Apple", "Cherry"\)/);
    await page.close();
  });
});

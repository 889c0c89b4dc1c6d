import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { BUNDLE } from '../support/harness.mjs';
import { generateAppPage } from '../../bench/generate-app.mjs';

const ctx = useBrowser();

// What an agent reads without looking anything up: the summary and its own actions' reports give the
// IDs of the controls a next step needs.
describe('what the summary and an action report show', () => {
  it("the summary keeps a long form's submit button when its fields fill the list", async () => {
    const page = await ctx.open('reports.html', { height: 1400 });
    const summary = await page.evaluate(() => window.LLMHelper.summary());
    expect(summary).toMatch(/\[\d+\] button "Send the form"/);
    expect(summary).toMatch(/\[\d+\] textbox "Field 1"/);
    await page.close();
  });

  it('a tree item whose group follows it says it expanded and what the group holds', async () => {
    const page = await ctx.open('reports.html', { height: 1400 });
    const message = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return (await h.click(h.find('src', { type: 'treeitem' })[0]!.id)).message;
    });
    expect(message).toMatch(/treeitem "src" \(collapsed\); it is now expanded/);
    expect(message).toMatch(
      /showed \[\d+\] group with 2 controls \(\[\d+\] treeitem "main\.ts"; \[\d+\] treeitem "util\.ts"\)/,
    );
    await page.close();
  });

  it('a date picker that opens says every day with its ID, the later ones by ID and name alone', async () => {
    const page = await ctx.open('reports.html', { height: 1400 });
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const message = (await h.click(h.find('Choose a date', { type: 'button' })[0]!.id)).message;
      const day = /\[(\d+)\] "14"/.exec(message)?.[1];
      return { message, fourteen: day ? h.extract(Number(day), 'text') : null };
    });
    expect(r.message).toMatch(/30 new controls \(\[\d+\] button "1"; \[\d+\] "2";/);
    expect(r.message).toMatch(/\[\d+\] "30"\)/);
    expect(r.fourteen).toBe('14');
    await page.close();
  });
});

describe('page order across shadow trees and frames', () => {
  it('snapshot lists each tree right after its host, and a frame where it stands', async () => {
    const page = await ctx.open('order.html');
    await page.waitForFunction(() =>
      document.querySelector('iframe')?.contentDocument?.querySelector('button'),
    );
    const names = await page.evaluate(() =>
      [...window.LLMHelper.snapshot().matchAll(/button "(\w+)"/g)].map((m) => m[1]),
    );
    expect(names).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel']);
    await page.close();
  });
});

describe('a page too big to read whole', () => {
  it('snapshot reads it in page order up to what it can show, and says the rest was not read', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(generateAppPage(300_000));
    await page.addScriptTag({ path: BUNDLE });
    const r = await page.evaluate(async () => {
      // Indexed first: a call before that answers from the part its budget walked (element-index.test.ts).
      await window.LLMHelper.prepare();
      const s = window.LLMHelper.snapshot();
      return { lines: s.split('\n'), small: window.LLMHelper.snapshot({ within: 'header' }) };
    });
    expect(r.lines[0]).toMatch(/^\[\d+\] link "Home"/);
    expect(r.lines.join('\n')).toMatch(/button "Edit" in row "Order 0/);
    expect(r.lines.at(-1)).toMatch(
      /^… many more not shown \(the rest of the page was not read\)\. Narrow with within/,
    );
    // A part small enough is read whole, and nothing is left unsaid.
    expect(r.small).not.toMatch(/more not shown/);
    await page.close();
  }, 120_000);
});

describe('a long table', () => {
  it('describe counts its shown rows and the rows in view, scrolled too', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `<tr${i % 3 === 0 ? ' hidden' : ''}><td>Row ${i}</td><td><button>Open</button></td></tr>`,
    ).join('');
    await page.setContent(`<h1>Big</h1><table aria-label="Big"><tbody>${rows}</tbody></table>`);
    await page.addScriptTag({ path: BUNDLE });
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const table = h.find({ type: 'table' })[0]!.id;
      // What a person sees, measured row by row.
      const exact = () =>
        [...document.querySelectorAll('tr')].filter((tr) => {
          const b = tr.getBoundingClientRect();
          return !tr.hidden && b.bottom > 0 && b.top < innerHeight;
        }).length;
      const top = { text: h.describe(table), inView: exact() };
      window.scrollTo(0, 20_000);
      return { top, middle: { text: h.describe(table), inView: exact() } };
    });
    for (const at of [r.top, r.middle])
      expect(at.text).toContain(`3000 rows, 2000 shown, ${at.inView} in view.`);
    await page.close();
  });
});

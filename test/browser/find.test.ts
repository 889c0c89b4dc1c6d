import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

const domIds = (page: Page, pattern: string | RegExp, opts: object = {}) =>
  page.evaluate(
    ([p, o]) =>
      window.LLMHelper.find(p as string, o as object).map((m) => {
        // Resolve each returned ID back to the element's DOM id through extract, as a caller would.
        return (window.LLMHelper.extract(m.id, 'id') as string) ?? '';
      }),
    [pattern instanceof RegExp ? pattern.source : pattern, opts] as const,
  );

describe('find: visibility (real layout)', () => {
  it('excludes hidden elements by default: display none, visibility hidden, zero size, aria-hidden, inert, clipped, collapsed', async () => {
    const page = await ctx.open('visibility.html');
    expect(await domIds(page, 'Target')).toEqual(['shown', 'offscreen']);
    await page.close();
  });

  it('marks off-screen matches, and drops them when visible is "viewport"', async () => {
    const page = await ctx.open('visibility.html');
    const all = await page.evaluate(() => window.LLMHelper.find('Target'));
    expect(all.map((m) => m.offscreen ?? false)).toEqual([false, true]);
    expect(await domIds(page, 'Target', { visible: 'viewport' })).toEqual(['shown']);
    await page.close();
  });

  it('returns hidden ones too with visible: false, each saying why it is hidden', async () => {
    const page = await ctx.open('visibility.html');
    const all = await page.evaluate(() => window.LLMHelper.find('Target', { visible: false, limit: 20 }));
    const hidden = Object.fromEntries(
      await page.evaluate(
        (ms) => ms.map((m) => [window.LLMHelper.extract(m.id, 'id') ?? m.text, m.hidden ?? 'visible']),
        all,
      ),
    );
    expect(hidden).toMatchObject({
      shown: 'visible',
      'display-none': 'hidden by CSS',
      'vis-hidden': 'hidden by CSS',
      zero: 'zero size',
      offscreen: 'visible',
    });
    expect(Object.keys(hidden)).toEqual(
      expect.arrayContaining(['aria-hidden', 'inert', 'clipped', 'collapsed']),
    );
    await page.close();
  });

  it('counts a transparent field laid over what is drawn for it as visible, and clicks land on it', async () => {
    const page = await ctx.open('visibility.html');
    // Not one whose box is transparent too (a fading dialog), nor one squeezed to a few pixels.
    expect(await domIds(page, 'Drawn')).toEqual(['drawn-file', 'drawn-select']);
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return [
        await h.select(h.find('Drawn size')[0]!.id, 'Large'),
        await h.upload(h.find('Drawn file')[0]!.id, { name: 'a.txt', content: 'x' }),
      ];
    });
    for (const x of r) expect(x.ok, x.message).toBe(true);
    expect(await page.inputValue('#drawn-select')).toBe('Large');
    await page.close();
  });

  it('uses the full check (aria-hidden, inert, clipping) for what it returns', async () => {
    const page = await ctx.open('visibility.html');
    const ids = await domIds(page, /Target (aria|inert|clipped|in collapsed)/.source);
    expect(ids).toEqual([]);
    await page.close();
  });
});

describe('find: text as a person reads it', () => {
  it('matches text split over inline elements as one string', async () => {
    const page = await ctx.open('visibility.html');
    const m = await page.evaluate(() => window.LLMHelper.find('split text over inline elements'));
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ tag: 'p', text: 'Some split text over inline elements here.' });
    await page.close();
  });

  it('matches across node boundaries without merging separate blocks', async () => {
    const page = await ctx.open('visibility.html');
    const r = await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<p id="hl">Results for <mark>inv</mark>oices</p>
         <table><tr><td>Name</td><td>Date</td></tr><tr><td>KB</td><td><button>Download</button></td></tr></table>
         <div><button>
            Delete
         </button></div>`,
      );
      const f = (p: string | RegExp, o = {}) => window.LLMHelper.find(p, o).map((m) => `${m.tag}:${m.text}`);
      return {
        splitWord: f('invoices'),
        acrossCells: f('Name Date'),
        wordBoundary: f(/\bDownload\b/),
        anchored: f('^Delete$'),
        exact: f('delete', { exact: true }),
      };
    });
    expect(r.splitWord).toEqual(['p:Results for invoices']);
    expect(r.acrossCells).toEqual([]);
    expect(r.wordBoundary).toEqual(['button:Download']);
    expect(r.anchored).toEqual(['button:Delete']);
    expect(r.exact).toEqual(['button:Delete']);
    await page.close();
  });

  it('finds text far into a long block (a log in a <pre>), and shows the text around it', async () => {
    const page = await ctx.open('visibility.html');
    const r = await page.evaluate(() => {
      const log = document.createElement('pre');
      const lines = Array.from({ length: 4000 }, (_, i) => `12:00:${i % 60} INFO job ${i} done`);
      lines[3500] = '12:58:20 ERROR job 3500 failed: disk full';
      // Split over text nodes and inline spans, as a log viewer writes it.
      log.append(lines.slice(0, 3000).join('\n'));
      const span = document.createElement('span');
      span.textContent = lines.slice(3000).join('\n');
      log.append(span, '\nend of log');
      document.body.append(log);
      const h = window.LLMHelper;
      return {
        error: h.find(/ERROR job \d+ failed/),
        end: h.find('end of log'),
        words: h.find(/INFO job 3999\b/),
      };
    });
    expect(r.error).toEqual([
      expect.objectContaining({ text: expect.stringMatching(/^….*ERROR job 3500 failed: disk full/) }),
    ]);
    expect(r.error[0]!.text.length).toBeLessThanOrEqual(81);
    expect(r.end).toEqual([
      expect.objectContaining({ tag: 'pre', text: expect.stringMatching(/end of log$/) }),
    ]);
    expect(r.words).toHaveLength(1);
    await page.close();
  });

  it('returns the link for text inside it, and treats &nbsp; as a space', async () => {
    const page = await ctx.open('visibility.html');
    const link = await page.evaluate(() => window.LLMHelper.find('inline elements'));
    expect(link[0]).toMatchObject({ tag: 'a', role: 'link', text: 'inline elements', href: '/somewhere' });
    const price = await page.evaluate(() => window.LLMHelper.find('Price: 42 EUR'));
    expect(price[0]).toMatchObject({ tag: 'p', text: 'Price: 42 EUR' });
    await page.close();
  });
});

describe('find: matching, ranking and options', () => {
  it('ranks the interactive exact match first and never returns a wrapper with its own child', async () => {
    const page = await ctx.open('invoices.html');
    const m = await page.evaluate(() => window.LLMHelper.find('Invoices'));
    expect(m[0]).toMatchObject({ tag: 'a', text: 'Invoices' });
    const texts = m.map((x) => `${x.tag}:${x.text}`);
    expect(new Set(texts).size).toBe(texts.length);
    await page.close();
  });

  it('a bare close box (span.close with a ×) is a button; a close box inside a button leads to the button', async () => {
    const page = await ctx.open('visibility.html');
    const r = await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<div class="box"><span id="bare" class="close">&times;</span><p>A hand-made modal</p></div>
         <button id="dismiss" aria-label="Dismiss"><span class="btn-close">×</span></button>`,
      );
      const h = window.LLMHelper;
      return h.find('×').map((m) => `${h.extract(m.id, 'id') as string} ${m.tag} ${m.role ?? ''}`);
    });
    expect(r.sort()).toEqual(['bare span button', 'dismiss button ']);
    await page.close();
  });

  it('an icon that shows a pointer of its own is a button; one in a clickable row or in a button is not', async () => {
    const page = await ctx.open('visibility.html');
    const r = await page.evaluate(async () => {
      document.body.insertAdjacentHTML(
        'afterbegin',
        `<table id="icons"><tbody>
           <tr><td>Report 7</td><td><i id="trash" class="fa fa-trash" style="cursor: pointer; display: inline-block; width: 16px; height: 16px" onclick="this.dataset.hit = 'yes'"></i>
             <svg id="pen" class="icon-edit" viewBox="0 0 24 24" width="16" height="16" style="cursor: pointer"><path d="M3 21l3-1L19 7l-2-2L4 18z"/></svg></td></tr>
           <tr style="cursor: pointer"><td>Report 8</td><td><i id="inherited" class="fa fa-eye"></i></td></tr>
         </tbody></table>
         <button id="save"><i class="fa fa-save" style="cursor: pointer"></i></button>
         <ul id="files"><li><i class="fa fa-file"></i> <a href="/r1">Report one</a></li><li><svg viewBox="0 0 8 8" width="8"></svg> <a href="/r2">Report two</a></li></ul>
         <nav id="brand"><a href="/"><svg role="img" viewBox="0 0 30 7" width="120" height="28"><title>Acme logo</title><rect width="30" height="7"></rect></svg></a></nav>`,
      );
      const h = window.LLMHelper;
      // A logo (svg role=img) in a link shows the link's pointer: the link is the control, the logo a picture.
      const logo = {
        buttons: h.find({ type: 'button', within: '#brand' }),
        links: h.find({ type: 'link', within: '#brand' }).map((m) => m.tag),
        images: h.find({ type: 'image', within: '#brand' }).map((m) => m.text),
        snapshot: h.snapshot({ within: '#brand' }),
      };
      // Icons that are only drawn are not controls: a list item's link is its action, not its icon.
      const files = h.describe('#files');
      const snapshot = h.snapshot({ within: '#icons' });
      const trash = h.find(/trash/);
      const clicked = await h.click(trash[0]!.id);
      return {
        logo,
        files,
        snapshot,
        trash,
        clicked: clicked.message,
        hit: document.getElementById('trash')!.dataset.hit,
      };
    });
    expect(r.snapshot).toMatch(
      /^\[\d+\] button "trash" in row "Report 7"\n\[\d+\] button "edit" in row "Report 7"$/,
    );
    expect(r.trash).toMatchObject([{ tag: 'i', role: 'button', row: 'Report 7' }]);
    expect(r.logo).toEqual({
      buttons: [],
      links: ['a'],
      images: ['Acme logo'],
      snapshot: expect.stringMatching(/^\[\d+\] link "Acme logo" → \/$/),
    });
    expect(r.files).toMatch(/\[\d+\] link "Report one" → \/r1.*\[\d+\] link "Report two" → \/r2/);
    expect(r.clicked).toMatch(/^Clicked \[\d+\] button "trash"/);
    expect(r.hit).toBe('yes');
    await page.close();
  });

  it('finds a control by its label, placeholder, title or alt, and returns the control for a label', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => ({
      label: window.LLMHelper.find('Search invoices')[0],
      placeholder: window.LLMHelper.find('Email for copies')[0],
      title: window.LLMHelper.find('Export all invoices')[0],
      alt: window.LLMHelper.find('^Export$')[0],
      wrapped: window.LLMHelper.find('Paid only')[0],
    }));
    expect(r.label).toMatchObject({ tag: 'input', role: 'textbox', text: 'Search invoices' });
    expect(r.placeholder).toMatchObject({ tag: 'input', type: 'email', text: 'Email for copies' });
    expect(r.title).toMatchObject({ tag: 'a', href: '/export' });
    expect(r.alt).toMatchObject({ tag: 'a', href: '/export' });
    expect(r.wrapped).toMatchObject({ tag: 'input', type: 'checkbox', checked: true, text: 'Paid only' });
    await page.close();
  });

  it("an icon button whose title a tooltip library took (Bootstrap 3's and 5's, Ext JS's data-qtip) goes by it", async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        // What Bootstrap 3 leaves of <button title="Delete row">, what Bootstrap 5.0 leaves of a link's
        // title, and Ext JS's paging button (icon-only, its tooltip in data-qtip, class x-unselectable).
        `<div id="tips"><button class="btn" data-original-title="Delete row"><span class="glyphicon glyphicon-trash"></span></button>
         <a href="#" class="btn" data-bs-original-title="Archive"><span class="bi"></span></a>
         <a class="x-btn x-unselectable" role="button" data-qtip="Next Page"><span class="x-btn-icon-el x-tbar-page-next"></span><span>&nbsp;</span></a></div>`,
      );
      const h = window.LLMHelper;
      return {
        snapshot: h.snapshot({ within: '#tips' }),
        next: h.find('Next Page'),
        del: h.find(/delete row/i).map((m) => m.tag),
      };
    });
    expect(r.snapshot).toMatch(/button "Delete row"\n.*link "Archive".*\n.*button "Next Page"$/);
    expect(r.next).toEqual([expect.objectContaining({ tag: 'a', role: 'button', text: 'Next Page' })]);
    expect(r.del).toEqual(['button']);
    await page.close();
  });

  it('names unattached fields from the adjacent label text', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => ({
      year: window.LLMHelper.find({ type: 'select' })[0],
      customer: window.LLMHelper.find({ type: 'input', within: 'table:not(#invoices)' })[0],
    }));
    expect(r.year).toMatchObject({ tag: 'select', text: 'Year', value: '2024' });
    expect(r.customer).toMatchObject({ tag: 'input', text: 'Customer', value: 'ACME  Corp ' });
    // find by that label text returns the field first, not the static cell that names it
    const byText = await page.evaluate(() => window.LLMHelper.find('Customer')[0]);
    expect(byText).toMatchObject({ tag: 'input', text: 'Customer' });
    await page.close();
  });

  it('lists a type with no pattern, nameless controls included, in document order', async () => {
    const page = await ctx.open('invoices.html');
    const buttons = await page.evaluate(() => window.LLMHelper.find({ type: 'button', limit: 50 }));
    const trash = buttons.filter((b) => b.text === 'trash');
    expect(trash).toHaveLength(4);
    expect(trash.map((t) => t.row)).toEqual([
      'Invoice 2024-01',
      'Invoice 2024-02',
      'Invoice 2024-03',
      'Invoice 2024-04',
    ]);
    await page.close();
  });

  it('a role name find prints, asked for as a type, finds that element (textbox, combobox, switch, slider, alert…)', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<div role="switch" aria-checked="false" tabindex="0">Dark mode</div>
         <label>Volume <input type="range"></label>
         <input type="search" aria-label="Search files">
         <div role="alert">Saved</div>
         <ul><li>Alpha item</li></ul>`,
      );
      const L = window.LLMHelper;
      const types = ['button', 'link', 'input', 'select', 'checkbox', 'radio', 'tab', 'cell', 'image'];
      const seen = new Map<string, number>();
      const found = [...types.flatMap((type) => L.find({ type, limit: 50 })), ...L.find('Volume')];
      for (const m of found) if (m.role && !seen.has(m.role)) seen.set(m.role, m.id);
      const missed = [...seen].filter(
        ([role, id]) => !L.find({ type: role, limit: 50 }).some((m) => m.id === id),
      );
      return {
        roles: [...seen.keys()],
        missed,
        alert: L.find({ type: 'alert' }).map((m) => m.text),
        listitem: L.find('Alpha', { type: 'listitem' }).map((m) => m.tag),
        snapshot: L.snapshot({ type: 'searchbox' }),
      };
    });
    expect(r.roles).toEqual(
      expect.arrayContaining(['textbox', 'combobox', 'switch', 'slider', 'searchbox', 'columnheader']),
    );
    expect(r.missed).toEqual([]);
    expect(r.alert).toEqual(['Saved']);
    expect(r.listitem).toEqual(['li']);
    expect(r.snapshot).toMatch(/searchbox "Search files"/);
    await page.close();
  });

  it("honours caseSensitive, a RegExp's flags and exact", async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => ({
      insensitive: window.LLMHelper.find('^ok$').map((m) => m.text),
      sensitive: window.LLMHelper.find('^ok$', { caseSensitive: true }).map((m) => m.text),
      regex: window.LLMHelper.find(/^Ok$/).map((m) => m.text),
      exact: window.LLMHelper.find('Download', { exact: true, type: 'any', limit: 50 }).length,
      partial: window.LLMHelper.find('Download', { limit: 50 }).length,
    }));
    expect(r.insensitive).toEqual(['ok', 'Ok']);
    expect(r.sensitive).toEqual(['ok']);
    expect(r.regex).toEqual(['Ok']);
    expect(r.exact).toBe(4);
    expect(r.partial).toBe(5); // four buttons and the banner sentence
    await page.close();
  });

  it('searches within an element, leaves out excluded regions, and respects limit', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      const table = window.LLMHelper.find({ type: 'table' })[0]!.id;
      return {
        within: window.LLMHelper.find('Download', { within: table, limit: 50 }).length,
        excluded: window.LLMHelper.find('Download', { exclude: '.banner', limit: 50 }).map((m) => m.tag),
        limited: window.LLMHelper.find('Download', { limit: 2 }).length,
      };
    });
    expect(r.within).toBe(4);
    expect(r.excluded).toEqual(['button', 'button', 'button', 'button']);
    expect(r.limited).toBe(2);
    await page.close();
  });

  it('stays within its character budget and says where it stopped', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      window.LLMHelper.configure({ findBudget: 700 });
      const m = window.LLMHelper.find({ type: 'button', limit: 50 });
      return { n: m.length, size: JSON.stringify(m).length, note: m.note };
    });
    expect(r.n).toBeGreaterThan(0);
    expect(r.size).toBeLessThanOrEqual(700);
    expect(r.note).toMatch(
      /^Stopped at \d+ matches to stay within 700 characters; narrow with within or type/,
    );
    await page.close();
  });

  it('searches an invalid regex as plain text and says so', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      const m = window.LLMHelper.find('Invoice 2024-03 (');
      return { n: m.length, note: m.note };
    });
    expect(r.n).toBe(0);
    expect(r.note).toMatch(/not a valid regular expression.*plain text/);
    await page.close();
  });

  it("a toggle with no text goes by the label beside it, not by its classes (Naive UI's form items)", async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(async () => {
      document.body.insertAdjacentHTML(
        'afterbegin',
        `<div class="n-form-item"><label class="n-form-item-label"><span>Alerts</span></label>
          <div class="n-form-item-blank"><div role="switch" aria-checked="false" tabindex="0" class="n-switch"
            style="display:inline-block;width:40px;height:20px;background:#ccc"></div></div></div>
        <button id="spin" class="n-button n-button--default-type n-button--medium-type"><svg width="10" height="10"><path d="M0 5h10"/></svg></button>`,
      );
      const sw = document.querySelector('.n-switch')!;
      sw.addEventListener('click', () =>
        sw.setAttribute('aria-checked', String(sw.getAttribute('aria-checked') !== 'true')),
      );
      const h = window.LLMHelper;
      const found = h.find('Alerts');
      return {
        found,
        clicked: await h.click(found[0]!.id),
        button: h.describe('#spin'),
      };
    });
    expect(r.found[0]).toMatchObject({ tag: 'div', role: 'switch', text: 'Alerts' });
    expect(r.clicked.message).toMatch(/^Clicked \[\d+\] switch "Alerts" \(unchecked\); it is now checked\./);
    // Its classes say only the button's style: no name is better than "type" or "medium".
    expect(r.button).toMatch(/^\[\d+\] button\b/);
    expect(r.button).not.toMatch(/type|medium/);
    await page.close();
  });

  it('rejects bad options with a sentence that says what to do', async () => {
    const page = await ctx.open('invoices.html');
    const errors = await page.evaluate(() =>
      [
        () => window.LLMHelper.find('x', { limit: 0 }),
        () => window.LLMHelper.find('x', { type: 'b[[' }),
        () => window.LLMHelper.find(),
        () => window.LLMHelper.find('x', { within: 9999 }),
        () => window.LLMHelper.find('x', { within: '#nope' }),
      ].map((f) => {
        try {
          f();
          return 'no error';
        } catch (e) {
          return (e as Error).message;
        }
      }),
    );
    expect(errors[0]).toMatch(/options.limit must be a whole number at least 1/);
    expect(errors[1]).toMatch(/neither a known type \(button, link.*\) nor a valid CSS selector/);
    expect(errors[2]).toMatch(/find needs a pattern/);
    expect(errors[3]).toMatch(/There is no element 9999/);
    expect(errors[4]).toMatch(/No element matches the selector "#nope"/);
    await page.close();
  });
});

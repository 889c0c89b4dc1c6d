import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('describe', () => {
  it('describes a table: columns, rows, sort state, first rows, row actions', async () => {
    const page = await ctx.open('invoices.html');
    const d = await page.evaluate(() => window.LLMHelper.describe('#invoices'));
    expect(d).toMatch(/^Table "Invoices" with 4 columns: Name, Date, Size, Actions\. 4 rows\./);
    expect(d).toMatch(/Sorted by Date \(descending\)/);
    expect(d).toMatch(/First rows: Invoice 2024-01 \| 2024-01-31 \| 120 KB/);
    expect(d).toMatch(/Row actions: Download, trash/);
    await page.close();
  });

  it('describes a form: fields with labels, types, values, required, buttons', async () => {
    const page = await ctx.open('invoices.html');
    const d = await page.evaluate(() => window.LLMHelper.describe('form'));
    expect(d).toMatch(/^Form "Filter" with 5 fields: \[\d+\] textbox "Search invoices"/);
    expect(d).toMatch(/combobox "Year" \(value "2024"\) \[2 options\]/);
    expect(d).toMatch(/checkbox "Paid only" \(checked\)/);
    expect(d).toMatch(/textbox "Email for copies" \(email, required\)/);
    expect(d).toMatch(/Buttons: \[\d+\] button "Apply", \[\d+\] button "Reset"/);
    await page.close();
  });

  it('describes lists, menus, tabs, navigation, dialogs and sections', async () => {
    const page = await ctx.open('widgets.html');
    const d = await page.evaluate(() => ({
      nav: window.LLMHelper.describe('nav'),
      tabs: window.LLMHelper.describe('[role=tablist]'),
      menu: window.LLMHelper.describe('[role=menu]'),
      listbox: window.LLMHelper.describe('[role=listbox]'),
      dialog: window.LLMHelper.describe('[role=dialog]'),
      section: window.LLMHelper.describe('section'),
      element: window.LLMHelper.describe(window.LLMHelper.find('Refresh')[0]!.id),
    }));
    expect(d.nav).toMatch(/^Navigation "Docs" with 3 links: \[\d+\] link "Getting started" → \/a/);
    expect(d.tabs).toMatch(/^Tabs "Views" with 2 items: \[\d+\] tab "Grid" \(selected\), \[\d+\] tab "List"/);
    expect(d.menu).toMatch(
      /^Menu "File" with 3 items: .*menuitem "Save" \(disabled\).*menuitem "Export" \(has popup\) ▸ submenu/,
    );
    expect(d.listbox).toMatch(/^Listbox "Fruit" with 2 items: \[\d+\] option "Apple" \(selected\)/);
    expect(d.dialog).toMatch(
      /^Dialog "Delete file\?" \(modal\): "Delete file\? This cannot be undone\. Cancel Delete"\. Controls: \[\d+\] button "Cancel", \[\d+\] button "Delete"/,
    );
    expect(d.section).toMatch(/^Region "Stats".*1 button.*Actions: \[\d+\] button "Refresh"/);
    expect(d.element).toMatch(/^\[\d+\] button "Refresh" in section "Stats"\. Visible\./);
    await page.close();
  });

  it('keeps to its budget', async () => {
    const page = await ctx.open('invoices.html');
    const d = await page.evaluate(() => window.LLMHelper.describe(undefined, { budget: 120 }));
    expect(d.length).toBeLessThanOrEqual(120);
    await page.close();
  });
});

describe('summary and snapshot', () => {
  it('summarises the page: title, outline, landmarks, counts, dialogs, alerts, focus, actions', async () => {
    const page = await ctx.open('widgets.html');
    await page.focus('text=Grid');
    const s = await page.evaluate(() => window.LLMHelper.summary());
    expect(s).toMatch(/^Page "Widgets" at http:\/\/127\.0\.0\.1:\d+\/test\/fixtures\/widgets\.html/);
    expect(s).toMatch(/Landmarks: navigation "Docs", region "Stats"/);
    expect(s).toMatch(/Open dialog: \[\d+\] "Delete file\?" \(modal\)/);
    expect(s).toMatch(/Alerts: "Payment failed: card declined"/);
    expect(s).toMatch(/Focused: \[\d+\] tab "Grid"/);
    expect(s).toMatch(/(Main actions in view|Controls): \[\d+\] button "Cancel"; \[\d+\] button "Delete"/);
    expect(s.length).toBeLessThanOrEqual(1200);
    await page.close();
  });

  it('lists interactive elements within a budget and says how to narrow', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => ({
      small: window.LLMHelper.snapshot({ budget: 400 }),
      tiny: window.LLMHelper.snapshot({ budget: 150 }),
      buttons: window.LLMHelper.snapshot({ type: 'checkbox' }),
    }));
    expect(r.small.length).toBeLessThanOrEqual(400);
    expect(r.small).toMatch(/… \d+ more not shown\. Narrow with within .* or type/);
    // Not "no visible interactive elements": the budget is what is too small.
    expect(r.tiny).toBe(
      'A budget of 150 characters has no room for the first element; raise it (the default is 2000).',
    );
    expect(r.buttons).toMatch(/^\[\d+\] checkbox "Paid only" \(checked\)$/);
    await page.close();
  });

  it('lines that read alike say where each is: list item, form; others stay short, and the budget holds', async () => {
    const page = await ctx.open('visibility.html');
    const r = await page.evaluate(async () => {
      const trash = `<i class="fa fa-trash" style="cursor: pointer; display: inline-block; width: 16px; height: 16px"></i>`;
      document.body.insertAdjacentHTML(
        'afterbegin',
        `<div id="alike"><ul><li>Buy milk ${trash}</li><li>Call Ann ${trash}</li><li>Pay rent <button>Edit</button></li></ul>
         <form aria-label="Billing"><button>Save</button></form><form><h3>Shipping</h3><button>Save</button></form></div>`,
      );
      const h = window.LLMHelper;
      return {
        all: h.snapshot({ within: '#alike' }),
        small: h.snapshot({ within: '#alike', budget: 240 }),
        // find tells them apart the same way, and leaves a match that stands alone as it was.
        found: h.find(/trash|Save|Edit/),
        tool: (await h.execute({ name: 'find', arguments: { pattern: 'trash' } })).text,
      };
    });
    expect(r.tool).toMatch(
      /^\[\d+\] button "trash" in list item "Buy milk"\n\[\d+\] button "trash" in list item "Call Ann"/,
    );
    expect(r.found.map((m) => `${m.text} ${m.in}`)).toEqual([
      'trash list item "Buy milk"',
      'trash list item "Call Ann"',
      'Edit undefined',
      'Save form "Billing"',
      'Save form "Shipping"',
    ]);
    // A row's icon with a pointer of its own is a button in a list item too.
    expect(r.all.replace(/^\[\d+\]/gm, '[n]')).toBe(
      [
        '[n] button "trash" in list item "Buy milk"',
        '[n] button "trash" in list item "Call Ann"',
        '[n] button "Edit"',
        '[n] button "Save" in form "Billing"',
        '[n] button "Save" in form "Shipping"',
      ].join('\n'),
    );
    expect(r.small.length).toBeLessThanOrEqual(240);
    // Whatever the budget, lines told apart after the fact never push the snapshot past it.
    const items = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `<li>Item number ${i} with a longer text <button>Delete</button></li>`,
      ).join('');
    await page.evaluate(
      (html) => document.body.insertAdjacentHTML('afterbegin', `<ul id="many">${html}</ul>`),
      items(60),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 4000 }), async (budget) => {
        const out = await page.evaluate(
          (b) => window.LLMHelper.snapshot({ within: '#many', budget: b }),
          budget,
        );
        expect(out.length).toBeLessThanOrEqual(budget);
        if ((out.match(/button "Delete"/g) ?? []).length > 1)
          expect(out).toMatch(/button "Delete" in list item "Item number 0/);
      }),
      { numRuns: 40 },
    );
    await page.close();
  });

  it('snapshot keeps to any budget, with its closing line, on pages of any length of names and count', async () => {
    const page = await ctx.open('visibility.html');
    // Names long and short, many controls or few: the whole answer, "… more not shown" included, fits.
    const cases = fc.sample(
      fc.record({
        names: fc.array(fc.string({ minLength: 1, maxLength: 300 }), { minLength: 1, maxLength: 400 }),
        budget: fc.integer({ min: 150, max: 4000 }),
      }),
      { numRuns: 25, seed: 53 },
    );
    const over = await page.evaluate((cases) => {
      const out: string[] = [];
      for (const { names, budget } of cases) {
        const box = document.createElement('div');
        for (const name of names) box.appendChild(document.createElement('button')).textContent = name;
        document.body.prepend(box);
        window.LLMHelper.clear();
        const text = window.LLMHelper.snapshot({ budget });
        if (text.length > budget) out.push(`${text.length} > ${budget} with ${names.length} buttons`);
        box.remove();
      }
      return out;
    }, cases);
    expect(over).toEqual([]);
    await page.close();
  });
});

describe('extract', () => {
  it('returns one property: text, exact value, href, checked, selected, options, rows, data, html', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      return {
        value: h.extract(id('Customer'), 'value'),
        checked: h.extract(id('Paid only'), 'checked'),
        href: h.extract(id('Export all'), 'href'),
        options: h.extract(h.find({ type: 'select' })[0]!.id, 'options'),
        firstOption: h.extract(h.find({ type: 'select' })[0]!.id, 'options', { max: 1 }),
        selected: h.extract(h.find({ type: 'select' })[0]!.id, 'selected'),
        rows: h.extract(id('Invoice 2024-01'), 'rows', { max: 2 }),
        html: h.extract(id('Apply'), 'html'),
        missing: (() => {
          try {
            return h.extract(id('Apply'), 'nonsense');
          } catch (e) {
            return (e as Error).message;
          }
        })(),
      };
    });
    expect(r.value).toBe('ACME  Corp ');
    expect(r.checked).toBe(true);
    expect(r.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/export$/);
    expect(r.options).toEqual([
      { value: '2023', label: '2023' },
      { value: '2024', label: '2024', selected: true },
    ]);
    expect(r.firstOption).toEqual([{ value: '2023', label: '2023' }]);
    expect(r.selected).toEqual(['2024']);
    expect(r.rows).toEqual({
      columns: ['Name', 'Date', 'Size', 'Actions'],
      rows: [
        ['Invoice 2024-01', '2024-01-31', '120 KB', 'Download'],
        ['Invoice 2024-02', '2024-02-29', '98 KB', 'Download'],
      ],
      total: 4,
      truncated: true,
    });
    expect(r.html).toBe('<button type="submit">Apply</button>');
    expect(r.missing).toMatch(/has no property or attribute "nonsense"\. Properties: text, value, href/);
    await page.close();
  });
});

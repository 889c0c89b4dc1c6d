/**
 * Server-rendered forms (#66), on a page of their shapes, with the truth oracle on: a field is not named
 * by its access-key hint, and a file chosen for a file field is said to be chosen, not uploaded, until
 * the page's own button sends it; on an editor page (wiki-editor.html), the summary lists the form before
 * the toolbar's ~400 buttons.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('server-rendered forms', () => {
  it('names a search box by its placeholder, not by the access-key hint in its title', async () => {
    const page = await ctx.open('server-forms.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      return {
        search: h.find('Search', { type: 'searchbox' }).map((m) => m.text),
        summary: h.summary(),
      };
    });
    expect(r.search).toEqual(['Search']);
    expect(r.summary).not.toContain('"[F]"');
    // A title that ends in a key hint is named without it.
    expect(r.summary).toMatch(/button "Save"[;\n]/);
    await page.close();
  });

  it('ranks the button first for a command, over links that contain its words, even out of view', async () => {
    const page = await ctx.open('server-forms.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      return {
        command: h.find('Show differences').map((m) => `${m.role ?? m.tag} ${m.text}`),
        exact: h.find('Show differences to current revisions').map((m) => m.role ?? m.tag),
      };
    });
    expect(r.command[0]).toBe('button Show differences between selected revisions');
    expect(r.command.slice(1).every((m) => m.startsWith('link'))).toBe(true);
    // Words that are not a command: the links that say them exactly come first.
    expect(r.exact[0]).toBe('link');
    await page.close();
  });

  it('merges links of one name only as far as they go to one address; otherwise says where each goes', async () => {
    const page = await ctx.open('server-forms.html');
    const summary = await page.evaluate(() => window.LLMHelper.summary());
    const fruit = summary.split('\n').filter((l) => /link "fruit"/.test(l));
    expect(fruit, summary).toHaveLength(1);
    expect(fruit[0]).toMatch(/link "fruit" ×5, to 4 addresses: /);
    expect(fruit[0]).not.toMatch(/link "fruit" → /);
    expect(fruit[0]).toMatch(
      /\[\d+\] → \/wiki\?id=fruit, \[\d+\] → \/wiki\?id=fruit, \[\d+\] in "[^"]*" → \/wiki\?id=fruit&rev=3/,
    );
    await page.close();
  });

  it('does not say a field typed into earlier was set by the next action, when its change fires then', async () => {
    const page = await ctx.open('server-forms.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const user = await h.type(h.find('Username', { type: 'textbox' })[0]!.id, 'admin');
      const pass = await h.type(h.find('Password')[0]!.id, 'hunter2');
      return {
        user: user.message,
        pass: pass.message,
        committed: document.getElementById('user')!.dataset.committed,
      };
    });
    expect(r.user).toContain('"admin"');
    // The username's change fired during the password's typing: the page committed it then.
    expect(r.committed).toBe('admin');
    expect(r.pass).not.toMatch(/Username/);
    await page.close();
  });

  it('says which other controls a click enabled or disabled', async () => {
    const page = await ctx.open('server-forms.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const boxes = h.find('', { type: 'checkbox' }).map((m) => m.id);
      const first = await h.check(boxes[0]!);
      const second = await h.check(boxes[1]!);
      return { first: first.message, second: second.message, ids: boxes };
    });
    expect(r.first).not.toMatch(/enabled|disabled/);
    expect(r.second).toMatch(/enabled \[\d+\] button "Show differences between selected revisions"/);
    expect(r.second).toMatch(new RegExp(`disabled \\[${r.ids[2]}\\] checkbox`));
    await page.close();
  });

  it('says a file was chosen for the field and what the page showed, never that it was uploaded', async () => {
    const page = await ctx.open('server-forms.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const field = h.find('Select files')[0]!.id;
      const chosen = await h.upload(field, { name: 'dot.png', content: 'iVBORw0KGgo=', encoding: 'base64' });
      return { chosen, sent: (window as unknown as { sent: string[] }).sent.slice() };
    });
    expect(r.chosen.ok).toBe(true);
    expect(r.chosen.message).toMatch(/^Chose "dot\.png" for \[\d+\] \S+ "Select files…"/);
    expect(r.chosen.message).not.toMatch(/[Uu]ploaded/);
    expect(r.chosen.message).toContain('dot.png (ready)');
    expect(r.sent).toEqual([]);
    await page.close();
  });

  it("lists an editor page's form (its text box, summary, boxes and buttons) before its toolbar of ~400 buttons", async () => {
    const page = await ctx.open('wiki-editor.html');
    const summary = await page.evaluate(() => window.LLMHelper.summary());
    const list = /^Main actions in view: (.*)$/m.exec(summary)?.[1] ?? '';
    const at = (what: RegExp) => list.search(what);
    const id = (what: RegExp) => Number(new RegExp(`\\[(\\d+)\\] ${what.source}`).exec(list)?.[1]);
    for (const what of [
      /textbox \(value "== Backup == Run the nightly/,
      /textbox "Summary:"/,
      /checkbox "This is a minor edit" \(unchecked\)/,
      /checkbox "Watch this page" \(checked\)/,
      /button "Save changes"/,
      /button "Show preview"/,
      /button "Show changes"/,
    ])
      expect(at(what), `${what.source} in\n${summary}`).toBeGreaterThanOrEqual(0);
    // Each of the form's before any toolbar button, and before the site's links around it.
    const toolbar = at(/button "(Bold|Italic|Link|Heading)"/);
    if (toolbar >= 0) expect(toolbar).toBeGreaterThan(at(/button "Show changes"/));
    expect(at(/link "Team wiki"/) < 0 || at(/link "Team wiki"/) > at(/button "Show changes"/)).toBe(true);
    // The IDs it gave are the ones a model acts on, with the truth oracle reading every report.
    const r = await page.evaluate(
      async ([summaryId, minorId, saveId]) => {
        const h = window.LLMHelper;
        const typed = await h.type(summaryId!, 'Add the --now flag');
        const checked = await h.check(minorId!);
        const saved = await h.click(saveId!);
        return [typed, checked, saved].map((x) => [x.ok, x.message] as const);
      },
      [id(/textbox "Summary:"/), id(/checkbox "This is a minor edit"/), id(/button "Save changes"/)],
    );
    expect(r.map(([ok]) => ok)).toEqual([true, true, true]);
    expect(r[1]![1]).toMatch(/^Checked \[\d+\] checkbox "This is a minor edit"/);
    expect(r[2]![1]).toContain('Your edit was saved: Add the --now flag');
    await page.close();
  });
});

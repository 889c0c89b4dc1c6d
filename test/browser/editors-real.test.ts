import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

interface Editors {
  notes: { getText(): string };
  script: { getValue(): string };
  date: { selectedDates: Date[] };
}
const editors = (page: Page) =>
  page.evaluate(() => {
    const e = (window as unknown as { editors: Editors }).editors;
    return { notes: e.notes.getText(), script: e.script.getValue() };
  });

describe('editors from real libraries: Quill, CodeMirror 5, flatpickr', () => {
  it('names each editor as a person reads it: the label above Quill, the label of the textarea CodeMirror hid', async () => {
    const page = await ctx.open('editors-real.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      return { snapshot: h.snapshot(), notes: h.find('Notes')[0], script: h.find('Script')[0] };
    });
    // Before any find: the stand-in goes by the hidden textarea's label.
    expect(r.snapshot).toMatch(/\[\d+\] textbox "Script"/);
    // Quill's editable div, not the label bound to nothing, and not its toolbar.
    expect(r.notes).toMatchObject({ tag: 'div', role: 'textbox' });
    // CodeMirror's own input, not the textarea it hid (typing there would change nothing a person sees).
    expect(r.script).toMatchObject({ tag: 'textarea', text: 'Script' });
    expect(await page.evaluate((id) => window.LLMHelper.extract(id, 'html'), r.script!.id)).not.toMatch(
      /id="script"/,
    );
    await page.close();
  });

  it('types into Quill, and replaces what CodeMirror shows (its select-all, then the text), or appends', async () => {
    const page = await ctx.open('editors-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      return [
        await h.type(h.find('Notes')[0]!.id, 'Ship before noon'),
        await h.type(h.find('Script')[0]!.id, 'let x = 1;\nlet y = 2;'),
      ];
    });
    for (const x of r) expect(x.ok, x.message).toBe(true);
    expect(r[1]!.changes.value).toBe('let x = 1;\nlet y = 2;');
    expect(await editors(page)).toEqual({ notes: 'Ship before noon\n', script: 'let x = 1;\nlet y = 2;' });
    const appended = await page.evaluate(async () =>
      window.LLMHelper.type(window.LLMHelper.find('Script')[0]!.id, ' // two', { clear: false }),
    );
    expect(appended.ok, appended.message).toBe(true);
    expect((await editors(page)).script).toBe('let x = 1;\nlet y = 2; // two');
    await page.close();
  });

  it('says when an editor kept its old text, instead of reporting the typing as done', async () => {
    const page = await ctx.open('editors-real.html');
    // An editor that ignores select-all: the old code stays beside the new.
    await page.evaluate(() => {
      const cm = (window as unknown as { editors: { script: { setOption(k: string, v: unknown): void } } })
        .editors.script;
      cm.setOption('extraKeys', { 'Ctrl-A': () => {} });
    });
    const r = await page.evaluate(async () =>
      window.LLMHelper.type(window.LLMHelper.find('Script')[0]!.id, 'new'),
    );
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/but it now shows ".*old code.*"/s);
    await page.close();
  });

  it('a read-only picker field: says so and how to use it; clicking opens the calendar, whose days can be found', async () => {
    const page = await ctx.open('editors-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = h.find('Release date')[0]!.id;
      const typed = await h.type(id, '2025-03-14');
      await h.click(id);
      const day = h.find('March 14, 2025')[0]!;
      const clicked = await h.click(day.id);
      return { typed, clicked, value: (document.getElementById('date') as HTMLInputElement).value };
    });
    expect(r.typed.ok).toBe(false);
    expect(r.typed.message).toMatch(/read-only.*click it and choose from what opens/);
    expect(r.clicked.ok, r.clicked.message).toBe(true);
    expect(r.value).toBe('2025-03-14');
    await page.close();
  });
});

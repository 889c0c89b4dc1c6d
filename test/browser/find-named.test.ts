/**
 * What the caller names is what they get: a CSS selector as `type` selects exactly what it matches; the
 * argument shape help() and the tool show is taken; text beside a field names it only where a person
 * reads it as a label; a match in a closed tree folder names the folders to open; text is compared as a
 * person reads it (one Unicode form, no invisible characters, widths folded when case does not matter).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

type M = { id: number; tag: string; text: string; in?: string; role?: string }[] & { note?: string };
const run = <T>(page: Page, fn: string): Promise<T> =>
  page.evaluate(`(() => { const h = window.LLMHelper; return ${fn}; })()`) as Promise<T>;
const withNote = (page: Page, call: string) =>
  run<{ list: M; note?: string }>(
    page,
    `(() => { const r = ${call}; return { list: [...r], note: r.note }; })()`,
  );

describe('a CSS selector as type', () => {
  it('selects exactly what it matches, whatever the role, in find, findNear and snapshot', async () => {
    const page = await ctx.open('named.html');
    expect((await run<M>(page, "h.find({ type: '.more', visible: false })")).map((m) => m.tag)).toEqual([
      'span',
      'span',
      'span',
    ]);
    expect((await run<M>(page, "h.find({ type: 'span' })")).length).toBeGreaterThanOrEqual(5);
    // The span, shown with the phrase a person reads it in.
    expect((await run<M>(page, "h.find(/@/, { type: 'span' })")).map((m) => m.text)).toEqual([
      'Mail us: team@example.com',
    ]);
    // A slider handle drawn as a focusable span, reached by its class.
    expect(await run<M>(page, "h.find({ type: '.ui-slider-handle' })")).toHaveLength(1);
    expect(
      await run<M>(page, "h.findNear(h.find('Alpha')[0].id, '', { type: '.more', limit: 1 })"),
    ).toHaveLength(1);
    expect(await run<string>(page, "h.snapshot({ type: '.more' })")).toMatch(/^\[\d+\] span/);
    // A role name or a kind keeps its meaning: an icon span is no button.
    expect(await run<M>(page, "h.find({ type: 'button' })")).toHaveLength(5);
    await page.close();
  });

  it('a pattern in the options object is the pattern; a type that matches nothing says it may be a typo', async () => {
    const page = await ctx.open('named.html');
    expect(await run<M>(page, "h.find({ pattern: 'zzzz', type: 'button' })")).toEqual([]);
    expect((await run<M>(page, "h.find({ pattern: 'Save', type: 'button' })")).map((m) => m.text)).toEqual([
      'Save',
    ]);
    const typo = await withNote(page, "h.find('Save', { type: 'buton' })");
    expect(typo.list).toEqual([]);
    expect(typo.note).toMatch(/type "buton" matches nothing on this page.*A typo\?/);
    expect(
      await run<string>(
        page,
        "(() => { try { h.find({ pattern: 'Save', colour: 'red' }); return 'ok' } catch (e) { return e.name + ': ' + e.message } })()",
      ),
    ).toMatch(/^LLMHelperError: /);
    await page.close();
  });
});

describe('labels are labels', () => {
  it('a number before bare checkboxes, a heading before a field, and text after one that labels the next name nothing; nameless fields say which they are', async () => {
    const page = await ctx.open('named.html');
    // The number is found as itself, not as three checkboxes named "5".
    expect((await run<M>(page, "h.find('^-?\\\\d+$')")).map((m) => m.tag)).toEqual(['div']);
    const boxes = await run<M>(page, "h.find({ type: 'checkbox' })");
    expect(boxes.map((b) => b.text)).toEqual(['', '', '']);
    expect(boxes.map((b) => b.in)).toEqual([
      expect.stringMatching(/^1 of 3/),
      expect.stringMatching(/^2 of 3/),
      expect.stringMatching(/^3 of 3/),
    ]);
    const names = await run<string[]>(
      page,
      "['ship', 'p1', 'nick'].map((id) => h.find({ type: '#' + id, visible: false })[0].text)",
    );
    // The heading "Shipping" and the "Phone:" after it name no field of theirs; "Phone:" and "Nickname" name theirs.
    expect(names).toEqual(['', 'Phone', 'Nickname']);
    await page.close();
  });
});

describe('closed tree folders', () => {
  it('a match inside closed folders names them, outermost first, with their IDs', async () => {
    const page = await ctx.open('named.html');
    const r = await withNote(page, "h.find('Budget 2025')");
    expect(r.list).toEqual([]);
    expect(r.note).toMatch(
      /inside the closed folders \[\d+\] "Finance" > \[\d+\] "Reports": open each, outermost first/,
    );
    // An open folder's items are found as usual.
    expect((await run<M>(page, "h.find('Old notes')")).map((m) => m.text)).toEqual(['Old notes']);
    await page.close();
  });
});

describe('text as a person reads it', () => {
  it('decomposed accents, soft hyphens, zero-width spaces and full-width letters are found, and shown without invisible characters', async () => {
    const page = await ctx.open('named.html');
    const texts = await run<string[][]>(
      page,
      "['école', 'Donaudampfschifffahrt', '下载', 'SUBMIT', /ÉCOLE/i].map((p) => h.find(p, { type: 'button' }).map((m) => m.text))",
    );
    expect(texts).toEqual([['école'], ['Donaudampfschifffahrt'], ['下载'], ['ＳＵＢＭＩＴ'], ['école']]);
    expect(texts.flat().join('')).not.toMatch(/\u00ad|\u200b|\u0301/);
    // Case-sensitive search compares widths as written.
    expect(await run<M>(page, "h.find('SUBMIT', { caseSensitive: true })")).toEqual([]);
    // waitFor reads the same way.
    expect(
      await run<{ ok: boolean }>(page, "h.waitFor('Donaudampfschifffahrt', { timeout: 500 })"),
    ).toMatchObject({ ok: true });
    await page.close();
  });
});

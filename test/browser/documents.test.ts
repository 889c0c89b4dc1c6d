/**
 * Pages that are not plain HTML, or draw their links in SVG: the tools read and act on them as on any
 * other page.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('links drawn in SVG', () => {
  it('are links with their target (href or xlink:href), read by extract, and followed by click', async () => {
    const page = await ctx.open('svg-links.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const ada = h.find('Ada Lovelace')[0]!;
      return {
        snapshot: h.snapshot(),
        ada,
        alan: h.find('Alan Turing')[0],
        href: h.extract(ada.id, 'href'),
        described: h.describe(ada.id),
        clicked: (await h.click(ada.id)).message,
        zoom: (await h.click(h.find('Zoom in')[0]!.id)).message,
        // Enter on a focused SVG link follows it (an SVG element has no click()).
        entered: (await h.press('Enter', { id: h.find('Alan Turing')[0]!.id })).message,
        hash: location.hash,
        log: document.getElementById('log')!.textContent,
      };
    });
    expect(r.snapshot).toMatch(/^\[\d+\] link "Ada Lovelace" → \/test\/fixtures\/svg-links\.html#ada$/m);
    expect(r.snapshot).toMatch(/^\[\d+\] link "Alan Turing" → \/test\/fixtures\/svg-links\.html#alan$/m);
    expect(r.ada).toMatchObject({ role: 'link', href: '/test/fixtures/svg-links.html#ada' });
    expect(r.alan).toMatchObject({ role: 'link', href: '/test/fixtures/svg-links.html#alan' });
    expect(r.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/test\/fixtures\/svg-links\.html#ada$/);
    expect(r.described).not.toMatch(/object/i);
    expect(r.clicked).toMatch(/URL is now http:\/\/127\.0\.0\.1:\d+\/test\/fixtures\/svg-links\.html#ada/);
    expect(r.zoom).toMatch(/^Clicked \[\d+\] button "Zoom in"/);
    expect(r.log).toBe('zoomed');
    expect(r.entered).toMatch(/^Pressed Enter on \[\d+\] link "Alan Turing".*activated it/);
    expect(r.hash).toBe('#alan');
  });
});

describe('documents that are not HTML', () => {
  it('an SVG document (no body): summary, find and click', async () => {
    const page = await ctx.open('document.svg');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const link = h.find('Show detail')[0]!;
      return { summary: h.summary(), link, clicked: (await h.click(link.id)).message, url: location.hash };
    });
    expect(r.summary).toMatch(/Contains: 1 link/);
    expect(r.link).toMatchObject({ role: 'link', href: '/test/fixtures/document.svg#detail' });
    expect(r.clicked).toMatch(/^Clicked \[\d+\] link "Show detail"/);
    expect(r.url).toBe('#detail');
  });

  it('an XHTML page: snapshot, type and click', async () => {
    const page = await ctx.open('document.xhtml');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const typed = await h.type(h.find('Name')[0]!.id, 'Grace');
      const clicked = await h.click(h.find('Save')[0]!.id);
      return {
        snapshot: h.snapshot(),
        typed: typed.ok,
        clicked: clicked.ok,
        log: document.getElementById('log')!.textContent,
      };
    });
    expect(r.snapshot).toMatch(/\[\d+\] textbox "Name" \(value "Grace"\)\n\[\d+\] button "Save"/);
    expect(r).toMatchObject({ typed: true, clicked: true, log: 'Grace' });
  });
});

/**
 * Robustness on real pages nobody here wrote (../shared/corpus/pages): no tool throws, and each
 * returns at most 2,000 characters with default options.
 */
import { describe, expect, it } from 'vitest';
import { corpusPages, openCorpusPage } from '../support/harness.mjs';
import { useCorpus } from '../support/browser';

const pages = await corpusPages();
const corpus = useCorpus();

describe.runIf(pages.length > 0)('every tool on every corpus page', () => {
  it.each(pages)('%s', async (file) => {
    const { page, close } = await openCorpusPage(corpus.browser, corpus.server, file);
    try {
      const results = await page.evaluate(() => {
        const h = window.LLMHelper;
        const out: Record<string, string> = {};
        const run = (name: string, f: () => unknown) => {
          try {
            const v = f();
            out[name] = typeof v === 'string' ? v : JSON.stringify(v);
          } catch (e) {
            out[name] = `THREW ${(e as Error).stack ?? e}`;
          }
        };
        run('summary', () => h.summary());
        run('snapshot', () => h.snapshot());
        run('describe', () => h.describe());
        run('find', () => h.find(/search|menu|home|sign in|log in|subscribe/i));
        run('find-text', () => h.find('the'));
        run('find-links', () => h.find({ type: 'link' }));
        run('find-invalid', () => h.find('(unclosed'));
        const first = h.find({ type: 'any' })[0];
        const anyLink = h.find({ type: 'link' })[0];
        if (first) {
          run('findNear', () => h.findNear(first.id, { type: 'link' }));
          run('extract', () => h.extract(first.id, 'text'));
          run('describe-id', () => h.describe(first.id));
        }
        if (anyLink) run('extract-href', () => h.extract(anyLink.id, 'href'));
        run('describe-table', () => (document.querySelector('table') ? h.describe('table') : ''));
        run('describe-form', () => (document.querySelector('form') ? h.describe('form') : ''));
        run('describe-list', () => (document.querySelector('ul') ? h.describe('ul') : ''));
        return out;
      });
      for (const [tool, text] of Object.entries(results)) {
        expect(text, `${tool} threw on ${file}`).not.toMatch(/^THREW/);
        expect(text.length, `${tool} on ${file} returned ${text.length} characters`).toBeLessThanOrEqual(
          2000,
        );
      }
      expect(results.summary!.length).toBeGreaterThan(20);
    } finally {
      await close();
    }
  });
});

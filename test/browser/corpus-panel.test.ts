/**
 * The panel on real pages nobody here wrote (../shared/corpus/pages), injected after load: it renders on
 * top, runs a task with a scripted in-page provider, and the computed styles of sampled host elements
 * are what they were before it came (host styles never reach it, its styles never reach the host).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { corpusPages, openCorpusPage } from '../support/harness.mjs';
import { useCorpus } from '../support/browser';

const pages = await corpusPages();
const corpus = useCorpus();

/** Computed styles of about 60 host elements spread over the document, keyed by their position in it. */
const sampleStyles = (page: Page) =>
  page.evaluate(() => {
    const PROPS = [
      'display',
      'position',
      'color',
      'background-color',
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'margin-top',
      'margin-left',
      'padding-top',
      'padding-left',
      'border-top-width',
      'box-sizing',
      'width',
      'height',
      'visibility',
      'opacity',
      'z-index',
      'text-align',
    ];
    const all = [document.documentElement, ...Array.from(document.querySelectorAll('body, body *'))].filter(
      (e) => !e.closest('[data-llm-helper-ui]'),
    );
    const step = Math.max(1, Math.floor(all.length / 60));
    const out: Record<string, string> = {};
    for (let i = 0; i < all.length; i += step) {
      const cs = getComputedStyle(all[i]!);
      for (const p of PROPS) out[`${i} ${all[i]!.tagName} ${p}`] = cs.getPropertyValue(p);
    }
    return out;
  });

describe.runIf(pages.length > 0)('the panel injected into every corpus page', () => {
  it.each(pages)('%s', async (file) => {
    const { page, close } = await openCorpusPage(corpus.browser, corpus.server, file);
    try {
      // Styles that change by themselves (animations, the page's own timers) are left out.
      const before = await sampleStyles(page);
      await page.waitForTimeout(300);
      const again = await sampleStyles(page);
      const stable = Object.keys(before).filter((k) => before[k] === again[k]);
      expect(stable.length).toBeGreaterThan(200);

      await page.evaluate(() => {
        const L = window.LLMHelper as unknown as { panel(o: unknown): unknown };
        let turn = 0;
        L.panel({
          language: 'en',
          // An in-page provider that follows a script: it reads the page once, then answers.
          provider: {
            name: 'Scripted test provider — not an AI',
            chat: () =>
              Promise.resolve(
                turn++ === 0
                  ? {
                      text: '',
                      toolCalls: [{ id: 'c1', name: 'summary', args: {} }],
                      usage: { inputTokens: 1, outputTokens: 1 },
                      finishReason: 'tool-calls',
                    }
                  : {
                      text: 'Scripted answer: read the page.',
                      toolCalls: [],
                      usage: { inputTokens: 1, outputTokens: 1 },
                      finishReason: 'stop',
                    },
              ),
          },
        });
      });
      const panel = page.locator('[data-llm-helper-ui]');
      await panel.locator('textarea').fill('What is this page?');
      await panel.locator('textarea').press('Enter');
      await panel
        .locator('.answer')
        .getByText('Scripted answer: read the page.')
        .waitFor({ timeout: 10_000 });
      expect(await panel.locator('details pre').first().textContent()).toMatch(/^summary\(/);

      // It renders: on screen, on top, in its own styles.
      const look = await page.evaluate(() => {
        const host = document.querySelector('[data-llm-helper-ui]')!;
        const box = host.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + 20);
        const send = host.shadowRoot!.querySelector('button.primary')!;
        return {
          box: { x: box.x, y: box.y, w: box.width, h: box.height },
          onTop: top === host,
          font: getComputedStyle(send).fontSize,
          sendBg: getComputedStyle(send).backgroundColor,
        };
      });
      expect(look.box.w).toBeGreaterThan(300);
      expect(look.box.h).toBeGreaterThan(150);
      expect(look.box.x + look.box.w).toBeLessThanOrEqual(1280);
      expect(look.box.y + look.box.h).toBeLessThanOrEqual(800);
      expect(look.onTop).toBe(true);
      expect(look.font).toBe('13px');
      expect(look.sendBg).toBe('rgb(40, 87, 224)');

      const after = await sampleStyles(page);
      const changed = stable
        .filter((k) => after[k] !== before[k])
        .map((k) => `${k}: ${before[k]} → ${after[k]}`);
      expect(changed, `host styles changed on ${file}`).toEqual([]);
    } finally {
      await close();
    }
  });
});

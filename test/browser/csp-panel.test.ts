/** A page with Content-Security-Policy: script-src 'self'; style-src 'self' runs the SDK and the panel. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe("under script-src 'self'; style-src 'self'", () => {
  it('the panel is styled (adopted stylesheet) and runs a task; the CSP reports nothing', async () => {
    const page = await ctx.open('csp-panel.html');
    const violations: string[] = [];
    page.on(
      'console',
      (m) => /Content Security Policy|Refused to/.test(m.text()) && violations.push(m.text()),
    );
    await page.evaluate(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        ((window as unknown as { csp: string[] }).csp ??= []).push(e.violatedDirective),
      ),
    );
    const panel = page.locator('[data-llm-helper-ui]');
    const style = await panel.locator('.panel').evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, radius: s.borderRadius, display: s.display };
    });
    expect(style).toEqual({ background: 'rgb(255, 255, 255)', radius: '10px', display: 'flex' });
    await panel.locator('textarea').fill('Mark box 7 as packed');
    await panel.locator('textarea').press('Enter');
    await panel.locator('.answer').waitFor();
    expect(await panel.locator('.answer').textContent()).toBe('Packed.');
    const steps = await panel.locator('details').allTextContents();
    expect(
      await page.evaluate(() => (window as unknown as { shipped: number }).shipped),
      steps.join(' / '),
    ).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { csp?: string[] }).csp ?? [])).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });
});

describe('on a page whose styles would break a panel made of plain elements', () => {
  it('the panel stays fixed, visible, opaque and in its own fonts and colours', async () => {
    const page = await ctx.open('hostile-styles.html');
    await page.evaluate(() =>
      (window.LLMHelper as unknown as { panel(o: unknown): unknown }).panel({ language: 'en' }),
    );
    const look = await page.evaluate(() => {
      const host = document.querySelector('[data-llm-helper-ui]')!;
      const panel = host.shadowRoot!.querySelector('.panel')!;
      const send = host.shadowRoot!.querySelector('button.primary')!;
      const h = getComputedStyle(host);
      const box = panel.getBoundingClientRect();
      return {
        host: [h.position, h.display, h.visibility, h.opacity, h.transform],
        send: [getComputedStyle(send).fontSize, getComputedStyle(send).backgroundColor],
        onTop: document.elementFromPoint(box.x + box.width / 2, box.y + 20) === host,
        width: box.width,
      };
    });
    expect(look.host).toEqual(['fixed', 'block', 'visible', '1', 'none']);
    expect(look.send).toEqual(['13px', 'rgb(40, 87, 224)']);
    expect(look.onTop).toBe(true);
    expect(look.width).toBeGreaterThan(300);
    // Dragged by its header, it moves, whatever the page says about positions.
    const head = page.locator('[data-llm-helper-ui] .head b');
    const from = (await head.boundingBox())!;
    await page.mouse.move(from.x + 5, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(from.x - 295, from.y - 95, { steps: 5 });
    await page.mouse.up();
    const to = (await head.boundingBox())!;
    expect([Math.round(to.x - from.x), Math.round(to.y - from.y)]).toEqual([-300, -100]);
    await page.close();
  });
});

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

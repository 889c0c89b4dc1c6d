/**
 * The side panel's first screen for a newcomer (#65): with nothing set up, the settings read top-down
 * from the Provider (in view, not scrolled to the bottom), one title bar (the browser's: the panel adds
 * no second "LLMHelper"), the examples whole at 400 px, and an unreachable model service named by the
 * address it tried.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SHOTS, openSidePanel, openTab, useExtension } from '../support/extension';

useExtension();

describe("the side panel's first screen", () => {
  it('shows the Provider first, one title, whole example chips, and names the address it could not reach', async () => {
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab, 400);
    // The side panel's width (the context's viewport would make the window wide).
    await panel.setViewportSize({ width: 400, height: 700 });
    const shell = panel.locator('llm-helper-panel');
    const settings = shell.locator('.settings');
    await settings.waitFor();
    const view = await panel.evaluate(() => ({ w: innerWidth, h: innerHeight }));
    await panel.screenshot({ path: join(SHOTS, 'side-panel-first-screen.png') });
    // The first thing a newcomer picks is in view.
    const provider = (await settings.locator('select').first().boundingBox())!;
    expect(provider.y).toBeGreaterThanOrEqual(0);
    expect(provider.y + provider.height).toBeLessThanOrEqual(view.h);
    // Then its key, Test and Save, then the tasks to try, top-down and all in view.
    const boxes = [
      settings.locator('input[type=password]'),
      settings.locator('button', { hasText: 'Test connection' }),
      settings.locator('button.primary'),
      shell.locator('.examples button').first(),
    ];
    let above = provider.y + provider.height;
    for (const b of boxes) {
      const at = (await b.boundingBox())!;
      expect(at.y).toBeGreaterThanOrEqual(above - at.height); // Test and Save share a row
      expect(at.y + at.height).toBeLessThanOrEqual(view.h);
      above = at.y + at.height;
    }
    // The rarer settings wait under More settings, closed.
    expect(await settings.locator('details.more').getAttribute('open')).toBeNull();
    // One title: the browser's side panel names LLMHelper; the panel's header does not again.
    expect(await shell.locator('.head').textContent()).not.toContain('LLMHelper');
    // Each example chip is whole in the panel's width.
    const chips = shell.locator('.examples button');
    expect(await chips.count()).toBeGreaterThan(0);
    for (const box of await chips.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON())))
      expect((box as DOMRect).right).toBeLessThanOrEqual(view.w);
    // A wrong port: the error names the address it tried.
    await settings.locator('details.more > summary').click();
    await settings.locator('label', { hasText: 'Base URL' }).locator('input').fill('http://127.0.0.1:9/v1');
    await settings.locator('label', { hasText: 'API key' }).locator('input').fill('sk-test-0123456789');
    await settings.locator('button', { hasText: 'Test connection' }).click();
    await expect
      .poll(() => settings.locator('[role=status]').textContent(), { timeout: 20_000 })
      .toContain('The model service at http://127.0.0.1:9 could not be reached');
    await panel.close();
    await page.close();
  });
});

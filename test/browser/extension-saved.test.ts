/**
 * Saved tasks in the extension (#65): a run saved from the side panel is kept in the extension's own
 * storage (per site, where no page can write), and runs again from the list with no model request.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../support/mock-model.mjs';
import { mock, runTask, script, setUp, useExtension, worker } from '../support/extension';

useExtension();

describe('saved tasks in the extension', () => {
  it('saves a run in extension storage and runs it again with no model request', async () => {
    const { page, panel } = await setUp('saved-tasks.html');
    mock.setScenario(
      script(
        'invoices',
        call('find', { pattern: 'Requester' }),
        call('type', { id: '$id', text: 'Dana' }),
        call('find', { pattern: 'Request invoices' }),
        call('click', { id: '$id' }),
        { text: 'Requested.' },
      ),
    );
    expect(await runTask(panel, 'Request the invoices for Dana')).toBe('Requested.');
    const shell = panel.locator('llm-helper-panel');
    await shell.locator('.save-task button').click();
    await shell.locator('.save-task button', { hasText: /^Save$/ }).click();
    await expect.poll(() => shell.locator('.save-task').textContent()).toMatch(/^Saved “Request/);
    // Kept by the extension, under the site: the page's storage holds nothing of it.
    const kept = (await worker.evaluate(() => chrome.storage.local.get(null))) as Record<string, unknown>;
    const key = Object.keys(kept).find((k) => k.startsWith('tasks http://127.0.0.1:'));
    expect(JSON.stringify(kept[key!])).toContain('Dana');
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('Dana');

    // Again, from the list (cleared with ⟲), with another requester: no request to the model.
    await shell.locator('button[aria-label="Clear the conversation"]').click();
    mock.log.length = 0;
    await shell.locator('.saved-tasks button').first().click();
    const card = shell.locator('.saved-task');
    expect(await card.textContent()).not.toContain("site's own scripts can change");
    await card.locator('label', { hasText: 'Requester' }).locator('input').fill('Lee');
    await card.locator('button', { hasText: /^Run$/ }).click();
    await expect
      .poll(() => shell.locator('.msg.answer').last().textContent(), { timeout: 20_000 })
      .toMatch(
        /^Done: \d+ steps replayed as recorded, with no model\. The recorded run answered: “Requested\.”$/,
      );
    expect(await page.locator('#done li').allTextContents()).toEqual([
      'Invoices for Dana, 2024 (not signed)',
      'Invoices for Lee, 2024 (not signed)',
    ]);
    expect(mock.log).toHaveLength(0);
    await panel.close();
    await page.close();
  });
});

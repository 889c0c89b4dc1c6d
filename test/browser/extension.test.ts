/**
 * The browser extension as it is built (dist/extension), loaded unpacked in Debian's Chromium
 * (test/support/extension.ts): its side panel page runs tasks in a tab against the scripted model
 * server, with the key set in the side panel. The rest of its tests: extension-more.test.ts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realKeys } from '../support/browser';
import { call } from '../support/mock-model.mjs';
import {
  askToDelete,
  context,
  extensionId,
  KEY,
  mock,
  openSidePanel,
  openTab,
  runTask,
  script,
  setUp,
  SHOTS,
  useExtension,
  useSettings,
} from '../support/extension';

useExtension();

describe('the extension, loaded unpacked', () => {
  it('runs a task in a tab from the side panel, with the key set in the side panel; requests leave from the extension', async () => {
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab);
    mock.setScenario(
      script('total of order 1234', call('find', { pattern: 'Order 1234' }), {
        text: 'Order 1234 totals 56 EUR.',
      }),
    );
    // No key yet: the settings are open. The person picks the service, its address and their key.
    const settings = panel.locator('llm-helper-panel .settings');
    await settings.waitFor();
    await settings.locator('select').first().selectOption('openai');
    await settings.locator('details.more > summary').click(); // the address: under More settings
    await settings.locator('input[type=url]').fill(`${mock.url}/v1`);
    await settings.locator('input[type=password]').fill(KEY);
    await settings.locator('button.primary').click();
    expect(await runTask(panel, 'What is the total of order 1234?')).toBe('Order 1234 totals 56 EUR.');
    expect(mock.log.length).toBe(2);
    for (const r of mock.log) {
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(r.headers.origin).toBe(`chrome-extension://${extensionId}`);
    }
    // The find ran in the tab: its result went to the model.
    expect(JSON.stringify(mock.log[1]!.body)).toContain('[3] cell \\"Order 1234\\"');
    // The key is in the extension's session storage (not "remember": not on disk), nowhere in the page.
    const stored = await panel.evaluate(async () => ({
      session: (await chrome.storage.session.get('settings')).settings as { apiKey?: string } | undefined,
      local: (await chrome.storage.local.get('settings')).settings as unknown,
    }));
    expect(stored.session?.apiKey).toBe(KEY);
    expect(stored.local).toBeUndefined();
    expect(await page.evaluate(() => document.documentElement.outerHTML.includes('sk-test'))).toBe(false);
    expect(await page.evaluate(() => 'LLMHelper' in window || '__llmHelper' in window)).toBe(false);
    await panel.close();
    await page.close();
  }, 60_000); // an extension, its side panel and a model under the suite's load

  it('a hostile page script finds no key, no request, no panel, and cannot approve a confirmation', async () => {
    const { page, panel } = await setUp('orders-hostile.html');
    await askToDelete(panel.locator('llm-helper-panel textarea'));
    // The click waits for the person: the page's script clicks every button it finds meanwhile.
    const card = panel.locator('llm-helper-panel .card[role=alertdialog]');
    await card.waitFor();
    expect(await card.textContent()).toContain('Delete order 1234');
    await page.waitForFunction(() => (window as unknown as { seen: { rounds: number } }).seen.rounds > 20);
    await page.waitForTimeout(300);
    expect(await page.locator('#del-1234').count()).toBe(1); // not deleted: nothing approved it
    expect(await card.isVisible()).toBe(true);
    // The person approves in the side panel (past the card's first moments, when Allow takes no press).
    await panel.waitForTimeout(650);
    await card.locator('button.danger').click();
    const answer = panel.locator('llm-helper-panel .msg.answer');
    await answer.waitFor();
    expect(await answer.textContent()).toBe('Order 1234 is deleted.');
    expect(await page.locator('#del-1234').count()).toBe(0);
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            seen: { requests: string[]; panels: number; keys: string[]; globals: string[]; clicks: number };
          }
        ).seen,
    );
    expect(seen).toMatchObject({ requests: [], panels: 0, keys: [], globals: [] });
    expect(seen.clicks).toBeGreaterThan(20);
    expect(mock.log.length).toBe(3);
    await panel.close();
    await page.close();
  });

  it("a card never takes the keyboard: keys typed in the side panel's box or in the page as it appears approve nothing", async () => {
    for (const where of ['side panel', 'page'] as const) {
      const { page, panel } = await setUp('orders-note.html');
      const box = await askToDelete(panel.locator('llm-helper-panel textarea'));
      // The person goes on typing, with real keys, where they were, while the card appears.
      const target = where === 'side panel' ? panel : page;
      if (where === 'side panel') await box.click();
      else await page.click('#note');
      const cdp = await context.newCDPSession(target);
      const typed = 'ok yes go ahead do it';
      const card = panel.locator('llm-helper-panel .card[role=alertdialog]');
      await Promise.all([realKeys(cdp, typed, 60), card.waitFor()]);
      await panel.waitForTimeout(300);
      expect(await page.locator('#del-1234').count(), where).toBe(1); // nothing approved
      expect(await card.isVisible()).toBe(true);
      const kept = where === 'side panel' ? await box.inputValue() : await page.locator('#note').inputValue();
      expect(kept, where).toBe(typed);
      await card.locator('button', { hasText: 'Refuse' }).click();
      await cdp.detach();
      await panel.close();
      await page.close();
    }
  }, 60_000); // an extension, its side panel and a model under the suite's load

  it('reads like a product at 360 px, in English and in Chinese, with no English word of its own left in Chinese', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab, 360);
    await panel.setViewportSize({ width: 360, height: 640 });
    await useSettings(panel, 'openai');
    const ui = panel.locator('llm-helper-panel');
    // Idle: example tasks for the page, a labelled site mode, one line each for the tab and the site.
    await ui.locator('.examples button').first().waitFor();
    expect(await ui.locator('.examples button').first().textContent()).toBe('Summarise “Orders”');
    expect(await ui.locator('.ext .mode').textContent()).toMatch(/^On this site/);
    for (const line of await ui.locator('.ext .line').all())
      expect((await line.boundingBox())!.height, 'a bar line that does not wrap').toBeLessThan(32);
    await panel.screenshot({ path: join(SHOTS, 'extension-idle-360.png') });
    // Running, each step in words; then a confirmation.
    const box = await askToDelete(ui.locator('textarea'));
    const card = ui.locator('.card[role=alertdialog]');
    await card.waitFor();
    expect(await ui.locator('.body details summary').first().textContent()).toBe(
      'Look for “Delete order 1234”',
    );
    await panel.screenshot({ path: join(SHOTS, 'extension-confirm-360.png') });
    await panel.waitForTimeout(650);
    await card.locator('button.danger').click();
    await ui.locator('.msg.answer').waitFor();
    // As many steps said as rows shown.
    const rows = await ui.locator('.body details').count();
    expect(await ui.locator('.status:not(.bridge):not(.ext)').last().textContent()).toBe(
      `Done · ${rows} steps`,
    );
    await panel.screenshot({ path: join(SHOTS, 'extension-done-360.png') });
    // Settings: a base URL that is not a web address is refused, with the reason.
    await ui.locator('.head button[title=Settings]').click();
    await ui.locator('.settings input[type=url]').fill('not a url');
    await ui.locator('.settings button.primary').click();
    expect(await ui.locator('.settings [role=status]').textContent()).toMatch(
      /“not a url” is not a web address/,
    );
    expect(await ui.locator('.settings').count()).toBe(1);
    expect(await ui.locator('.settings .warn').first().textContent()).toMatch(
      /extension storage, which web pages cannot read/,
    );
    await panel.screenshot({ path: join(SHOTS, 'extension-settings-error-360.png') });
    // In Chinese: every word of the panel, its bar, ⋯'s menu, a card and a refusal.
    await ui.locator('.settings select').last().selectOption('zh');
    await ui.locator('.settings input[type=url]').fill(`${mock.url}/v1`);
    await ui.locator('.settings button.primary').click();
    await ui.locator('.ext .more').click();
    await ui.locator('.ext details summary').click();
    mock.setScenario(
      script('订单', call('find', { pattern: 'Delete order 1235' }), call('click', { id: '$id' }), {
        text: '好的。',
      }),
    );
    await panel.evaluate(() => chrome.storage.local.set({ sites: {} }));
    await box.fill('删除订单 1235');
    await box.press('Enter');
    await card.waitFor({ timeout: 10_000 }).catch(async (e) => {
      await panel.screenshot({ path: join(SHOTS, 'extension-chinese-timeout.png') });
      throw e;
    });
    await panel.screenshot({ path: join(SHOTS, 'extension-chinese-360.png') });
    const english = await ui.evaluate((host) => {
      const root = host.shadowRoot!;
      // What the page and the model said (the task, the page's names, the answer) is theirs, not the UI's.
      const theirs =
        '.msg.user, .msg.answer, .msg.model-text, pre, .tab, .body details summary, .card > div:first-child';
      const words: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const parent = walker.currentNode.parentElement!;
        if (parent.closest(theirs) || parent.closest('style') || parent.closest('option')) continue;
        words.push(walker.currentNode.textContent ?? '');
      }
      for (const el of root.querySelectorAll('[title],[aria-label],[placeholder]'))
        if (!el.closest(theirs) && !el.matches('.card'))
          for (const a of ['title', 'aria-label', 'placeholder']) words.push(el.getAttribute(a) ?? '');
      for (const o of root.querySelectorAll('.ext option, .settings select:not(:first-of-type) option'))
        words.push(o.textContent ?? '');
      return (words.join(' ').match(/[A-Za-z]{3,}/g) ?? []).filter(
        (w) => !/^(LLMHelper|API|URL|http|https|openai|ws)$/i.test(w),
      );
    });
    // And the refusal, as the step's row says it.
    await card.locator('button:not(.danger)').click();
    await ui.locator('.msg.answer').last().waitFor();
    const refusal = (await ui.locator('.body details.bad summary').last().textContent()) ?? '';
    expect(refusal).toMatch(/^已拒绝: 用户拒绝了：点击：/);
    const mine = refusal.replace(/“[^”]*”/g, ''); // the page's words, quoted, are the page's
    english.push(...(mine.match(/[A-Za-z]{3,}/g) ?? []));
    expect(english).toEqual([]);
    await panel.close();
    await page.close();
  });

  it("puts LLMHelper in a site's own world for its console only when the person opts in there; the key stays out", async () => {
    const { page, tab } = await openTab('orders.html');
    const panel = await openSidePanel(tab);
    await useSettings(panel, 'openai');
    expect(await page.evaluate(() => 'LLMHelper' in window)).toBe(false);
    const ui = panel.locator('llm-helper-panel');
    await ui.locator('.ext .more').click();
    const optIn = ui.locator('.ext label', { hasText: "Use LLMHelper from this site's console" });
    expect(await ui.locator('.ext .why').first().textContent()).toMatch(
      /Any script on the site can then use them/,
    );
    await optIn.locator('input').check();
    await page.waitForFunction(
      () => typeof (window as unknown as { LLMHelper?: unknown }).LLMHelper === 'object',
    );
    const found = await page.evaluate(
      () =>
        (window as unknown as { LLMHelper: { find(p: string): { text: string }[] } }).LLMHelper.find(
          'Order 1234',
        )[0]?.text,
    );
    expect(found).toBe('Order 1234');
    // The page API only: no key, no agent of the person's, no panel.
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    expect(html).not.toContain(KEY);
    expect(await page.evaluate(() => document.querySelector('llm-helper-panel'))).toBeNull();
    // Kept for the site: the next page load gets it again; another site does not.
    await page.reload();
    await page.waitForFunction(
      () => typeof (window as unknown as { LLMHelper?: unknown }).LLMHelper === 'object',
    );
    await optIn.locator('input').uncheck();
    await panel.close();
    await page.close();
  });

  it("lists the extension's own tools when the model asks for one that does not exist", async () => {
    const { page, panel } = await setUp('orders.html');
    mock.setScenario(script('frob', call('frobnicate', {}), { text: 'No such thing.' }));
    expect(await runTask(panel, 'Please frob the page')).toBe('No such thing.');
    const result = JSON.stringify(mock.log[1]!.body);
    expect(result).toMatch(/There is no tool .*frobnicate.*Tools: .*, tabs/);
    await panel.close();
    await page.close();
  });

  it("works on a page served with Content-Security-Policy: default-src 'none'", async () => {
    const { page, tab } = await openTab('form-csp.html');
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy|Refused/.test(m.text()) && violations.push(m.text()));
    const panel = await openSidePanel(tab);
    await useSettings(panel, 'openai');
    mock.setScenario(
      script('refund', call('find', { pattern: 'Order number' }), call('type', { id: '$id', text: '1234' }), {
        text: 'Filled in.',
      }),
    );
    expect(await runTask(panel, 'Start a refund for order 1234')).toBe('Filled in.');
    expect(await page.locator('input[name=order]').inputValue()).toBe('1234');
    expect(violations).toEqual([]);
    await panel.close();
    await page.close();
  }, 60_000); // an extension, its side panel and a model under the suite's load

  it('does a task that spans two tabs: reads in one, fills and saves the form in the other', async () => {
    const orders = await openTab('orders.html');
    const form = await openTab('form.html');
    const panel = await openSidePanel(orders.tab);
    await useSettings(panel, 'openai');
    mock.setScenario(
      script(
        'refund form',
        call('find', { pattern: 'Order 1235' }),
        call('tabs', { action: 'list' }),
        call('tabs', { action: 'switch', tab: form.tab }),
        call('find', { pattern: 'Refund total' }),
        call('type', { id: '$id', text: '12' }),
        call('find', { pattern: 'Order number' }),
        call('type', { id: '$id', text: '1235' }),
        call('find', { pattern: 'Save refund' }),
        call('click', { id: '$id' }),
        call('find', { pattern: 'Refund total' }),
        { text: 'Refund for order 1235 saved.' },
      ),
    );
    expect(await runTask(panel, "Put order 1235's total into the refund form and save it")).toBe(
      'Refund for order 1235 saved.',
    );
    const bodies = mock.log.map((r) => JSON.stringify(r.body));
    // The list named both tabs; the switch answered with the form's page.
    expect(bodies[2]).toContain(`tab ${form.tab}: Refund form`);
    expect(bodies[3]).toContain(`Now in tab ${form.tab}`);
    // The form was sent (a page load, GET): the tab followed it, and the last find ran on the new page.
    await form.page.waitForURL(/total=12/);
    expect(form.page.url()).toMatch(/order=1235&total=12/);
    expect(bodies[10]).toContain('A new page loaded');
    // What the page layer says of a page load is true here: the run goes on (it does not end).
    expect(bodies.join('\n')).not.toContain('ends this session');
    await panel.close();
    await orders.page.close();
    await form.page.close();
  });

  it("says a model service's failure in a person's words: what failed, and what to do", async () => {
    const { page, panel } = await setUp('orders.html');
    mock.fault('401');
    const box = panel.locator('llm-helper-panel textarea');
    await box.fill('How many orders?');
    await box.press('Enter');
    const error = panel.locator('llm-helper-panel .msg.error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toBe('The model service refused the API key. Check the key in ⚙.');
    await panel.close();
    await page.close();
  });
});

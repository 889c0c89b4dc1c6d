/**
 * The README's quick start, followed as written on a plain page of its own: the script tag from the
 * README (with data-panel) on an app that serves the built file, then in the panel ⚙, the model's base
 * URL, name and key, Test connection, Save, and one task, answered by the scripted model server over
 * the OpenAI wire format; the submit it makes waits for the person's Allow. The person's clicks and keys
 * are real ones (Playwright's mouse and keyboard).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, launchChromium } from '../support/harness.mjs';
import { useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';

const mock = useMockModel();
let app: Server;
let appUrl: string;
let browser: Awaited<ReturnType<typeof launchChromium>>;

/** The script tag the README's quick start says to add, exactly as it is written there. */
const readme = readFileSync(`${ROOT}README.md`, 'utf8');
const quickStart = readme.slice(readme.indexOf('## Quick start on your own app'));
const scriptTag = /<script src="(\/[^"]+)" data-panel><\/script>/.exec(quickStart);

beforeAll(async () => {
  expect(scriptTag, 'the quick start shows a script tag with data-panel').not.toBeNull();
  const bundle = readFileSync(`${ROOT}dist/llm-helper.umd.min.js`);
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Orders</title></head><body><main><h1>Order 1042</h1><p id="state">Draft</p>
<button onclick="document.getElementById('state').textContent = 'Submitted for approval'">Submit</button>
</main>${scriptTag![0]}</body></html>`;
  app = createServer((req, res) => {
    if (req.url === scriptTag![1]) res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => app?.close(r));
});

describe('the README quick start', () => {
  it('script tag with data-panel, ⚙, Test connection, Save, and one task', async () => {
    mock.setScenario({
      replies: [
        { text: 'Hello.' }, // Test connection's request
        call('find', { pattern: 'Submit', type: 'button' }),
        call('click', { id: '$id' }),
        call('done', { answer: 'Submitted order 1042 for approval.' }),
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(appUrl);
    const ui = page.locator('[data-llm-helper-ui]');
    await ui.locator('textarea').waitFor();
    const settings = ui.locator('.settings');
    if (!(await settings.isVisible())) await ui.getByRole('button', { name: 'Settings' }).click();
    await settings.locator('select').first().selectOption('openai');
    // The scripted model's address and name: under More settings (a real provider needs neither).
    await settings.getByText(/^More settings/).click();
    await settings.locator('input[type=url]').fill(`${mock.url}/v1`);
    await settings.getByRole('textbox', { name: 'Model', exact: true }).fill('scripted-model');
    await settings.locator('input[type=password]').fill('sk-quick-start-1234');
    await settings.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => settings.locator('[role=status]').textContent()).toMatch(/It works/);
    expect(await settings.locator('[role=status]').getAttribute('class')).toBe('ok'); // the success colour
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.isVisible()).resolves.toBe(false);
    // The header names the provider and the model; ⚙ opens the settings once and closes them again.
    expect(await ui.locator('.model').textContent()).toBe('openai · scripted-model');
    const gear = ui.getByRole('button', { name: 'Settings' });
    await gear.click();
    await gear.click();
    await gear.click();
    expect(await settings.count()).toBe(1);
    await gear.click();
    expect(await settings.count()).toBe(0);

    await ui.locator('textarea').click();
    await page.keyboard.type('Submit this order for approval');
    await page.keyboard.press('Enter');
    // Submitting is a risky step: it waits for the person's Allow, and the status says whose turn it is.
    const allow = ui.getByRole('button', { name: 'Allow', exact: true });
    await allow.waitFor();
    expect(await ui.locator('.status:not(.bridge)').textContent()).toBe('Waiting for you');
    await page.waitForTimeout(650); // the card's first moments take no press
    await allow.click();
    await ui.locator('.status').getByText('Done').waitFor({ timeout: 20_000 });
    expect(await page.textContent('#state')).toBe('Submitted for approval');
    await ui.getByText('Submitted order 1042 for approval.').last().waitFor();
    await page.close();
  });

  it('sending before the key is set says so in one sentence, and opens the settings', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(appUrl);
    const ui = page.locator('[data-llm-helper-ui]');
    await ui.locator('textarea').waitFor();
    const settings = ui.locator('.settings');
    if (await settings.isVisible()) await ui.getByRole('button', { name: 'Settings' }).click();
    await ui.locator('textarea').click();
    await page.keyboard.type('Submit this order');
    await page.keyboard.press('Enter');
    await ui.locator('.msg.error').waitFor();
    expect(await ui.locator('.msg.error').textContent()).toBe(
      'This provider needs your API key: add it in the settings (⚙), then send again.',
    );
    expect(await settings.count()).toBe(1);
    await page.close();
  });
});

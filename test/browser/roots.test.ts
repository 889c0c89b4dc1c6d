import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

/** Text found by find, after the page changes between calls (each call in a task of its own). */
describe('shadow roots and frames that appear after the first call', () => {
  it('sees a shadow host added later, a custom element upgraded later, nested roots, and forgets removed ones', async () => {
    const page = await ctx.open('roots-later.html');
    const found = (text: string) => page.evaluate((t) => window.LLMHelper.find(t).length, text);
    expect(await found('Later')).toBe(1); // the first call walks the whole page

    // A new host inserted into the page: a mutation the tracker sees.
    await page.evaluate(() => {
      const host = document.createElement('div');
      host.attachShadow({ mode: 'open' }).innerHTML = '<button>Inserted shadow button</button>';
      document.getElementById('host-box')!.append(host);
    });
    expect(await found('Inserted shadow button')).toBe(1);

    // A custom element already in the page, defined (and so upgraded) only now: no mutation at all.
    await page.evaluate(() => {
      customElements.define(
        'late-widget',
        class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML = '<p>Upgraded widget text</p>';
          }
        },
      );
    });
    expect(await found('Upgraded widget text')).toBe(1);

    // A root inside a known root, added by a change inside that shadow tree.
    await page.evaluate(() => {
      const outer = document.getElementById('nested')!.attachShadow({ mode: 'open' });
      outer.innerHTML = '<span>outer shadow</span>';
      document.getElementById('nested')!.replaceWith(document.getElementById('nested')!); // re-insert: a mutation
    });
    expect(await found('outer shadow')).toBe(1);
    await page.evaluate(() => {
      const outer = document.getElementById('nested')!.shadowRoot!;
      const inner = document.createElement('div');
      inner.attachShadow({ mode: 'open' }).innerHTML = '<em>deeply nested text</em>';
      outer.append(inner);
    });
    expect(await found('deeply nested text')).toBe(1);

    // Removed hosts are gone from results.
    await page.evaluate(() => document.getElementById('host-box')!.replaceChildren());
    expect(await found('Inserted shadow button')).toBe(0);
    await page.close();
  });

  it('sees a frame that navigated to a new document, and stays right after a flood of insertions', async () => {
    const page = await ctx.open('roots-later.html');
    await page.waitForFunction(() =>
      (document.getElementById('frame') as HTMLIFrameElement).contentDocument?.getElementById('frame-button'),
    );
    const found = (text: string) => page.evaluate((t) => window.LLMHelper.find(t).length, text);
    expect(await found('Later')).toBe(1);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const frame = document.getElementById('frame') as HTMLIFrameElement;
          frame.onload = () => resolve();
          frame.srcdoc = '<p>Frame after navigation</p>';
        }),
    );
    expect(await found('Frame after navigation')).toBe(1);

    // More insertions than the tracker keeps between calls, one of them a shadow host.
    await page.evaluate(() => {
      const box = document.getElementById('host-box')!;
      for (let i = 0; i < 6000; i++) box.append(document.createElement('i'));
      const host = document.createElement('span');
      host.attachShadow({ mode: 'open' }).innerHTML = '<b>after the flood</b>';
      box.append(host);
    });
    expect(await found('after the flood')).toBe(1);
    await page.close();
  });
  it('sees a shadow host a script added between two calls of one task', async () => {
    const page = await ctx.open('roots-later.html');
    const found = await page.evaluate(() => {
      const before = window.LLMHelper.find('Same task shadow text').length;
      const host = document.createElement('div');
      host.attachShadow({ mode: 'open' }).innerHTML = '<p>Same task shadow text</p>';
      document.body.append(host);
      // No await: the roots the first call found were kept for the task, and must not hide this one.
      return [before, window.LLMHelper.find('Same task shadow text').length];
    });
    expect(found).toEqual([0, 1]);
    await page.close();
  });
});

describe("summary's main actions across many shadow roots", () => {
  it('lists the controls of hosts in view and of a host of no height whose content is fixed, not those of hosts off screen', async () => {
    const page = await ctx.open('roots-later.html');
    const actions = await page.evaluate(() => {
      document.body.innerHTML = '';
      for (let i = 1; i <= 300; i++) {
        const card = document.createElement('div');
        card.style.cssText = 'display:block;height:300px';
        card.attachShadow({ mode: 'open' }).innerHTML = `<button>Open card ${i}</button>`;
        document.body.append(card);
      }
      // A chat launcher as web components draw one: an empty block host, its button fixed in view.
      const chat = document.createElement('div');
      chat.style.cssText = 'display:block;height:0';
      chat.attachShadow({ mode: 'open' }).innerHTML =
        '<button style="position:fixed;right:10px;bottom:10px">Open chat</button>';
      document.body.append(chat);
      return window.LLMHelper.summary();
    });
    expect(actions).toMatch(/button "Open card 1"/);
    expect(actions).toMatch(/button "Open chat"/);
    expect(actions).not.toMatch(/Open card 200\b/);
    await page.close();
  });
});

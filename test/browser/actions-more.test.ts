import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('keyboard', () => {
  it('Enter in a field submits its form; type with submit does too', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const q = h.find('Query')[0]!.id;
      await h.type(q, 'first');
      const enter = await h.press('Enter', { id: q });
      const typed = await h.type(q, 'second', { submit: true });
      return {
        enter: enter.message,
        typed: typed.message,
        log: (window as unknown as { log: string[] }).log,
      };
    });
    expect(r.enter).toMatch(/Pressed Enter on .*; submitted the form/);
    expect(r.typed).toMatch(/and submitted/);
    expect(r.log).toEqual(['submit:first', 'submit:second']);
    await page.close();
  });

  it('Tab moves focus; keys carry key, code and the legacy keyCode/which', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const tab = await h.press('Tab', { id: h.find('Query')[0]!.id });
      await h.press('ArrowUp', { id: h.find('Volume')[0]!.id });
      await h.press('a');
      return {
        tab: tab.message,
        active: document.activeElement?.getAttribute('aria-label'),
        log: (window as unknown as { log: string[] }).log,
      };
    });
    expect(r.tab).toMatch(/moved focus to \[\d+\] textbox "Second"/);
    expect(r.log).toEqual(['key:ArrowUp:38:38', 'key:a:65:65']);
    await page.close();
  });

  it('says a popup closed, by a key or a click elsewhere, and not a tooltip or a fixed toolbar', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const colour = h.find('Pick colour')[0]!.id;
      const query = h.find('Query')[0]!.id;
      const opened = await h.click(colour); // the hover shows the tooltip, the click the popup
      const elsewhere = await h.click(query); // hides both
      const hovered = await h.hover(colour);
      const left = await h.hover(query);
      return [opened, elsewhere, hovered, left].map((x) => x.message);
    });
    // Shown by a style change, no node added: its controls are new all the same, said as the popup that
    // opened with them (#38), as its closing is said below.
    expect(r[0]).toMatch(
      /Then: opened a popup with 3 controls \(\[\d+\] button "Red"; \[\d+\] button "Green"; \[\d+\] button "Blue"\)/,
    );
    // The field clicked took the focus: that is no news.
    expect(r[1]).toMatch(/Then: closed a popup with 3 controls\.$/);
    expect(r[3]).not.toMatch(/closed/);
    await page.close();
  });

  it('explains an unknown key', async () => {
    const page = await ctx.open('misc-act.html');
    const msg = await page.evaluate(() => window.LLMHelper.press('Entr').catch((e: Error) => e.message));
    expect(msg).toMatch(/Unknown key "Entr"\. Use a character or one of: Enter, Tab/);
    await page.close();
  });
});

describe('pointer and forms', () => {
  it('refuses a disabled button', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () =>
      window.LLMHelper.click(window.LLMHelper.find('Disabled action')[0]!.id),
    );
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/button "Disabled action" \(disabled\) is disabled, so it was not clicked/);
    await page.close();
  });

  it('refuses what is not shown (its menu closed, its section folded) and says what holds it; a hidden checkbox still checks through its label', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const log: string[] = [];
      document.body.insertAdjacentHTML(
        'beforeend',
        `<ul role="menu" id="m"><li role="menuitem" id="del">Delete</li></ul>
         <details><summary>More</summary><button id="deep">Archive</button></details>
         <label><input type="checkbox" id="keep" style="display:none"> Keep me signed in</label>`,
      );
      document.getElementById('del')!.addEventListener('click', () => log.push('del'));
      document.getElementById('deep')!.addEventListener('click', () => log.push('deep'));
      const h = window.LLMHelper;
      const del = h.find('^Delete$')[0]!.id;
      document.getElementById('m')!.style.display = 'none';
      const hidden = await h.click(del);
      const folded = await h.click('#deep');
      const checked = await h.check('#keep', true);
      return { hidden: hidden.message, ok: hidden.ok, folded: folded.message, checked, log };
    });
    expect(r.ok).toBe(false);
    expect(r.hidden).toMatch(
      /menuitem "Delete" is not shown on the page \(it is inside \[\d+\] menu, which is hidden\), so it was not clicked/,
    );
    expect(r.folded).toMatch(
      /button "Archive" is not shown on the page \(it is in a closed section that \[\d+\] \w+ "More" opens\)/,
    );
    expect(r.log).toEqual([]);
    expect(r.checked.ok).toBe(true);
    expect(await page.isChecked('#keep')).toBe(true);
    await page.close();
  });

  it('uploads a file through DataTransfer', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.upload(h.find('Attachment')[0]!.id, {
        name: 'hello.txt',
        type: 'text/plain',
        content: 'aGVsbG8=',
        encoding: 'base64',
      });
      return { res, log: (window as unknown as { log: string[] }).log };
    });
    expect(r.res.ok).toBe(true);
    expect(r.log).toEqual(['file:hello.txt:5']);
    await page.close();
  });

  it('drags with HTML5 events, dropping past the midpoint', async () => {
    const page = await ctx.open('misc-act.html');
    const order = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.drag(h.find('Item A')[0]!.id, h.find('Item C')[0]!.id, { position: 'after' });
      return Array.from(document.querySelectorAll('#sortable li'), (li) => li.id).join('');
    });
    expect(order).toBe('bca');
    await page.close();
  });

  it('scrolls the right container by pixels and to the bottom, and the page into view', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const box = h.find('Message 2')[0]!.id;
      const by = await h.scroll({ id: box, amount: 50 });
      const end = await h.scroll({ id: box, to: 'bottom' });
      const again = await h.scroll({ id: box, to: 'bottom' });
      const into = await h.scrollIntoView(h.find('Section 2', { type: 'heading' })[0]!.id);
      return {
        by: by.message,
        end: end.message,
        again: again.ok,
        into: into.ok,
        pageY: scrollY,
        boxTop: document.getElementById('box')!.scrollTop,
      };
    });
    expect(r.by).toMatch(/^Scrolled .*"Messages".* down 50px/);
    expect(r.end).toMatch(/\(at the bottom\)/);
    expect(r.again).toBe(false);
    expect(r.into).toBe(true);
    expect(r.pageY).toBeGreaterThan(1000);
    await page.close();
  });
});

describe('waitFor and navigation', () => {
  it('waits for text to appear, for an element state, and times out with a clear message', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.click(h.find('Show later')[0]!.id);
      const appeared = await h.waitFor('Appeared later', { timeout: 3000 });
      const disabled = h.find('Disabled action')[0]!.id;
      const stillDisabled = await h.waitFor({ id: disabled, state: 'enabled' }, { timeout: 300 });
      const never = await h.waitFor('Never shows', { timeout: 200 });
      return { appeared, stillDisabled, never };
    });
    expect(r.appeared.ok).toBe(true);
    expect(r.appeared.message).toMatch(
      /Appeared later appeared after \d+ ms: \[\d+\] button "Appeared later"/,
    );
    expect(r.stillDisabled.message).toMatch(/was still not enabled after 300 ms/);
    expect(r.never.ok).toBe(false);
    await page.close();
  });

  it('navigates within the page, goes back, and warns that a full load ends the session', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const hash = await h.navigate('#section-2');
      const back = await h.back();
      return { hash: hash.message, back: back.message, url: location.href };
    });
    expect(r.hash).toMatch(/Went to .*#section-2 within the page/);
    expect(r.back).toMatch(/Went back to .*misc-act\.html/);
    expect(r.url).not.toContain('#section-2');
    const bad = await page.evaluate(() =>
      window.LLMHelper.navigate('javascript:alert(1)').catch((e: Error) => e.message),
    );
    expect(bad).toMatch(/Only http and https URLs/);
    await page.close();
  });

  it('a full navigation is reported as it starts, without a pagehide or beforeunload listener (the page can still be closed)', async () => {
    const page = await ctx.browser.newPage();
    // Every listener the page's window gets, the SDK's included.
    await page.addInitScript(() => {
      const w = window as unknown as { added: string[] };
      w.added = [];
      const add = window.addEventListener;
      window.addEventListener = function (this: Window, type: string, ...rest: never[]) {
        w.added.push(type);
        return Reflect.apply(add, this, [type, ...rest]);
      } as typeof window.addEventListener;
    });
    await page.goto(`${ctx.server.url}/test/fixtures/misc-act.html`);
    const r = await page.evaluate(async () => {
      const result = await window.LLMHelper.navigate('/test/fixtures/plain.html?delay=1000');
      return {
        message: result.message,
        unloading: result.changes?.unloading,
        added: (window as unknown as { added: string[] }).added,
      };
    });
    expect(r.message).toMatch(/^Navigating to .*plain\.html/);
    expect(r.unloading).toBe(true);
    expect(r.added).not.toContain('pagehide');
    expect(r.added).not.toContain('beforeunload');
    // With such a listener, Chromium's page.close() during the navigation never returned.
    const closed = await Promise.race([
      page.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('page.close() hung'), 15_000)),
    ]);
    expect(closed).toBe('closed');
  });
});

describe('runJS', () => {
  it('is off by default, runs when enabled, and names the CSP when eval is forbidden', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const off = await h.runJS('return 1 + 1');
      h.configure({ allowRunJS: true });
      const on = await h.runJS('await new Promise((r) => setTimeout(r, 10)); return document.title');
      const thrown = await h.runJS('throw new Error("boom")');
      h.configure({ allowRunJS: false });
      return { off, on, thrown };
    });
    expect(r.off.message).toMatch(/runJS is turned off/);
    expect(r.on).toMatchObject({ ok: true, value: 'More actions' });
    expect(r.thrown.message).toMatch(/The code threw: boom/);
    await page.close();
    const strict = await ctx.open('csp.html');
    await strict.click('#run'); // a real click: the call starts in the page's own script
    await strict.waitForFunction(() => 'cspResult' in window);
    const csp = await strict.evaluate(
      () => (window as unknown as { cspResult: { ok: boolean; message: string } }).cspResult,
    );
    expect(csp.ok).toBe(false);
    expect(csp.message).toMatch(/blocked by this page's Content-Security-Policy .*unsafe-eval/);
    await strict.close();
  });
});

describe('settling and animations', () => {
  it('waits out a short transition but not a long one (a progress bar)', async () => {
    const page = await ctx.open('misc-act.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const add = (html: string) => document.body.insertAdjacentHTML('beforeend', html);
      add(
        '<button id="fade">Fade</button><div id="f" style="opacity:0;transition:opacity 300ms linear">Faded in</div>' +
          '<button id="slow">Slow</button><div id="bar" style="width:0;height:4px;background:#000;transition:width 1500ms linear"></div>',
      );
      document.getElementById('fade')!.onclick = () => (document.getElementById('f')!.style.opacity = '1');
      document.getElementById('slow')!.onclick = () =>
        (document.getElementById('bar')!.style.width = '300px');
      const running = () => document.getAnimations().filter((a) => a.playState === 'running').length;
      await h.click('#fade');
      const afterFade = running();
      await h.click('#slow');
      return { afterFade, afterSlow: running() };
    });
    // The fade (300 ms) had ended when the click resolved; the 1.5 s bar was still running.
    expect(r.afterFade).toBe(0);
    expect(r.afterSlow).toBe(1);
    await page.close();
  });
});

describe('change reports', () => {
  it('a dialog with a role and no name is reported with its text, so the model sees what it asks', async () => {
    const page = await ctx.open('visibility.html');
    const r = await page.evaluate(async () => {
      document.body.insertAdjacentHTML(
        'afterbegin',
        `<button id="open" onclick="document.getElementById('dlg').hidden = false">Remove files</button>
         <div id="dlg" role="dialog" hidden><p>Delete 3 files?</p><button>Yes</button><button>No</button></div>`,
      );
      const h = window.LLMHelper;
      return (await h.click(h.find('Remove files')[0]!.id)).message;
    });
    // Its buttons are said as its controls, not again in its name.
    expect(r).toMatch(
      /dialog opened: \[\d+\] dialog "Delete 3 files\?"; 2 new controls \(\[\d+\] button "Yes"; \[\d+\] button "No"\)/,
    );
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('shadow DOM and frames', () => {
  it('finds elements inside open shadow roots and resolves their IDs', async () => {
    const page = await ctx.open('frames.html');
    await page.waitForFunction(
      () =>
        document.getElementById('same') &&
        (document.getElementById('same') as HTMLIFrameElement).contentDocument?.getElementById(
          'frame-button',
        ),
    );
    const r = await page.evaluate(() => {
      const save = window.LLMHelper.find('Save in shadow')[0]!;
      const nick = window.LLMHelper.find('Nickname')[0]!;
      return {
        save,
        nick,
        text: window.LLMHelper.extract(save.id, 'text'),
        id: window.LLMHelper.extract(nick.id, 'id'),
      };
    });
    expect(r.save).toMatchObject({ tag: 'button', text: 'Save in shadow' });
    expect(r.nick).toMatchObject({ tag: 'input', text: 'Nickname' });
    expect(r.text).toBe('Save in shadow');
    expect(r.id).toBe('nick');
    await page.close();
  });

  it('finds elements inside same-origin iframes, resolves them, and lists cross-origin ones as unreachable', async () => {
    const page = await ctx.open('frames.html');
    await page.waitForFunction(() =>
      (document.getElementById('same') as HTMLIFrameElement).contentDocument?.getElementById('frame-button'),
    );
    await page.waitForFunction(() => {
      const f = document.getElementById('cross') as HTMLIFrameElement;
      return f.src && f.contentDocument === null;
    });
    const r = await page.evaluate(() => {
      const m = window.LLMHelper.find('Frame action');
      return {
        match: m[0],
        unreachable: m.unreachable,
        describe: window.LLMHelper.describe(m[0]!.id),
        snapshot: window.LLMHelper.snapshot(),
        summary: window.LLMHelper.summary(),
      };
    });
    expect(r.match).toMatchObject({ tag: 'button', text: 'Frame action' });
    expect(r.describe).toMatch(/button "Frame action"/);
    expect(r.unreachable).toHaveLength(1);
    expect(r.unreachable![0]).toMatch(/localhost.*cross-origin/);
    expect(r.snapshot).toMatch(/button "Frame action"/);
    expect(r.snapshot).toMatch(/button "Save in shadow"/);
    expect(r.summary).toMatch(/1 cross-origin iframe cannot be read/);
    await page.close();
  });
});

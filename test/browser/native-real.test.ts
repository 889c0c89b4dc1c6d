import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe("the browser's own value fields, and an editor under its toolbar (Trix)", () => {
  it('sets a slider and a colour, and says what a date field and a slider take when a value does not fit', async () => {
    const page = await ctx.open('native-real.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      return {
        volume: await h.type(id('Volume'), '7'),
        loud: await h.type(id('Volume'), 'loud'),
        colour: await h.type(id('Colour'), '#FF0000'),
        date: await h.type(id('Start date'), '2025-03-14'),
        usDate: await h.type(id('Start date'), '03/14/2025'),
        time: await h.type(id('Time'), '14:30'),
        form: Object.fromEntries(new FormData(document.getElementById('f') as HTMLFormElement)),
      };
    });
    expect(r.volume.ok, r.volume.message).toBe(true);
    expect(r.loud).toMatchObject({ ok: false });
    // A value it cannot take loses nothing: the slider keeps 7.
    expect(r.loud.message).toMatch(/it takes a number from 0 to 10 in steps of 1, and still holds "7"/);
    expect(r.colour.ok, r.colour.message).toBe(true);
    expect(r.date.ok, r.date.message).toBe(true);
    expect(r.usDate.ok).toBe(false);
    expect(r.usDate.message).toMatch(/it only takes yyyy-mm-dd \(2025-03-14\), and keeps "2025-03-14"\.$/);
    expect(r.time.ok, r.time.message).toBe(true);
    expect(r.form).toMatchObject({ volume: '7', colour: '#ff0000', start: '2025-03-14', time: '14:30' });
    await page.close();
  });

  it('names Trix by the free label above its toolbar, and types into it', async () => {
    const page = await ctx.open('native-real.html');
    await page.waitForFunction(() => !!customElements.get('trix-editor'));
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const snapshot = h.snapshot();
      const typed = await h.type(h.find('Comments')[0]!.id, 'Hello Trix');
      return { snapshot, typed, stored: (document.getElementById('x') as HTMLInputElement).value };
    });
    expect(r.snapshot).toMatch(/\[\d+\] textbox "Comments"/);
    expect(r.typed.ok, r.typed.message).toBe(true);
    expect(r.stored).toBe('<div>Hello Trix</div>');
    await page.close();
  });

  it('a field inside a closed <details>: the find tool names the summary that opens it', async () => {
    const page = await ctx.open('native-real.html');
    const text = await page.evaluate(
      async () => (await window.LLMHelper.execute({ name: 'find', arguments: { pattern: 'Retries' } })).text,
    );
    expect(text).toMatch(
      /Note: 1 hidden element matches, inside the closed section \[\d+\] "Advanced": click it to open, then find again\./,
    );
    await page.close();
  });
});

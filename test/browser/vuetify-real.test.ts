import { describe, expect, it } from 'vitest';
import { appState, useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('Vuetify 3', () => {
  it('selects, an autocomplete typed into cold, a radio group by its label, and a menu item', async () => {
    const page = await ctx.open('vuetify-real.html');
    await page.waitForSelector('.v-select');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const snapshot = h.snapshot();
      const out = [
        await h.select(id('Country'), 'Japan'),
        await h.select(id('Tags'), ['red', 'blue']),
        await h.press('Escape'),
        await h.select(id('Plan'), 'Pro'),
        await h.click(id('Actions')),
        await h.clickMenuItem('Delete'),
      ];
      const selects = h.snapshot({ type: 'select' });
      const typed = await h.type(id('City'), 'Tok');
      return { snapshot, out, typed, selects };
    });
    // The field is the combobox, and shows its value inside itself, beside its label.
    expect(r.selects).toMatch(/\[\d+\] combobox "Country" \(value "Japan", collapsed, has popup\)/);
    // The field's input ignores the pointer because the field around it takes the clicks: not disabled.
    expect(r.snapshot).not.toMatch(/looks disabled/);
    expect(r.snapshot).not.toMatch(/combobox \(collapsed/); // the field wrappers are named too
    for (const x of r.out) expect(x.ok, x.message).toBe(true);
    // Its items are role=listitem: the click still reports the menu it opened.
    expect(r.out[4]!.message).toMatch(/opened \[\d+\] menu with 2 items/);
    expect(r.out[5]!.message).toMatch(/^Clicked \[\d+\] listitem "Delete"/);
    expect(r.typed.message).toMatch(/^Typed "Tok" into \[\d+\] combobox "City" \(value "Tok"/);
    expect(r.typed.message).toMatch(/\[\d+\] "Tokyo"/);
    expect(await appState(page)).toMatchObject({
      form: { country: 'Japan', tags: ['red', 'blue'], plan: 'pro' },
      menu: 'del',
    });
    await page.close();
  });
});

describe('Vuetify 3 validation', () => {
  it('a field its rules refuse, as typed and on submit, says why (v-input--error, its messages)', async () => {
    const page = await ctx.open('vuetify-real.html');
    await page.waitForSelector('.v-form');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const typed = await h.type(h.find(/Work email/, { type: 'input' })[0]!.id, 'not-an-address');
      return { typed, sent: await h.click(h.find(/^Register$/, { type: 'button' })[0]!.id) };
    });
    expect(r.typed.changes?.invalid).toEqual([
      expect.stringMatching(
        /^\[\d+\] textbox "Work email" \(value "not-an-address"\) \("Enter a valid email"\)$/,
      ),
    ]);
    expect(r.sent.changes?.invalid).toContainEqual(
      expect.stringMatching(/^\[\d+\] textbox "User name" \("A user name is required"\)$/),
    );
    expect((await appState(page)).registered).toBe(false);
  });
});

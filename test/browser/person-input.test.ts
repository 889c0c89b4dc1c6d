/**
 * Input as a person gives it (#50 items 1-4, 3's clicks, 4's labels): Enter a task after the last key,
 * change when the edit commits, a double click a person's interval apart, a covered or pixel-sized
 * control operated through its label, and labels that name one control. Each page is a few lines.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

declare global {
  interface Window {
    /** The fixture's lists, item by item (person-input.html). */
    listed(list: string): string[];
    /** What person-input.html's app did, in order. */
    log: string[];
  }
}

describe('typing and keys as a person', () => {
  it('Enter that a key handler takes (no form) reads as taken, with the entry that appeared', async () => {
    const page = await ctx.open('person-input.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.type(h.find('What needs doing')[0]!.id, 'Buy milk', { submit: true });
      const list = window.listed;
      return {
        res,
        list: list('key-list'),
        value: (document.getElementById('key-entry') as HTMLInputElement).value,
      };
    });
    expect(r.list).toEqual(['Buy milk']);
    expect(r.value).toBe('');
    expect(r.res.ok).toBe(true);
    expect(r.res.message).toMatch(/pressed Enter: the page took the entry and emptied the field/);
    expect(r.res.message).toMatch(/new control.*Delete/);
    expect(r.res.message).not.toMatch(/mask or formatter/);
    await page.close();
  });

  it('Enter comes after a two-way binding has seen the text: the entry is added and the field emptied', async () => {
    const page = await ctx.open('person-input.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.type(h.find('Add a bound item')[0]!.id, 'Call Ada', { submit: true });
      const list = window.listed;
      return {
        res,
        list: list('bound-list'),
        value: (document.getElementById('bound-entry') as HTMLInputElement).value,
      };
    });
    expect(r.list).toEqual(['Call Ada']);
    expect(r.value).toBe('');
    expect(r.res.ok).toBe(true);
    await page.close();
  });

  it('change comes when the edit commits (Enter), once, not right after the keys', async () => {
    const page = await ctx.open('person-input.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const list = window.listed;
      const id = h.find('Add on change')[0]!.id;
      const typed = await h.type(id, 'Pay rent');
      const afterType = list('change-list');
      const pressed = await h.press('Enter');
      return { typed, afterType, pressed, list: list('change-list'), log: window.log };
    });
    expect(r.afterType).toEqual([]);
    expect(r.typed.ok).toBe(true);
    expect(r.typed.message).not.toMatch(/mask or formatter/);
    expect(r.list).toEqual(['Pay rent']);
    expect(r.log).toEqual(['change:Pay rent']);
    expect(r.pressed.message).not.toMatch(/Nothing on the page changed/);
    await page.close();
  });

  it('change comes when focus leaves the field, as a person clicking elsewhere commits it', async () => {
    const page = await ctx.open('person-input.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      await h.type(h.find('Add on change')[0]!.id, 'Water plants');
      const before = [...window.log];
      await h.click(h.find('What needs doing')[0]!.id);
      return { before, after: window.log };
    });
    expect(r.before).toEqual([]);
    expect(r.after).toEqual(['change:Water plants']);
    await page.close();
  });
});

describe('dblclick as a person', () => {
  it("two full clicks a person's interval apart: a page that times them by Date.now sees a double click", async () => {
    const page = await ctx.open('person-input.html');
    for (let i = 0; i < 5; i++) {
      const r = await page.evaluate(async () => {
        const item = document.getElementById('dbl-item')!;
        const edit = document.getElementById('dbl-edit') as HTMLInputElement;
        item.hidden = false;
        edit.hidden = true;
        const h = window.LLMHelper;
        const details: number[] = [];
        item.addEventListener('click', (e) => details.push(e.detail));
        const res = await h.dblclick(h.find('Rename me', { type: 'text' })[0]?.id ?? '#dbl-item');
        await new Promise((r) => setTimeout(r, 600)); // the next round starts a fresh pair
        return { res, editing: !edit.hidden, details };
      });
      expect(r.editing).toBe(true);
      expect(r.details).toEqual([1, 2]);
      expect(r.res.message).not.toMatch(/Nothing on the page changed/);
    }
    await page.close();
  });
});

describe("clicks go where a person's would", () => {
  it('a transparent checkbox under another control is clicked through its label, never the control on top', async () => {
    const page = await ctx.open('person-input.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.click('#all');
      return {
        res,
        all: (document.getElementById('all') as HTMLInputElement).checked,
        row: (document.getElementById('row1') as HTMLInputElement).checked,
        log: window.log,
      };
    });
    expect(r.all).toBe(true);
    expect(r.row).toBe(true); // checked by the app's select-all, not toggled on its own
    expect(r.log).toEqual(['all:true']);
    expect(r.res.message).toMatch(
      /checkbox "Select all".* through its label "Select all"; it is now checked/,
    );
    await page.close();
  });

  it('check() on a covered checkbox goes through its label and says what the page shows', async () => {
    const page = await ctx.open('person-input.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.check('#all', true);
      return { res, all: (document.getElementById('all') as HTMLInputElement).checked, log: window.log };
    });
    expect(r.all).toBe(true);
    expect(r.log).toEqual(['all:true']);
    expect(r.res.ok).toBe(true);
    await page.close();
  });

  it('a box a pixel across is clicked through its label, which the app listens to', async () => {
    const page = await ctx.open('person-input.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const res = await h.click('#notify');
      return {
        res,
        state: document.getElementById('notify-state')!.textContent,
        checked: (document.getElementById('notify') as HTMLInputElement).checked,
      };
    });
    expect(r.state).toBe('Notifications are on');
    expect(r.checked).toBe(true);
    expect(r.res.message).toMatch(/through its label/);
    await page.close();
  });

  it('an input that takes the pointer inside a label that ignores it is not called disabled', async () => {
    const page = await ctx.open('person-input.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const clicked = await h.click('#quiet');
      const first = (document.getElementById('quiet') as HTMLInputElement).checked;
      const checked = await h.check('#quiet', false);
      return { clicked, checked, first, now: (document.getElementById('quiet') as HTMLInputElement).checked };
    });
    expect(r.clicked.ok).toBe(true);
    expect(r.clicked.message).not.toMatch(/pointer-events|disabled/);
    expect(r.first).toBe(true);
    expect(r.checked.ok).toBe(true);
    expect(r.now).toBe(false);
    await page.close();
  });
});

describe('a label names one control', () => {
  it('a field with no label of its own is not named by the label of another control beside it', async () => {
    const page = await ctx.open('person-input.html');
    const line = await page.evaluate(() => window.LLMHelper.describe('#nameless'));
    expect(line).not.toMatch(/"Archive all"/);
    await page.close();
  });
});

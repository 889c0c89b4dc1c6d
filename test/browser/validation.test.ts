import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('a form that refuses what was entered says which field and why', () => {
  it("the browser's own check: the form is not sent, and the report names each refused field with its message", async () => {
    const page = await ctx.open('validation.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const empty = await h.click(id('Sign up'));
      const sent = document.getElementById('log')!.textContent;
      await h.type(id('^Email'), 'ada@example.com');
      await h.type(id('Password'), 'abc');
      const short = await h.click(id('Sign up'));
      // A page that checks every keystroke: the field was invalid on the way, valid at the end.
      const typed = await h.type(id('Backup email'), 'ops@example.com');
      return {
        empty: empty.message,
        short: short.message,
        typed: typed.message,
        sent,
      };
    });
    expect(r.empty).toMatch(/invalid: \[\d+\] textbox "Email" \(email, required\) \("[^"]+"\)/);
    expect(r.sent).toBe('');
    // The browser's message for a secret field is not said (for a minimum length it counts the
    // characters typed).
    expect(r.short).toMatch(/invalid: \[\d+\] textbox "Password" \([^)]*\)(;|\.)/);
    expect(r.short).not.toMatch(/characters|format/);
    expect(r.typed).not.toMatch(/invalid/);
  });

  it("a script's check: the field marked aria-invalid, with the error text it points at", async () => {
    const page = await ctx.open('validation.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const save = await h.click(h.find('Save')[0]!.id);
      await h.type(h.find('Name')[0]!.id, 'Ada');
      const again = await h.click(h.find('Save')[0]!.id);
      return { save: save.message, again: again.message, log: document.getElementById('log')!.textContent };
    });
    expect(r.save).toMatch(
      /invalid: \[\d+\] textbox "Name" \(invalid\) \("As on your badge\. Name is required"\)/,
    );
    expect(r.again).not.toMatch(/invalid/);
    expect(r.log).toBe('saved');
  });

  it("Bootstrap's way: a field the page marks is-invalid, with the feedback shown after it", async () => {
    const page = await ctx.open('validation.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      await h.type(id('Voucher code'), 'WINTER');
      const bad = await h.click(id('Redeem'));
      await h.type(id('Voucher code'), 'SPRING');
      const good = await h.click(id('Redeem'));
      return { bad: bad.message, good: good.message, log: document.getElementById('log')!.textContent };
    });
    expect(r.bad).toMatch(
      /invalid: \[\d+\] textbox "Voucher code" \(value "WINTER"\) \("This code has expired\."\)/,
    );
    expect(r.good).not.toMatch(/invalid/);
    expect(r.log).toBe('redeemed');
  });

  it("Bootstrap 3's way: the form group marked has-error, its message inside; not a whole form's fields", async () => {
    const page = await ctx.open('validation.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      await h.type(id('Team name'), 'Ops');
      const taken = await h.click(id('Create team'));
      await h.type(id('Team name'), 'Infra');
      const free = await h.click(id('Create team'));
      return {
        taken: taken.changes?.invalid,
        free: free.changes?.invalid,
        form: document.getElementById('team')!.className,
      };
    });
    expect(r.taken).toEqual([
      expect.stringMatching(/^\[\d+\] textbox "Team name" \(value "Ops"\) \("That name is taken\."\)$/),
    ]);
    // The form is marked too (its size is empty), but a form's three fields are not each invalid.
    expect(r.free).toBeUndefined();
    expect(r.form).toBe('form-errors');
  });
});

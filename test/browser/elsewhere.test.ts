/**
 * A click that leads elsewhere (#64): a new tab or window, a download, a link for another app. The report
 * says where, and that this page stayed; never "no effect", never "unloading". The truth oracle checks
 * each claim against what the browser did (the tabs it opened, the downloads it started).
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();
/** A browser with its popup blocker on, as a person's is. */
const blocking = useBrowser({ popupBlocker: true });

type Result = { ok: boolean; message: string };

describe('a click that leads elsewhere', () => {
  it('says which new tab a link, a script or a form opened, and how to go on there', async () => {
    const page = await ctx.open('elsewhere.html');
    // Each as a person's click starts it (a window opened uses up the click's activation).
    const click = (pattern: string) =>
      page.evaluate((p) => {
        const h = window.LLMHelper;
        return h.click(h.find(p)[0]!.id) as Promise<Result>;
      }, pattern);
    // The other site's tab last: a page that fails to load is told of late, after any next click.
    const first = {
      link: await click('Open the quarterly report'),
      script: await click('Preview invoice'),
      form: await click('Show the report'),
      written: await click('Print view'),
    };
    // The browser makes the other site's tab once its address has refused the connection (a moment
    // later, longer on a loaded machine): this page stays open until it has, as the oracle judges it.
    const partnerTab = page.context().waitForEvent('page');
    const r = { ...first, partner: await click('Partner portal') };
    await partnerTab;
    const here = new URL(page.url());
    const report = new URL('elsewhere-report.html', here).href;
    for (const res of Object.values(r)) {
      expect(res.ok, res.message).toBe(true);
      expect(res.message).not.toMatch(/no effect|unloading|Nothing on the page changed/);
    }
    expect(r.link.message).toContain(
      `opened a new tab at ${report} (this page stays as it was; to go on there, navigate to that address: it opens in this tab)`,
    );
    expect(r.script.message).toContain(`opened a new tab at ${report}?invoice=1042`);
    expect(r.partner.message).toContain('opened a new tab at http://127.0.0.1:9/portal');
    expect(r.partner.message).toContain('another site, once the person allows it');
    expect(r.form.message).toContain(`opened a new tab at ${report}`);
    expect(r.written.message).toContain('opened a window the page wrote itself');
    expect(page.url()).toBe(here.href);
    await page.close();
  });

  it('says a download started, by its file name, and that the page stayed', async () => {
    const page = await ctx.open('elsewhere.html');
    const r = (await page.evaluate(() => {
      const h = window.LLMHelper;
      return h.click(h.find('Export CSV')[0]!.id);
    })) as Result;
    expect(r.ok, r.message).toBe(true);
    expect(r.message).toContain('started a download of "invoices.csv" (this page stayed');
    expect(r.message).not.toMatch(/unloading|no effect/);
    expect(await page.evaluate(() => document.title)).toBe('Invoices');
    await page.close();
  });

  it('says a mail link went to the mail app, and that the page stayed', async () => {
    const page = await ctx.open('elsewhere.html');
    const r = (await page.evaluate(() => {
      const h = window.LLMHelper;
      return h.click(h.find('Email billing')[0]!.id);
    })) as Result;
    expect(r.ok, r.message).toBe(true);
    expect(r.message).toContain(
      'handed mailto:billing@example.com?subject=Invoices to the mail app (this page stayed)',
    );
    expect(r.message).not.toMatch(/unloading|no effect/);
    await page.close();
  });

  it('marks each such control in summary, describe and find before it is clicked', async () => {
    const page = await ctx.open('elsewhere.html');
    const r = await page.evaluate(() => {
      const h = window.LLMHelper;
      const csv = h.find('Export CSV')[0]!;
      return {
        summary: h.summary(),
        describe: h.describe(csv.id),
        find: h.find('Partner portal|Show the report').map((m) => JSON.stringify(m)),
      };
    });
    expect(r.summary).toMatch(/link "Open the quarterly report" → [^\n]*\(opens a new tab\)/);
    expect(r.summary).toMatch(/link "Export CSV" → [^\n]*\(downloads invoices\.csv\)/);
    expect(r.summary).toMatch(/link "Email billing" → [^\n]*\(opens the mail app\)/);
    expect(r.describe).toMatch(/downloads invoices\.csv/);
    expect(r.find.join('\n')).toMatch(/opens a new tab/);
    await page.close();
  });

  it("says the browser's popup blocker stopped a window a script opened, and that it stops a link no person clicked", async () => {
    const page = await blocking.open('elsewhere.html');
    const r = await page.evaluate(async () => {
      // A person's click counts for a few seconds (the browser's transient activation): past it, as an
      // agent's click after a model's turn is.
      await new Promise((done) => setTimeout(done, 5600));
      const h = window.LLMHelper;
      const script = (await h.click(h.find('Preview invoice')[0]!.id)) as Result;
      const link = (await h.click(h.find('Open the quarterly report')[0]!.id)) as Result;
      return { script, link, active: navigator.userActivation.isActive };
    });
    expect(r.active).toBe(false);
    const here = page.url();
    const invoice = new URL('elsewhere-report.html?invoice=1042', here).href;
    const report = new URL('elsewhere-report.html', here).href;
    expect(r.script.message).toContain(
      `the browser's popup blocker stopped a new window for ${invoice} (nothing opened; to go on there, navigate to that address`,
    );
    expect(r.link.message).toContain(
      `followed a link to a new tab at ${report}, which the browser's popup blocker stops when no person clicked`,
    );
    for (const m of [r.script.message, r.link.message]) expect(m).not.toMatch(/no effect|opened a new tab/);
    expect(page.context().pages()).toHaveLength(1);
    await page.close();
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { useBundledApp } from '../support/bundle-app';

const ctx = useBrowser();
// test/fixtures/material-app.js: Google's Material Web components (Lit), bundled by the test.
const open = useBundledApp(ctx, 'material', 'md-outlined-select');

describe('Material Web (Lit): controls inside shadow trees, roles kept in ElementInternals, text through nested slots', () => {
  it('lists every field by its label, in the order of the page', async () => {
    const page = await open();
    const snapshot = await page.evaluate(() => window.LLMHelper.snapshot());
    // The text fields' inputs are transparent until focused (the label is drawn in their place); the
    // checkbox's input is named by the label around its host; md-radio has no input and keeps its role
    // where no script reads it; the switch's drawn box holds its input and is not a second switch.
    expect(snapshot.replace(/\[\d+\] /g, '')).toBe(
      [
        'textbox "Project name"',
        'spinbutton "Budget" (number)',
        'combobox "Visibility" (collapsed, has popup)',
        'checkbox "Archive after a year" (unchecked)',
        'switch "Notifications" (unchecked)',
        'radio "Low" (checked)',
        'radio "High" (unchecked)',
        'button "Save project"',
        'button "More actions"',
      ].join('\n'),
    );
  });

  it('fills the form: types, selects through the menu of md-select-options, checks, switches and picks a radio', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const opened = await h.click(id('Visibility'));
      const escape = await h.press('Escape');
      const out = [
        await h.type(id('Project name'), 'Apollo'),
        await h.type(id('Budget'), '1200'),
        await h.select(id('Visibility'), 'Team'),
        await h.click(id('Archive after a year')),
        await h.click(id('Notifications')),
        await h.select(id('High'), 'High'),
        await h.click(id('Save project')),
      ];
      return {
        opened: opened.message,
        escape: escape.message,
        out: out.map((o) => [o.ok, o.message]),
        log: document.getElementById('log')!.textContent,
      };
    });
    // Each option's text is three slots deep; the menu host has no box of its own once it has opened.
    expect(r.opened).toMatch(/options shown: \[\d+\] "Private"; \[\d+\] "Team"; \[\d+\] "Public"/);
    expect(r.escape).toMatch(/closed \[\d+\] listbox "Visibility"/);
    for (const [ok, message] of r.out) expect(ok, message as string).toBe(true);
    expect(r.out[2]![1]).toMatch(/^Selected option "Team" in \[\d+\] combobox "Visibility" \(value "Team"/);
    // The select's closed menu is not said to close again after every later action.
    expect(
      r.out
        .slice(3)
        .map(([, m]) => m)
        .join(' '),
    ).not.toMatch(/closed/);
    expect(r.out[3]![1]).toMatch(/checkbox "Archive after a year" \(unchecked\); it is now checked/);
    expect(r.out[4]![1]).toMatch(/switch "Notifications" \(unchecked\); it is now checked/);
    expect(JSON.parse(r.log!.replace(/^saved /, ''))).toEqual({
      name: 'Apollo',
      budget: '1200',
      visibility: 'team',
      archive: 'on',
      notify: 'on',
      priority: 'high',
    });
  });

  it('a menu button opens md-menu, whose items reach a dialog', async () => {
    const page = await open();
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const id = (p: string) => h.find(p)[0]!.id;
      const more = await h.click(id('More actions'));
      const items = h.getMenuItems().items.map((i) => i.text);
      const item = await h.clickMenuItem('Delete project');
      const del = await h.click(id('^Delete$'));
      return {
        more: more.message,
        items,
        item: item.message,
        del: del.message,
        log: document.getElementById('log')!.textContent,
      };
    });
    expect(r.more).toMatch(/opened \[\d+\] menu with 2 items/);
    expect(r.items).toEqual(['Duplicate', 'Delete project']);
    expect(r.item).toMatch(/dialog opened: \[\d+\] dialog "Delete this project\?"; closed \[\d+\] menu/);
    // It closes on an animation in its shadow tree, which the document's own list of animations leaves
    // out: the click waits for it, and says so.
    expect(r.del).toMatch(/^Clicked \[\d+\] button "Delete"\. Then: dialog closed: "Delete this project\?"/);
    expect(r.log).toBe('dialog: delete');
  });
});

/**
 * An action's report as the browser bears it out in the extension (extension/browser-tabs.ts), over
 * generated reports and tabs (fast-check): the browser's tabs are what the words say opened, by ID.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browserTabs } from '../../extension/browser-tabs';
import type { ChangeReport } from '../../src/page/observe/change-report';
import { describeChanges } from '../../src/page/observe/change-text';

const ORIGIN = 'https://app.example';
const url = fc
  .tuple(fc.constantFrom(ORIGIN, 'https://other.example'), fc.stringMatching(/^\/[a-z0-9-]{0,12}$/))
  .map(([o, p]) => o + p);
const guess = fc.record({
  url,
  how: fc.constantFrom('link' as const, 'form' as const, 'script' as const),
  unsure: fc.constantFrom(true as const, undefined),
});
const report = fc.record(
  {
    nothingChanged: fc.boolean(),
    focusOnly: fc.boolean(),
    elsewhere: fc.record({
      tabs: fc.array(guess, { maxLength: 3 }),
      downloads: fc.array(fc.record({ file: fc.constantFrom('a.csv', 'report.pdf'), url }), { maxLength: 2 }),
      apps: fc.constant([]),
      blocked: fc.array(url, { maxLength: 1 }),
    }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<ChangeReport>;
const opened = fc.array(fc.record({ id: fc.nat(5000), url: fc.oneof(url, fc.constant('')) }), {
  maxLength: 3,
});

describe('the tabs the browser opened, in an action report', () => {
  it('names each tab the browser opened by its ID, and no other, and never says nothing happened', () => {
    fc.assert(
      fc.property(report, opened, (r, tabs) => {
        fc.pre(tabs.length > 0);
        const told = browserTabs(r, tabs)!;
        const words = describeChanges(told, ORIGIN);
        // A tab the browser gave no address yet has the one the page asked for, in order.
        const guessed = r.elsewhere?.tabs ?? [];
        tabs.forEach((t, i) =>
          expect(words).toContain(`opened tab ${t.id} at ${t.url || guessed[i]?.url || 'a blank page'} (`),
        );
        expect(words.match(/opened (tab \d+|a new tab) at/g)).toHaveLength(tabs.length);
        expect(words).not.toMatch(/no effect|popup blocker stops/);
        // What else it sent elsewhere stays as the page saw it.
        expect(told.elsewhere!.downloads).toEqual(r.elsewhere?.downloads ?? []);
      }),
    );
  });

  it('says a link a script followed that opened nothing was stopped, with its address; otherwise adds nothing', () => {
    fc.assert(
      fc.property(report, (r) => {
        const told = browserTabs(r, []);
        const unsure = (r.elsewhere?.tabs ?? []).filter((t) => t.unsure);
        if (!unsure.length) {
          expect(told).toBeUndefined();
          return;
        }
        const words = describeChanges(told!, ORIGIN);
        for (const t of unsure)
          expect(words).toContain(`popup blocker stopped a new window for ${t.url} (nothing opened;`);
        expect(words).not.toMatch(/popup blocker stops when/);
        // "another site" only for another site's address: the page's origin, not the side panel's.
        for (const t of unsure)
          expect(
            words.includes(
              `${t.url} (nothing opened; to go on there, navigate to that address: it opens in this tab, another site`,
            ),
          ).toBe(!t.url.startsWith(ORIGIN + '/'));
      }),
    );
  });
});

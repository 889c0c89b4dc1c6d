/**
 * The truth oracle's check of what an action sent elsewhere, for the extension. There the page layer
 * runs in the content script's world, where the oracle's init script (in the page's world) cannot wrap
 * it; so each tool result the scripted model was sent is read as the model reads it, and its claims (a
 * tab opened at an address, a download by name, a window stopped, the page unloading) are judged against
 * what the browser itself did, with the harness's own rules (awayContradictions).
 */
import type { Page } from 'playwright-core';
import { LATE_MS, awayContradictions, tabOpened } from './harness.mjs';
import type { LoggedRequest } from './mock-model.mjs';

/** What the browser did from a page: the tabs it opened from it and the downloads it started. */
export interface AwaySeen {
  tabs: { at: number; page: Page }[];
  downloads: { at: number; file: string }[];
}

/** Starts recording the tabs `page` opens and the downloads it starts. */
export function watchAway(page: Page): AwaySeen {
  const seen: AwaySeen = { tabs: [], downloads: [] };
  page.on('popup', (p) => seen.tabs.push(tabOpened(p)));
  page.on('download', (d) => seen.downloads.push({ at: Date.now(), file: d.suggestedFilename() }));
  return seen;
}

/** A result's claims, as its words say them (change-text.ts): what a model reading it is told. */
export function claimsOf(text: string) {
  const all = (re: RegExp) => [...text.matchAll(re)];
  return {
    tabs: [
      ...all(/opened (?:tab \d+|a new tab) at (a blank page|\S+?)[,;]? \(/g).map((m) => ({
        url: m[1] === 'a blank page' ? '' : m[1]!,
      })),
      ...all(/(?:followed a link to|sent the form to|asked the browser for) a new tab at (\S+?), which/g).map(
        (m) => ({ url: m[1]!, unsure: true }),
      ),
      ...all(/opened a (?:blank )?window/g).map(() => ({ url: '' })),
    ],
    downloads: all(/started a download of "([^"]+)"/g).map((m) => ({ file: m[1]! })),
    blocked: all(/popup blocker stopped a new (?:window|tab) for (\S+?) \(/g).map((m) => m[1]!),
    unloading: /the page is unloading/.test(text),
  };
}

/** The last tool result a request carries, as the model was sent it (OpenAI's wire). */
const lastResult = (r: LoggedRequest): string | undefined => {
  const messages = (r.body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const last = messages.at(-1);
  return last?.role === 'tool' ? String(last.content) : undefined;
};

/**
 * What contradicts the browser in the results the model was sent (`log`, the scripted model's requests):
 * each call ran between the request it answered and the next one; what the browser did then (a moment
 * later for a tab, told of once its first load ends, some seconds on a loaded machine) is its doing.
 * Waits a moment for late events, then until every claim's tabs and downloads have come, up to LATE_MS.
 */
export async function awayFindings(seen: AwaySeen, log: readonly LoggedRequest[]): Promise<string[]> {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const calls = log.slice(1).map((r, i) => {
    const text = lastResult(r);
    return { t0: log[i]!.at, t1: r.at, text, said: text === undefined ? undefined : claimsOf(text) };
  });
  const owner = (at: number) => calls.filter((c) => c.t0 - 50 <= at).at(-1);
  const mine = <T extends { at: number }>(c: (typeof calls)[number], list: T[]) =>
    list.filter((e) => owner(e.at) === c && e.at <= c.t1 + LATE_MS);
  const arrived = () =>
    calls.every(
      (c) =>
        !c.said ||
        (mine(c, seen.tabs).length >= c.said.tabs.length &&
          mine(c, seen.downloads).length >= c.said.downloads.length),
    );
  const since = Date.now();
  await sleep(1500);
  while (!arrived() && Date.now() - since < LATE_MS) await sleep(100);
  const out: string[] = [];
  for (const c of calls) {
    if (!c.said) continue;
    const tabs = mine(c, seen.tabs).map((t) => t.page.url());
    const downloads = mine(c, seen.downloads).map((d) => d.file);
    for (const f of awayContradictions(c.said, tabs, downloads, c.said.unloading))
      out.push(`${f}. Report: ${c.text!.slice(0, 400)}`);
  }
  return out;
}

/** The change report in words: one sentence a model reads after an action's own message. */
import { plural, truncate } from '../dom/text';
import type { ChangeReport } from './change-report';
import type { Elsewhere } from './elsewhere';

/** What a report says of a page that started to unload (the extension, whose run goes on, says otherwise). */
export const UNLOADING =
  'the page is unloading (a full navigation ends this session unless LLMHelper is installed on the next page)';

/**
 * One sentence about the changes, appended to an action's message. `origin` is the page's (the
 * extension words a report again in its side panel, with what the browser adds).
 */
export function describeChanges(c: ChangeReport, origin = location.origin): string {
  const parts: string[] = [];
  if (c.unloading) parts.push(UNLOADING);
  if (c.elsewhere) parts.push(...elsewhereWords(c.elsewhere, origin));
  if (c.url) parts.push(`URL is now ${c.url.to}`);
  if (c.dialogOpened) parts.push(`dialog opened: ${c.dialogOpened.join('; ')}`);
  if (c.dialogClosed) parts.push(`dialog closed: ${c.dialogClosed.join(', ')}`);
  if (c.menuOpened) parts.push(`opened ${c.menuOpened} (getMenuItems lists them)`);
  if (c.sorted)
    parts.push(
      `sorted by ${c.sorted}${c.sortedFirst ? `, first rows: ${c.sortedFirst.map((v) => `"${v}"`).join(', ')}` : ''}`,
    );
  if (c.shown) parts.push(`showed ${c.shown}`);
  if (c.added)
    parts.push(
      `${c.added.popup ? `opened a popup with ${plural(c.added.count, 'control')}` : plural(c.added.count, 'new control')} (${c.added.sample.join('; ')})`,
    );
  if (c.removed) parts.push(`${plural(c.removed.count, 'control')} removed`);
  if (c.itemsGone)
    parts.push(
      `${plural(c.itemsGone.count, c.itemsGone.what)} went away${c.itemsGone.sample.length ? ` (${c.itemsGone.sample.map((t) => `"${truncate(t, 40)}"`).join(', ')}${c.itemsGone.count > c.itemsGone.sample.length ? ', …' : ''})` : ''}`,
    );
  if (c.closed) parts.push(`closed ${c.closed.join(', ')}`);
  if (c.suggestions) parts.push(`suggestions: ${c.suggestions.join('; ')} (click one to choose it)`);
  if (c.options) parts.push(`options shown: ${c.options.join('; ')} (click one to choose it)`);
  if (c.alerts) parts.push(`message: ${c.alerts.map((a) => `"${truncate(a, 100)}"`).join(', ')}`);
  if (c.text) parts.push(`new text: ${c.text.map((t) => `"${t}"`).join(', ')}`);
  if (c.notSent) parts.push(`the form was not sent: ${plural(c.invalid!.length, 'field')} in error`);
  if (c.invalid) parts.push(`invalid: ${c.invalid.join('; ')}`);
  if (c.fieldsSet) parts.push(`set ${c.fieldsSet.join('; ')}`);
  for (const k of ['enabled', 'disabled'] as const) {
    const f = c[k];
    // A few by name; past a handful, how many.
    if (f) parts.push(f.count <= 4 ? `${k} ${f.sample.join(', ')}` : `${k} ${plural(f.count, 'control')}`);
  }
  if (c.focus) parts.push(`focus: ${c.focus}`);
  // What went wrong comes first: a model that reads only the start must still see it.
  const wrong = [
    ...(c.failedRequests ?? []).map((r) => `request failed: ${r}`),
    ...(c.pageErrors ?? []).map((e) => `page error: ${e}`),
  ];
  if (c.nothingChanged)
    return ` ${wrong.length ? `${wrong.join('; ')}. ` : ''}Nothing on the page changed (no DOM change, navigation, focus change, request or dialog), so it probably had no effect.`;
  if (c.focusOnly)
    return ` ${wrong.length ? `${wrong.join('; ')}. ` : ''}Nothing on the page changed but the focus, now on ${c.focus}.`;
  return parts.length || wrong.length ? ` Then: ${[...wrong, ...parts].join('; ')}.` : '';
}

/**
 * What an action sent elsewhere, and that this page stayed: a new tab (and how to go on there), a
 * download by its file name, a link handed to an app, a window the browser blocked.
 */
export function elsewhereWords(e: Elsewhere, origin = location.origin): string[] {
  const sameSite = (url: string): boolean => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  const goOn = (url: string) =>
    `to go on there, navigate to that address: it opens in this tab${sameSite(url) ? '' : ', another site, once the person allows it'}`;
  const out = e.tabs.map((t) => tabWords(t, goOn(t.url)));
  for (const d of e.downloads)
    out.push(
      `started a download of "${truncate(d.file, 80)}" (this page stayed; the file is in the browser's downloads)`,
    );
  for (const a of e.apps) out.push(`handed ${truncate(a.url, 120)} to ${a.app} (this page stayed)`);
  for (const b of e.blocked)
    out.push(
      `the browser's popup blocker stopped a new window for ${truncate(b, 200)} (nothing opened${/^https?:/.test(b) ? `; ${goOn(b)}` : ''})`,
    );
  return out;
}

/** A new tab or window in words: where it is and how to go on there. */
function tabWords(t: Elsewhere['tabs'][number], goOn: string): string {
  const url = truncate(t.url, 200);
  // The browser named the tab (the extension): the tabs tool goes on there.
  if (t.tab !== undefined)
    return `opened tab ${t.tab} at ${url || 'a blank page'} (this tab stays as it was; tabs 'switch' ${t.tab} goes on there)`;
  if (t.how === 'blank') return 'opened a blank window (this page stays as it was)';
  if (t.how === 'written')
    return 'opened a window the page wrote itself (this page stays as it was; its content cannot be read from here)';
  if (!t.unsure) return `opened a new tab at ${url} (this page stays as it was; ${goOn})`;
  const how =
    t.how === 'form'
      ? 'sent the form to'
      : t.how === 'script'
        ? 'asked the browser for'
        : 'followed a link to';
  return `${how} a new tab at ${url}, which the browser's popup blocker stops when no person clicked, unless this site may open pop-ups (this page stays as it was; ${goOn})`;
}

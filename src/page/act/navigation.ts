/** navigate, back, forward, reload. A full navigation ends this page's session: the note says so. */
import { LLMHelperError } from '../../errors';
import { describeChanges } from '../observe/change-text';
import { track } from '../observe/settle';
import { type ActionResult } from '../observe/change-report';
import type { ActionContext } from './context';

const SESSION_NOTE =
  "A full page load ends this page's session (element IDs and this script's state are gone) unless LLMHelper is also installed on the next page; after it loads, start again with summary() or find().";

export async function navigate(ctx: ActionContext, url: string): Promise<ActionResult> {
  // new URL(undefined, base) is base + '/undefined': only text that names a place is a URL.
  if (typeof url !== 'string' || !url.trim())
    throw new LLMHelperError(
      'bad_argument',
      `navigate needs a URL or a path such as '/settings'; got ${typeof url === 'string' ? 'empty text' : String(url)}.`,
    );
  let target: URL;
  try {
    target = new URL(url, location.href);
  } catch {
    throw new LLMHelperError(
      'bad_argument',
      `"${url}" is not a URL; pass an absolute URL or a path such as '/settings'.`,
    );
  }
  if (!/^https?:$/.test(target.protocol))
    throw new LLMHelperError(
      'bad_argument',
      `Only http and https URLs can be opened; got ${target.protocol}.`,
    );
  const tracker = await track(ctx.store);
  const sameDocument = target.href.split('#')[0] === location.href.split('#')[0] && target.hash !== '';
  location.assign(target.href);
  const changes = await tracker.finish();
  if (sameDocument || changes.url?.to === target.href)
    return {
      ok: true,
      message: `Went to ${target.href} within the page.${describeChanges(changes)}`,
      changes,
    };
  return {
    ok: true,
    message: `Navigating to ${target.href}${target.origin === location.origin ? '' : ` (another site: ${target.origin})`}. ${SESSION_NOTE}`,
    changes,
  };
}

async function history(ctx: ActionContext, step: -1 | 1): Promise<ActionResult> {
  const tracker = await track(ctx.store);
  window.history.go(step);
  const changes = await tracker.finish();
  const word = step < 0 ? 'back' : 'forward';
  if (changes.unloading)
    return {
      ok: true,
      message: `Went ${word}; the page is loading another document. ${SESSION_NOTE}`,
      changes,
    };
  if (!changes.url)
    return {
      ok: false,
      message: `Went ${word}, but the URL did not change (no history entry ${word}, or the page ignored it).${describeChanges(changes)}`,
      changes,
    };
  return { ok: true, message: `Went ${word} to ${changes.url.to}.${describeChanges(changes)}`, changes };
}

export const back = (ctx: ActionContext) => history(ctx, -1);
export const forward = (ctx: ActionContext) => history(ctx, 1);

export async function reload(ctx: ActionContext): Promise<ActionResult> {
  const tracker = await track(ctx.store);
  location.reload();
  const changes = await tracker.finish();
  return { ok: true, message: `Reloading the page. ${SESSION_NOTE}`, changes };
}

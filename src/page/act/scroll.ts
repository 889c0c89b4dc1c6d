/** scroll (pixels, or to the top/bottom) in the right scrollable container, and scrollIntoView. */
import { elementLine } from '../read/lines';
import { describeChanges } from '../observe/change-text';
import { track } from '../observe/settle';
import { type ActionResult } from '../observe/change-report';
import { resolveTarget, type Target } from '../ids/target';
import { parentOf } from '../dom/walk';
import type { ActionContext } from './context';
import * as dom from '../dom/members';
import { partlyRendered, renderedRange } from '../perceive/rendered';

export interface ScrollOptions {
  /** Scroll this element's scrollable container (or itself, if it scrolls); default: the page. */
  id?: Target;
  direction?: 'up' | 'down' | 'left' | 'right';
  /** Pixels (default: 80% of the container's height or width). */
  amount?: number;
  /** Scroll straight to an end instead. */
  to?: 'top' | 'bottom' | 'left' | 'right';
}

function scrollsOnItsOwn(el: Element): boolean {
  const style = getComputedStyle(el);
  const y = /(auto|scroll|overlay)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
  const x = /(auto|scroll|overlay)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
  return x || y;
}

function scrollContainer(el: Element | null): Element {
  for (let n = el; n; n = parentOf(n))
    if (n !== dom.body(document) && n !== document.documentElement && scrollsOnItsOwn(n)) return n;
  return document.scrollingElement ?? document.documentElement;
}

export async function scroll(ctx: ActionContext, opts: ScrollOptions = {}): Promise<ActionResult> {
  const el = opts.id !== undefined ? resolveTarget(ctx.store, opts.id, 'scroll target').element : null;
  const box = scrollContainer(el);
  const page = box === document.scrollingElement || box === document.documentElement;
  const before = { top: box.scrollTop, left: box.scrollLeft };
  const tracker = await track(ctx.store);
  if (opts.to) {
    const top = opts.to === 'top' ? 0 : opts.to === 'bottom' ? box.scrollHeight : box.scrollTop;
    const left = opts.to === 'left' ? 0 : opts.to === 'right' ? box.scrollWidth : box.scrollLeft;
    box.scrollTo({ top, left, behavior: 'instant' as ScrollBehavior });
  } else {
    const dir = opts.direction ?? 'down';
    const vertical = dir === 'up' || dir === 'down';
    const size = page ? (vertical ? innerHeight : innerWidth) : vertical ? box.clientHeight : box.clientWidth;
    const amount = (opts.amount ?? Math.round(size * 0.8)) * (dir === 'up' || dir === 'left' ? -1 : 1);
    box.scrollBy({
      top: vertical ? amount : 0,
      left: vertical ? 0 : amount,
      behavior: 'instant' as ScrollBehavior,
    });
  }
  const changes = await tracker.finish();
  const moved = { y: Math.round(box.scrollTop - before.top), x: Math.round(box.scrollLeft - before.left) };
  const where = page ? 'the page' : elementLine(ctx.store, box);
  const atEnd =
    box.scrollTop + box.clientHeight >= box.scrollHeight - 1
      ? ' (at the bottom)'
      : box.scrollTop <= 0
        ? ' (at the top)'
        : '';
  if (!moved.x && !moved.y)
    return { ok: false, message: `${where} did not scroll: it is already at that end${atEnd}.`, changes };
  const by = [
    moved.y ? `${moved.y > 0 ? 'down' : 'up'} ${Math.abs(moved.y)}px` : '',
    moved.x ? `${moved.x > 0 ? 'right' : 'left'} ${Math.abs(moved.x)}px` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  // A grid that renders only the rows near the view: which rows are there now.
  const grid = page ? null : (dom.closest(box, '[aria-rowcount]') ?? dom.qs(box, '[aria-rowcount]'));
  const part = grid && partlyRendered(grid);
  const rows = part ? ` Rows ${renderedRange(part)} are rendered now.` : '';
  return {
    ok: true,
    message: `Scrolled ${where} ${by}${atEnd}.${rows}${describeChanges(changes)}`,
    changes,
  };
}

export async function scrollIntoView(ctx: ActionContext, id: Target): Promise<ActionResult> {
  const { element, relocated } = resolveTarget(ctx.store, id, 'scrollIntoView target');
  const tracker = await track(ctx.store);
  element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' as ScrollBehavior });
  const changes = await tracker.finish();
  return {
    ok: true,
    message: `${relocated ? `${relocated} ` : ''}Scrolled ${elementLine(ctx.store, element)} into view.${describeChanges(changes)}`,
    changes,
  };
}

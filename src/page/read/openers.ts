/**
 * The controls that open or switch something, as a person sees them: tabs, accordion and section headers,
 * summaries, tree folders, menu and dropdown buttons, carousel arrows, and a clickable box whose next
 * sibling is hidden (a folder drawn as a span over its hidden list). summary() lists those in view that
 * its main actions left out, the content's before the page's frame, so the first look offers what opens.
 */
import { roleOf, tagOf, widgetOf } from '../perceive/role';
import { pointerBoxes } from '../perceive/pointer-box';
import { inViewportAll } from '../perceive/visible';
import { nameOf } from '../perceive/name';
import { textOf } from '../perceive/text-of';
import * as dom from '../dom/members';
import { docOrder } from '../dom/walk';
import { isShown } from './lines';
import { classSaysOpens, hiddenSibling } from '../perceive/disclosure';

/** Attributes by which a page says a control opens or switches something (Bootstrap's and its kin's). */
const SAYS_OPENS =
  '[aria-expanded],[aria-haspopup]:not([aria-haspopup=false]),[aria-controls],[data-bs-toggle],[data-toggle],[data-bs-slide],[data-bs-slide-to],[data-slide],[data-slide-to]';
/** A carousel or slider of slides, by its ARIA or its class (Bootstrap, Splide, Swiper, Slick, Element). */
const CAROUSEL =
  '[aria-roledescription=carousel],[class*=carousel],[class*=swiper],[class*=splide],[class*=slick]';
/** What frames a page's content. */
const CHROME = 'nav,[role=navigation],footer,header,[role=banner],[role=contentinfo]';

/** Whether a control opens or switches something a person can tell from the page. */
export function opens(el: Element): boolean {
  const role = roleOf(el);
  if (role === 'tab' || dom.hasAttr(el, 'data-tab') || tagOf(el) === 'SUMMARY') return true;
  if (dom.matches(el, SAYS_OPENS)) return true;
  if (
    dom.closest(el, CAROUSEL) &&
    /prev|next|arrow|indicator|dot|bullet|slide/i.test(`${dom.attr(el, 'class') ?? ''} ${nameOf(el, 40)}`)
  )
    return true;
  // A box with no role over a hidden sibling (a folder drawn as a span over its hidden list).
  return classSaysOpens(el) || (!role && !!hiddenSibling(el));
}

/**
 * The openers shown (in view, unless `all`: a small page's every one), the content's first, then the
 * page frame's, at most `max`.
 */
export function openersIn(controls: ArrayLike<Element>[], all: boolean, max: number): Element[] {
  const candidates = new Set<Element>();
  for (const list of all ? controls : [inViewportAll(controls)])
    for (let i = 0; i < list.length; i++) candidates.add(widgetOf(list[i]!));
  for (const el of pointerBoxes(document)) candidates.add(el);
  const found: Element[] = [];
  for (const el of candidates)
    if (opens(el) && isShown(el) && (nameOf(el, 40) || textOf(el, 40) || roleOf(el) === 'tab'))
      found.push(el);
  found.sort(docOrder);
  const chrome = (el: Element) => !!dom.closest(el, CHROME);
  return [...found.filter((e) => !chrome(e)), ...found.filter(chrome)].slice(0, max);
}

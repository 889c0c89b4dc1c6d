/**
 * In which order summary() lists a page's controls when it cannot list them all: a form's fields and its
 * buttons first (what a task on the page fills in and sends), then the controls of the page's content,
 * then those of its frame (a site's header, sidebars, page tools), each in the page's order, and a
 * toolbar's buttons last (an editor's formatting bar, a picker of characters: many small buttons a person
 * reads as one strip, and which would otherwise take every place in the list).
 */
import { roleOf, tagOf } from '../perceive/role';
import * as dom from '../dom/members';
import { TYPE_SELECTORS } from '../dom/types';
import { queryAllDeep } from '../dom/roots';
import { quickVisibility } from '../perceive/visible';

/** Fields a person fills in or sets: what a form is for (describe's form lists the same). */
export const FIELD_SELECTOR = `${TYPE_SELECTORS.input},${TYPE_SELECTORS.select},${TYPE_SELECTORS.checkbox},${TYPE_SELECTORS.radio},input[type=range],input[type=file]`;

const BUTTON =
  'button,input[type=button],input[type=submit],input[type=reset],input[type=image],[role=button]';

/** A strip of buttons is at least this many side by side, with little else among them. */
const STRIP_MIN = 8;

export const isField = (el: Element): boolean => dom.matches(el, FIELD_SELECTOR);

/**
 * Whether a button is one of a toolbar's: inside an element whose role says so, or one of a strip of
 * at least eight buttons side by side (each alone or in a wrapper of its own) that make up most of what
 * their parent holds. Strips are remembered per parent for one listing.
 */
export function toolbarButton(el: Element, strips: Map<Element, boolean>): boolean {
  if (!dom.matches(el, BUTTON)) return false;
  if (dom.closest(el, '[role=toolbar],[role=menubar]')) return true;
  let parent = dom.parentEl(el);
  // A button in a wrapper of its own (a span around each of a toolbar's buttons): the wrappers are the strip.
  if (parent && dom.children(parent).length === 1) parent = dom.parentEl(parent);
  if (!parent) return false;
  let known = strips.get(parent);
  if (known === undefined) {
    const kids = dom.children(parent);
    let buttons = 0;
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i]!;
      const only = dom.children(kid).length === 1 ? dom.firstElementChild(kid) : null;
      if (dom.matches(kid, BUTTON) || (only && dom.matches(only, BUTTON))) buttons++;
    }
    known = buttons >= STRIP_MIN && buttons >= kids.length * 0.8;
    strips.set(parent, known);
  }
  return known;
}

/**
 * The column a page's content is in: its main landmark, or else the element holding the most paragraph
 * text widened to the column around it (up to where a parent spans most of the page's width, as the
 * row that also holds a sidebar does). None on a page with neither.
 */
export function contentColumn(home: Element | undefined): Element | undefined {
  const landmark = queryAllDeep(document, 'main,[role=main]').find((m) => quickVisibility(m).visible);
  if (landmark) return landmark;
  const page = dom.pageRoot(document);
  const wide = dom.rect(page).width * 0.85;
  let column = home;
  for (let up = column && dom.parentEl(column); up && up !== page; up = dom.parentEl(up)) {
    if (dom.rect(up).width >= wide) break;
    column = up;
  }
  return column;
}

/**
 * 0: a field, or a button of a form that holds a field (not a site's search form); 1: a control in the
 * page's content column; 2: any other control; 3: a toolbar's button.
 */
export function actionRank(el: Element, strips: Map<Element, boolean>, content?: Element): 0 | 1 | 2 | 3 {
  if (toolbarButton(el, strips)) return 3;
  // A link to a heading or anchor of this same page (a table of contents) moves the view only; the
  // summary's outline already names where it goes. (A hash route, "#orders" with no such element, goes.)
  const inContent = (!content || dom.contains(content, el)) && !anchorLink(el);
  const form = dom.closest(el, 'form,[role=form]');
  if (!form || roleOf(form) === 'search' || dom.closest(form, '[role=search]')) return inContent ? 1 : 2;
  if (isField(el)) return 0;
  if (tagOf(el) !== 'A' && dom.matches(el, BUTTON) && formHasField(form)) return 0;
  return inContent ? 1 : 2;
}

function anchorLink(el: Element): boolean {
  const href = tagOf(el) === 'A' ? dom.attr(el, 'href') : null;
  if (!href?.startsWith('#') || href.length < 2) return false;
  let id = href.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // kept as written
  }
  return !!dom.byId(document, id);
}

const formHasField = (form: Element): boolean => !!dom.qs(form, FIELD_SELECTOR);

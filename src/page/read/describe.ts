/**
 * describe: one short paragraph about a table (describe-table.ts), form, list, dialog, section or
 * element, and the main actions summary() lists. Budgeted text a model can act on, never HTML; elements
 * a model is likely to act on carry their ID in brackets: [12].
 */
import { closestDeep, contextOf, ROW, rowLabel } from '../perceive/context';
import { controlsIn, isInteractive, onlyProposed, roleOf, tagOf, widgetOf } from '../perceive/role';
import { nameOf } from '../perceive/name';
import { textOf } from '../perceive/text-of';
import { disabledReason } from '../perceive/disabled';
import { census, COUNT_KINDS, isControl, TOGGLE_ROLES, type Census } from './census';
import { redactText } from '../perceive/redact';
import type { ElementStore } from '../ids/store';
import { resolveTarget, type Target } from '../ids/target';
import { normalize, plural, truncate } from '../dom/text';
import { ALERT_SELECTOR, INTERACTIVE_SELECTOR, SUBMIT, TYPE_SELECTORS } from '../dom/types';
import {
  clippedAway,
  hitTestGrid,
  inViewportAll,
  type Clip,
  quickVisibility,
  reachable,
  visibility,
  visibleMatches,
} from '../perceive/visible';
import { queryAllDeep } from '../dom/roots';
import { errorText, markedInvalid } from '../perceive/invalid';
import { UI_HOST, containsDeep, docOrder, ownShadow } from '../dom/walk';
import * as dom from '../dom/members';
import { elementIndex } from '../dom/index-range';
import { comboboxOf, standIn } from '../perceive/stand-in';
import { checkBudget, elementLine, hrefOf, isShown, listWithin, quoted, visibleOnly } from './lines';
import { describeTable } from './describe-table';
import { actionRank, FIELD_SELECTOR, isField } from './action-rank';
import { atOnce, runAtOnce, type Pace, type Steps } from '../dom/slices';

const SUBMIT_SELECTOR = 'button:not([type=button]):not([type=reset]),input[type=submit],input[type=image]';

/** The control an element under the pointer belongs to (an icon inside a button), if any. */
function closestControl(el: Element | null): Element | null {
  for (let depth = 0; el && depth < 6; depth++, el = dom.parentEl(el)) if (mainCandidate(el)) return el;
  return null;
}

type Kind = 'table' | 'form' | 'list' | 'dialog' | 'menu' | 'navigation' | 'element' | 'section';

function kindOf(el: Element): Kind {
  const tag = tagOf(el);
  const role = roleOf(el);
  if (tag === 'TABLE' || role === 'table' || role === 'grid' || role === 'treegrid') return 'table';
  if (tag === 'FORM' || tag === 'FIELDSET' || role === 'form' || role === 'search') return 'form';
  if (tag === 'DIALOG' || role === 'dialog' || role === 'alertdialog') return 'dialog';
  if (role === 'menu' || role === 'menubar') return 'menu';
  if (role === 'navigation') return 'navigation';
  if (role === 'list' || role === 'listbox' || role === 'tree' || role === 'tablist' || tag === 'DL')
    return 'list';
  if (isInteractive(el) || dom.matches(el, TYPE_SELECTORS.image) || dom.matches(el, TYPE_SELECTORS.heading))
    return 'element';
  return 'section';
}

function describeElement(store: ElementStore, el: Element): string {
  const vis = visibility(el);
  let out = elementLine(store, el);
  const ctx = contextOf(el);
  if (ctx?.label) out += ` in ${ctx.kind} ${quoted(ctx.label)}`;
  out += vis.visible
    ? vis.inViewport
      ? '. Visible.'
      : '. Visible, scrolled out of view.'
    : `. Not visible (${vis.reason}).`;
  const text = textOf(el, 300);
  const name = nameOf(el, 300);
  if (text && text !== name) out += ` Text: ${quoted(text, 200)}.`;
  const desc = dom.attr(el, 'aria-describedby');
  if (desc) {
    const root = dom.root(el) as Document;
    const d = normalize(
      desc
        .split(/\s+/)
        .map((id) => {
          const ref = dom.byId(root, id);
          return ref ? textOf(ref) : '';
        })
        .join(' '),
    );
    if (d) out += ` Description: ${quoted(d, 150)}.`;
  }
  return out;
}

function fieldsOf(container: Element): Element[] {
  const fields = queryAllDeep(container, FIELD_SELECTOR).filter(
    (f) =>
      !dom.matches(f, SUBMIT_SELECTOR) &&
      !dom.matches(f, 'input[type=button],input[type=reset],input[type=hidden]'),
  );
  if (tagOf(container) === 'FORM') {
    const id = container.id;
    if (id) fields.push(...dom.qsa(dom.doc(container), `[form="${CSS.escape(id)}"]`));
  }
  return visibleOnly(fields);
}

function describeForm(store: ElementStore, form: Element, budget: number): string {
  const name =
    nameOf(form, 60) ||
    (dom.qs(form, 'h1,h2,h3,h4,legend') ? textOf(dom.qs(form, 'h1,h2,h3,h4,legend')!, 60) : '');
  const fields = fieldsOf(form);
  const lines = fields.map((f) => {
    let invalid = markedInvalid(f);
    try {
      invalid ||= dom.matches(f, ':user-invalid');
    } catch {
      /* :user-invalid unsupported */
    }
    let line = elementLine(store, f, { invalid });
    if (tagOf(f) === 'SELECT') line += ` [${(f as HTMLSelectElement).options.length} options]`;
    const msg = invalid && errorText(f);
    return msg ? `${line}: ${truncate(msg, 60)}` : line;
  });
  const submits = visibleMatches(`${SUBMIT_SELECTOR},input[type=reset],button[type=reset]`, form).map((b) =>
    elementLine(store, b),
  );
  const errors = visibleMatches(`${ALERT_SELECTOR},.error,.invalid-feedback`, form)
    .map((e) => textOf(e, 100))
    .filter(Boolean);
  let out = `Form${name ? ` ${quoted(name)}` : ''} with ${plural(fields.length, 'field')}: ${listWithin(lines, Math.max(200, budget - 300), '; ')}.`;
  if (submits.length) out += ` Buttons: ${listWithin(submits, 200)}.`;
  if (errors.length)
    out += ` Errors shown: ${listWithin(
      errors.map((e) => quoted(e, 80)),
      200,
    )}.`;
  return out;
}

function itemsOf(el: Element): Element[] {
  const role = roleOf(el);
  const sel =
    role === 'menu' || role === 'menubar'
      ? '[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio]'
      : role === 'listbox'
        ? '[role=option]'
        : role === 'tablist'
          ? '[role=tab]'
          : role === 'tree'
            ? '[role=treeitem]'
            : tagOf(el) === 'DL'
              ? 'dt'
              : ':scope > li, :scope > [role=listitem]';
  return [...dom.qsa(el, sel)];
}

function describeList(store: ElementStore, el: Element, kind: Kind, budget: number): string {
  const items = itemsOf(el);
  const shown = visibleOnly(items);
  const name = nameOf(el, 60);
  const label =
    kind === 'menu'
      ? 'Menu'
      : roleOf(el) === 'tablist'
        ? 'Tabs'
        : roleOf(el) === 'listbox'
          ? 'Listbox'
          : 'List';
  const interactiveItems = kind === 'menu' || ['listbox', 'tablist', 'tree'].includes(roleOf(el));
  const texts = shown.map((item) => {
    if (interactiveItems) {
      let line = elementLine(store, item);
      if (dom.attr(item, 'aria-haspopup') || dom.qs(item, '[role=menu]')) line += ' ▸ submenu';
      return line;
    }
    const action = controlsIn(item)[0];
    const text = truncate(textOf(item, 80), 50);
    if (action && nameOf(action, 50) === text) return elementLine(store, action);
    const disabled = disabledReason(item);
    return `${quoted(text, 50)}${disabled ? (disabled.looks ? ' (looks disabled)' : ' (disabled)') : ''}`;
  });
  let out = `${label}${name ? ` ${quoted(name)}` : ''} with ${plural(items.length, 'item')}`;
  if (shown.length !== items.length) out += ` (${shown.length} shown)`;
  return `${out}: ${listWithin(texts, budget - out.length - 10)}.`;
}

function describeDialog(store: ElementStore, el: Element, budget: number): string {
  const name = nameOf(el, 60) || textOf(dom.qs(el, 'h1,h2,h3,h4,[role=heading]') ?? el, 60);
  const modal =
    dom.attr(el, 'aria-modal') === 'true' || (tagOf(el) === 'DIALOG' && dom.matches(el, ':modal'));
  const text = truncate(textOf(el, 400), 240);
  const actions = visibleMatches(INTERACTIVE_SELECTOR, el)
    .filter((a) => !onlyProposed(a))
    .map((a) => elementLine(store, a));
  let out = `Dialog${name ? ` ${quoted(name)}` : ''}${modal ? ' (modal)' : ''}: ${quoted(text, 240)}.`;
  if (actions.length) out += ` Controls: ${listWithin(actions, budget - out.length - 20)}.`;
  return out;
}

function describeNavigation(store: ElementStore, el: Element, budget: number): string {
  const links = visibleMatches(TYPE_SELECTORS.link, el);
  const name = nameOf(el, 40);
  const out = `Navigation${name ? ` ${quoted(name)}` : ''} with ${plural(links.length, 'link')}`;
  return `${out}: ${listWithin(
    links.map((l) => elementLine(store, l)),
    budget - out.length - 10,
  )}.`;
}

export function countsOf(c: Census): string {
  return COUNT_KINDS.filter((k) => c.counts[k])
    .map((k) => plural(c.counts[k], k))
    .join(', ');
}

/**
 * A checkbox, radio, switch or tree item that is not one of many rows' own (a "select all" in a table's
 * head, a filter, a setting, a folder): main actions may list it. A row's own would fill the list with
 * one per row.
 */
const lonelyToggle = (el: Element): boolean =>
  TOGGLE_ROLES.test(roleOf(el) ?? '') &&
  (!closestDeep(el, ROW) || !!dom.closest(el, 'thead,[role=columnheader]'));

/** What main actions may list: a control, or a toggle that is not one row's own. */
const mainCandidate = (el: Element): boolean => isControl(el) || lonelyToggle(el);

/**
 * Named controls in view, in document order, skipping navigation and page chrome. Repeats (a Download
 * button per row) are listed once, with the ID and row of each, so that a model can tell them apart.
 */
/** A form's submit button, as the browser reads one. */

export function mainActions(
  store: ElementStore,
  controls: ArrayLike<Element>[],
  max: number,
  skipChrome: boolean,
  within?: Element,
  every = false,
  boxes?: () => Element[],
  content?: Element,
): string[] | null {
  let ordered: Element[];
  if (every) {
    // A small page (or dialog) whole: every shown control, the page's own before its navigation,
    // header and footer. Most of a page's controls are shown: past a few times the limit, no need to look.
    let total = 0;
    for (const list of controls) total += list.length;
    if (total > SMALL_PAGE_CONTROLS * 4) return null;
    const shown = new Set<Element>();
    // Not what a collapsed section clips away: a person sees none of it until it opens.
    const clips = new Map<Element, Clip>();
    for (const list of controls)
      for (let i = 0; i < list.length; i++) {
        const el = list[i]!;
        if ((isControl(el) || TOGGLE_ROLES.test(roleOf(el) ?? '')) && isShown(el) && !clippedAway(el, clips))
          shown.add(widgetOf(el));
        if (shown.size > SMALL_PAGE_CONTROLS) return null;
      }
    // And what only its pointer says is clickable (a tab drawn as a span), as a person sees it.
    for (const el of boxes?.() ?? []) if (isShown(el) && !clippedAway(el, clips)) shown.add(el);
    if (shown.size > SMALL_PAGE_CONTROLS) return null;
    const chrome = (el: Element) => !!dom.closest(el, CHROME);
    const sorted = [...shown].sort(docOrder);
    ordered = [...sorted.filter((el) => !chrome(el)), ...sorted.filter(chrome)];
  } else {
    const inView = new Set(inViewportAll(controls));
    for (const el of hitTestGrid(document)) {
      const control = closestControl(el);
      if (control && (!within || containsDeep(within, control)) && isShown(control)) inView.add(control);
    }
    ordered = [...new Set([...inView].map(widgetOf))].filter(mainCandidate).sort(docOrder);
  }
  let candidates: { el: Element; key: string; rank: number }[] = [];
  const strips = new Map<Element, boolean>();
  for (const el of ordered) {
    if (skipChrome && dom.closest(el, `${CHROME},[aria-hidden=true]`)) continue;
    const name = nameOf(el, 40);
    // A select a widget hides (still in view, clipped to a pixel) is the widget's business. A field
    // with no name (a wiki's text box under its toolbar) is still one a person sees and fills in.
    if ((!name && !every && !isField(el)) || standIn(el) || comboboxOf(el)) continue;
    // A form's fields and buttons first, then the content's controls, its frame's, a toolbar's buttons
    // last (action-rank.ts); a small page listed whole keeps its order but for its toolbars.
    const rank = actionRank(el, strips, content);
    candidates.push({
      el,
      key: name ? `${roleOf(el)}|${name}` : `#${candidates.length}`,
      rank: every ? +(rank === 3) : rank,
    });
  }
  candidates = candidates.sort((a, b) => a.rank - b.rank);
  // A form's submit button ends what its fields are for: kept when the fields alone fill the list.
  const submits = new Set(
    candidates
      .filter((c) => c.rank < 2 && dom.matches(c.el, SUBMIT))
      .map((c) => c.key)
      .slice(0, 2),
  );
  const seen = new Map<string, Element[]>();
  let room = max - submits.size;
  for (const { el, key } of candidates) {
    // In view is where a person's click reaches it: not under a header or a layer (looked at for a
    // control the list is about to name; its repeats in other rows are not hit-tested one by one).
    if (!every && !seen.has(key) && (room > 0 || submits.has(key)) && !reachable(el)) continue;
    const known = seen.get(key);
    if (known) known.push(el);
    else if (submits.has(key) || room-- > 0) seen.set(key, [el]);
  }
  // `button "Download" ×3 in view: [4] row "Invoice 1", [6] row "Invoice 2", …`: a control per row.
  // Or by its item: a feed's post, a list's entry (`[9] in "Omar Haddad 3 h ago"`).
  const where = (el: Element) => {
    const row = dom.matches(el, ITEM) ? null : closestDeep(el, ITEM);
    const kind = row && dom.matches(row, ROW) ? 'row' : 'in';
    return `[${store.idFor(el)}]${row ? ` ${kind} ${quoted(rowLabel(row), 24)}` : ''}`;
  };
  return [...seen.values()].map(([first, ...more]) => {
    if (!more.length) return elementLine(store, first!);
    const all = [first!, ...more];
    // Links of one name to different places are not one link: each entry says where it goes, or, where
    // each goes to its own (a "View" per row), that it does.
    const places = new Set(all.map(hrefOf)).size;
    const own = places > 2 && places === all.length;
    const shown = all
      .slice(0, every ? Infinity : 4)
      .map((el) => (places > 1 && !own ? `${where(el)} → ${hrefOf(el)}` : where(el)));
    const rest = all.length - shown.length;
    let head = elementLine(store, first!).replace(/^\[\d+\] /, '');
    if (places > 1) head = head.replace(` → ${hrefOf(first!)}`, '');
    const to = own ? ', each to its own address' : places > 1 ? `, to ${places} addresses` : '';
    return `${head} ×${all.length}${every ? '' : ' in view'}${to}: ${shown.join(', ')}${rest ? ` (+${rest} more; findNear a row's cell picks one)` : ''}`;
  });
}

/** What a control repeated per entry is told apart by: its row, or the post or list entry it is in. */
const ITEM = `${ROW},article,[role=article],li,[role=listitem]`;

/** What frames a page's content: its navigation, header and footer. */
const CHROME = 'nav,[role=navigation],footer,header';

/** A page or dialog with no more shown controls than this is listed whole by summary(). */
const SMALL_PAGE_CONTROLS = 40;

function describeSection(store: ElementStore, el: Element, budget: number): string {
  const name =
    nameOf(el, 60) ||
    (dom.qs(el, 'h1,h2,h3,[role=heading]') ? textOf(dom.qs(el, 'h1,h2,h3,[role=heading]')!, 60) : '');
  const role = roleOf(el);
  const what =
    role === 'main'
      ? 'Main content'
      : role
        ? role[0]!.toUpperCase() + role.slice(1)
        : `Section <${tagOf(el).toLowerCase()}>`;
  let out = `${what}${name ? ` ${quoted(name)}` : ''}`;
  const found = census(el);
  const headings = found.first('headings', 30, isShown).map((h) => quoted(textOf(h, 60), 40));
  const counts = countsOf(found);
  if (counts) out += `: ${counts}.`;
  if (headings.length > 1) out += ` Headings: ${listWithin(headings, 300)}.`;
  const text = truncate(textOf(el, 400), 200);
  if (text) out += ` Text begins: ${quoted(text, 200)}.`;
  const actions = mainActions(store, found.controls, 8, false, el)!;
  if (actions.length) out += ` Actions: ${listWithin(actions, Math.max(100, budget - out.length - 20))}.`;
  return out;
}

export interface DescribeOptions {
  /** Most characters returned (default 1,500). */
  budget?: number;
}

export const describe = (store: ElementStore, target?: Target, opts: DescribeOptions = {}): string =>
  runAtOnce(describeSteps(store, target, opts, atOnce()));

/** describe as steps that may pause (dom/slices.ts): a table's rows are read in slices. */
export function* describeSteps(
  store: ElementStore,
  target: Target | undefined,
  opts: DescribeOptions,
  pace: Pace,
): Steps<string> {
  const budget = opts.budget ?? store.config.describeBudget;
  checkBudget(budget);
  let relocated: string | undefined;
  let el: Element;
  if (target === undefined || target === null || target === '') {
    el =
      // A <main> of the document from its element index; only without one, a search of every root.
      elementIndex(document)
        .tag('main')
        .find((m) => quickVisibility(m).visible) ??
      queryAllDeep(document, 'main,[role=main]').find((m) => quickVisibility(m).visible) ??
      dom.pageRoot(document);
  } else {
    const r = resolveTarget(store, target, 'describe target');
    el = r.element;
    relocated = r.relocated;
  }
  const kind = kindOf(el);
  let out: string;
  switch (kind) {
    case 'table':
      out = yield* describeTable(store, el, pace);
      break;
    case 'form':
      out = describeForm(store, el, budget);
      break;
    case 'dialog':
      out = describeDialog(store, el, budget);
      break;
    case 'menu':
    case 'list':
      out = describeList(store, el, kind, budget);
      break;
    case 'navigation':
      out = describeNavigation(store, el, budget);
      break;
    case 'element':
      out = describeElement(store, el);
      break;
    default:
      out = describeSection(store, el, budget);
  }
  if (relocated) out = `${relocated} ${out}`;
  return truncate(redactText(out), budget);
}

/** The focused element, inside shadow roots and same-origin frames. */
export function deepActiveElement(): Element | null {
  let el: Element | null = document.activeElement;
  for (;;) {
    if (!el) return null;
    // Focus inside the SDK's own panel is not the page's focus.
    if (dom.hasAttr(el, UI_HOST)) return null;
    const inner: Element | null | undefined =
      ownShadow(el)?.activeElement ?? (dom.tag(el) === 'IFRAME' ? safeFrameActive(el) : null);
    if (!inner) return el;
    el = inner;
  }
}

const safeFrameActive = (frame: Element): Element | null => {
  try {
    const d = (frame as HTMLIFrameElement).contentDocument;
    return d && d.activeElement !== dom.body(d) ? d.activeElement : null;
  } catch {
    return null;
  }
};

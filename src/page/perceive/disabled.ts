/**
 * Disabled as a person sees it. Besides the disabled property, aria-disabled and a disabled fieldset,
 * what only the look says: `cursor: not-allowed`, an interactive element that ignores the pointer
 * (`pointer-events: none`, as Bootstrap's `.disabled`), a class or attribute token such as `disabled`,
 * `is-disabled`, `ui-state-disabled` or `dis`, and an item greyed out beside enabled siblings.
 */
import { isInteractive, tagOf } from './role';
import { nearAncestor } from '../dom/walk';
import * as dom from '../dom/members';
import { drawnBox } from './visible';
import { faded } from './look';
import { labelsOf } from './labels';

/** Class tokens that mean disabled: disabled, is-disabled, ui-state-disabled, btn--disabled, dis. */
const DISABLED_TOKEN = /^(?:dis|(?:[\w-]*[-_])?disabled)$/i;
/** Where an item ends: its list, menu, table or form is no longer the item. */
const ITEM_BOUNDARY = new Set(['UL', 'OL', 'MENU', 'TABLE', 'TBODY', 'FORM', 'BODY', 'HTML', 'NAV']);

/** Items of a menu, list or tab strip: where greying out is how pages mark a disabled one. */
const ITEM_LIKE = /^(LI|menuitem|menuitemcheckbox|menuitemradio|option|tab|treeitem)$/;

const style = (el: Element): CSSStyleDeclaration | null =>
  dom.view(dom.doc(el))?.getComputedStyle(el) ?? null;

/** The element, and the item wrappers around it (an <a> inside its <li>), up to three levels. */
function itemChain(el: Element): Element[] {
  const out: Element[] = [];
  for (
    let n: Element | null = el;
    n && out.length < 3 && !ITEM_BOUNDARY.has(dom.tag(n));
    n = dom.parentEl(n)
  ) {
    out.push(n);
    const role = dom.attr(n, 'role');
    if (role && /^(menu|menubar|listbox|list|toolbar|tablist|grid|table|dialog)$/.test(role)) break;
  }
  return out.length ? out : [el];
}

function tokenReason(el: Element): string | null {
  const cls = typeof el.className === 'string' ? el.className : (dom.attr(el, 'class') ?? '');
  for (const token of cls.split(/\s+/)) if (token && DISABLED_TOKEN.test(token)) return `class "${token}"`;
  if (dom.hasAttr(el, 'disabled') && !('disabled' in el)) return 'attribute disabled';
  const data = dom.attr(el, 'data-disabled');
  if (data !== null && data !== 'false') return 'attribute data-disabled';
  return null;
}

/** Grey and light (#999–#ccc) where most siblings of the same tag are not: a greyed-out item. */
function greyedOut(el: Element): boolean {
  // The nearest few of its tag on each side: a list of 10,000 links was copied whole for each match.
  const tag = dom.tag(el);
  const siblings: Element[] = [];
  const near = (step: (e: Element) => Element | null, max: number) => {
    for (let s = step(el), looked = 0; s && looked < 40 && siblings.length < max; s = step(s), looked++)
      if (dom.tag(s) === tag) siblings.push(s);
  };
  near(dom.prevEl, 6);
  near(dom.nextEl, 12);
  if (siblings.length < 2) return false;
  const own = style(el);
  if (!own) return false;
  if (!faded(own)) return false;
  const others = siblings.map((s) => style(s)).filter((s): s is CSSStyleDeclaration => !!s);
  const normal = others.filter((s) => !faded(s)).length;
  return normal >= Math.max(1, others.length / 2);
}

/** Why a person would take this element for disabled, or null. `looks` says it is only the look. */
export function disabledReason(el: Element): { reason: string; looks: boolean } | null {
  if ((el as HTMLButtonElement).disabled === true) return { reason: 'disabled', looks: false };
  if (dom.closest(el, '[aria-disabled=true]')) return { reason: 'aria-disabled', looks: false };
  if (dom.closest(el, 'fieldset:disabled')) return { reason: 'in a disabled fieldset', looks: false };
  const chain = itemChain(el);
  for (const n of chain) {
    const token = tokenReason(n);
    if (token) return { reason: `looks disabled (${token})`, looks: true };
  }
  // A checkbox or radio the page draws itself: the look is its label's (the input is often transparent
  // and ignores the pointer, while the label takes the clicks); a hidden combobox's, its drawn box's.
  const drawn = /^(checkbox|radio)$/.test((el as HTMLInputElement).type ?? '')
    ? (labelsOf(el)[0] ?? drawnBox(el) ?? undefined)
    : (drawnBox(el) ?? undefined);
  const s = style(drawn ?? el);
  if (!s) return null;
  if (s.cursor === 'not-allowed') return { reason: 'looks disabled (cursor: not-allowed)', looks: true };
  // Ignoring the pointer looks disabled when neither the element nor what draws it takes it (a label
  // that ignores it beside an input that does is not disabled), unless a control around it takes the
  // clicks (Vuetify's select field around its input).
  const own = drawn ? style(el) : s;
  if (
    s.pointerEvents === 'none' &&
    own?.pointerEvents === 'none' &&
    (drawn || isInteractive(el) || tagOf(el) === 'LI') &&
    !nearAncestor(el, (a) => isInteractive(a) && style(a)?.pointerEvents !== 'none')
  )
    return { reason: 'ignores the pointer (pointer-events: none)', looks: true };
  for (const n of chain)
    if (ITEM_LIKE.test(dom.attr(n, 'role') ?? tagOf(n)) && greyedOut(n))
      return { reason: 'looks disabled (greyed out beside its siblings)', looks: true };
  return null;
}

export const isDisabled = (el: Element): boolean => disabledReason(el) !== null;

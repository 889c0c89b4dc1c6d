/**
 * Text an action made appear outside what the change report says otherwise (controls, dialogs, menus,
 * messages): a status line ("Signed in as ann"), a count ("3 selected"), a result. It is how a person
 * knows the action worked, and without it a model must look at the page again to find out.
 */
import * as dom from '../dom/members';
import { textOf } from '../perceive/text-of';
import { truncate } from '../dom/text';
import { isVisible } from '../perceive/visible';
import { docOrder, parentOf } from '../dom/walk';

/** Where text changed, and the text that went away (a re-render that puts it back is no news). */
export interface TextChanges {
  at: Set<Element>;
  gone: Set<string>;
}

/** Text compared without its white space: textContent runs cells together, textOf spaces them. */
const key = (s: string): string => s.replace(/\s+/g, '').toLowerCase();

/** Notes one mutation record's text: where it appeared, what it replaced. */
export function noteText(changes: TextChanges, r: MutationRecord): void {
  const { at, gone } = changes;
  if (r.type === 'characterData') {
    const parent = dom.parentEl(r.target);
    if (parent) at.add(parent);
    if (r.oldValue) gone.add(key(r.oldValue));
    return;
  }
  for (const n of [...r.addedNodes]) {
    const type = dom.nodeType(n);
    if (type === 1) at.add(n as Element);
    else if (type === 3 && dom.text(n)?.trim() && dom.nodeType(r.target) === 1) at.add(r.target as Element);
  }
  // Bounded: a re-render that removes a whole table costs its text once, for a few hundred nodes.
  for (const n of [...r.removedNodes]) if (gone.size < 500) gone.add(key(dom.text(n) ?? '').slice(0, 300));
}

/**
 * Up to `max` texts that appeared where `skip` does not say it is said already, in document order:
 * the outermost of the places text changed, shown, not the same as text that went away.
 */
export function newText(changes: TextChanges, skip: (el: Element) => boolean, max = 2): string[] {
  const { at, gone } = changes;
  const outer = [...at].filter((el) => {
    for (let up = parentOf(el), i = 0; up && i < 50; up = parentOf(up), i++) if (at.has(up)) return false;
    return dom.connected(el);
  });
  const out: string[] = [];
  let looked = 0;
  // Page order for the first few places in the order they changed (a list of 10,000 rows is drawn in
  // order): sorting them all took a quarter of a second.
  for (const el of outer.slice(0, 50).sort(docOrder)) {
    if (out.length >= max || looked++ > 30) break;
    if (skip(el) || !isVisible(el)) continue;
    const text = textOf(el, 200);
    const line = truncate(text, 100);
    if (text && !gone.has(key(text).slice(0, 300)) && !out.includes(line)) out.push(line);
  }
  return out;
}

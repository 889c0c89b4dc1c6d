/** What the actions of one LLMHelper instance share: the element store and the pointer's state. */
import type { ElementStore } from '../ids/store';
import * as dom from '../dom/members';
import type { KeyInfo, Modifier, Point } from '../dom/events';

/**
 * Real input, for pages that ignore synthetic events (the extension's chrome.debugger, a CDP driver):
 * each returns whether it sent the input; false leaves the SDK to dispatch its own events.
 */
export interface TrustedInput {
  /** A press at a point of the top page's viewport (CSS pixels), as a mouse would. */
  click(
    at: Point,
    options: { button: 'left' | 'middle' | 'right'; clickCount: number; modifiers: Modifier[] },
  ): Promise<boolean>;
  /** A key, pressed with the focus where it is; `key` as KeyboardEvent.key, with its code and text. */
  key(key: KeyInfo, modifiers: Modifier[]): Promise<boolean>;
}

export interface ActionContext {
  store: ElementStore;
  /** The element the pointer is over, so that moving away sends the leave events. */
  hovered: Element | null;
  /** The last custom menu that opened (it may have no ARIA role). */
  menu: Element | null;
  input?: TrustedInput;
}

export const createActionContext = (store: ElementStore, input?: TrustedInput): ActionContext => ({
  store,
  hovered: null,
  menu: null,
  ...(input ? { input } : {}),
});

/** The element itself while it is on the page, else the one the store re-finds by its fingerprint. */
export function liveEquivalent(ctx: ActionContext, el: Element, id: number): Element | null {
  if (dom.connected(el)) return el;
  try {
    return ctx.store.resolve(id).element;
  } catch {
    return null;
  }
}

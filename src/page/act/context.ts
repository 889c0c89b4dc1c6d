/** What the actions of one LLMHelper instance share: the element store and the pointer's state. */
import type { ElementStore } from '../store';

export interface ActionContext {
  store: ElementStore;
  /** The element the pointer is over, so that moving away sends the leave events. */
  hovered: Element | null;
  /** The last custom menu that opened (it may have no ARIA role). */
  menu: Element | null;
}

export const createActionContext = (store: ElementStore): ActionContext => ({
  store,
  hovered: null,
  menu: null,
});

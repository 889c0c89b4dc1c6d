/**
 * The panel's cards that wait for the person: a risky call to allow or refuse, a question to answer. A
 * card never takes the focus, and its consenting buttons hear only the person (see card()).
 */
import type { PageTools } from '../agent/page-tools';
import { pageUrl } from '../agent/page-tools';
import type { PendingCall } from '../agent/types';
import { h, trusted } from './elements';
import { now, on } from './natives';
import type { Texts } from './texts';

/** How long a card's consenting button ignores activation after it appears, as browsers' prompts do. */
const ARM_MS = 600;

export interface CardsDeps {
  /** The panel's root: the person's Tab there is what may move the focus onto a card's button. */
  root: ShadowRoot | HTMLElement;
  add(node: HTMLElement): HTMLElement;
  T(): Texts;
  /** The panel waits for the person now; and goes on (if a run is under way) once the card is answered. */
  waiting(): void;
  goOn(): void;
  showHighlight(id: unknown): void;
  helper: PageTools;
}

export function cards(deps: CardsDeps) {
  /** When the person last pressed Tab in the panel: focus it moved is the person's. */
  let lastTab = -Infinity;
  on(
    deps.root,
    'keydown',
    trusted((e: KeyboardEvent) => {
      if (e.key === 'Tab') lastTab = now();
    }),
    true,
  );
  /**
   * A card in the list that resolves with the button chosen; the last (refuse / cancel) is the default,
   * also on Escape. It never takes the focus: a person typing elsewhere goes on typing. Its other buttons
   * (allow, answer, continue) ignore activation for ARM_MS after it appears, and a key's activation
   * unless the person moved the focus there themselves (Tab, or pressing it).
   */
  function card(text: string, buttons: [string, string][], ...extra: HTMLElement[]): Promise<string> {
    // The agent waits for the person, not for the model, while the card is open.
    deps.waiting();
    const shownAt = now();
    return new Promise((resolve) => {
      const row = h('div', { class: 'row' });
      const box = h('div', { class: 'card', role: 'alertdialog', 'aria-label': text }, h('div', {}, text));
      box.append(...extra, row);
      const done = (value: string) => {
        box.remove();
        deps.goOn();
        resolve(value);
      };
      const fallback = buttons[buttons.length - 1]![0];
      for (const [value, label] of buttons) {
        const button = h('button', { type: 'button', class: value === 'yes' ? 'danger' : '' }, label);
        let pressed = false; // the person pressed it, or moved the focus with Tab since it appeared
        on(
          button,
          'pointerdown',
          trusted(() => (pressed = true)),
        );
        on(
          button,
          'click',
          trusted((e: MouseEvent) => {
            const key = e.detail === 0; // a key's activation, not a press of the pointer
            if (value !== fallback && (now() - shownAt < ARM_MS || (key && !pressed && lastTab < shownAt)))
              return;
            done(value);
          }),
        );
        row.append(button);
      }
      on(
        box,
        'keydown',
        trusted((e: KeyboardEvent) => {
          if (e.key === 'Escape') done(fallback);
        }),
      );
      deps.add(box);
    });
  }

  const allowed = new Set<string>();
  async function confirm(call: PendingCall): Promise<boolean> {
    const T = deps.T();
    let origin = location.origin;
    try {
      origin = new URL(await pageUrl(deps.helper)).origin;
    } catch {
      /* the page cannot say: this document's */
    }
    const key = `${origin} ${call.name} ${call.risk.reason}`;
    if (allowed.has(key)) return true;
    deps.showHighlight((call.args as { id?: unknown }).id);
    const always = h('input', { type: 'checkbox' });
    const choice = await card(
      `${T.confirm} ${call.risk.reason}`,
      [
        ['yes', T.allow],
        ['no', T.refuse],
      ],
      // The page said something that tries to instruct the model before this: the person sees it.
      ...(call.flagged ? [h('div', { class: 'warn' }, T.flaggedBefore(call.flagged.slice(0, 120)))] : []),
      h('label', { class: 'check' }, always, ` ${T.allowSite}`),
    );
    if (choice === 'yes' && always.checked) allowed.add(key);
    return choice === 'yes';
  }

  async function ask(question: string): Promise<string> {
    const T = deps.T();
    const answer = h('input', { type: 'text', 'aria-label': question });
    const choice = await card(
      question,
      [
        ['ok', T.answer],
        ['cancel', T.cancel],
      ],
      answer,
    );
    return choice === 'ok' ? answer.value : '(no answer)';
  }

  return { card, confirm, ask };
}

/**
 * The panel's line about the bridge: the connection an outside agent has (to what, which tools, its
 * state, Disconnect), or one this tab had before it navigated, offered again and never reopened by itself.
 */
import { h } from './elements';
import type { PanelDeps } from './panel-options';
import type { Texts } from './texts';

export type Connection = { url: string; preset: string; status: string; disconnect(): void };

/** Fills `bar` with a connection from before a navigation, if any; returns how to show one (null hides it). */
export function bridgeLine(
  bar: HTMLElement,
  deps: Pick<PanelDeps, 'savedConnection' | 'reconnect' | 'forgetConnection'>,
  T: () => Texts,
): (info: Connection | null) => void {
  const show = (info: Connection | null) => {
    bar.hidden = !info;
    if (!info) return bar.replaceChildren();
    bar.replaceChildren(
      `${T().bridge} ${info.url} · ${info.preset} · ${info.status} `,
      h('button', { type: 'button', click: () => info.disconnect() }, T().disconnect),
    );
  };
  const last = deps.savedConnection?.() ?? null;
  if (last) {
    bar.hidden = false;
    bar.replaceChildren(
      `${T().reconnect(last.url)} `,
      h('button', { type: 'button', click: () => deps.reconnect?.() }, T().connect),
      h(
        'button',
        {
          type: 'button',
          click: () => {
            deps.forgetConnection?.();
            show(null);
          },
        },
        T().forget,
      ),
    );
  }
  return show;
}

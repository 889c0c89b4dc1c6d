/**
 * The panel's bridge line: the connection (to what, which tools, its state) with Disconnect; and a
 * connection this tab had before it navigated, offered to reopen, never reopened by itself.
 */
import { h } from './elements';
import type { PanelDeps } from './panel-options';
import type { Texts } from './texts';

export function bridgeStatus(
  bar: HTMLElement,
  T: () => Texts,
  deps: Pick<PanelDeps, 'savedConnection' | 'reconnect' | 'forgetConnection'>,
) {
  function showConnection(info: { url: string; preset: string; status: string; disconnect(): void } | null) {
    bar.hidden = !info;
    if (!info) return bar.replaceChildren();
    bar.replaceChildren(
      `${T().bridge} ${info.url} · ${info.preset} · ${info.status} `,
      h('button', { type: 'button', click: () => info.disconnect() }, T().disconnect),
    );
  }

  const lastConnection = deps.savedConnection?.() ?? null;
  if (lastConnection) {
    bar.hidden = false;
    bar.replaceChildren(
      `${T().reconnect(lastConnection.url)} `,
      h('button', { type: 'button', click: () => deps.reconnect?.() }, T().connect),
      h(
        'button',
        {
          type: 'button',
          click: () => {
            deps.forgetConnection?.();
            showConnection(null);
          },
        },
        T().forget,
      ),
    );
  }
  return { showConnection };
}

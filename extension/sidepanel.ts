/**
 * The side panel: the same panel as in a page, docked, running the agent here, in extension UI no page
 * can reach. The agent's page tools go to the tab's content script through TabLink; the key is kept in
 * the extension's storage (chrome.storage.session, which content scripts cannot read; .local only when
 * "remember" is ticked); model requests leave from here, not from the page.
 */
import { Agent, type AgentOptions } from '../src/agent/agent';
import { createProvider, providers as listProviders } from '../src/llm';
import { createPanel, type PanelSettings } from '../src/ui/panel';
import { connect, type Connection } from '../src/bridge/connect';
import type { Preset } from '../src/tools/define';
import { SITE_MODES, TabAccessError, TabLink, type SiteMode } from './tab-link';
import { DebuggerInput, isInputRequest } from './debugger-input';

const STORE = 'settings';
const providers = listProviders();

async function savedSettings(): Promise<Partial<PanelSettings> | null> {
  const local = (await chrome.storage.local.get(STORE))[STORE] as Partial<PanelSettings> | undefined;
  const session = (await chrome.storage.session.get(STORE))[STORE] as Partial<PanelSettings> | undefined;
  return session ?? local ?? null;
}

/** Saves where the person chose, and asks (within their click) for the model service when it needs it. */
function saveSettings(settings: PanelSettings): void {
  const preset = providers.find((p) => p.name === settings.model);
  const base = settings.baseURL || preset?.baseURL;
  // A service that does not answer pages (CORS) is reached with the person's permission for its host.
  if (base && preset && preset.capabilities.browser !== true)
    try {
      void chrome.permissions.request({ origins: [`${new URL(base).origin}/*`] }).catch(() => false);
    } catch {
      /* not a URL: the test request says so */
    }
  if (settings.remember) {
    void chrome.storage.local.set({ [STORE]: settings });
    void chrome.storage.session.remove(STORE);
  } else {
    void chrome.storage.session.set({ [STORE]: settings });
    void chrome.storage.local.remove(STORE);
  }
}

async function main(): Promise<void> {
  // ?tab=N names the tab to work in (opening this page as a tab, as the tests do); else this window's.
  const named = Number(new URLSearchParams(location.search).get('tab'));
  const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
  const link = new TabLink(named || active?.id || 0);
  let running = false;

  // Which tab the panel works in, and a button to let it in where it may not go yet.
  const name = document.createElement('span');
  const allow = document.createElement('button');
  allow.type = 'button';
  allow.textContent = 'Allow on this site';
  allow.hidden = true;
  // What LLMHelper may do on this site, the person's choice, kept per origin.
  const mode = document.createElement('select');
  mode.setAttribute('aria-label', 'On this site');
  for (const [value, label] of SITE_MODES) mode.append(new Option(label, value));
  link.sites =
    ((await chrome.storage.local.get('sites')).sites as Record<string, SiteMode> | undefined) ?? {};
  // Real input (chrome.debugger): off by default; the browser shows a banner while it is on.
  const realInput = Object.assign(document.createElement('input'), { type: 'checkbox' });
  const realLabel = document.createElement('label');
  realLabel.title =
    'Clicks and keys as real input, for pages that ignore script events. The browser shows "LLMHelper started debugging this browser" while it is on; closing that banner turns it off.';
  realLabel.append(realInput, ' Real input');
  const input = new DebuggerInput();
  input.onDetach = () => {
    realInput.checked = false;
    link.trusted = false;
  };
  realInput.addEventListener('change', (e) => {
    if (!e.isTrusted) return;
    if (!realInput.checked) {
      link.trusted = false;
      void input.detach();
      return;
    }
    // Asked within the person's click: the browser asks them once.
    void chrome.permissions.request({ permissions: ['debugger'] }).then((granted) => {
      realInput.checked = granted;
      link.trusted = granted;
    });
  });
  chrome.runtime.onMessage.addListener((m: unknown, sender, respond: (sent: boolean) => void) => {
    // Only the content script in the tab the panel works in, and only while the person has it on.
    if (!isInputRequest(m) || sender.id !== chrome.runtime.id || sender.tab?.id !== link.tab || !link.trusted)
      return undefined;
    input.send(link.tab, m).then(
      () => respond(true),
      () => respond(false),
    );
    return true;
  });
  const bridgeButton = document.createElement('button');
  bridgeButton.type = 'button';
  bridgeButton.textContent = 'Bridge…';
  const bar = document.createElement('div');
  bar.append(name, ' ', mode, ' ', allow, ' ', realLabel, ' ', bridgeButton);
  let allowFor = '';
  const show = async () => {
    const tab = await chrome.tabs.get(link.tab).catch(() => null);
    name.textContent = tab ? `Tab: ${tab.title || tab.url || link.tab}` : 'No tab';
    let origin = '';
    try {
      const u = new URL(tab?.url ?? '');
      if (/^https?:$/.test(u.protocol)) origin = u.origin;
    } catch {
      /* a browser page */
    }
    allowFor = origin;
    mode.hidden = !origin;
    mode.value = link.sites[origin] ?? 'act';
    allow.hidden = !origin || (await chrome.permissions.contains({ origins: [`${origin}/*`] }));
  };
  // The browser asks the person; their click (a trusted event) is what lets the request through.
  allow.addEventListener('click', (e) => {
    if (!e.isTrusted || !allowFor) return;
    void chrome.permissions.request({ origins: [`${allowFor}/*`] }).then(() => show());
  });
  // (Extension UI: no page script reaches this select, so its change is the person's.)
  mode.addEventListener('change', () => {
    if (!allowFor) return;
    link.sites = { ...link.sites, [allowFor]: mode.value as SiteMode };
    void chrome.storage.local.set({ sites: link.sites });
  });
  link.onTab = () => void show();
  // While idle, the panel works in whichever tab of its window the person brings to the front.
  chrome.tabs.onActivated.addListener(({ tabId, windowId }) => {
    if (running || named) return;
    void chrome.windows.getCurrent().then((w) => {
      if (w.id === windowId) {
        link.tab = tabId;
        void show();
      }
    });
  });
  chrome.tabs.onUpdated.addListener((tabId) => {
    if (tabId === link.tab) void show();
  });
  void show();

  class ExtensionAgent extends Agent {
    constructor(options: AgentOptions) {
      link.vision = !!options.provider.capabilities?.vision;
      super({ ...options, helper: link, survivesNavigation: true });
      this.on('start', () => (running = true));
      this.on('done', () => (running = false));
      this.on('error', (e) => {
        if (e instanceof TabAccessError) void show();
      });
    }
  }

  const panel = createPanel(
    {
      helper: link,
      Agent: ExtensionAgent,
      provider: createProvider,
      providers,
      docked: true,
      hostBar: bar,
      settingsStore: { saved: await savedSettings(), save: saveSettings },
    },
    {},
  );

  // The bridge: an outside agent (an MCP client) drives this tab through llm-helper-bridge, with the
  // extension's isolation; risky calls are confirmed here. Start the bridge with
  // --allow-origin chrome-extension://<this extension's ID>.
  let connection: Connection | null = null;
  const form = document.createElement('div');
  form.hidden = true;
  const url = Object.assign(document.createElement('input'), { value: 'ws://127.0.0.1:8765' });
  url.setAttribute('aria-label', 'Bridge address');
  const token = Object.assign(document.createElement('input'), { type: 'password' });
  token.setAttribute('aria-label', 'Pairing token');
  const preset = document.createElement('select');
  preset.setAttribute('aria-label', 'Tools for the bridge');
  for (const p of ['read', 'standard', 'full']) preset.append(new Option(p, p));
  const go = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Connect' });
  form.append(url, ' ', token, ' ', preset, ' ', go);
  bar.append(form);
  bridgeButton.addEventListener('click', () => (form.hidden = !form.hidden));
  go.addEventListener('click', () => {
    connection?.close();
    const at = url.value.trim();
    const tools = preset.value as Preset;
    try {
      connection = connect(link, at, {
        token: token.value,
        preset: tools,
        confirm: (call) => panel.confirm(call),
        onStatus: (status) =>
          panel.showConnection({
            url: at,
            preset: tools,
            status,
            disconnect: () => {
              connection?.close();
              panel.showConnection(null);
            },
          }),
      });
      form.hidden = true;
    } catch (e) {
      panel.showConnection({
        url: at,
        preset: tools,
        status: (e as Error).message,
        disconnect: () => undefined,
      });
    }
  });
}

void main();

/**
 * The side panel: the same panel as in a page, docked, running the agent here, in extension UI no page
 * can reach. The agent's page tools go to the tab's content script through TabLink; the key is kept in
 * the extension's storage (chrome.storage.session, which content scripts cannot read; .local only when
 * "remember" is ticked); model requests leave from here, not from the page. Its bar says which tab it
 * works in and what it may do there, in the person's language (texts.ts).
 */
import { Agent } from '../src/agent/agent';
import type { AgentOptions } from '../src/agent/types';
import { createProvider, providers as listProviders } from '../src/llm/index';
import { ProviderError } from '../src/llm/errors';
import { createPanel } from '../src/ui/panel';
import { type PanelSettings } from '../src/ui/panel-options';
import type { UiLanguage } from '../src/ui/texts';
import { connect, type Connection } from '../src/bridge/connect';
import type { Preset } from '../src/tools/define';
import { SITE_MODES, TabAccessError, TabLink, type SiteMode } from './tab-link';
import { DebuggerInput, isInputRequest } from './debugger-input';
import { WORDS } from './texts';
import { BAR_CSS } from './bar-style';

const STORE = 'settings';
const providers = listProviders();

async function savedSettings(): Promise<Partial<PanelSettings> | null> {
  const local = (await chrome.storage.local.get(STORE))[STORE] as Partial<PanelSettings> | undefined;
  const session = (await chrome.storage.session.get(STORE))[STORE] as Partial<PanelSettings> | undefined;
  return session ?? local ?? null;
}

/** An element with text, attributes and children; its listeners hear trusted events only. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
}

async function main(): Promise<void> {
  // ?tab=N names the tab to work in (opening this page as a tab, as the tests do); else this window's.
  const named = Number(new URLSearchParams(location.search).get('tab'));
  const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
  const link = new TabLink(named || active?.id || 0);
  let running = false;
  const saved = await savedSettings();
  let lang: UiLanguage = saved?.language ?? (/^zh/i.test(navigator.language) ? 'zh' : 'en');
  link.words = WORDS[lang];
  link.sites =
    ((await chrome.storage.local.get('sites')).sites as Record<string, SiteMode> | undefined) ?? {};
  let consoleSites =
    ((await chrome.storage.local.get('console')).console as Record<string, boolean> | undefined) ?? {};

  // The bar: which tab, what LLMHelper may do on its site, and (under ⋯) what the person may turn on.
  const tabName = el('span', { className: 'tab' });
  const mode = el('select');
  const modeLabel = el('label', { className: 'mode' }, el('span'), mode);
  const allow = el('button', { type: 'button', hidden: true });
  const more = el('button', { type: 'button', className: 'more' }, '⋯');
  const realInput = el('input', { type: 'checkbox' });
  const realLabel = el('label', {}, realInput, el('span'));
  const onConsole = el('input', { type: 'checkbox' });
  const consoleLabel = el('label', {}, onConsole, el('span'));
  const consoleWhy = el('div', { className: 'why' });
  const allSites = el('button', { type: 'button' });
  const allSitesWhy = el('div', { className: 'why' });
  const url = el('input', { value: 'ws://127.0.0.1:8765' });
  const token = el('input', { type: 'password' });
  const preset = el('select');
  const go = el('button', { type: 'button' });
  const bridge = el('details', {}, el('summary'), el('div', { className: 'row' }, url, token, preset, go));
  const menu = el(
    'div',
    { className: 'menu', hidden: true },
    realLabel,
    consoleLabel,
    consoleWhy,
    allSites,
    allSitesWhy,
    bridge,
  );
  const bar = el(
    'div',
    { className: 'ext' },
    el('style', {}, BAR_CSS),
    el('div', { className: 'line' }, tabName, more),
    el('div', { className: 'line' }, modeLabel, allow),
    menu,
  );
  more.addEventListener('click', (e) => e.isTrusted && (menu.hidden = !menu.hidden));

  /** The bar's words, in the panel's language. */
  function say(): void {
    const W = WORDS[lang];
    link.words = W;
    (modeLabel.firstChild as HTMLElement).textContent = W.siteMode;
    const value = mode.value;
    mode.replaceChildren(...SITE_MODES.map((m) => new Option(W.modes[m], m)));
    mode.value = value || 'act';
    allow.textContent = W.allow;
    allow.title = W.allowWhy;
    more.title = W.more;
    more.setAttribute('aria-label', W.more);
    (realLabel.lastChild as HTMLElement).textContent = ` ${W.realInput}`;
    realLabel.title = W.realInputWhy;
    (consoleLabel.lastChild as HTMLElement).textContent = ` ${W.console}`;
    consoleWhy.textContent = W.consoleWhy;
    allSites.textContent = W.allSites;
    allSitesWhy.textContent = W.allSitesWhy;
    (bridge.firstChild as HTMLElement).textContent = W.bridge;
    url.setAttribute('aria-label', W.bridgeAddress);
    url.placeholder = W.bridgeAddress;
    token.setAttribute('aria-label', W.token);
    token.placeholder = W.token;
    preset.setAttribute('aria-label', W.bridgeTools);
    const chosen = preset.value;
    preset.replaceChildren(
      ...(['read', 'standard', 'full'] as const).map((p) => new Option(W.presets[p], p)),
    );
    preset.value = chosen || 'standard';
    go.textContent = W.connect;
  }

  // Real input (chrome.debugger): off by default; the browser shows a banner while it is on.
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

  let origin = '';
  /** Whether the extension can reach the tab's page now (a site granted, or the toolbar click's activeTab). */
  const reachable = (tab: number) =>
    chrome.scripting.executeScript({ target: { tabId: tab }, func: () => true }).then(
      () => true,
      () => false,
    );
  const show = async () => {
    const W = WORDS[lang];
    const tab = await chrome.tabs.get(link.tab).catch(() => null);
    tabName.textContent = tab ? `${W.tab}: ${tab.title || tab.url || link.tab}` : W.noTab;
    tabName.title = tab?.url ?? '';
    origin = '';
    try {
      const u = new URL(tab?.url ?? '');
      if (/^https?:$/.test(u.protocol)) origin = u.origin;
    } catch {
      /* a browser page */
    }
    modeLabel.hidden = !origin;
    mode.value = link.sites[origin] ?? 'act';
    onConsole.checked = !!consoleSites[origin];
    consoleLabel.hidden = !origin;
    const granted = !!origin && (await chrome.permissions.contains({ origins: [`${origin}/*`] }));
    // Let in by the toolbar click (activeTab): nothing to allow now. "Allow on this site" shows once the
    // tab has left the site (or on a tab the click did not let in), when the person needs it.
    const inTab = !!origin && !granted && (await reachable(link.tab));
    allow.hidden = !origin || granted || inTab;
    allSites.hidden = allSitesWhy.hidden = await chrome.permissions.contains({ origins: ['<all_urls>'] });
    if (!running) panel.setExamples(W.examples(tab?.title ?? ''));
    if (consoleSites[origin]) void expose(link.tab);
  };
  // The browser asks the person; their click (a trusted event) is what lets the request through.
  allow.addEventListener('click', (e) => {
    if (!e.isTrusted || !origin) return;
    void chrome.permissions.request({ origins: [`${origin}/*`] }).then(() => show());
  });
  allSites.addEventListener('click', (e) => {
    if (!e.isTrusted) return;
    void chrome.permissions.request({ origins: ['<all_urls>'] }).then(() => show());
  });
  // (Extension UI: no page script reaches this select, so its change is the person's.)
  mode.addEventListener('change', () => {
    if (!origin) return;
    link.sites = { ...link.sites, [origin]: mode.value as SiteMode };
    void chrome.storage.local.set({ sites: link.sites });
  });
  /** The page API in the tab's own world, for its devtools console (the person's opt-in for the site). */
  const expose = (tab: number) =>
    chrome.scripting
      .executeScript({ target: { tabId: tab }, world: 'MAIN', files: ['page-api.js'] })
      .catch(() => undefined);
  onConsole.addEventListener('change', (e) => {
    if (!e.isTrusted || !origin) return;
    consoleSites = { ...consoleSites, [origin]: onConsole.checked };
    void chrome.storage.local.set({ console: consoleSites });
    if (onConsole.checked) void expose(link.tab);
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
  chrome.tabs.onUpdated.addListener((tabId, info) => {
    if (tabId === link.tab && (info.status === 'complete' || info.title)) void show();
  });

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

  /** Saves where the person chose, and asks (within their click) for the model service when it needs it. */
  /** The model's address as the settings say, for an error that does not carry the one it tried. */
  let current = saved;
  const settingsURL = () =>
    current?.baseURL || providers.find((p) => p.name === current?.model)?.baseURL || '(the base URL)';

  function saveSettings(settings: PanelSettings): void {
    current = settings;
    const chosen = providers.find((p) => p.name === settings.model);
    const base = settings.baseURL || chosen?.baseURL;
    // A service that does not answer pages (CORS) is reached with the person's permission for its host.
    if (base && chosen && chosen.capabilities.browser !== true)
      try {
        void chrome.permissions.request({ origins: [`${new URL(base).origin}/*`] }).catch(() => false);
      } catch {
        /* not a URL: the panel refused it */
      }
    if (settings.remember) {
      void chrome.storage.local.set({ [STORE]: settings });
      void chrome.storage.session.remove(STORE);
    } else {
      void chrome.storage.session.set({ [STORE]: settings });
      void chrome.storage.local.remove(STORE);
    }
    lang = settings.language;
    say();
    void show();
  }

  const panel = createPanel(
    {
      helper: link,
      Agent: ExtensionAgent,
      provider: createProvider,
      providers,
      docked: true,
      hostBar: bar,
      settingsStore: { saved, save: saveSettings },
      // Saved tasks per site, in the extension's own storage: no page can plant or edit them there.
      taskStore: {
        pageWritable: false,
        load: async () => {
          const key = `tasks ${await link.origin()}`;
          return (await chrome.storage.local.get(key))[key] ?? [];
        },
        save: async (tasks) => chrome.storage.local.set({ [`tasks ${await link.origin()}`]: tasks }),
      },
      texts: {
        en: { rememberWarning: WORDS.en.rememberWarning },
        zh: { rememberWarning: WORDS.zh.rememberWarning },
      },
      // A model service's failure in the person's words: what failed, and what to do.
      explain: (e, language) => {
        if (!(e instanceof ProviderError)) return null;
        const words = WORDS[language].errors[e.kind];
        // The address it tried, so a wrong port or host shows.
        return words?.replace('{url}', e.url ?? settingsURL()) ?? null;
      },
    },
    {},
  );
  say();
  void show();

  // The bridge: an outside agent (an MCP client) drives this tab through llm-helper-bridge, with the
  // extension's isolation; risky calls are confirmed here. Start the bridge with
  // --allow-origin chrome-extension://<this extension's ID>.
  let connection: Connection | null = null;
  go.addEventListener('click', (e) => {
    if (!e.isTrusted) return;
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
      bridge.open = false;
      menu.hidden = true;
    } catch (err) {
      panel.showConnection({
        url: at,
        preset: tools,
        status: (err as Error).message,
        disconnect: () => undefined,
      });
    }
  });
}

void main();

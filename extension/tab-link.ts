/**
 * The side panel's hold on the page it works in: the page helper's methods, called in the tab's content
 * script (injected on first use and again after each page load), plus the tools only an extension has,
 * which run here: tabs (list, switch, open, close) and, for a model that sees images, screenshot.
 */
import * as z from 'zod/mini';
import type { PageTools } from '../src/agent/page-tools';
import type { LLMHelper } from '../src/helper';
import { defineTool } from '../src/tools/define';
import { Toolkit, type ExecuteResult, type ToolsOptions } from '../src/tools/toolkit';
import type { McpTool } from '../src/tools/api-types';
import { normalizeCall, resultMessage } from '../src/tools/calls';
import type { PageCall, PageMethod, PageReply } from './protocol';
import { UNLOADING, describeChanges } from '../src/page/observe/change-text';
import type { ChangeReport } from '../src/page/observe/change-report';
import { BUILTIN_TOOLS } from '../src/tools/builtin';
import { browserTabs } from './browser-tabs';
import { WORDS, type Words } from './texts';

/** How long a page load may take before the next call goes on without it. */
const LOAD_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the extension may do on a site: read only, act, or act with each action confirmed. */
export type SiteMode = 'read' | 'act' | 'confirm';
export const SITE_MODES: SiteMode[] = ['act', 'confirm', 'read'];

/** Why the extension cannot work in a tab, in words for the person and the model. */
export class TabAccessError extends Error {
  constructor(
    message: string,
    /** The origin the person can allow (none for the browser's own pages). */
    readonly origin: string | null,
  ) {
    super(message);
  }
}

export class TabLink implements PageTools {
  /** Whether the model sees images: screenshot is offered only then. */
  vision = false;
  /** The page (content script) that answered last; a different one means a new page loaded. */
  private page = '';
  /** An action started a page load: the next call waits for the new page. */
  private loading = false;
  private readonly own: Toolkit;
  /** Actions use real input (chrome.debugger), when the person turned it on. */
  trusted = false;
  /** The person's choice per site (origin): read only, act, or act with a confirmation for each action. */
  sites: Record<string, SiteMode> = {};
  /** Tells the side panel which tab the agent works in now. */
  onTab: (tab: number) => void = () => undefined;
  /** The side panel's words, in the person's language: refusals and errors are said in them. */
  words: Words = WORDS.en;

  constructor(public tab: number) {
    // The extension's own tools act on no page: a toolkit with only them, for their schemas and checks.
    this.own = new Toolkit(null as unknown as LLMHelper, false);
    this.own.add(this.tabsTool());
    this.own.add(this.screenshotTool());
  }

  // ---- the page helper's methods, in the content script ----

  summary(): Promise<string> {
    return this.call('summary') as Promise<string>;
  }
  console(options?: unknown): Promise<never[]> {
    return this.call('console', options) as Promise<never[]>;
  }
  extract(id: number, property: string): Promise<unknown> {
    return this.call('extract', id, property);
  }
  describe(id: number): Promise<string> {
    return this.call('describe', id) as Promise<string>;
  }
  url(): Promise<string> {
    return this.call('url') as Promise<string>;
  }

  /** The tab's title, from the browser. */
  async title(): Promise<string> {
    return (await chrome.tabs.get(this.tab).catch(() => null))?.title ?? '';
  }

  /** The origin of the tab's page, from the browser (no content script needed); '' for a browser page. */
  async origin(): Promise<string> {
    const tab = await chrome.tabs.get(this.tab).catch(() => null);
    try {
      const u = new URL(tab?.url ?? '');
      return /^(https?|file):$/.test(u.protocol) ? u.origin : '';
    } catch {
      return '';
    }
  }

  /** The person's setting for this site, applied to every page tool that changes something. */
  async siteRule(
    name: string,
    risk: string,
  ): Promise<{ verdict: 'deny' | 'confirm'; reason: string } | null> {
    if (risk === 'read' || this.ownNames().includes(name)) return null;
    const origin = await this.origin();
    const mode = this.sites[origin] ?? 'act';
    if (mode === 'read') return { verdict: 'deny', reason: this.words.readOnly(origin) };
    if (mode === 'confirm') return { verdict: 'confirm', reason: this.words.confirmEach(name, origin) };
    return null;
  }

  /** The page's tools and the extension's (screenshot only for a model that sees images). */
  async tools(options: ToolsOptions & { format: 'mcp' }): Promise<{ tools: McpTool[] }> {
    const mine = this.ownNames();
    const only = options.only;
    const pageOnly = only?.filter((n) => !mine.includes(n));
    const page = (await this.call('tools', {
      ...options,
      ...(only ? { only: pageOnly } : {}),
    })) as { tools: McpTool[] };
    const ownOnly = only ? only.filter((n) => mine.includes(n)) : mine;
    const own = ownOnly.length
      ? (this.own.list({ ...options, only: ownOnly }) as { tools: McpTool[] }).tools
      : [];
    // Read-only asks (preset 'read') get only what reads.
    const fits = (t: McpTool) => options.preset !== 'read' || t.annotations?.readOnlyHint;
    return { tools: [...page.tools, ...own.filter(fits)] };
  }

  async execute(
    call: { name: string; arguments: unknown },
    options: ToolsOptions = {},
  ): Promise<ExecuteResult> {
    const prefix = options.prefix ?? 'browser_';
    const bare = call.name.startsWith(prefix) ? call.name.slice(prefix.length) : call.name;
    if (this.ownNames().includes(bare)) return this.own.execute(call, options);
    const before = this.page;
    // Tabs opened while the page runs the call (a link with a target, the page's window.open, a form):
    // the browser says which, with their IDs, whatever the page did in its own world. Chromium names as
    // opener the tab in front when it opens one (often the last tab the page opened), so a tab counts
    // by when it opened; the extension's own pages do not.
    const opened: chrome.tabs.Tab[] = [];
    const onCreated = (t: chrome.tabs.Tab) => {
      if (!/^chrome-extension:/.test(t.pendingUrl ?? t.url ?? '')) opened.push(t);
    };
    chrome.tabs.onCreated.addListener(onCreated);
    let r: ExecuteResult;
    try {
      r = (await this.call('execute', call, options, this.trusted)) as ExecuteResult;
      // The browser tells of a tab as the page asks for it, and the page's settling takes longer; where
      // the page layer saw nothing change, or a tab it cannot see, a moment more.
      const data = r.data as { nothingChanged?: boolean; elsewhere?: unknown } | undefined;
      if (!opened.length && (data?.nothingChanged || data?.elsewhere)) await sleep(150);
    } finally {
      chrome.tabs.onCreated.removeListener(onCreated);
    }
    r = await this.withBrowserTabs(r, opened);
    // In the extension the run goes on on the next page: the page layer's note says otherwise.
    r.text = r.text.replace(UNLOADING, `the page is unloading: ${this.words.newPage}`);
    // A tool the page does not have: the list the model is given names the extension's own too.
    if (!r.ok)
      r.text = r.text.replace(
        /^(There is no tool .*Tools: )([^\n]*)\./,
        (_, head: string, list: string) =>
          `${head}${list}, ${this.ownNames()
            .map((n) => prefix + n)
            .join(', ')}.`,
      );
    if ((r.data as { unloading?: boolean } | undefined)?.unloading) this.loading = true;
    else if (before && this.page !== before)
      // The page was replaced between two calls (a late navigation): the model hears of it.
      r.text = `(A new page had loaded: ${await this.url()}; element IDs from before are gone.)\n${r.text}`;
    // The result as the call's API takes it back (the bridge sends MCP's), as the page's own execute does.
    return { ...r, message: resultMessage(normalizeCall(call), r) };
  }

  /**
   * An action's report as the browser bears it out: the tabs it says opened during the call, by the ID
   * the tabs tool switches to (the page layer, in the content script's world, sees a link's target but
   * not the page's own window.open), and a link a script followed that opened nothing, as stopped. The
   * report is worded again from its changes, so the words stay the page layer's.
   */
  private async withBrowserTabs(r: ExecuteResult, opened: chrome.tabs.Tab[]): Promise<ExecuteResult> {
    if (!r.ok || BUILTIN_TOOLS.find((t) => t.name === r.tool)?.risk === 'read') return r;
    const data = r.data as (ChangeReport & { changes?: ChangeReport }) | undefined;
    const report = data?.changes ?? data ?? {};
    const tabs: { id: number; url: string }[] = [];
    for (const t of opened) {
      if (t.id === undefined) continue;
      const read = async () => {
        const now = await chrome.tabs.get(t.id!).catch(() => null);
        return now?.pendingUrl || now?.url || t.pendingUrl || t.url || '';
      };
      // A tab just made may not have its address yet: a moment more.
      let url = await read();
      if (!url || url === 'about:blank') url = (await sleep(150).then(read)) || url;
      tabs.push({ id: t.id, url: url === 'about:blank' ? '' : url });
    }
    const told = browserTabs(report, tabs);
    if (!told) return r;
    const origin = await this.origin();
    const said = describeChanges(report, origin);
    const at = said ? r.text.lastIndexOf(said) : -1;
    if (said && at < 0) return r;
    const words = describeChanges(told, origin);
    const text = at < 0 ? `${r.text}${words}` : r.text.slice(0, at) + words + r.text.slice(at + said.length);
    return { ...r, text, data: data?.changes ? { ...data, changes: told } : told };
  }

  private ownNames(): string[] {
    return this.vision ? ['tabs', 'screenshot'] : ['tabs'];
  }

  // ---- reaching the content script ----

  private async call(method: PageMethod, ...args: unknown[]): Promise<unknown> {
    if (this.loading) await this.nextPage();
    let reply = await this.send(method, args);
    if (reply === 'gone') {
      // The page went away while it ran the call (an action that loads a page). An action is not sent
      // again: it ran, and the next call waits for the page it loaded.
      this.loading = true;
      if (method === 'execute')
        return {
          ok: true,
          text: 'The page unloaded while this ran: a new page is loading.',
          data: { unloading: true },
        };
      await this.nextPage();
      reply = await this.send(method, args);
    }
    if (reply === null) {
      await this.inject();
      reply = await this.send(method, args);
    }
    if (reply === null || reply === 'gone')
      throw new Error(`The page in tab ${this.tab} did not answer. Try again once it has loaded.`);
    this.page = reply.page;
    if (!reply.ok) throw new Error(reply.error);
    return reply.value;
  }

  /**
   * One call to the content script of the tab's top frame: its reply; null when none is there (not
   * injected yet); 'gone' when the page unloaded before it answered.
   */
  private async send(method: PageMethod, args: unknown[]): Promise<PageReply | null | 'gone'> {
    const message: PageCall = { llmHelper: 'call', method, args };
    try {
      return (
        ((await chrome.tabs.sendMessage(this.tab, message, { frameId: 0 })) as PageReply | undefined) ??
        'gone'
      );
    } catch (e) {
      return /Receiving end does not exist|Could not establish connection/i.test(String(e)) ? null : 'gone';
    }
  }

  /** Puts the content script into the tab's page, once it has loaded. */
  private async inject(): Promise<void> {
    await this.loaded();
    let url = '';
    try {
      url = (await chrome.tabs.get(this.tab)).url ?? '';
      await chrome.scripting.executeScript({ target: { tabId: this.tab }, files: ['content.js'] });
    } catch (e) {
      throw accessError(url, e, this.words);
    }
  }

  /** Waits until the tab is not loading (at most LOAD_MS). */
  private async loaded(): Promise<void> {
    for (const end = Date.now() + LOAD_MS; Date.now() < end; await sleep(100)) {
      const tab = await chrome.tabs.get(this.tab).catch(() => null);
      if (!tab) throw new Error(`Tab ${this.tab} was closed. Use tabs to list the open ones.`);
      if (tab.status !== 'loading') return;
    }
  }

  /** After an action that loads a page: waits for the new page (or, past LOAD_MS, goes on where it is). */
  private async nextPage(): Promise<void> {
    this.loading = false;
    for (const end = Date.now() + LOAD_MS; Date.now() < end; await sleep(100)) {
      const tab = await chrome.tabs.get(this.tab).catch(() => null);
      if (!tab) return;
      if (tab.status === 'loading') continue;
      const reply = await this.send('url', []);
      if (reply === null || (reply !== 'gone' && reply.page !== this.page)) return;
    }
  }

  /** Makes `tab` the one the agent works in, and brings it to the front. */
  private async switchTo(tab: number): Promise<string> {
    const t = await chrome.tabs.update(tab, { active: true });
    if (t?.windowId !== undefined)
      await chrome.windows.update(t.windowId, { focused: true }).catch(() => undefined);
    this.tab = tab;
    this.page = '';
    this.loading = false;
    this.onTab(tab);
    const summary = await this.summary();
    return `Now in tab ${tab}: ${t?.title ?? ''} — ${t?.url ?? ''}\n${summary}`;
  }

  // ---- the extension's own tools ----

  private tabsTool() {
    return defineTool({
      name: 'tabs',
      description:
        "The browser's tabs: 'list' them, 'switch' to one (tab), 'open' a url in a new tab, 'close' one (tab).",
      details:
        'switch and open answer with the page now in view; element IDs belong to the tab they came from.',
      input: z.object({
        action: z.enum(['list', 'switch', 'open', 'close']),
        tab: z.int().apply(z.optional),
        url: z.string().check(z.minLength(1)).apply(z.optional),
      }),
      risk: 'write',
      example: { action: 'list' },
      run: async (a) => {
        const current = await chrome.tabs.get(this.tab).catch(() => null);
        if (a.action === 'list') {
          const tabs = await chrome.tabs.query({ windowType: 'normal' });
          const lines = tabs
            .filter((t) => t.id !== undefined && !/^chrome-extension:/.test(t.url ?? ''))
            .map(
              (t) =>
                `tab ${t.id}: ${t.title ?? ''} — ${t.url ?? ''}${t.id === this.tab ? ' (working here)' : ''}`,
            );
          return { text: lines.join('\n') || 'No tabs.' };
        }
        if (a.action === 'open') {
          if (!a.url) return { ok: false, text: "tabs 'open' needs url." };
          let url: URL;
          try {
            url = new URL(a.url, current?.url);
          } catch {
            return { ok: false, text: `"${a.url}" is not a URL.` };
          }
          if (!/^https?:$/.test(url.protocol))
            return { ok: false, text: `tabs opens web pages (http, https); not ${url.protocol}.` };
          const tab = await chrome.tabs.create({
            url: url.href,
            active: true,
            ...(current ? { windowId: current.windowId } : {}),
          });
          if (tab.id === undefined) return { ok: false, text: 'The browser opened no tab.' };
          return { text: await this.switchTo(tab.id) }; // switchTo makes it the tab worked in
        }
        if (a.tab === undefined)
          return { ok: false, text: `tabs '${a.action}' needs tab (a number from list).` };
        const target = await chrome.tabs.get(a.tab).catch(() => null);
        if (!target) return { ok: false, text: `There is no tab ${a.tab}. Use tabs 'list'.` };
        if (a.action === 'switch') return { text: await this.switchTo(a.tab) };
        await chrome.tabs.remove(a.tab);
        if (a.tab !== this.tab) return { text: `Closed tab ${a.tab}.` };
        const [active] = await chrome.tabs.query({ active: true, windowId: target.windowId });
        if (active?.id === undefined) return { text: `Closed tab ${a.tab}; no tab is left to work in.` };
        return { text: `Closed tab ${a.tab}. ${await this.switchTo(active.id)}` };
      },
    });
  }

  private screenshotTool() {
    return defineTool({
      name: 'screenshot',
      description: 'A picture of the visible part of the page; marks: draw each control’s ID on it.',
      details: 'For what text does not tell: layout, charts, images, colours. Prefer find and describe.',
      input: z.object({ marks: z.boolean().apply(z.optional) }),
      risk: 'read',
      example: { marks: true },
      run: async (a) => {
        const tab = await chrome.tabs.get(this.tab);
        if (!tab.active) await this.switchTo(this.tab);
        const drawn = a.marks ? ((await this.call('marks')) as number) : 0;
        let data: string;
        try {
          data = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'jpeg', quality: 70 });
        } catch (e) {
          return {
            ok: false,
            text: `${this.words.noScreenshot} (${e instanceof Error ? e.message : String(e)})`,
          };
        } finally {
          if (a.marks) await this.call('unmark').catch(() => undefined);
        }
        return {
          text: `Screenshot of tab ${this.tab} (${tab.url ?? ''})${a.marks ? `, ${drawn} controls marked with their IDs` : ''}.`,
          images: [{ mediaType: 'image/jpeg', data: data.slice(data.indexOf(',') + 1) }],
        };
      },
    });
  }
}

/** What a failed injection means for the person: a browser page, or a site not allowed yet. */
export function accessError(url: string, e: unknown, words: Words = WORDS.en): TabAccessError {
  let origin: string | null = null;
  try {
    const u = new URL(url);
    origin = /^(https?|file):$/.test(u.protocol) ? u.origin : null;
  } catch {
    /* no address: a browser page */
  }
  const why = e instanceof Error ? e.message : String(e);
  if (!origin) return new TabAccessError(`${words.browserPage(url)} (${why})`, null);
  return new TabAccessError(`${words.notAllowed(origin)} (${why})`, origin);
}

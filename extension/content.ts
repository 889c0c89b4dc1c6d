/**
 * The content script: the page layer in the extension's isolated world. Nothing is added to the page's
 * own JavaScript world; the page's scripts share its DOM, never its variables, so they cannot call these
 * tools, read what they return, or reach the side panel. Injected by the side panel into the tab it works
 * in (again after each page load); a second injection into the same page does nothing.
 */
import { createLLMHelper } from '../src/helper';
import { UI_HOST } from '../src/page/dom/walk';
import { isPageCall, type InputRequest, type PageCall, type PageReply } from './protocol';

const LOADED = Symbol.for('llm-helper.content-script');
const world = globalThis as unknown as Record<symbol, boolean>;

if (!world[LOADED]) {
  world[LOADED] = true;
  // Real input (chrome.debugger, from the side panel) for the calls the person turned it on for.
  let trusted = false;
  const send = async (request: InputRequest): Promise<boolean> =>
    trusted && ((await chrome.runtime.sendMessage(request).catch(() => false)) as boolean) === true;
  const helper = createLLMHelper({
    input: {
      click: (at, o) => send({ llmHelper: 'input', kind: 'click', at: { x: at.x, y: at.y }, ...o }),
      key: (key, modifiers) => send({ llmHelper: 'input', kind: 'key', key, modifiers }),
    },
  });
  // Which page this is: each load of a page runs a new content script with new element IDs.
  const page = crypto.randomUUID();
  let marks: HTMLElement | null = null;

  /** Numbers drawn over the controls in view, for a screenshot a model reads by ID (set-of-marks). */
  const drawMarks = async (): Promise<number> => {
    unmark();
    const ids = [...new Set([...helper.snapshot().matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))];
    const host = document.createElement('llm-helper-marks');
    host.setAttribute(UI_HOST, 'marks');
    host.style.cssText = 'all:initial;position:fixed;inset:0;pointer-events:none;z-index:2147483647';
    const root = host.attachShadow({ mode: 'closed' });
    let drawn = 0;
    for (const id of ids.slice(0, 200)) {
      let r: { x: number; y: number; width: number; height: number };
      try {
        r = helper.extract(id, 'rect') as typeof r;
      } catch {
        continue;
      }
      if (r.width <= 0 || r.height <= 0 || r.y > innerHeight || r.y + r.height < 0) continue;
      const box = document.createElement('div');
      box.style.cssText = `position:fixed;left:${r.x}px;top:${r.y}px;width:${r.width}px;height:${r.height}px;outline:2px solid #e6007a;box-sizing:border-box`;
      const label = document.createElement('span');
      label.textContent = String(id);
      // Above the box, where it hides none of the control's own text (inside it at the top of the view).
      label.style.cssText = `position:absolute;left:-2px;top:${r.y >= 15 ? -15 : 0}px;background:#e6007a;color:#fff;font:bold 11px/13px sans-serif;padding:0 3px`;
      box.append(label);
      root.append(box);
      drawn++;
    }
    document.documentElement.append(host);
    marks = host;
    // Drawn before the capture: two frames.
    // (a hidden tab draws no frames: then after a moment).
    await new Promise((r) => {
      requestAnimationFrame(() => requestAnimationFrame(r));
      setTimeout(r, 200);
    });
    return drawn;
  };
  const unmark = () => {
    marks?.remove();
    marks = null;
  };

  /** Only JSON crosses to the side panel: a value that is not (an element, a cycle) is left out. */
  const plain = (v: unknown): unknown => {
    try {
      return v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown);
    } catch {
      return undefined;
    }
  };

  const run = async ({ method, args }: PageCall): Promise<unknown> => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by each method, as any caller's
    const a = args.map((x) => (x === null ? undefined : x)) as any[]; // JSON made undefined null
    switch (method) {
      case 'summary':
        await helper.prepare();
        return helper.inSlices.summary();
      case 'console':
        return helper.console(a[0]);
      case 'tools':
        return helper.tools(a[0]);
      case 'execute': {
        trusted = a[2] === true;
        const r = await helper.execute(a[0], a[1]).finally(() => (trusted = false));
        return { ok: r.ok, text: r.text, tool: r.tool, data: plain(r.data), images: r.images };
      }
      case 'extract':
        return plain(await helper.inSlices.extract(a[0], a[1]));
      case 'describe':
        return helper.inSlices.describe(a[0]);
      case 'url':
        return location.href;
      case 'marks':
        return drawMarks();
      case 'unmark':
        return unmark();
    }
  };

  chrome.runtime.onMessage.addListener((message: unknown, sender, respond: (r: PageReply) => void) => {
    // Only this extension's own pages (the side panel) call; the page's scripts cannot send here.
    if (sender.id !== chrome.runtime.id || sender.tab || !isPageCall(message)) return undefined;
    run(message).then(
      (value) => respond({ ok: true, value, page }),
      (e: unknown) => respond({ ok: false, error: e instanceof Error ? e.message : String(e), page }),
    );
    return true; // answers asynchronously
  });
}

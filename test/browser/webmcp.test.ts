/**
 * WebMCP against the browser's own implementation: Chromium with --enable-experimental-web-platform-
 * features has document.modelContext. Our tools are registered there, listed and run the way a browser
 * agent runs them (the page's executeTool, navigator.modelContextTesting where a build has it, and the
 * DevTools protocol's WebMCP domain), registering again replaces them, and unregister() takes them back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const t = useBrowser({ args: ['--enable-experimental-web-platform-features'] });

interface Registration {
  registered: string[];
  reason?: string;
}

/** The tool names the browser holds for the page. */
const listed = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const testing = (
      navigator as unknown as { modelContextTesting?: { listTools(): Promise<{ name: string }[]> } }
    ).modelContextTesting;
    const tools = testing
      ? await testing.listTools()
      : await (
          document as unknown as { modelContext: { getTools(): Promise<{ name: string }[]> } }
        ).modelContext.getTools();
    return tools.map((tool) => tool.name).sort();
  });

/** Runs a tool the way the browser's agent API does; the result text. */
const executed = (page: Page, name: string, args: object): Promise<string> =>
  page.evaluate(
    async ({ name, args }) => {
      type Tool = { name: string };
      const testing = (
        navigator as unknown as {
          modelContextTesting?: { executeTool(n: string, a: string): Promise<string> };
        }
      ).modelContextTesting;
      const mc = (
        document as unknown as {
          modelContext: { getTools(): Promise<Tool[]>; executeTool(t: Tool, a: object): Promise<string> };
        }
      ).modelContext;
      const out = testing
        ? await testing.executeTool(name, JSON.stringify(args))
        : await mc.executeTool(
            (await mc.getTools()).find((tool) => tool.name === name)!,
            args,
          );
      return (JSON.parse(out) as { content: { text: string }[] }).content.map((c) => c.text).join('\n');
    },
    { name, args },
  );

describe('WebMCP in Chromium', () => {
  it('lists our tools, runs find and click through the browser, registers again, and unregisters', async () => {
    const page = await t.open('webmcp.html');
    expect(await page.evaluate(() => 'modelContext' in document)).toBe(true);

    const read = await page.evaluate(() =>
      (
        window as unknown as { LLMHelper: { registerWebMCP(o: object): Registration } }
      ).LLMHelper.registerWebMCP({ preset: 'read' }),
    );
    expect(read.reason).toBeUndefined();
    expect(read.registered).toContain('browser_find');
    expect(read.registered).not.toContain('browser_click');
    expect(read.registered).not.toContain('browser_done'); // the agent loop's, not a browser agent's
    expect(await listed(page)).toEqual([...read.registered].sort());

    // Another preset: the browser would keep the first tools of each name; ours replace them.
    const standard = await page.evaluate(() =>
      (
        window as unknown as { LLMHelper: { registerWebMCP(o: object): Registration } }
      ).LLMHelper.registerWebMCP({
        preset: 'standard',
      }),
    );
    expect(standard.registered).toContain('browser_click');
    expect(await listed(page)).toEqual([...standard.registered].sort());

    const found = await executed(page, 'browser_find', { pattern: 'Save', type: 'button' });
    const id = Number(/\[(\d+)\] button "Save"/.exec(found)?.[1]);
    expect(id, found).toBeGreaterThan(0);

    // As a browser agent calls it: the DevTools protocol's WebMCP domain.
    const cdp = await page.context().newCDPSession(page);
    const frames = new Map<string, string>();
    cdp.on('WebMCP.toolsAdded', (e) => {
      for (const tool of e.tools) frames.set(tool.name, tool.frameId);
    });
    const responded = new Promise<{ status: string; output?: unknown }>((resolve) =>
      cdp.on('WebMCP.toolResponded', resolve),
    );
    await cdp.send('WebMCP.enable');
    await expect.poll(() => frames.get('browser_click')).toBeTruthy();
    // The protocol types input as strings; the tool takes the ID as a number (a string is accepted too).
    await cdp.send('WebMCP.invokeTool', {
      toolName: 'browser_click',
      frameId: frames.get('browser_click')!,
      input: { id: String(id) },
    });
    const clicked = await responded;
    expect(clicked.status).toBe('Completed');
    expect((clicked.output as { content: { text: string }[] }).content[0]!.text).toMatch(/Clicked/);
    await expect.poll(() => page.textContent('#state')).toBe('Saved at 10:42');

    await page.evaluate(() => {
      const api = (window as unknown as { LLMHelper: { registerWebMCP(o: object): { unregister(): void } } })
        .LLMHelper;
      api.registerWebMCP({ preset: 'read' }).unregister();
    });
    expect(await listed(page)).toEqual([]);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('execute() on a real page', () => {
  it('runs a call in each API shape and wraps the result for that API', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(async () => {
      const h = window.LLMHelper;
      const cell = h.find('Invoice 2024-03')[0]!.id;
      const calls = {
        openai: {
          id: 'call_1',
          type: 'function',
          function: {
            name: 'browser_findNear',
            arguments: JSON.stringify({ id: cell, pattern: 'Download' }),
          },
        },
        responses: {
          type: 'function_call',
          call_id: 'fc_1',
          name: 'browser_extract',
          arguments: JSON.stringify({ id: cell, property: 'text' }),
        },
        anthropic: {
          type: 'tool_use',
          id: 'toolu_1',
          name: 'browser_describe',
          input: { id: h.find({ type: 'table' })[0]!.id },
        },
        gemini: { functionCall: { name: 'browser_find', args: { pattern: 'Apply', type: 'button' } } },
        mcp: { name: 'browser_summary', arguments: {} },
        plain: { name: 'click', arguments: { id: h.findNear(cell, 'Download')[0]!.id } },
      };
      const out: Record<string, unknown> = {};
      for (const [k, call] of Object.entries(calls)) out[k] = await h.execute(call);
      return { out, clicked: window.clicked };
    });
    const out = r.out as Record<string, { ok: boolean; text: string; message: Record<string, unknown> }>;
    expect(out.openai!.text).toMatch(/^\[\d+\] button "Download" — same row, right of/);
    expect(out.openai!.message).toEqual({ role: 'tool', tool_call_id: 'call_1', content: out.openai!.text });
    expect(out.responses!.text).toBe('Invoice 2024-03');
    expect(out.responses!.message).toEqual({
      type: 'function_call_output',
      call_id: 'fc_1',
      output: 'Invoice 2024-03',
    });
    expect(out.anthropic!.text).toMatch(/^Table "Invoices" with 4 columns/);
    expect(out.anthropic!.message).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
    expect(out.gemini!.text).toMatch(/^\[\d+\] button "Apply"/);
    expect(out.gemini!.message).toEqual({
      functionResponse: { name: 'browser_find', response: { output: out.gemini!.text } },
    });
    expect(out.mcp!.text).toMatch(/^Page "Invoices"/);
    expect(out.mcp!.message).toMatchObject({ content: [{ type: 'text' }] });
    expect(out.plain!.ok).toBe(true);
    expect(out.plain!.text).toMatch(/^Clicked \[\d+\] button "Download"/);
    expect(r.clicked).toEqual(['2024-03']);
    await page.close();
  });

  it('rejects bad arguments with the field, what was expected and the usage, marked as an error for the API', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() =>
      window.LLMHelper.execute({
        type: 'tool_use',
        id: 'toolu_2',
        name: 'browser_select',
        input: { id: 'first', value: 3 },
      }),
    );
    expect(r.ok).toBe(false);
    expect(r.text).toMatch(
      /field id: expected number.*got "first".*field value: expected string.*got 3.*Usage: browser_select\(id: integer, value: string, also\?: array\)/,
    );
    expect(r.message).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_2', is_error: true });
    await page.close();
  });

  it('reports a stale or unknown element ID as a tool error, not an exception', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() =>
      window.LLMHelper.execute({ name: 'browser_click', arguments: { id: 999 } }),
    );
    expect(r.ok).toBe(false);
    expect(r.text).toMatch(/There is no element 999/);
    await page.close();
  });

  it('standard tools refuse navigation to another site; registerWebMCP says when the browser lacks it', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(async () => ({
      nav: await window.LLMHelper.execute({
        name: 'browser_navigate',
        arguments: { url: 'https://example.com/' },
      }),
      webmcp: window.LLMHelper.registerWebMCP(),
    }));
    expect(r.nav.text).toMatch(/Navigation to another site \(https:\/\/example\.com\) is not allowed/);
    expect(r.webmcp).toEqual({ registered: [], reason: expect.stringMatching(/no WebMCP/) });
    await page.close();
  });

  it('registers every tool with WebMCP where the browser has it, and runs them through it', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(async () => {
      // A stand-in for the browser's navigator.modelContext, recording what the page registers.
      const registered: { name: string; execute(a: unknown): Promise<{ content: { text: string }[] }> }[] =
        [];
      Object.defineProperty(navigator, 'modelContext', {
        value: { registerTool: (t: (typeof registered)[0]) => registered.push(t) },
        configurable: true,
      });
      const result = window.LLMHelper.registerWebMCP({ preset: 'read' });
      const find = registered.find((t) => t.name === 'browser_find')!;
      return { result, out: (await find.execute({ pattern: 'Apply' })).content[0]!.text };
    });
    expect(r.result.registered).toContain('browser_find');
    expect(r.result.registered).not.toContain('browser_click');
    expect(r.out).toMatch(/button "Apply"/);
    await page.close();
  });

  it('registering WebMCP tools again replaces them, where the browser refuses a duplicate name', async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      // A stand-in that refuses a name already registered, as Chromium's modelContextTesting builds do,
      // and forgets a tool once its signal aborts.
      const live = new Map<string, AbortSignal>();
      Object.defineProperty(document, 'modelContext', {
        value: {
          registerTool: (t: { name: string }, o: { signal: AbortSignal }) => {
            if (live.has(t.name))
              throw new DOMException(`Duplicate tool name: ${t.name}`, 'InvalidStateError');
            live.set(t.name, o.signal);
            o.signal.addEventListener('abort', () => live.delete(t.name));
          },
        },
        configurable: true,
      });
      window.LLMHelper.registerWebMCP({ preset: 'read' });
      const standard = window.LLMHelper.registerWebMCP({ preset: 'standard' });
      return { registered: standard.registered, live: [...live.keys()] };
    });
    expect(r.registered).toContain('browser_click');
    expect(r.live.sort()).toEqual([...r.registered].sort());
    await page.close();
  });

  it("WebMCP as the current spec has it: document.modelContext, and unregister() aborts every tool's signal", async () => {
    const page = await ctx.open('invoices.html');
    const r = await page.evaluate(() => {
      // A stand-in for document.modelContext (the spec's shape: registerTool(tool, { signal })).
      const signals: AbortSignal[] = [];
      Object.defineProperty(document, 'modelContext', {
        value: { registerTool: (_t: unknown, o: { signal: AbortSignal }) => signals.push(o.signal) },
        configurable: true,
      });
      const result = window.LLMHelper.registerWebMCP({ preset: 'read' });
      const before = signals.filter((x) => x.aborted).length;
      result.unregister();
      return {
        count: result.registered.length,
        signals: signals.length,
        before,
        after: signals.filter((x) => x.aborted).length,
      };
    });
    expect(r.count).toBeGreaterThan(3);
    expect(r.signals).toBe(r.count);
    expect(r.before).toBe(0);
    expect(r.after).toBe(r.count);
    await page.close();
  });
});

describe("an integrator's own tool, with its own zod, in the bundle (which carries zod/mini)", () => {
  it('is listed with its JSON Schema and description, validated by its zod, and run', async () => {
    const page = await ctx.open('invoices.html');
    await page.addScriptTag({
      type: 'module',
      content: "import * as z from '/node_modules/zod/v4/classic/external.js'; window.realZod = z;",
    });
    await page.waitForFunction(() => 'realZod' in window);
    const r = await page.evaluate(async () => {
      type Z = {
        object(s: object): unknown;
        number(): { int(): { min(n: number): { describe(d: string): unknown } } };
      };
      const z = (window as unknown as { realZod: Z }).realZod;
      const h = window.LLMHelper as unknown as {
        defineTool(t: object): unknown;
        addTool(t: unknown): void;
        tools(o: object): { name: string; input_schema: unknown }[];
        execute(c: object): Promise<{ ok: boolean; message: unknown }>;
      };
      h.addTool(
        h.defineTool({
          name: 'openTicket',
          description: 'Open a support ticket by its number.',
          input: z.object({ number: z.number().int().min(1).describe('The ticket number.') }),
          risk: 'write',
          run: ({ number }: { number: number }) => ({ text: `Opened ticket ${number}.` }),
        }),
      );
      const listed = h
        .tools({ format: 'anthropic', detail: 'full' })
        .find((t) => t.name === 'browser_openTicket');
      const call = (args: unknown) =>
        h
          .execute({ name: 'openTicket', arguments: args })
          .then((x) => ({ ok: x.ok, message: JSON.stringify(x.message) }));
      return {
        schema: listed?.input_schema,
        good: await call({ number: 7 }),
        zero: await call({ number: 0 }),
        text: await call({ number: 'seven' }),
      };
    });
    expect(r.schema).toMatchObject({
      type: 'object',
      properties: { number: { type: 'integer', minimum: 1, description: 'The ticket number.' } },
      required: ['number'],
    });
    expect(r.good.ok).toBe(true);
    expect(r.good.message).toMatch(/Opened ticket 7\./);
    expect(r.zero.ok).toBe(false);
    expect(r.zero.message).toMatch(/field number: expected at least 1 \(got 0\)/);
    expect(r.text.message).toMatch(/field number: expected number \(got \\"seven\\"\)/);
    await page.close();
  });
});

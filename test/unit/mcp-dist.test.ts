/**
 * The built ESM bundle's MCP listing and results, through the official MCP SDK: a Server that serves
 * LLMHelper's tools and a Client connected to it in memory. The SDK checks the listing and each result
 * against its own schemas. (jsdom has no layout: the find looks at hidden elements too.)
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createLLMHelper } from '../../dist/esm/index.js';

describe('the MCP format from dist/, through the official SDK', () => {
  it('lists every tool and runs find, with the results the SDK accepts', async () => {
    document.body.innerHTML = '<main><h1>Draft</h1><button>Save</button></main>';
    const helper = createLLMHelper() as unknown as {
      tools(o: object): { tools: { name: string }[] };
      execute(c: object, o: object): Promise<{ message: unknown }>;
    };
    const server = new Server({ name: 'dist-test', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(
      ListToolsRequestSchema,
      async () => helper.tools({ format: 'mcp', preset: 'full' }) as never,
    );
    server.setRequestHandler(
      CallToolRequestSchema,
      async (req) =>
        (await helper.execute({ name: req.params.name, arguments: req.params.arguments }, { preset: 'full' }))
          .message as never,
    );
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'dist-test-client', version: '1.0.0' });
    await client.connect(b);
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['browser_find', 'browser_click']),
    );
    const found = await client.callTool({
      name: 'browser_find',
      arguments: { pattern: 'Save', visible: 'all' },
    });
    expect(JSON.stringify(found.content)).toMatch(/\[\d+\] button \\"Save\\"/);
    const bad = await client.callTool({ name: 'browser_find', arguments: { limit: 'many' } });
    expect(bad.isError).toBe(true);
    await client.close();
  });

  it("every other format from dist/ is the source's, which the wire-body tests check against the official clients", async () => {
    const { createLLMHelper: fromSource } = await import('../../src/helper');
    const built = createLLMHelper() as unknown as { tools(o: object): unknown };
    const source = fromSource();
    for (const format of ['openai', 'responses', 'anthropic', 'gemini', 'mcp'])
      for (const preset of ['read', 'standard', 'full'])
        expect(JSON.stringify(built.tools({ format, preset })), `${format} ${preset}`).toBe(
          JSON.stringify(source.tools({ format: format as 'openai', preset: preset as 'full' })),
        );
  });
});

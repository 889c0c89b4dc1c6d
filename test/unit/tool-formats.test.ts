import fc from 'fast-check';
/**
 * Every built-in tool in every format, checked against that API's rules: OpenAI strict mode
 * (structured-outputs subset), Gemini's function-declaration Schema subset, Anthropic's input_schema,
 * the MCP SDK's own ListToolsResult schema, and the AI SDK's tool()/asSchema.
 */
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { asSchema, tool as aiTool } from 'ai';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { createLLMHelper } from '../../src/helper';
import { BUILTIN_TOOLS } from '../../src/tools/builtin/index';
import { FORMATS } from '../../src/tools/formats/index';

type Schema = Record<string, unknown>;
const helper = createLLMHelper();
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** OpenAI strict mode: closed objects, every property required, only supported keywords, root an object. */
const OPENAI_STRICT_KEYS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  '$defs',
  '$ref',
]);
function openaiStrictProblems(s: Schema, path = '$'): string[] {
  const out: string[] = [];
  for (const k of Object.keys(s))
    if (!OPENAI_STRICT_KEYS.has(k)) out.push(`${path}: keyword ${k} is not supported in strict mode`);
  const types = ([] as unknown[]).concat(s.type ?? []);
  if (types.includes('object')) {
    if (s.additionalProperties !== false) out.push(`${path}: additionalProperties must be false`);
    const props = Object.keys((s.properties ?? {}) as object);
    const req = (s.required ?? []) as string[];
    for (const p of props) if (!req.includes(p)) out.push(`${path}: property ${p} must be required`);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
      out.push(...openaiStrictProblems(v, `${path}.${k}`));
  }
  if (s.items) out.push(...openaiStrictProblems(s.items as Schema, `${path}[]`));
  for (const a of (s.anyOf ?? []) as Schema[]) out.push(...openaiStrictProblems(a, `${path}|`));
  return out;
}

/** Gemini's Schema object (OpenAPI 3.0 subset) fields and Type enum. */
const GEMINI_KEYS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']);
function geminiProblems(s: Schema, path = '$'): string[] {
  const out: string[] = [];
  for (const k of Object.keys(s))
    if (!GEMINI_KEYS.has(k)) out.push(`${path}: ${k} is not in Gemini's Schema`);
  if (typeof s.type !== 'string' || !GEMINI_TYPES.has(s.type))
    out.push(`${path}: type ${JSON.stringify(s.type)}`);
  if (s.enum && (s.enum as unknown[]).some((v) => typeof v !== 'string'))
    out.push(`${path}: enum values must be strings`);
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
    out.push(...geminiProblems(v, `${path}.${k}`));
  if (s.items) out.push(...geminiProblems(s.items as Schema, `${path}[]`));
  return out;
}

describe('tool listings in every format', () => {
  const full = { preset: 'full' as const, detail: 'full' as const };

  it('the standard listing is at most 1,200 o200k tokens in every format (and today s full detail stays)', () => {
    const sizes = Object.fromEntries(
      FORMATS.filter((f) => f !== 'ai-sdk').map((format) => [
        format,
        [
          encode(JSON.stringify(helper.tools({ format }))).length,
          encode(JSON.stringify(helper.tools({ format, detail: 'full' }))).length,
        ],
      ]),
    );
    console.log('standard listing, o200k tokens [brief, full detail]:', JSON.stringify(sizes));
    for (const [format, [brief, detailed]] of Object.entries(sizes)) {
      expect(brief, format).toBeLessThanOrEqual(1200);
      expect(detailed, format).toBeGreaterThan(brief!);
    }
  });

  it('brief listings: plain JSON Schema, not strict, no bounds (execute checks them)', () => {
    const ajv = new Ajv2020({ strict: false });
    const chat = helper.tools({ format: 'openai' });
    for (const t of chat) {
      expect(t.function).not.toHaveProperty('strict');
      expect(() => ajv.compile(t.function.parameters), t.function.name).not.toThrow();
      expect(JSON.stringify(t.function.parameters)).not.toMatch(/"minimum"|"minLength"|"maximum"/);
    }
    for (const t of helper.tools({ format: 'responses' })) expect(t.strict).toBe(false); // Responses' default is strict
  });

  it('openai: Chat Completions function tools in strict mode', () => {
    const tools = helper.tools({ ...full, format: 'openai' }) as {
      type: string;
      function: { name: string; description: string; parameters: Schema; strict: boolean };
    }[];
    expect(tools).toHaveLength(BUILTIN_TOOLS.length);
    for (const t of tools) {
      expect(t.type).toBe('function');
      expect(t.function.name).toMatch(NAME);
      expect(t.function.strict).toBe(true);
      expect(t.function.parameters.type).toBe('object');
      expect(openaiStrictProblems(t.function.parameters), t.function.name).toEqual([]);
    }
  });

  it('responses: Responses API function tools in strict mode', () => {
    const tools = helper.tools({ ...full, format: 'responses' }) as {
      type: string;
      name: string;
      parameters: Schema;
      strict: boolean;
    }[];
    for (const t of tools) {
      expect(t).toMatchObject({ type: 'function', strict: true });
      expect(t.name).toMatch(NAME);
      expect(openaiStrictProblems(t.parameters), t.name).toEqual([]);
    }
  });

  it('anthropic: input_schema is a valid JSON Schema object', () => {
    const ajv = new Ajv2020({ strict: false });
    const tools = helper.tools({ ...full, format: 'anthropic' }) as {
      name: string;
      description: string;
      input_schema: Schema;
    }[];
    for (const t of tools) {
      expect(t.name).toMatch(NAME);
      expect(t.description.length).toBeGreaterThan(20);
      expect(t.input_schema.type).toBe('object');
      expect(() => ajv.compile(t.input_schema), t.name).not.toThrow();
    }
  });

  it("gemini: functionDeclarations within Gemini's schema subset", () => {
    const { functionDeclarations } = helper.tools({ ...full, format: 'gemini' }) as {
      functionDeclarations: { name: string; parameters: Schema }[];
    };
    expect(functionDeclarations).toHaveLength(BUILTIN_TOOLS.length);
    for (const f of functionDeclarations) {
      expect(f.name).toMatch(NAME);
      expect(geminiProblems(f.parameters), f.name).toEqual([]);
    }
  });

  it('mcp: a valid tools/list result by the official SDK, with annotations', () => {
    const listing = helper.tools({ ...full, format: 'mcp' });
    expect(() => ListToolsResultSchema.parse(listing)).not.toThrow();
    const byName = Object.fromEntries(listing.tools.map((t) => [t.name, t]));
    expect(byName.browser_find!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.browser_runJS!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.browser_click!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    // Brief: read-only tools say so; the others keep MCP's default (may change the page, destructively).
    const brief = helper.tools({ format: 'mcp', preset: 'full' });
    expect(() => ListToolsResultSchema.parse(brief)).not.toThrow();
    const briefByName = Object.fromEntries(brief.tools.map((t) => [t.name, t]));
    expect(briefByName.browser_find!.annotations).toEqual({ readOnlyHint: true });
    expect(briefByName.browser_click).not.toHaveProperty('annotations');
  });

  it('ai-sdk: usable as Vercel AI SDK tools', async () => {
    const tools = helper.tools({ ...full, format: 'ai-sdk' }) as Record<
      string,
      { description: string; inputSchema: never; execute: (a: unknown) => Promise<string> }
    >;
    for (const [name, t] of Object.entries(tools)) {
      const made = aiTool({ description: t.description, inputSchema: t.inputSchema, execute: t.execute });
      const schema = await asSchema(made.inputSchema).jsonSchema;
      expect((schema as Schema).type, name).toBe('object');
    }
    expect(await tools.browser_done!.execute({ answer: 'ok' })).toBe('Done: ok');
  });

  it('presets: read never changes the page; standard has no runJS; a prefix is applied', () => {
    const names = (preset: 'read' | 'standard' | 'full', prefix?: string) =>
      (helper.tools({ format: 'anthropic', preset, prefix }) as { name: string }[]).map((t) => t.name);
    expect(names('read', '')).toEqual(['find', 'describe', 'extract', 'waitFor', 'console', 'done']);
    expect(names('standard')).not.toContain('browser_runJS');
    expect(names('standard')).toContain('browser_click');
    expect(names('full')).toContain('browser_runJS');
    expect(() => helper.tools({ format: 'nope' as never })).toThrow(
      /options.format must be 'openai', 'responses', 'anthropic', 'gemini', 'mcp' or 'ai-sdk', not "nope"/,
    );
  });

  it('MCP listings leave out the agent-loop tool done, unless asked for; other formats keep it', () => {
    const mcpNames = (loopTools?: boolean) =>
      helper.tools({ format: 'mcp', preset: 'read', prefix: '', loopTools }).tools.map((t) => t.name);
    expect(mcpNames()).not.toContain('done');
    expect(mcpNames()).toContain('find');
    expect(mcpNames(true)).toContain('done');
    expect(
      helper.tools({ format: 'openai', preset: 'read', prefix: '' }).map((t) => t.function.name),
    ).toContain('done');
  });

  it('descriptions are one line for a model; details, for detail full, at most three sentences', () => {
    for (const t of BUILTIN_TOOLS) {
      expect(t.description.split(/(?<=[.!?])\s+(?=[A-Z])/), t.name).toHaveLength(1);
      expect(t.description.length, t.name).toBeLessThanOrEqual(90);
      expect((t.details ?? '').split(/(?<=[.!?])\s+(?=[A-Z])/).length, t.name).toBeLessThanOrEqual(3);
    }
  });
});

describe('help', () => {
  const methods = Object.keys(helper).filter(
    (k) => typeof (helper as unknown as Record<string, unknown>)[k] === 'function',
  );

  it('lists every console function as it is written in JavaScript, with one line on what it does', () => {
    const all = helper.help();
    const listed = [...all.matchAll(/^LLMHelper\.(\w+)\(/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...methods].sort());
    expect(all).toContain(
      'LLMHelper.find(pattern?, { type?, limit?, visible?, within?, exclude?, caseSensitive?, exact? }?)',
    );
    expect(all).toContain('LLMHelper.type(id, text, { clear?, submit?, perKey? }?)');
    expect(all).not.toMatch(/"pattern":|double\?|'all'/); // not the model's JSON tool format
  });

  it('explains one function: its arguments in words and an example that calls it as it is written', () => {
    for (const name of methods) {
      const one = helper.help(name);
      expect(one.startsWith(`LLMHelper.${name}(`), name).toBe(true);
      if (name !== 'addTool') expect(one.split('\nExample:\n  ')[1], name).toContain(`LLMHelper.${name}(`);
    }
    expect(helper.help('click')).toMatch(/\n {2}button: 'left', 'middle' or 'right'\n/);
    expect(helper.help('click')).toMatch(
      /\n {2}id: an element ID \(a number from find\) or a CSS selector\n/,
    );
  });

  it("shows a model's tool as the model sees it by its tool name, and suggests names for typos", () => {
    expect(helper.help('fnd')).toMatch(/Did you mean find/);
    expect(helper.help('rightclik')).toMatch(/Did you mean rightClick/);
    expect(helper.help('browser_find')).toMatch(/^find \(read\)/);
    // A former tool name says which tool does it now.
    expect(helper.help('browser_snapshot')).toMatch(/^snapshot is now find: find \(read\)/);
    expect(helper.help('browser_type')).toMatch(/The field is read back.*\n {2}text: string\n/s);
    expect(helper.help('browser_done')).toMatch(/^done \(read\)/);
  });

  it('answers any text with help, never an error, and bounded', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const text = helper.help(name);
        expect(typeof text).toBe('string');
        expect(text.length).toBeLessThan(6000);
      }),
      { numRuns: 500, seed: 5 },
    );
  });
});

describe('execute: forgiving, then strict', () => {
  it('names the field, what was expected and the usage', async () => {
    const r = await helper.execute({ name: 'browser_type', arguments: { id: 'abc' } });
    expect(r.ok).toBe(false);
    expect(r.text).toMatch(
      /^Invalid arguments for browser_type: field id: expected number.*got "abc".*field text: expected string.*Usage: browser_type\(id: integer, text: string, clear\?: boolean, submit\?: boolean\)\. Example:/,
    );
    const unknown = await helper.execute({ name: 'browser_click', arguments: { id: 3, colour: 'red' } });
    expect(unknown.text).toMatch(/unknown field colour/);
  });

  it('accepts double-encoded arguments, a missing prefix, "12" for 12 and null for omitted', async () => {
    document.body.innerHTML = '<h1>Hello</h1>';
    const r = await helper.execute({
      name: 'find',
      arguments: JSON.stringify(JSON.stringify({ pattern: 'Hello', limit: '3', type: null, visible: 'all' })),
    });
    expect(r.ok, r.text).toBe(true);
    expect(r.text).toMatch(/^\[\d+\] heading "Hello"/);
  });

  it('suggests a tool for an unknown name and never throws for bad calls', async () => {
    expect((await helper.execute({ name: 'browser_clik', arguments: {} })).text).toMatch(
      /There is no tool "browser_clik"\. Did you mean browser_click/,
    );
    expect((await helper.execute(42)).ok).toBe(false);
    expect(
      (await helper.execute({ function: { name: 'browser_find', arguments: '{bad json' } })).text,
    ).toMatch(/not valid JSON/);
  });
});

describe('integrator tools', () => {
  it('can be written with classic zod and join every format, execute and help', async () => {
    const { z } = await import('zod');
    const { defineTool } = await import('../../src/tools/define');
    const h = createLLMHelper();
    h.addTool(
      defineTool({
        name: 'openTicket',
        description: 'Open a support ticket by its number. Returns the ticket title.',
        input: z.object({ number: z.number().int().describe('Ticket number.') }),
        risk: 'write',
        example: { number: 7 },
        run: ({ number }) => ({ text: `Ticket ${number}: printer on fire` }),
      }),
    );
    const openai = h.tools({ format: 'openai', detail: 'full' }) as {
      function: { name: string; parameters: Schema };
    }[];
    const mine = openai.find((t) => t.function.name === 'browser_openTicket')!;
    expect(openaiStrictProblems(mine.function.parameters)).toEqual([]);
    expect((await h.execute({ name: 'browser_openTicket', arguments: { number: '7' } })).text).toBe(
      'Ticket 7: printer on fire',
    );
    expect((await h.execute({ name: 'openTicket', arguments: { number: 'x' } })).text).toMatch(
      /field number: expected number \(got "x"\)/,
    );
    expect(h.help('openTicket')).toMatch(/^openTicket \(write\): Open a support ticket/);
    expect(() =>
      defineTool({
        name: 'bad name!',
        description: 'x',
        input: z.object({}),
        risk: 'read',
        run: () => ({ text: '' }),
      }),
    ).toThrow(/must be 1–48 letters/);
  });
});

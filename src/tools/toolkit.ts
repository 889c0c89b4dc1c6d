/**
 * The tools of one LLMHelper: listings in every format, execute() for calls in any shape, help(), and
 * WebMCP registration. Calls are validated against each tool's zod schema after forgiving what models
 * get wrong (double-encoded arguments, a missing name prefix, "12" for 12, null for an omitted field).
 */
import { safeParse, type $ZodError, type $ZodIssue } from 'zod/v4/core';
import { LLMHelperError } from '../errors';
import { stringify } from '../json';
import type { PageApi } from '../page-api';
import { truncate } from '../page/dom/text';
import { presetTools } from './builtin/index';
import { FORMER_NAMES, TASK_META } from './rules';
import { argumentObject, normalizeCall, resultMessage, type NeutralCall, type ToolResult } from './calls';
import { defineTool, type AnyTool, type Preset } from './define';
import * as formats from './formats/index';
import type { AiSdkTool, ToolListings, ToolMessage } from './api-types';
import { baseSchema, type JSONSchema } from './formats/json-schema';

export interface ToolsOptions {
  format?: formats.Format;
  preset?: Preset;
  /** Only these tools (names without prefix), instead of a preset. */
  only?: string[];
  /** Prepended to every name the model sees (default 'browser_'; '' for none). */
  prefix?: string;
  /**
   * With format 'mcp' and in registerWebMCP: also list the tools only an agent loop uses (done), which
   * an outside client has no use for. Other formats always list them.
   */
  loopTools?: boolean;
  /**
   * 'brief' (default): each tool in one line, the shared rules left to the system prompt (TOOL_RULES);
   * 'full': each tool's details too, and MCP's every annotation.
   */
  detail?: 'brief' | 'full';
}

export interface ExecuteResult<M = ToolMessage> extends ToolResult {
  /** The tool that ran (without prefix), when the call named one. */
  tool?: string;
  /** The result wrapped as the calling API's message: tool message, tool_result, functionResponse... */
  message: M;
}

/** A tool name without the listing's prefix (browser_ unless the options say otherwise). */
const unprefixed = (name: string, opts: ToolsOptions): string => {
  const prefix = opts.prefix ?? 'browser_';
  return prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name;
};

/** Whether an outside agent's listing (MCP, WebMCP) offers a tool: not the agent loop's own, unless asked. */
const forOutside = (tool: AnyTool, opts: ToolsOptions): boolean => !!opts.loopTools || !tool.loop;

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  const d: number[] = [];
  for (let j = 0; j <= b.length; j++) d.push(j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

export function suggestions(name: string, names: string[]): string[] {
  const n = name.toLowerCase();
  return names
    .map((c) => ({
      c,
      d: c.toLowerCase().includes(n) || n.includes(c.toLowerCase()) ? 0 : distance(n, c.toLowerCase()),
    }))
    .filter((x) => x.d <= Math.max(2, Math.floor(x.c.length / 3)))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map((x) => x.c);
}

/** Turns what models send into what the schema asks for: "12" → 12, "true" → true, null → omitted. */
function coerce(args: Record<string, unknown>, schema: JSONSchema): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, JSONSchema>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    const p = props[k];
    if (v === null && !(schema.required as string[] | undefined)?.includes(k)) continue;
    if (p && typeof v === 'string') {
      if ((p.type === 'integer' || p.type === 'number') && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) {
        out[k] = Number(v);
        continue;
      }
      if (p.type === 'boolean' && /^(true|false)$/i.test(v.trim())) {
        out[k] = v.trim().toLowerCase() === 'true';
        continue;
      }
      if (p.type === 'array' && v.trim().startsWith('[')) {
        try {
          out[k] = JSON.parse(v);
          continue;
        } catch {
          /* leave it for the validator to name */
        }
      }
    }
    out[k] = v;
  }
  return out;
}

function usage(tool: AnyTool, name: string): string {
  const example = tool.example ? ` Example: ${name}(${JSON.stringify(tool.example)}).` : '';
  return `Usage: ${name}(${paramList(tool)}).${example}`;
}

/** A tool's parameters: name, whether required, type (an enum's values, quoted), description. */
function params(tool: AnyTool): [string, boolean, string, unknown][] {
  const schema = baseSchema(tool.input);
  const required = (schema.required as string[] | undefined) ?? [];
  return Object.entries((schema.properties ?? {}) as Record<string, JSONSchema>).map(([k, p]) => [
    k,
    required.includes(k),
    Array.isArray(p.enum) ? (p.enum as string[]).map((e) => `'${e}'`).join('|') : String(p.type ?? 'any'),
    p.description,
  ]);
}

const paramList = (tool: AnyTool): string =>
  params(tool)
    .map(([k, required, type]) => `${k}${required ? '' : '?'}: ${type}`)
    .join(', ');

/** What the schema wanted, in words, from the issue's own fields (zod/mini ships no message texts). */
function expectation(issue: $ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected === 'int' ? 'a whole number' : issue.expected}`;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? `expected at least ${String(issue.minimum)} ${issue.origin === 'string' ? 'character' : 'item'}${Number(issue.minimum) === 1 ? '' : 's'}`
        : `expected at least ${String(issue.minimum)}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      return 'matches none of the allowed forms';
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is not valid here';
  }
}

/** "field id: expected number (got "abc")" — one part per problem, naming the field. */
function describeIssues(error: $ZodError, args: Record<string, unknown>): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length ? issue.path.join('.') : '(arguments)';
      let got: unknown = args;
      for (const key of issue.path)
        got = (got as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
      const shown = got === undefined ? 'nothing' : truncate(stringify(got) ?? typeof got, 60);
      if (issue.code === 'custom') return `field ${field}: ${issue.message}`;
      return `field ${field}: ${expectation(issue)} (got ${shown})`;
    })
    .join('; ');
}

export class Toolkit {
  private custom: AnyTool[] = [];
  /** Saved tasks the person offered as tools (the panel's, never a page script's: see offerTasks). */
  private tasks: AnyTool[] = [];
  /** The current WebMCP registration's controller; aborting it takes those tools back. */
  private webmcp: AbortController | null = null;
  /** The live WebMCP registration: where, with which options, and the saved tasks' own controller. */
  private webmcpLive: { host: WebMCP; opts: ToolsOptions; tasks: AbortController } | null = null;

  /** `builtins: false`: only the tools added with add() (the extension's tab tools, which act on no page). */
  constructor(
    private readonly helper: PageApi,
    private readonly builtins = true,
  ) {}

  /** Adds an integrator's tool (made with defineTool); it joins every preset. */
  add(tool: AnyTool): void {
    defineTool(tool);
    this.custom = this.custom.filter((t) => t.name !== tool.name).concat(tool);
  }

  /**
   * The saved tasks offered as tools now (each made by taskTool, run through the panel's agent): they
   * join every listing as the integrator's own tools do, and a live WebMCP registration follows them.
   * Only the SDK's own wiring calls this: it is on no object a page script reaches.
   */
  offerTasks(tools: AnyTool[]): void {
    for (const tool of tools) defineTool(tool);
    this.tasks = [...tools];
    const live = this.webmcpLive;
    if (!live || live.tasks.signal.aborted) return;
    live.tasks.abort();
    live.tasks = new AbortController();
    this.registerEach(live.host, this.tasks, live.opts, live.tasks.signal);
  }

  /** Whether a tool is a saved task's. */
  private isTask = (tool: AnyTool): boolean => this.tasks.includes(tool);

  select(opts: ToolsOptions = {}): AnyTool[] {
    const preset = opts.preset ?? 'standard';
    const mine = [...this.custom, ...this.tasks];
    const all = [...(this.builtins ? presetTools('full') : []), ...mine];
    if (opts.only) {
      const unknown = opts.only.filter((n) => !all.some((t) => t.name === n));
      if (unknown.length)
        throw new LLMHelperError(
          'bad_argument',
          `Unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Tools: ${all.map((t) => t.name).join(', ')}.`,
        );
      return all.filter((t) => opts.only!.includes(t.name));
    }
    return [
      ...(this.builtins ? presetTools(preset) : []),
      ...mine.filter((t) => preset !== 'read' || t.risk === 'read'),
    ];
  }

  list(opts: ToolsOptions = {}): ToolListings[formats.Format] {
    const format = opts.format ?? 'openai';
    const prefix = opts.prefix ?? 'browser_';
    const named = this.select(opts)
      .filter((tool) => format !== 'mcp' || forOutside(tool, opts))
      .map((tool) => ({ tool, name: prefix + tool.name, full: opts.detail === 'full' }));
    switch (format) {
      case 'openai':
        return named.map(formats.openai);
      case 'responses':
        return named.map(formats.responses);
      case 'anthropic':
        return named.map(formats.anthropic);
      case 'gemini':
        return { functionDeclarations: named.map(formats.gemini) };
      case 'mcp':
        return {
          tools: named.map((n) => ({
            ...formats.mcp(n),
            ...(this.isTask(n.tool) ? { _meta: { [TASK_META]: true } } : {}),
          })),
        };
      case 'ai-sdk':
        return Object.fromEntries(
          named.map((n): [string, AiSdkTool] => [
            n.name,
            {
              description: formats.words(n),
              inputSchema: n.tool.input as unknown as AiSdkTool['inputSchema'],
              execute: async (args: unknown) =>
                (await this.execute({ name: n.name, arguments: args }, opts)).text,
            },
          ]),
        );
      default:
        throw new LLMHelperError(
          'bad_argument',
          `format must be one of ${formats.FORMATS.join(', ')}; got ${JSON.stringify(format)}.`,
        );
    }
  }

  private find(name: string, opts: ToolsOptions): AnyTool | undefined {
    const tools = this.select({ ...opts, preset: opts.preset ?? 'full' });
    const bare = unprefixed(name, opts);
    return (
      tools.find((t) => t.name === bare) ??
      tools.find((t) => t.name.toLowerCase() === bare.toLowerCase().replace(/^browser[_.-]/, ''))
    );
  }

  /** Runs one tool call given in any API's shape; never throws for the call's own mistakes. */
  async execute(call: unknown, opts: ToolsOptions = {}): Promise<ExecuteResult> {
    let neutral: NeutralCall;
    try {
      neutral = normalizeCall(call);
    } catch (e) {
      const text = (e as Error).message;
      return { ok: false, text, message: { content: [{ type: 'text', text }], isError: true } };
    }
    const done = (r: ToolResult, tool?: string): ExecuteResult => ({
      ...r,
      tool,
      message: resultMessage(neutral, r),
    });
    const prefix = opts.prefix ?? 'browser_';
    let tool = this.find(neutral.name, opts);
    let given = neutral.args;
    // A tool's former name (findNear, rightClick, …): the call as the tool that does it now takes it.
    const former = tool
      ? undefined
      : FORMER_NAMES[unprefixed(neutral.name, opts).replace(/^browser[_.-]/, '')];
    if (former)
      try {
        const [now, args] = former(argumentObject(neutral.args, neutral.name));
        tool = this.find(now, opts);
        given = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
      } catch (e) {
        return done({ ok: false, text: (e as Error).message });
      }
    if (!tool) {
      const names = this.select(opts).map((t) => t.name);
      const like = suggestions(unprefixed(neutral.name, opts), names);
      return done({
        ok: false,
        text: `There is no tool "${neutral.name}".${like.length ? ` Did you mean ${like.map((n) => prefix + n).join(' or ')}?` : ''} Tools: ${names.map((n) => prefix + n).join(', ')}.`,
      });
    }
    const name = prefix + tool.name;
    const allowed = this.select(opts).includes(tool);
    if (!allowed)
      return done(
        { ok: false, text: `${name} is not available with the '${opts.preset ?? 'standard'}' tools.` },
        tool.name,
      );
    let args: Record<string, unknown>;
    try {
      args = coerce(argumentObject(given, name), baseSchema(tool.input));
    } catch (e) {
      return done({ ok: false, text: `${(e as Error).message} ${usage(tool, name)}` }, tool.name);
    }
    const known = Object.keys(tool.input._zod.def.shape);
    const unknown = Object.keys(args).filter((k) => !known.includes(k));
    const parsed = safeParse(tool.input, args);
    if (unknown.length || !parsed.success) {
      const problems = [
        ...(unknown.length ? [`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`] : []),
        ...(parsed.success ? [] : [describeIssues(parsed.error, args)]),
      ];
      return done(
        { ok: false, text: `Invalid arguments for ${name}: ${problems.join('; ')}. ${usage(tool, name)}` },
        tool.name,
      );
    }
    try {
      // The page's index built in slices first: a call never walks a big page in one task. Should that
      // fail, the call itself walks what it needs.
      if (this.helper) await this.helper.prepare().catch(() => undefined);
      const out = await tool.run(parsed.data, { helper: this.helper, preset: opts.preset ?? 'standard' });
      return done(
        { ok: out.ok ?? true, text: out.text, data: out.data, ...(out.images ? { images: out.images } : {}) },
        tool.name,
      );
    } catch (e) {
      const err = e as Error;
      const text =
        err instanceof LLMHelperError ? err.message : `${name} failed: ${err?.message ?? String(e)}`;
      return done({ ok: false, text }, tool.name);
    }
  }

  /** One tool as a model sees it (its JSON arguments and an example call), or undefined for no such tool. */
  help(name: string): string | undefined {
    const tool = this.find(name, { preset: 'full' });
    const bare = name.replace(/^browser[_.-]/, '');
    const now = FORMER_NAMES[bare]?.({})[0];
    if (!tool) return now && `${bare} is now ${now}: ${this.help(now)!}`;
    const lines = params(tool).map(
      ([k, required, type, about]) =>
        `  ${k}${required ? '' : ' (optional)'}: ${type}${about ? ` — ${String(about)}` : ''}`,
    );
    return [
      `${tool.name} (${tool.risk}): ${formats.words({ tool, name, full: true })}`,
      lines.length ? `Parameters:\n${lines.join('\n')}` : 'No parameters.',
      tool.example ? `Example: ${tool.name}(${JSON.stringify(tool.example)})` : '',
    ]
      .filter(Boolean)
      .join('\n');
  }

  /**
   * Registers the tools with the browser's WebMCP: the current spec's document.modelContext
   * (registerTool(tool, { signal }); aborting the signal unregisters; Chromium 156 lists them with
   * getTools() and runs one with executeTool(tool, args)), or an early Chrome preview's
   * navigator.modelContext. Saved tasks offered as tools are registered too, and follow offerTasks.
   * unregister() takes them all back.
   */
  registerWebMCP(opts: ToolsOptions = {}): { registered: string[]; reason?: string; unregister(): void } {
    const host =
      typeof document === 'undefined'
        ? undefined
        : ((document as unknown as { modelContext?: WebMCP }).modelContext ??
          (navigator as unknown as { modelContext?: WebMCP }).modelContext);
    // The browser keeps the first tool of a name and ignores (or refuses) another: what was registered
    // before is taken back first, so registering again replaces it.
    this.webmcp?.abort();
    this.webmcpLive?.tasks.abort();
    this.webmcpLive = null;
    const controller = new AbortController();
    this.webmcp = controller;
    if (!host || typeof host.registerTool !== 'function')
      return {
        registered: [],
        reason: 'This browser has no WebMCP (document.modelContext.registerTool); nothing was registered.',
        unregister: () => controller.abort(),
      };
    const tasks = new AbortController();
    this.webmcpLive = { host, opts, tasks };
    const unregister = () => {
      controller.abort();
      tasks.abort();
    };
    const own = this.select(opts).filter((tool) => forOutside(tool, opts) && !this.isTask(tool));
    const registered = [
      ...this.registerEach(host, own, opts, controller.signal),
      ...this.registerEach(host, this.tasks, opts, tasks.signal),
    ];
    return { registered, unregister };
  }

  /** Registers each of `tools` (those the options' preset lists) with the browser, under `signal`. */
  private registerEach(host: WebMCP, tools: AnyTool[], opts: ToolsOptions, signal: AbortSignal): string[] {
    const listed = this.select(opts);
    const registered: string[] = [];
    for (const tool of tools.filter((t) => listed.includes(t))) {
      const name = (opts.prefix ?? 'browser_') + tool.name;
      const danger = tool.risk === 'danger';
      const pending = host.registerTool(
        {
          name,
          description: tool.description,
          inputSchema: baseSchema(tool.input),
          // MCP's destructiveHint, and Chromium's consequentialHint (what it keeps of the two).
          annotations: {
            readOnlyHint: tool.risk === 'read',
            ...(danger ? { destructiveHint: true, consequentialHint: true } : {}),
          },
          execute: async (args: unknown) => {
            const r = await this.execute({ name, arguments: args }, opts);
            return { content: [{ type: 'text', text: r.text }], ...(r.ok ? {} : { isError: true }) };
          },
        },
        { signal },
      );
      // Chromium's registerTool returns a promise; an early build rejected it once the tool was unregistered.
      if (typeof (pending as Promise<unknown> | undefined)?.then === 'function')
        (pending as Promise<unknown>).then(undefined, () => undefined);
      registered.push(name);
    }
    return registered;
  }
}

interface WebMCP {
  registerTool(
    tool: {
      name: string;
      description: string;
      inputSchema: JSONSchema;
      annotations?: object;
      execute(args: unknown): Promise<unknown>;
    },
    options?: { signal: AbortSignal },
  ): unknown;
}

/** The read tools: look at the page, never change it. */
import * as z from 'zod/mini';
import type { FindOptions } from '../../page/find/types';
import { defineTool } from '../define';
import { elementId, elementType, limit, pattern, visibility, within } from './fields';
import { jsonText, matchesOutput } from './render';

const findInput = z.object({
  pattern: pattern.apply(z.optional),
  type: elementType.apply(z.optional),
  near: elementId.apply(z.optional).check(z.describe('Nearest to this element first')),
  within: within.apply(z.optional),
  limit: limit.apply(z.optional),
  visible: visibility.apply(z.optional),
});

const findOptions = (a: z.output<typeof findInput>): FindOptions => ({
  type: a.type,
  limit: a.limit,
  visible: a.visible === 'all' ? false : a.visible === 'viewport' ? 'viewport' : true,
  within: a.within,
});

export const find = defineTool({
  name: 'find',
  description: 'Find elements by visible text and/or kind; with neither, list the controls.',
  details:
    'Ranked toward visible, interactive, exact matches. Returns one line per match: [id] role "text" with state and row; near gives how each relates (same row, right of, below, inside).',
  input: findInput,
  risk: 'read',
  example: { pattern: 'Download', type: 'button' },
  // In slices (helper.inSlices), as every reading tool: on a large page the tab is never held long.
  run: async (a, { helper }) => {
    if (a.pattern === undefined && a.type === undefined)
      return { ok: true, text: await helper.inSlices.snapshot({ within: a.within }) };
    const what = `${a.pattern ? `"${a.pattern}"` : `type ${a.type}`}${a.near ? ` near ${a.near}` : ''}`;
    const options = findOptions(a);
    const query = a.pattern ?? options;
    const rest = a.pattern === undefined ? undefined : options;
    return matchesOutput(
      await (a.near === undefined
        ? helper.inSlices.find(query, rest)
        : helper.inSlices.findNear(a.near, query, rest)),
      what,
    );
  },
});

export const describe = defineTool({
  name: 'describe',
  description: 'Describe an element (table, form, list, dialog) in brief; without id, the page.',
  details:
    'Tables give columns, rows and sorting; forms their fields and values; key controls come with their IDs. The overview gives title, URL, headings, landmarks, counts of controls, open dialogs, alerts, the focused element and the main actions.',
  input: z.object({ id: elementId.apply(z.optional) }),
  risk: 'read',
  example: { id: 7 },
  run: async (a, { helper }) => ({
    ok: true,
    text: await (a.id === undefined ? helper.inSlices.summary() : helper.inSlices.describe(a.id)),
  }),
});

export const extract = defineTool({
  name: 'extract',
  description: "Read an element's property.",
  details: "rows gives a table's cells; data its data-* attributes; any other name is an attribute.",
  input: z.object({
    id: elementId,
    property: z
      .string()
      .check(z.minLength(1))
      .check(z.describe('text, value, href, checked, selected, options, rows, html, data or an attribute.')),
  }),
  risk: 'read',
  example: { id: 7, property: 'rows' },
  run: async (a, { helper }) => {
    const value = await helper.inSlices.extract(a.id, a.property);
    return { ok: true, text: jsonText(value), data: value };
  },
});

export const waitFor = defineTool({
  name: 'waitFor',
  description: 'Wait until text appears or disappears, or an element reaches a state.',
  details: 'Use it after an action whose result loads later. Returns what appeared, or that it timed out.',
  input: z
    .object({
      pattern: pattern.apply(z.optional),
      id: elementId.apply(z.optional),
      state: z.enum(['visible', 'hidden', 'attached', 'detached', 'enabled']).apply(z.optional),
      timeout: z
        .int()
        .check(z.minimum(0))
        .check(z.maximum(60000))
        .apply(z.optional)
        .check(z.describe('ms, default 5000')),
    })
    .check(
      z.refine((a) => a.pattern !== undefined || a.id !== undefined, {
        message: 'Give a pattern or an id.',
        path: ['pattern'],
      }),
    ),
  risk: 'read',
  example: { pattern: 'Saved', timeout: 5000 },
  run: async (a, { helper }) => {
    const r =
      a.id !== undefined
        ? await helper.waitFor({ id: a.id, state: a.state }, { timeout: a.timeout })
        : await helper.waitFor(a.pattern!, {
            timeout: a.timeout,
            state: a.state === 'hidden' ? 'hidden' : 'visible',
          });
    return { ok: r.ok, text: r.message, data: r.matches };
  },
});

export const pageConsole = defineTool({
  name: 'console',
  description: "The page's script errors and failed requests, numbered.",
  details: 'The last 50. Use it when an action changed nothing or the page seems broken.',
  input: z.object({
    since: z.int().check(z.minimum(0)).apply(z.optional).check(z.describe('Only entries after this number')),
  }),
  risk: 'read',
  example: { since: 3 },
  run: (a, { helper }) => {
    const entries = helper.console({ since: a.since });
    return {
      ok: true,
      text: entries.length
        ? entries.map((e) => `#${e.n} ${e.kind}: ${e.text}`).join('\n')
        : `Nothing went wrong on the page${a.since ? ` after #${a.since}` : ' since LLMHelper loaded'}.`,
      data: entries,
    };
  },
});

export const done = defineTool({
  name: 'done',
  description: 'End the task with the answer for the person.',
  details: 'Call it once, when the task is complete or cannot be completed.',
  input: z.object({
    answer: z.string().check(z.minLength(1)),
    success: z.boolean().apply(z.optional),
  }),
  risk: 'read',
  loop: true,
  example: { answer: 'Downloaded the March 2024 invoice.', success: true },
  run: (a) => ({
    ok: true,
    text: `Done: ${a.answer}`,
    data: { answer: a.answer, success: a.success ?? true },
  }),
});

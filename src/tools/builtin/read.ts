/** The read tools: look at the page, never change it. */
import * as z from 'zod/mini';
import type { FindOptions } from '../../page/find';
import { defineTool } from '../define';
import { elementId, elementType, limit, pattern, visibility, within } from './fields';
import { jsonText, matchesOutput } from './render';

const findInput = z.object({
  pattern: pattern.apply(z.optional),
  type: elementType.apply(z.optional),
  limit: limit.apply(z.optional),
  visible: visibility.apply(z.optional),
  within: within.apply(z.optional),
  exact: z.boolean().apply(z.optional).check(z.describe('The whole text must match (default false).')),
});

const findOptions = (a: z.output<typeof findInput>): FindOptions => ({
  type: a.type,
  limit: a.limit,
  visible: a.visible === 'all' ? false : a.visible === 'viewport' ? 'viewport' : true,
  within: a.within,
  exact: a.exact,
});

const needPatternOrType = (a: { pattern?: string; type?: string }) =>
  a.pattern !== undefined || a.type !== undefined;
const PATTERN_OR_TYPE = { message: 'Give a pattern, a type, or both.', path: ['pattern'] };

export const find = defineTool({
  name: 'find',
  description:
    'Find elements by the text a person sees (regex or plain text), ranked toward visible, interactive, exact matches. Use it first to get element IDs for the other tools. Returns one line per match: [id] role "text" with state and row.',
  input: findInput.check(z.refine(needPatternOrType, PATTERN_OR_TYPE)),
  risk: 'read',
  example: { pattern: 'Download', type: 'button' },
  run: (a, { helper }) =>
    matchesOutput(
      helper.find(a.pattern ?? findOptions(a), a.pattern === undefined ? undefined : findOptions(a)),
      a.pattern ? `"${a.pattern}"` : `type ${a.type}`,
    ),
});

export const findNear = defineTool({
  name: 'findNear',
  description:
    'Find elements near a known element, nearest first: same table row, list item, card or form group, then on-screen distance. Use it to reach the button in the row you found, such as Download next to an invoice. Each match says how it relates: same row, right of, below, inside.',
  input: z
    .object({
      id: elementId.check(z.describe('The element to search around.')),
      pattern: pattern.apply(z.optional),
      type: elementType.apply(z.optional),
      limit: limit.apply(z.optional),
    })
    .check(z.refine(needPatternOrType, PATTERN_OR_TYPE)),
  risk: 'read',
  example: { id: 12, pattern: 'Download' },
  run: (a, { helper }) =>
    matchesOutput(
      helper.findNear(
        a.id,
        a.pattern ?? { type: a.type, limit: a.limit },
        a.pattern === undefined ? undefined : { type: a.type, limit: a.limit },
      ),
      a.pattern ? `"${a.pattern}" near ${a.id}` : `type ${a.type} near ${a.id}`,
    ),
});

export const describe = defineTool({
  name: 'describe',
  description:
    'Describe a table, form, list, menu, dialog, navigation, section or element in one short paragraph (columns and rows, fields and values, items). Use it to understand a region before acting; without an id it describes the main content. Key controls come with their IDs.',
  input: z.object({
    id: elementId.apply(z.optional).check(z.describe('What to describe (default: the main content).')),
  }),
  risk: 'read',
  example: { id: 7 },
  run: (a, { helper }) => ({ ok: true, text: helper.describe(a.id) }),
});

export const summary = defineTool({
  name: 'summary',
  description:
    'Overview of the page: title, URL, headings, landmarks, counts of controls, open dialogs, alerts, the focused element and the main actions with IDs. Call it first on a new page, and after navigation.',
  input: z.object({}),
  risk: 'read',
  example: {},
  run: (_a, { helper }) => ({ ok: true, text: helper.summary() }),
});

export const snapshot = defineTool({
  name: 'snapshot',
  description:
    'List interactive elements one per line ([id] role "name" (state)), visible ones first, within a character budget. Use it when find cannot name what you need; narrow it with within or type.',
  input: z.object({ within: within.apply(z.optional), type: elementType.apply(z.optional) }),
  risk: 'read',
  example: { type: 'button' },
  run: (a, { helper }) => ({ ok: true, text: helper.snapshot({ within: a.within, type: a.type }) }),
});

export const extract = defineTool({
  name: 'extract',
  description:
    "Read one property of one element: text, value, href, checked, selected, options, rows (a table's cells), html, data, or any attribute name. Use it to read exact data such as a field's value or a table's rows.",
  input: z.object({
    id: elementId,
    property: z
      .string()
      .check(z.minLength(1))
      .check(
        z.describe(
          'text, value, href, checked, selected, options, rows, html, data, rect, data-*, or an attribute name.',
        ),
      ),
  }),
  risk: 'read',
  example: { id: 7, property: 'rows' },
  run: (a, { helper }) => {
    const value = helper.extract(a.id, a.property);
    return { ok: true, text: jsonText(value), data: value };
  },
});

export const getMenuItems = defineTool({
  name: 'getMenuItems',
  description:
    'List the items of the menu that is open now (context menu, menu button menu, menubar), with IDs, disabled state and submenus.',
  input: z.object({}),
  risk: 'read',
  example: {},
  run: (_a, { helper }) => {
    const r = helper.getMenuItems();
    return { ok: r.ok, text: r.message, data: r.items };
  },
});

export const waitFor = defineTool({
  name: 'waitFor',
  description:
    'Wait until text appears (or disappears), or until an element is visible, hidden, detached or enabled. Use it after an action whose result loads later. Returns what appeared, or that it timed out.',
  input: z
    .object({
      pattern: pattern.apply(z.optional),
      id: elementId.apply(z.optional).check(z.describe('Wait for this element instead of a pattern.')),
      state: z
        .enum(['visible', 'hidden', 'attached', 'detached', 'enabled'])
        .apply(z.optional)
        .check(z.describe("What to wait for (default 'visible').")),
      timeout: z
        .int()
        .check(z.minimum(0))
        .check(z.maximum(60000))
        .apply(z.optional)
        .check(z.describe('Milliseconds (default 5000).')),
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
  description:
    'What went wrong on the page: its script errors, console errors and warnings, and failed requests (the last 50, numbered). Use it when an action changed nothing or the page seems broken.',
  input: z.object({
    since: z
      .int()
      .check(z.minimum(0))
      .apply(z.optional)
      .check(z.describe('Only entries after this number (the last one you saw).')),
    level: z
      .enum(['error', 'warning'])
      .apply(z.optional)
      .check(z.describe("'error': errors only; 'warning' (default): warnings too.")),
  }),
  risk: 'read',
  example: { level: 'error' },
  run: (a, { helper }) => {
    const entries = helper.console({ since: a.since, level: a.level });
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
  description:
    'Finish the task and give the final answer to the user. Call it once, when the task is complete or cannot be completed; say which in success.',
  input: z.object({
    answer: z.string().check(z.minLength(1)).check(z.describe('The final answer or result, for the user.')),
    success: z
      .boolean()
      .apply(z.optional)
      .check(z.describe('false when the task could not be completed (default true).')),
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

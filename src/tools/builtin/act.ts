/** The action tools: each changes the page and reports what changed. */
import * as z from 'zod/mini';
import type { ActionResult } from '../../page/settle';
import { defineTool, type ToolOutput } from '../define';
import { elementId } from './fields';

const out = (r: ActionResult): ToolOutput => ({ ok: r.ok, text: r.message, data: r.changes });

export const click = defineTool({
  name: 'click',
  description:
    'Click an element as a person would (scrolls it into view; refuses if another element covers it or it is disabled). Returns what changed: URL, dialogs, new controls, messages.',
  input: z.object({
    id: elementId,
    button: z
      .enum(['left', 'middle', 'right'])
      .apply(z.optional)
      .check(z.describe("Mouse button (default 'left').")),
    double: z.boolean().apply(z.optional).check(z.describe('Double-click (default false).')),
  }),
  risk: 'write',
  example: { id: 9 },
  run: async (a, { helper }) =>
    out(await helper.click(a.id, { button: a.button, clickCount: a.double ? 2 : 1 })),
});

export const hover = defineTool({
  name: 'hover',
  description:
    'Move the pointer over an element, for menus and tooltips that open on hover. Returns what appeared.',
  input: z.object({ id: elementId }),
  risk: 'write',
  example: { id: 9 },
  run: async (a, { helper }) => out(await helper.hover(a.id)),
});

export const rightClick = defineTool({
  name: 'rightClick',
  description:
    "Right-click an element to open the page's own context menu, and list that menu's items with IDs. Says so when the page has no custom menu there.",
  input: z.object({ id: elementId }),
  risk: 'write',
  example: { id: 9 },
  run: async (a, { helper }) => {
    const r = await helper.rightClick(a.id);
    return { ok: r.ok, text: r.message, data: { items: r.items, changes: r.changes } };
  },
});

export const clickMenuItem = defineTool({
  name: 'clickMenuItem',
  description:
    "Click an item of the open menu by its name, or by a path through submenus such as 'Export > CSV' (parents are hovered, not clicked). Open the menu first with rightClick or by clicking its button.",
  input: z.object({
    path: z.string().check(z.minLength(1)).check(z.describe("Item name, or a path like 'Export > CSV'.")),
  }),
  risk: 'write',
  example: { path: 'Export > CSV' },
  run: async (a, { helper }) => out(await helper.clickMenuItem(a.path)),
});

export const type = defineTool({
  name: 'type',
  description:
    'Type text into a text field or editor, replacing what is there unless clear is false. The field is read back afterwards; a value the page changed or cut is reported, not hidden.',
  input: z.object({
    id: elementId,
    text: z.string().check(z.describe('The text to type.')),
    clear: z.boolean().apply(z.optional).check(z.describe('Replace the current text (default true).')),
    submit: z
      .boolean()
      .apply(z.optional)
      .check(z.describe('Press Enter / submit the form afterwards (default false).')),
  }),
  risk: 'write',
  example: { id: 12, text: 'Ada Lovelace' },
  run: async (a, { helper }) => out(await helper.type(a.id, a.text, { clear: a.clear, submit: a.submit })),
});

export const select = defineTool({
  name: 'select',
  description:
    'Choose an option of a dropdown (<select>, combobox or listbox) or a group of radio buttons by its value or visible label. With no match it lists the options.',
  input: z.object({
    id: elementId,
    value: z.string().check(z.describe('Option value or label.')),
    also: z.array(z.string()).apply(z.optional).check(z.describe('More options, for multiple-choice lists.')),
  }),
  risk: 'write',
  example: { id: 13, value: 'Germany' },
  run: async (a, { helper }) =>
    out(await helper.select(a.id, a.also?.length ? [a.value, ...a.also] : a.value)),
});

export const check = defineTool({
  name: 'check',
  description: 'Check or uncheck a checkbox, radio button or switch, and confirm its new state.',
  input: z.object({
    id: elementId,
    checked: z.boolean().apply(z.optional).check(z.describe('true to check (default), false to uncheck.')),
  }),
  risk: 'write',
  example: { id: 15, checked: true },
  run: async (a, { helper }) => out(await helper.check(a.id, a.checked ?? true)),
});

export const press = defineTool({
  name: 'press',
  description:
    "Press a key on an element or the focused one: Enter, Tab, Escape, ArrowDown, a character, or a combination like 'Control+a'. Enter submits forms, arrows move through menus, tabs and lists.",
  input: z.object({
    key: z
      .string()
      .check(z.minLength(1))
      .check(z.describe("Key name or combination, e.g. 'Enter', 'ArrowDown', 'Control+a'.")),
    id: elementId.apply(z.optional).check(z.describe('Element to press it on (default: the focused one).')),
  }),
  risk: 'write',
  example: { key: 'Enter', id: 12 },
  run: async (a, { helper }) => out(await helper.press(a.key, { id: a.id })),
});

export const scroll = defineTool({
  name: 'scroll',
  description:
    'Scroll the page, or the scrollable area that contains an element, by pixels or to the top or bottom. Use it to load more content or reach what is below.',
  input: z.object({
    id: elementId
      .apply(z.optional)
      .check(z.describe('Scroll the container of this element (default: the page).')),
    direction: z.enum(['up', 'down', 'left', 'right']).apply(z.optional).check(z.describe("Default 'down'.")),
    amount: z
      .int()
      .check(z.minimum(1))
      .check(z.maximum(100000))
      .apply(z.optional)
      .check(z.describe('Pixels (default: most of a screen).')),
    to: z.enum(['top', 'bottom']).apply(z.optional).check(z.describe('Scroll straight to an end instead.')),
  }),
  risk: 'write',
  example: { direction: 'down', amount: 600 },
  run: async (a, { helper }) =>
    out(
      a.id !== undefined && !a.direction && !a.amount && !a.to
        ? await helper.scrollIntoView(a.id)
        : await helper.scroll(a),
    ),
});

export const upload = defineTool({
  name: 'upload',
  description:
    'Put files into a file input (or drop them on a drop zone). Content is text, or base64 with encoding base64.',
  input: z.object({
    id: elementId,
    files: z
      .array(
        z.object({
          name: z.string().check(z.minLength(1)).check(z.describe('File name, e.g. report.csv.')),
          content: z.string().check(z.describe('The file content.')),
          type: z.string().apply(z.optional).check(z.describe('MIME type, e.g. text/csv.')),
          encoding: z
            .enum(['text', 'base64'])
            .apply(z.optional)
            .check(z.describe("'text' (default) or 'base64'.")),
        }),
      )
      .check(z.minLength(1)),
  }),
  risk: 'danger',
  example: { id: 31, files: [{ name: 'notes.txt', content: 'hello', type: 'text/plain' }] },
  run: async (a, { helper }) => out(await helper.upload(a.id, a.files)),
});

export const drag = defineTool({
  name: 'drag',
  description:
    'Drag one element onto another (sortable lists, boards, drop zones); position says where on the target to drop.',
  input: z.object({
    from: elementId.check(z.describe('The element to drag.')),
    to: elementId.check(z.describe('The element to drop on.')),
    position: z
      .enum(['before', 'center', 'after'])
      .apply(z.optional)
      .check(z.describe("Where on the target (default 'center').")),
  }),
  risk: 'write',
  example: { from: 40, to: 42, position: 'after' },
  run: async (a, { helper }) => out(await helper.drag(a.from, a.to, { position: a.position })),
});

export const navigate = defineTool({
  name: 'navigate',
  description:
    "Open a URL or path, or go 'back', 'forward' or 'reload'. A full page load ends this page's session unless the helper is installed on the next page.",
  input: z.object({
    url: z.string().check(z.minLength(1)).check(z.describe("A URL or path, or 'back', 'forward', 'reload'.")),
  }),
  risk: 'write',
  example: { url: '/settings' },
  run: async (a, { helper, preset }) => {
    if (a.url === 'back') return out(await helper.back());
    if (a.url === 'forward') return out(await helper.forward());
    if (a.url === 'reload') return out(await helper.reload());
    let target: URL;
    try {
      target = new URL(a.url, location.href);
    } catch {
      return { ok: false, text: `"${a.url}" is not a URL or path.` };
    }
    if (preset !== 'full' && target.origin !== location.origin)
      return {
        ok: false,
        text: `Navigation to another site (${target.origin}) is not allowed with these tools; stay on ${location.origin}.`,
      };
    return out(await helper.navigate(target.href));
  },
});

export const runJS = defineTool({
  name: 'runJS',
  description:
    'Run JavaScript in the page and return its result (the code is an async function body: use return). Only for what the other tools cannot do; it may be turned off by the page.',
  input: z.object({
    code: z
      .string()
      .check(z.minLength(1))
      .check(z.describe('JavaScript function body; return the value you need.')),
  }),
  risk: 'danger',
  example: { code: 'return document.querySelectorAll("tr").length' },
  run: async (a, { helper }) => {
    const r = await helper.runJS(a.code);
    return { ok: r.ok, text: r.message, data: r.value };
  },
});

/** The action tools: each changes the page and reports what changed. */
import * as z from 'zod/mini';
import type { ActionResult } from '../../page/observe/change-report';
import { defineTool, type ToolOutput } from '../define';
import { elementId } from './fields';

const out = (r: ActionResult): ToolOutput => ({ ok: r.ok, text: r.message, data: r.changes });

export const click = defineTool({
  name: 'click',
  description: "Click an element; 'right' opens its menu and lists the items.",
  details:
    'As a person would: scrolls it into view, refuses if another element covers it or it is disabled. Returns what changed: URL, dialogs, new controls, messages. A right-click says so when the page has no menu of its own there.',
  input: z.object({
    id: elementId,
    button: z.enum(['left', 'middle', 'right']).apply(z.optional),
    double: z.boolean().apply(z.optional),
  }),
  risk: 'write',
  example: { id: 9 },
  run: async (a, { helper }) => {
    if (a.button !== 'right' || a.double)
      return out(await helper.click(a.id, { button: a.button, clickCount: a.double ? 2 : 1 }));
    const r = await helper.rightClick(a.id);
    return { ok: r.ok, text: r.message, data: { items: r.items, changes: r.changes } };
  },
});

export const hover = defineTool({
  name: 'hover',
  description: 'Hover over an element (menus, tooltips).',
  input: z.object({ id: elementId }),
  risk: 'write',
  example: { id: 9 },
  run: async (a, { helper }) => out(await helper.hover(a.id)),
});

export const menu = defineTool({
  name: 'menu',
  description: "List the open menu's items, or click one by path ('Export > CSV').",
  details:
    'Context menus, menu buttons and menubars; parents in a path are hovered, not clicked. Open the menu first (a right-click or its button).',
  input: z.object({ path: z.string().check(z.minLength(1)).apply(z.optional) }),
  risk: 'write',
  example: { path: 'Export > CSV' },
  run: async (a, { helper }) => {
    if (a.path !== undefined) return out(await helper.clickMenuItem(a.path));
    const r = helper.getMenuItems();
    return { ok: r.ok, text: r.message, data: r.items };
  },
});

export const type = defineTool({
  name: 'type',
  description: 'Type into a field, replacing its text unless clear is false.',
  details:
    'The field is read back afterwards; a value the page changed or cut is reported, not hidden. submit presses Enter after.',
  input: z.object({
    id: elementId,
    text: z.string(),
    clear: z.boolean().apply(z.optional),
    submit: z.boolean().apply(z.optional),
  }),
  risk: 'write',
  example: { id: 12, text: 'Ada Lovelace' },
  run: async (a, { helper }) => out(await helper.type(a.id, a.text, { clear: a.clear, submit: a.submit })),
});

export const select = defineTool({
  name: 'select',
  description: 'Choose an option of a dropdown or radio group by label or value.',
  details: 'Native selects and comboboxes alike. With no match it lists the options.',
  input: z.object({
    id: elementId,
    value: z.string(),
    also: z.array(z.string()).apply(z.optional).check(z.describe('More, for multi-selects')),
  }),
  risk: 'write',
  example: { id: 13, value: 'Germany' },
  run: async (a, { helper }) =>
    out(await helper.select(a.id, a.also?.length ? [a.value, ...a.also] : a.value)),
});

export const check = defineTool({
  name: 'check',
  description: 'Check or (checked false) uncheck a checkbox, radio or switch.',
  input: z.object({ id: elementId, checked: z.boolean().apply(z.optional) }),
  risk: 'write',
  example: { id: 15, checked: true },
  run: async (a, { helper }) => out(await helper.check(a.id, a.checked ?? true)),
});

export const press = defineTool({
  name: 'press',
  description: "Press a key ('Enter', 'Control+a') on an element or the focused one.",
  details: 'Enter submits forms, arrows move through menus, tabs and lists.',
  input: z.object({ key: z.string().check(z.minLength(1)), id: elementId.apply(z.optional) }),
  risk: 'write',
  example: { key: 'Enter', id: 12 },
  run: async (a, { helper }) => out(await helper.press(a.key, { id: a.id })),
});

export const scroll = defineTool({
  name: 'scroll',
  description: 'Scroll the page or the area of id (id alone: into view).',
  details: 'Use it to load more content or reach what is below. amount defaults to most of a screen.',
  input: z.object({
    id: elementId.apply(z.optional),
    direction: z.enum(['up', 'down', 'left', 'right']).apply(z.optional),
    amount: z.int().check(z.minimum(1)).check(z.maximum(100000)).apply(z.optional),
    to: z.enum(['top', 'bottom']).apply(z.optional),
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
  description: 'Put files into a file input or drop zone.',
  input: z.object({
    id: elementId,
    files: z
      .array(
        z.object({
          name: z.string().check(z.minLength(1)),
          content: z.string(),
          type: z.string().apply(z.optional),
          encoding: z.enum(['text', 'base64']).apply(z.optional),
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
  description: 'Drag one element onto another.',
  input: z.object({
    from: elementId,
    to: elementId,
    position: z.enum(['before', 'center', 'after']).apply(z.optional),
  }),
  risk: 'write',
  example: { from: 40, to: 42, position: 'after' },
  run: async (a, { helper }) => out(await helper.drag(a.from, a.to, { position: a.position })),
});

export const navigate = defineTool({
  name: 'navigate',
  description: "Open a URL or path, or 'back', 'forward', 'reload'.",
  details: "A full page load ends this page's session unless the helper is installed on the next page.",
  input: z.object({ url: z.string().check(z.minLength(1)) }),
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
  description: 'Run JavaScript (an async function body: use return) and give its result.',
  details: 'Only for what the other tools cannot do; the page may turn it off.',
  input: z.object({ code: z.string().check(z.minLength(1)) }),
  risk: 'danger',
  example: { code: 'return document.querySelectorAll("tr").length' },
  run: async (a, { helper }) => {
    const r = await helper.runJS(a.code);
    return { ok: r.ok, text: r.message, data: r.value };
  },
});

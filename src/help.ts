/**
 * LLMHelper.help(): the console API as a person types it. Each function's JavaScript signature comes
 * from its argument schemas (signatures.ts, the same ones that check calls), with one line on what it
 * does and an example that runs as written on the demo's page (test/browser/help.test.ts runs them all).
 * A model tool's own view (its JSON arguments) is help('browser_find'), or a custom tool's name.
 */
import { LLMHelperError } from './errors';
import { SIGNATURES, expected, fields, unwrap } from './signatures';
import { suggestions, type Toolkit } from './tools/toolkit';

/** [what it does, an example that runs as written]; the order is help()'s. */
const FUNCTIONS: Record<string, [about: string, example?: string]> = {
  summary: [
    'The page in brief: title, headings, counts, dialogs, focus, main actions with IDs',
    'LLMHelper.summary()',
  ],
  find: [
    'Elements whose visible text matches (regex or text); returns [{ id, text, type, … }], best first',
    "LLMHelper.find(/invoice/i, { type: 'link', limit: 5 })",
  ],
  findNear: [
    'find, nearest to element id first: same row, group, then distance',
    "LLMHelper.findNear('tbody tr', 'Download')",
  ],
  describe: ['One paragraph on a table, form, list, dialog, menu or element', "LLMHelper.describe('table')"],
  snapshot: [
    'Interactive elements, one line each, within a budget',
    "LLMHelper.snapshot({ type: 'button' })",
  ],
  prepare: [
    'Index the page a few milliseconds at a time, so that calls answer for the whole page (the tools do it themselves)',
    'await LLMHelper.prepare()',
  ],
  extract: [
    'One property: text, value, href, checked, rows, options, html or an attribute',
    "LLMHelper.extract('table', 'rows')",
  ],
  click: [
    'Click as a person would; returns { ok, message, changes }',
    "await LLMHelper.click(LLMHelper.find('Download', { type: 'button' })[0].id)",
  ],
  dblclick: ['Double-click', "await LLMHelper.dblclick('h1')"],
  hover: ['Move the pointer over an element', "await LLMHelper.hover('nav a')"],
  focus: ['Focus an element', "await LLMHelper.focus('input')"],
  rightClick: [
    "Right-click; returns the page's own context menu items",
    "await LLMHelper.rightClick('tbody tr')",
  ],
  getMenuItems: [
    'The items of the menu that is open now',
    "await LLMHelper.rightClick('tbody tr'); LLMHelper.getMenuItems()",
  ],
  clickMenuItem: [
    "Click an item of the open menu by name or path ('Export > CSV')",
    "await LLMHelper.rightClick('tbody tr'); await LLMHelper.clickMenuItem('Export > CSV')",
  ],
  type: [
    'Type into a field, then read back what it shows',
    "await LLMHelper.type('input[type=search]', 'Hooli')",
  ],
  select: ['Choose an option by value, label or RegExp', "await LLMHelper.select('select', 'Invoice')"],
  check: [
    'Check or uncheck a checkbox, radio or switch',
    "await LLMHelper.check('input[type=checkbox]', true)",
  ],
  press: [
    "Press a key ('Enter', 'Control+a') on an element or the focused one",
    "await LLMHelper.press('Tab')",
  ],
  scroll: [
    'Scroll the page or the area around an element',
    "await LLMHelper.scroll({ direction: 'down', amount: 600 })",
  ],
  scrollIntoView: ['Scroll until an element is in view', "await LLMHelper.scrollIntoView('table')"],
  upload: [
    'Put files into a file input or drop zone',
    "await LLMHelper.upload('input[type=file]', { name: 'notes.txt', content: 'hello' })",
  ],
  drag: ['Drag one element onto another', "await LLMHelper.drag('tbody tr', 'tbody tr:last-child')"],
  waitFor: [
    "Wait until text appears, or an element reaches a state ('hidden', …)",
    'await LLMHelper.waitFor(/invoice/i, { timeout: 2000 })',
  ],
  navigate: ['Open a URL or path', "await LLMHelper.navigate('#settings')"],
  back: ['History back', 'await LLMHelper.back()'],
  forward: [
    'History forward',
    "await LLMHelper.navigate('#settings'); await LLMHelper.back(); await LLMHelper.forward()",
  ],
  reload: ['Reload the page', 'await LLMHelper.reload()'],
  runJS: [
    'Run JavaScript (an async function body); off unless allowRunJS',
    "LLMHelper.configure({ allowRunJS: true }); await LLMHelper.runJS('return document.title')",
  ],
  console: [
    "The page's script errors, console errors and failed requests",
    "LLMHelper.console({ level: 'error' })",
  ],
  tools: ['Tool definitions for a model API', "LLMHelper.tools({ format: 'anthropic' })"],
  execute: [
    "Run a model's tool call, in any API's shape",
    "await LLMHelper.execute({ name: 'browser_find', arguments: { pattern: 'Download' } })",
  ],
  help: ['This help, or one function', "LLMHelper.help('find')"],
  addTool: ['Add a tool made with defineTool and zod 4 (docs/tools.md)'],
  registerWebMCP: ["Offer the tools to the browser's WebMCP", 'LLMHelper.registerWebMCP()'],
  clear: ['Forget every element ID', 'LLMHelper.clear()'],
  configure: [
    'Change budgets, the ID cap, redaction, allowRunJS, the slice length (sliceMs)',
    'LLMHelper.configure({ findLimit: 20 })',
  ],
};

/** The examples help() prints, by function: what the test runs. */
export const HELP_EXAMPLES: [string, string][] = Object.entries(FUNCTIONS).flatMap(([name, [, example]]) =>
  example ? [[name, example]] : [],
);

/** How a call is written: LLMHelper.click(id, { button?, clickCount?, modifiers?, force? }?). */
const signature = (name: string): string =>
  `LLMHelper.${name}(${SIGNATURES[name]!.map(([arg, schema]) => {
    const optional = schema.safeParse(undefined).success ? '?' : '';
    return arg === 'options' ? `{ ${fields(unwrap(schema)).join(', ')} }${optional}` : arg + optional;
  }).join(', ')})`;

export function help(toolkit: Toolkit, name?: string): string {
  if (name !== undefined && typeof name !== 'string')
    throw new LLMHelperError(
      'bad_argument',
      `help takes a function name such as 'find'; got ${typeof name}.`,
    );
  // A name longer than any function's is not one: no edit distances over a pasted megabyte.
  name = name?.slice(0, 60);
  const names = Object.keys(FUNCTIONS);
  if (!name)
    return [
      ...names.map((n) => `${signature(n)}\n    ${FUNCTIONS[n]![0]}.`),
      "One function: LLMHelper.help('find'). Also: new LLMHelper.Agent({ provider }), LLMHelper.provider(name, { apiKey, model }), LLMHelper.panel(), LLMHelper.connect(url).",
      "On a large page: await LLMHelper.inSlices.find('Download') (and findNear, describe, summary, snapshot, extract) answers the same in slices that never hold the page long, as the tools do.",
      "A model's tool as the model sees it: LLMHelper.help('browser_find').",
    ].join('\n');
  const entry = FUNCTIONS[name];
  if (!entry) {
    const tool = toolkit.help(name);
    if (tool) return tool;
    const like = suggestions(name, names);
    return `No function "${name}".${like.length ? ` Did you mean ${like.join(' or ')}?` : ''} Functions: ${names.join(', ')}.`;
  }
  const args = SIGNATURES[name]!.flatMap(([arg, schema]) =>
    arg === 'options'
      ? Object.entries(
          (unwrap(schema) as unknown as { _zod: { def: { shape: Record<string, typeof schema> } } })._zod.def
            .shape,
        ).map(([key, field]) => `  ${key}: ${expected(field)}`)
      : [`  ${arg}: ${expected(schema)}`],
  );
  return [`${signature(name)}\n${entry[0]}.`, ...args, entry[1] ? `Example:\n  ${entry[1]}` : '']
    .filter(Boolean)
    .join('\n');
}

/** Text mode: replies of models without function calling, as they really come, and what each becomes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReply, toolPrompt } from '../../src/llm/text-mode';
import type { ToolSpec } from '../../src/llm/types';

const TOOLS: ToolSpec[] = [
  {
    name: 'click',
    description: 'Click an element.',
    parameters: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    check: (a) =>
      Number.isInteger((a as { id?: unknown }).id) ? undefined : 'id must be a whole number (an element ID)',
  },
  {
    name: 'find',
    description: 'Find elements.',
    parameters: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'] },
  },
];

const TABLE: [string, string, ReturnType<typeof parseReply>][] = [
  ['bare JSON', '{"tool": "click", "args": {"id": 12}}', { kind: 'call', name: 'click', args: { id: 12 } }],
  [
    'fenced JSON',
    'Sure!\n```json\n{"tool": "find", "args": {"pattern": "Save"}}\n```',
    { kind: 'call', name: 'find', args: { pattern: 'Save' } },
  ],
  [
    'fence without a language',
    '```\n{"tool":"click","args":{"id":3}}\n```',
    { kind: 'call', name: 'click', args: { id: 3 } },
  ],
  [
    'prose around it',
    'I will click the Save button now. {"tool": "click", "args": {"id": 7}} That should save the form.',
    { kind: 'call', name: 'click', args: { id: 7 } },
  ],
  [
    'trailing commas',
    '{"tool": "click", "args": {"id": 4,},}',
    { kind: 'call', name: 'click', args: { id: 4 } },
  ],
  [
    'single quotes',
    "{'tool': 'find', 'args': {'pattern': 'Invoice 42'}}",
    { kind: 'call', name: 'find', args: { pattern: 'Invoice 42' } },
  ],
  ['bare keys', '{tool: "click", args: {id: 9}}', { kind: 'call', name: 'click', args: { id: 9 } }],
  [
    'Python literals',
    "{'tool': 'find', 'args': {'pattern': 'x', 'exact': True}}",
    { kind: 'call', name: 'find', args: { pattern: 'x', exact: true } },
  ],
  [
    '"name" and "arguments" (OpenAI-style)',
    '{"name": "click", "arguments": {"id": 5}}',
    { kind: 'call', name: 'click', args: { id: 5 } },
  ],
  [
    'arguments as a JSON string',
    '{"name": "click", "arguments": "{\\"id\\": 6}"}',
    { kind: 'call', name: 'click', args: { id: 6 } },
  ],
  [
    'a <think> block first (reasoning models)',
    '<think>The user wants {"tool": "find"} maybe</think>{"tool": "click", "args": {"id": 2}}',
    { kind: 'call', name: 'click', args: { id: 2 } },
  ],
  [
    'two actions: the first, and a note that the second was ignored',
    '{"tool": "click", "args": {"id": 1}}\n{"tool": "click", "args": {"id": 2}}',
    {
      kind: 'call',
      name: 'click',
      args: { id: 1 },
      note: '1 more action(s) in the reply were ignored: one action per turn.',
    },
  ],
  ['an answer', '{"answer": "The total is 42.50 EUR."}', { kind: 'answer', text: 'The total is 42.50 EUR.' }],
  [
    'braces inside strings',
    '{"answer": "Use {curly} braces } and { freely"}',
    { kind: 'answer', text: 'Use {curly} braces } and { freely' },
  ],
  [
    'truncated mid-object',
    '{"tool": "click", "args": {"id": 1',
    { kind: 'invalid', reason: 'the reply was cut off before its JSON object ended' },
  ],
  [
    'unknown tool',
    '{"tool": "delete_everything", "args": {}}',
    { kind: 'invalid', reason: 'there is no tool "delete_everything"; the tools are click, find' },
  ],
  [
    'arguments the schema refuses',
    '{"tool": "click", "args": {"id": "Save"}}',
    {
      kind: 'invalid',
      reason: 'the arguments of click are wrong: id must be a whole number (an element ID)',
    },
  ],
  [
    'neither tool nor answer',
    '{"thought": "hmm"}',
    { kind: 'invalid', reason: 'the JSON object has neither "tool" nor "answer"' },
  ],
  [
    "Gemma's tool_code block (a Python call)",
    '```tool_code\nfind(pattern="Save")\n```',
    { kind: 'call', name: 'find', args: { pattern: 'Save' } },
  ],
  [
    'a python block, positional and with Python literals',
    '```python\nclick(12)\n```',
    { kind: 'call', name: 'click', args: { id: 12 } },
  ],
  [
    'a bare Python call, keyword arguments',
    "find(pattern='Invoice 42', exact=True)",
    { kind: 'call', name: 'find', args: { pattern: 'Invoice 42', exact: true } },
  ],
  [
    'ReAct: Action and Action Input',
    'Thought: I need the Save button.\nAction: find\nAction Input: {"pattern": "Save"}\nObservation:',
    { kind: 'call', name: 'find', args: { pattern: 'Save' } },
  ],
  [
    "ReAct: an Action Input that is the tool's first argument",
    'Action: find\nAction Input: Save',
    { kind: 'call', name: 'find', args: { pattern: 'Save' } },
  ],
  [
    'ReAct: a Final Answer',
    'Thought: It is saved.\nFinal Answer: The form is saved.',
    { kind: 'answer', text: 'The form is saved.' },
  ],
  [
    "Llama 3.1's <function=name>",
    '<function=find>{"pattern": "Save"}</function>',
    { kind: 'call', name: 'find', args: { pattern: 'Save' } },
  ],
  [
    'a JSON array of calls: the first, and a note that the rest were dropped',
    '[{"name": "click", "arguments": {"id": 1}}, {"name": "click", "arguments": {"id": 2}}]',
    {
      kind: 'call',
      name: 'click',
      args: { id: 1 },
      note: '1 more action(s) in the reply were ignored: one action per turn.',
    },
  ],
  [
    'a tool named with the prefix',
    '{"tool": "browser_click", "args": {"id": 3}}',
    { kind: 'call', name: 'click', args: { id: 3 } },
  ],
  [
    'an Action that names no tool',
    'Action: click the Save button now',
    {
      kind: 'invalid',
      reason: 'there is no tool "click the Save button now"; the tools are click, find',
    },
  ],
  [
    'prose that writes a call it cannot make readable',
    'I will call click(the save button) now.',
    { kind: 'invalid', reason: 'it looks like an action, but no tool call could be read from it' },
  ],
  [
    'prose that only mentions a tool',
    'I clicked Save, and the form was saved.',
    { kind: 'text', text: 'I clicked Save, and the form was saved.' },
  ],
  ['plain prose', 'The page shows three invoices.', { kind: 'text', text: 'The page shows three invoices.' }],
  ['empty', '   ', { kind: 'invalid', reason: 'the reply was empty' }],
];

describe('text-mode replies', () => {
  for (const [name, reply, outcome] of TABLE)
    it(name, () => expect(parseReply(reply, TOOLS)).toEqual(outcome));

  it('the prompt lists every tool with its schema and the two reply shapes', () => {
    const p = toolPrompt(TOOLS);
    expect(p).toContain('{"tool": "<name>", "args": {...}}');
    expect(p).toContain('{"answer": "<text>"}');
    for (const t of TOOLS) expect(p).toContain(`- ${t.name}: ${t.description}`);
  });

  it('any text: an outcome, never an exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.string({ unit: fc.constantFrom('{', '}', '"', "'", ',', ':', 'a', ' ', '\\') }),
        ),
        (s) => {
          const r = parseReply(s, TOOLS);
          expect(['call', 'answer', 'text', 'invalid']).toContain(r.kind);
        },
      ),
      { numRuns: 2000, seed: 9 },
    );
    // Long runs of braces finish (a quadratic scan would time the test out).
    expect(parseReply('{'.repeat(100_000), TOOLS).kind).toBe('invalid');
    expect(parseReply('{"a":'.repeat(20_000), TOOLS).kind).toBe('invalid');
  });
});

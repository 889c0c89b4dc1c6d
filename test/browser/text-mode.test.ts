/**
 * Text mode end to end: the agent in Chromium, a model without function calling served over HTTP by the
 * scripted server, answering a two-step task (find Save, click it, answer) in each style such models
 * really write. Every style reaches the page's change; a reply that tries to act but cannot be read ends
 * the run as an error, never as done.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';

const ctx = useBrowser();
const mock = useMockModel();

/** Each style: how the model asks for find "Save", and for click on the ID it got back ($id). */
const STYLES: [string, string, string][] = [
  ['bare JSON', '{"tool": "find", "args": {"pattern": "Save"}}', '{"tool": "click", "args": {"id": $id}}'],
  [
    'fenced JSON with prose',
    'Let me look for it.\n```json\n{"tool": "find", "args": {"pattern": "Save"}}\n```',
    'Found it.\n```json\n{"tool": "click", "args": {"id": $id}}\n```',
  ],
  [
    'Hermes / Qwen <tool_call>',
    '<tool_call>\n{"name": "find", "arguments": {"pattern": "Save"}}\n</tool_call>',
    '<tool_call>\n{"name": "click", "arguments": {"id": $id}}\n</tool_call>',
  ],
  [
    'Llama {"name", "parameters"}',
    '{"name": "find", "parameters": {"pattern": "Save"}}',
    '{"name": "click", "parameters": {"id": $id}}',
  ],
  [
    'Llama <|python_tag|>',
    '<|python_tag|>{"name": "find", "parameters": {"pattern": "Save"}}',
    '<|python_tag|>{"name": "click", "parameters": {"id": $id}}',
  ],
  [
    'string-encoded arguments',
    '{"name": "find", "arguments": "{\\"pattern\\": \\"Save\\"}"}',
    '{"name": "click", "arguments": "{\\"id\\": $id}"}',
  ],
  [
    '<think> then JSON',
    '<think>The person wants Save clicked; first find it.</think>{"tool": "find", "args": {"pattern": "Save"}}',
    '<think>Now click.</think>{"tool": "click", "args": {"id": $id}}',
  ],
  [
    'Mistral [TOOL_CALLS]',
    '[TOOL_CALLS][{"name": "find", "arguments": {"pattern": "Save"}}]',
    '[TOOL_CALLS][{"name": "click", "arguments": {"id": $id}}]',
  ],
  [
    'a JSON array of calls (the first runs)',
    '[{"name": "find", "arguments": {"pattern": "Save"}}, {"name": "click", "arguments": {"id": 999}}]',
    '[{"name": "click", "arguments": {"id": $id}}]',
  ],
  [
    'single quotes and trailing commas',
    "{'tool': 'find', 'args': {'pattern': 'Save',},}",
    "{'tool': 'click', 'args': {'id': $id,},}",
  ],
  [
    'Gemma tool_code (Python call)',
    '```tool_code\nfind(pattern="Save")\n```',
    '```tool_code\nclick(id=$id)\n```',
  ],
  ['a python block, positional', '```python\nfind("Save")\n```', '```python\nclick($id)\n```'],
  ['a bare Python call', "find(pattern='Save')", 'click(id=$id)'],
  [
    'ReAct',
    'Thought: I need the Save button.\nAction: find\nAction Input: {"pattern": "Save"}',
    'Thought: Now I click it.\nAction: click\nAction Input: {"id": $id}',
  ],
  [
    'Llama 3.1 <function=…>',
    '<function=find>{"pattern": "Save"}</function>',
    '<function=click>{"id": $id}</function>',
  ],
  [
    'a prefixed tool name',
    '{"tool": "browser_find", "args": {"pattern": "Save"}}',
    '{"tool": "browser_click", "args": {"id": $id}}',
  ],
];

const run = (page: Awaited<ReturnType<typeof ctx.open>>) =>
  page.evaluate(async (url) => {
    const L = window.LLMHelper as unknown as {
      provider(n: string, o: unknown): unknown;
      Agent: new (o: unknown) => {
        run(t: string): Promise<{ status: string; answer: string; error?: string }>;
      };
    };
    const provider = L.provider('openai', {
      baseURL: `${url}/v1`,
      apiKey: 'k',
      model: 'scripted-model',
      capabilities: { tools: false },
      maxRetries: 0,
    });
    const result = await new L.Agent({ provider }).run('Click Save.');
    return { result, state: document.getElementById('state')!.textContent };
  }, mock.url);

describe('text mode reads the tool-call styles models write', () => {
  for (const [style, find, click] of STYLES)
    it(`${style}: find → click → answer changes the page`, async () => {
      mock.setScenario({ replies: [{ text: find }, { text: click }, { text: '{"answer": "Saved."}' }] });
      const page = await ctx.open('save.html');
      const r = await run(page);
      expect(r.result, JSON.stringify(r.result)).toMatchObject({ status: 'done', answer: 'Saved.' });
      expect(r.state).toBe('Saved!');
      expect(mock.log).toHaveLength(3);
      await page.close();
    });

  it('an action it cannot read, twice, ends the run as an error saying so, not as done', async () => {
    mock.setScenario({
      replies: [{ text: 'Action: click the Save button now' }, { text: 'Action: click the Save button now' }],
    });
    const page = await ctx.open('save.html');
    const r = await run(page);
    expect(r.result.status).toBe('error');
    expect(r.result.error).toMatch(/could not be read as a tool call/);
    expect(r.state).toBe('Not saved');
    expect(mock.log).toHaveLength(2);
    // The re-ask showed the exact format.
    expect(JSON.stringify(mock.log[1]!.body)).toMatch(/Reply again with exactly one JSON object/);
    await page.close();
  });

  it('plain prose with no attempt to act is still the answer', async () => {
    mock.setScenario({
      replies: [{ text: 'The page has one button, Save.' }, { text: 'The page has one button, Save.' }],
    });
    const page = await ctx.open('save.html');
    const r = await run(page);
    expect(r.result).toMatchObject({ status: 'done', answer: 'The page has one button, Save.' });
    await page.close();
  });
});

/**
 * A tool's pictures (the extension's screenshot) in each wire format, as each API's reference has them:
 * Chat Completions and Responses take images in a user message after the tool results (a tool message
 * holds text), Anthropic in the tool_result's content blocks, Gemini as inlineData parts beside the
 * functionResponse in the same turn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropic } from '../../src/llm/anthropic';
import { gemini } from '../../src/llm/gemini';
import { openai } from '../../src/llm/openai';
import { responses } from '../../src/llm/responses';
import type { ChatRequest, Message } from '../../src/llm/types';
import type { WireFormat } from '../../src/llm/wire';

const conversation = (images: { mediaType: 'image/png' | 'image/jpeg'; data: string }[]): ChatRequest => ({
  messages: [
    { role: 'user', content: 'Look at the page' },
    { role: 'assistant', toolCalls: [{ id: 'c1', name: 'screenshot', args: {} }] },
    {
      role: 'tool',
      results: [
        {
          callId: 'c1',
          name: 'screenshot',
          content: 'Screenshot of tab 7.',
          ...(images.length ? { images } : {}),
        },
      ],
    } as Message,
  ],
});

type Json = Record<string, unknown> & { [k: string]: unknown };
/** Every object in a body that is an image part of that wire format. */
function imageParts(wire: string, body: unknown): Json[] {
  const out: Json[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const o = v as Json;
    if (wire === 'openai' && o.type === 'image_url') out.push(o);
    else if (wire === 'responses' && o.type === 'input_image') out.push(o);
    else if (wire === 'anthropic' && o.type === 'image') out.push(o);
    else if (wire === 'gemini' && o.inlineData) out.push(o);
    else Object.values(o).forEach(walk);
  };
  walk(body);
  return out;
}

const WIRES: [string, WireFormat][] = [
  ['openai', openai],
  ['responses', responses],
  ['anthropic', anthropic],
  ['gemini', gemini],
];

describe('pictures from tools', () => {
  const png = { mediaType: 'image/png' as const, data: 'iVBORw0KGgo=' };

  it('Chat Completions: the tool message keeps its text; the picture follows in a user message', () => {
    const messages = openai.body(conversation([png]), 'm', {}).messages as Json[];
    expect(messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'Screenshot of tab 7.' },
      {
        role: 'user',
        content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }],
      },
    ]);
  });

  it('Responses: function_call_output, then a user message with input_image', () => {
    const input = responses.body(conversation([png]), 'm', {}).input as Json[];
    expect(input.slice(-2)).toEqual([
      { type: 'function_call_output', call_id: 'c1', output: 'Screenshot of tab 7.' },
      { role: 'user', content: [{ type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' }] },
    ]);
  });

  it('Anthropic: the tool_result holds a text block and a base64 image block', () => {
    const messages = anthropic.body(conversation([png]), 'm', {}).messages as Json[];
    const result = (messages.at(-1)!.content as Json[])[0]!;
    expect(result).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'c1',
      content: [
        { type: 'text', text: 'Screenshot of tab 7.' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      ],
    });
  });

  it('Gemini: inlineData beside the functionResponse, in the same turn', () => {
    const contents = gemini.body(conversation([png]), 'm', {}).contents as Json[];
    expect(contents.at(-1)).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { name: 'screenshot', response: { output: 'Screenshot of tab 7.' } } },
        { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
      ],
    });
  });

  it('every wire format sends each picture once, and none when the tool gave none', () => {
    const image = fc.record({
      mediaType: fc.constantFrom('image/png' as const, 'image/jpeg' as const),
      data: fc.base64String({ minLength: 4, maxLength: 64 }),
    });
    fc.assert(
      fc.property(fc.array(image, { maxLength: 3 }), (images) => {
        for (const [name, wire] of WIRES) {
          const body = wire.body(conversation(images), 'm', {});
          const parts = imageParts(name, body);
          expect(parts.length, name).toBe(images.length);
          // The text of the result goes along, whatever the pictures.
          expect(JSON.stringify(body), name).toContain('Screenshot of tab 7.');
          for (const [i, img] of images.entries()) expect(JSON.stringify(parts[i]), name).toContain(img.data);
        }
      }),
    );
  });
});

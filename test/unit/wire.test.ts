/** What every adapter shares: each API's finish reasons, to the neutral ones. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finishOf } from '../../src/llm/wire';

describe('finishOf', () => {
  it.each([
    // Chat Completions, Responses, Anthropic, Gemini
    ['stop', 'stop'],
    ['completed', 'stop'],
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['STOP', 'stop'],
    ['tool_calls', 'tool-calls'],
    ['function_call', 'tool-calls'],
    ['tool_use', 'tool-calls'],
    ['length', 'length'],
    ['max_output_tokens', 'length'],
    ['max_tokens', 'length'],
    ['MAX_TOKENS', 'length'],
    ['content_filter', 'content-filter'],
    ['refusal', 'content-filter'],
    ['SAFETY', 'content-filter'],
    ['RECITATION', 'content-filter'],
    ['BLOCKLIST', 'content-filter'],
    ['PROHIBITED_CONTENT', 'content-filter'],
    ['SPII', 'content-filter'],
    ['pause_turn', 'other'],
    ['FINISH_REASON_UNSPECIFIED', 'other'],
    ['stopped', 'other'],
  ])('%s is %s', (reason, neutral) => {
    expect(finishOf(reason)).toBe(neutral);
  });

  it('takes any value, and says other for what it does not know', () => {
    const neutral = ['stop', 'tool-calls', 'length', 'content-filter', 'other'];
    fc.assert(fc.property(fc.anything(), (v) => neutral.includes(finishOf(v))));
    expect(finishOf(undefined)).toBe('other');
    expect(finishOf({ toString: () => 'stop' })).toBe('other');
  });
});

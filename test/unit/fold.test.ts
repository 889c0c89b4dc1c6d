/**
 * The conversation's ceiling (src/agent/fold.ts), for any conversation: under its budget it is left as
 * it is; over it, what is sent is smaller, starts with the person's turn, keeps every tool result right
 * after the call it answers, keeps the latest turn whole, and says the task.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTokens, fold } from '../../src/agent/fold';
import { PROMPTS } from '../../src/agent/prompt';
import type { Message } from '../../src/llm/types';

const MARKER = 'page-data-0123456789ab';
const wrap = (s: string) => `<${MARKER}>\n${s}\n</${MARKER}>`;

/** A conversation as the agent builds one: the task, then turns of calls and their results, with notes. */
const conversation = fc
  .array(
    fc.record({
      text: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
      calls: fc.array(
        fc.record({
          name: fc.constantFrom('find', 'click', 'describe'),
          result: fc.string({ maxLength: 3000 }),
        }),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      note: fc.option(fc.string({ maxLength: 100 }), { nil: undefined }),
    }),
    { maxLength: 60 },
  )
  .map((turns) => {
    const messages: Message[] = [
      { role: 'user', content: `Task: the task\n\nThe page now:\n${wrap('a page')}` },
    ];
    turns.forEach((t, i) => {
      const calls = t.calls.map((c, j) => ({ id: `c${i}_${j}`, name: c.name, args: { id: i } }));
      messages.push({ role: 'assistant', text: t.text, toolCalls: calls });
      messages.push({
        role: 'tool',
        results: calls.map((c, j) => ({ callId: c.id, name: c.name, content: wrap(t.calls[j]!.result) })),
      });
      if (t.note) messages.push({ role: 'user', content: t.note });
    });
    return messages;
  });

/** One model turn that clicks, and its result. */
const clickTurn = (i: number, result: string): Message[] => [
  { role: 'assistant', toolCalls: [{ id: `c${i}`, name: 'click', args: { id: i } }] },
  { role: 'tool', results: [{ callId: `c${i}`, name: 'click', content: wrap(result) }] },
];

const size = (ms: Message[]) => estimateTokens(JSON.stringify(ms));

describe('fold', () => {
  it('any conversation: unchanged under the budget; over it smaller, well formed, latest turn whole', () => {
    fc.assert(
      fc.property(conversation, fc.integer({ min: 200, max: 8000 }), (messages, budget) => {
        const out = fold(messages, budget, MARKER, 'the task');
        if (size(messages) <= budget) {
          expect(out).toBe(messages);
          return;
        }
        expect(size(out)).toBeLessThanOrEqual(size(messages));
        expect(out[0]!.role).toBe('user');
        // Every tool message right after the model's turn whose calls it answers.
        out.forEach((m, i) => {
          if (m.role !== 'tool') return;
          const before = out[i - 1]!;
          expect(before.role).toBe('assistant');
          const ids = before.role === 'assistant' ? (before.toolCalls ?? []).map((c) => c.id) : [];
          for (const r of m.results) expect(ids).toContain(r.callId);
        });
        const lastTurn = messages.map((m) => m.role).lastIndexOf('assistant');
        if (lastTurn > 0) expect(out.slice(-(messages.length - lastTurn))).toEqual(messages.slice(lastTurn));
        if (out !== messages) {
          const head = out[0] as { content: string };
          expect(head.content.startsWith(PROMPTS.en.folded)).toBe(true);
          expect(head.content).toMatch(/The task now: the task$/);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('folding again keeps the earlier record, its oldest lines giving way', () => {
    let messages: Message[] = [{ role: 'user', content: 'Task: mark the orders' }];
    for (let i = 0; i < 400; i++) {
      messages.push(...clickTurn(i, `Clicked [${i}] button "Mark order ${i}"`));
      messages = fold(messages, 3000, MARKER, 'mark the orders');
      expect(size(messages)).toBeLessThanOrEqual(3000);
    }
    const record = (messages[0] as { content: string }).content;
    expect(record).toContain('…');
    expect(record).toMatch(/click\(\{"id":\d+\}\) → Clicked \[\d+\] button "Mark order \d+"/);
  });

  it('in Chinese, the record and the task after it are said in Chinese, and a later fold carries it', () => {
    let messages: Message[] = [{ role: 'user', content: '任务：标记订单' }];
    for (let i = 0; i < 200; i++) {
      messages.push(...clickTurn(i, `已点击 [${i}]`));
      messages = fold(messages, 2000, MARKER, '标记订单', 'zh');
    }
    const record = (messages[0] as { content: string }).content;
    expect(record.startsWith(PROMPTS.zh.folded)).toBe(true);
    expect(record.endsWith(`${PROMPTS.zh.taskNow} 标记订单`)).toBe(true);
    // The second fold and later ones kept the first record's lines (only the oldest gave way).
    expect(record).toMatch(/click\(\{"id":\d+\}\) → 已点击 \[\d+\]/);
    expect(record.split('\n').filter((l) => l.startsWith(PROMPTS.zh.folded))).toHaveLength(1);
  });
});

/**
 * The conversation's ceiling: when what the agent would resend passes its budget, the older turns are
 * folded into one short record of what was asked, done and found (a line each: the call, the first line
 * of its result, with the IDs it named), and only the recent turns are resent whole. The fold moves in
 * steps (down to half the budget at once), so between folds the start of every request stays the same
 * bytes, which is what a provider's prompt cache reuses.
 */
import type { Message } from '../llm/types';
import { PROMPTS, spotlight, type Language } from './prompt';

/** Tokens a text costs, roughly: four characters a token, one for each CJK character. */
export const estimateTokens = (s: string): number =>
  Math.ceil(s.length / 4 + (s.match(/[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/g)?.length ?? 0) * 0.75);

// Pictures are left out: the agent sends each once, with the turn that took it.
const size = (ms: Message[]): number =>
  estimateTokens(JSON.stringify(ms, (k, v: unknown) => (k === 'images' ? undefined : v)));

/** An earlier record, in either language: a later fold carries its lines. */
const isRecord = (content: string) => Object.values(PROMPTS).some((p) => content.startsWith(p.folded));

const line = (s: string, max = 160): string => {
  const first = s.trim().split('\n')[0]!;
  return first.length > max ? `${first.slice(0, max)}…` : first;
};

/**
 * A line for each message: what the person asked or noted, what the model said and called, and the first
 * line of what came of it (page text out of its delimiters; an earlier record's lines as they were).
 */
function linesOf(ms: Message[], marker: string): string[] {
  const out: string[] = [];
  const inner = (s: string) => s.split(`<${marker}>\n`).pop()!;
  const results = new Map<string, string>();
  for (const m of ms) if (m.role === 'tool') for (const r of m.results) results.set(r.callId, r.content);
  for (const m of ms)
    if (m.role === 'user')
      out.push(
        ...(isRecord(m.content)
          ? inner(m.content).split(`\n</${marker}>`)[0]!.split('\n')
          : [line(m.content)]),
      );
    else if (m.role === 'assistant') {
      if (m.text) out.push(`You said: ${line(m.text)}`);
      for (const c of m.toolCalls ?? []) {
        const result = results.get(c.id);
        out.push(
          `${c.name}(${line(JSON.stringify(c.args ?? {}), 100)})${result ? ` → ${line(inner(result), 200)}` : ''}`,
        );
      }
    }
  return out;
}

/**
 * The conversation under its budget (in estimated tokens): unchanged while it fits; otherwise its older
 * turns folded into a record at its start, so that what is left is at most half the budget, and the
 * record at most a quarter (its oldest lines dropped). task: the run's task, said again after the record
 * in the run's language.
 */
export function fold(
  messages: Message[],
  budget: number,
  marker: string,
  task: string,
  lang: Language = 'en',
): Message[] {
  if (size(messages) <= budget) return messages;
  // Up to a turn of the model's (the record, a user turn, is followed by the model's), keeping at least
  // the latest one whole.
  // What each message and all after it weigh, from the end: one measure per message.
  const after: number[] = [];
  for (let i = messages.length - 1, sum = 0; i >= 0; i--) after[i] = sum += size([messages[i]!]);
  const starts = messages.map((m, i) => (m.role === 'assistant' && i ? i : 0)).filter(Boolean);
  const cut = starts.find((i) => after[i]! <= budget / 2) ?? starts.at(-1);
  if (!cut) return messages;
  const lines = linesOf(messages.slice(0, cut), marker);
  while (lines.length > 1 && estimateTokens(lines.join('\n')) > budget / 4) lines.splice(0, 2, '…');
  return [
    {
      role: 'user',
      content: `${PROMPTS[lang].folded}\n${spotlight(lines.join('\n'), marker)}\n${PROMPTS[lang].taskNow} ${task}`,
    },
    ...messages.slice(cut),
  ];
}

/**
 * The conversation as it is sent: scrubbed of secrets (what the API signed kept as it came), older tool
 * results shrunk to their first line, pictures sent once, with the turn that took them.
 */
import { scrub } from '../page/perceive/redact';
import type { Message, ToolResultMessage } from '../llm/types';
import { spotlight } from './prompt';

/** Results older than this many steps shrink to their first line. */
const KEEP_WHOLE = 3;

/** A text's first line, at most 160 characters. */
export const firstLine = (s: string): string => {
  const line = s.split('\n')[0]!;
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
};

/**
 * A message as it may leave the page: scrubbed of secrets, except what the API signed, which goes back
 * as it came (a changed thinking block or signature is refused). The model wrote those itself, from
 * scrubbed input.
 */
export function sendable(m: Message): Message {
  const out = scrub(m);
  if (out.role === 'tool' && m.role === 'tool')
    out.results.forEach((r, i) => {
      if (m.results[i]!.images) r.images = m.results[i]!.images;
    });
  if (out.role === 'assistant' && m.role === 'assistant') {
    out.toolCalls?.forEach((c, i) => {
      if (m.toolCalls![i]!.signature) c.signature = m.toolCalls![i]!.signature;
    });
    if (m.reasoning)
      out.reasoning = m.reasoning.map((r, i) => (r.signature || r.redacted ? r : out.reasoning![i]!));
  }
  return out;
}

const textOnly = (r: ToolResultMessage): ToolResultMessage => {
  const out = { ...r };
  delete out.images;
  return out;
};

/** The conversation without pictures: what is saved, handed out as state, and measured against the ceiling. */
export const withoutImages = (ms: Message[]): Message[] =>
  ms.map((m) =>
    m.role === 'tool' && m.results.some((r) => r.images)
      ? { role: 'tool', results: m.results.map(textOnly) }
      : m,
  );

/** The conversation with older tool results shrunk to one line, the last few kept whole. */
export function compact(messages: Message[], marker: string): Message[] {
  const toolTurns = messages.map((m, i) => (m.role === 'tool' ? i : -1)).filter((i) => i >= 0);
  // The line moves KEEP_WHOLE turns at a time, not every step: between moves the conversation's start
  // stays the same bytes, which is what a provider's prompt cache can reuse.
  const shrunk = Math.floor(Math.max(0, toolTurns.length - KEEP_WHOLE) / KEEP_WHOLE) * KEEP_WHOLE;
  const keepFrom = shrunk > 0 ? toolTurns[shrunk]! : -1;
  const open = `<${marker}>\n`;
  const shrink = (c: string) =>
    c.startsWith(open) ? spotlight(firstLine(c.slice(open.length)), marker) : firstLine(c);
  // A picture is sent once, with the turn that took it: later requests carry its text only.
  const lastTool = toolTurns[toolTurns.length - 1] ?? -1;
  return messages.map((m, i) =>
    m.role === 'tool' && i < keepFrom
      ? { role: 'tool', results: m.results.map((r) => ({ ...textOnly(r), content: shrink(r.content) })) }
      : m.role === 'tool' && i < lastTool
        ? withoutImages([m])[0]!
        : m,
  );
}

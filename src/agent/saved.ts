/**
 * A conversation kept outside the agent (sessionStorage across a page load, or agent.state() handed to
 * Agent.fromState) comes back as untrusted data: a page script can write sessionStorage. It is taken only
 * in the shape the agent writes. A run resumed from storage takes none of its turns: only its task (which
 * the person sees and approves) and its steps, as a record inside the new run's own delimiter, which
 * always comes from the SDK's random source (Agent.resume).
 */
import * as z from 'zod/mini';
import type { Message } from '../llm/types';

const call = z.object({
  id: z.string(),
  name: z.string(),
  args: z.unknown(),
  signature: z.optional(z.string()),
  itemId: z.optional(z.string()),
});
const reasoning = z.object({
  text: z.string(),
  signature: z.optional(z.string()),
  redacted: z.optional(z.string()),
  id: z.optional(z.string()),
});
const message = z.union([
  z.object({ role: z.literal('user'), content: z.string() }),
  z.object({
    role: z.literal('assistant'),
    text: z.optional(z.string()),
    toolCalls: z.optional(z.array(call)),
    reasoning: z.optional(z.array(reasoning)),
  }),
  z.object({
    role: z.literal('tool'),
    results: z.array(
      z.object({
        callId: z.string(),
        name: z.string(),
        content: z.string(),
        isError: z.optional(z.boolean()),
      }),
    ),
  }),
]);

/** The delimiter's shape (prompt.ts newMarker): anything else in a saved state is not the SDK's. */
const marker = z.string().check(z.refine((v: string) => /^page-data-[0-9a-f]{12}$/.test(v)));

/** One call of a step, as the run recorded it. */
const recorded = z.object({
  name: z.string(),
  args: z.unknown(),
  ok: z.boolean(),
  result: z.string(),
  refused: z.optional(z.string()),
});
const usage = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedInputTokens: z.optional(z.number()),
});

export const savedRunSchema = z.object({
  version: z.literal(1),
  task: z.string(),
  /** The origin that saved it (sessionStorage is the origin's already; said, and checked on resume). */
  origin: z.optional(z.string()),
  mode: z.enum(['act', 'ask']),
  step: z.number(),
  marker,
  messages: z.array(message),
  paused: z.optional(z.boolean()),
  // The run so far, so that the result on the last page is the whole run's (steps, usage, the first
  // observation that replay starts from).
  steps: z.optional(
    z.array(
      z.object({
        text: z.string(),
        calls: z.array(recorded),
        usage,
        ms: z.number(),
        observation: z.optional(z.string()),
      }),
    ),
  ),
  usage: z.optional(usage),
  observation: z.optional(z.string()),
  startedAt: z.optional(z.number()),
});
export type SavedRun = z.infer<typeof savedRunSchema>;

export const stateSchema = z.object({
  version: z.literal(1),
  messages: z.array(message),
  marker,
});

/** What agent.replay() takes: a run's steps (each call as recorded) and the observation it began from. */
export const transcriptSchema = z.object({
  steps: z.array(z.object({ calls: z.array(recorded), observation: z.optional(z.string()) })),
  observation: z.optional(z.string()),
});

/** A replay that a page load interrupted, waiting for the next page: its transcript and where it was. */
export const savedReplaySchema = z.object({
  version: z.literal(1),
  transcript: transcriptSchema,
  /** The step (0-based) whose call loaded the page, and the calls replayed up to it. */
  step: z.number(),
  calls: z.number(),
  /** A saved task's run (agent.rerun): its task and name, whether a model may take over, its answer. */
  rerun: z.optional(
    z.object({ task: z.string(), name: z.string(), heal: z.boolean(), answer: z.optional(z.string()) }),
  ),
});
export type SavedReplay = z.infer<typeof savedReplaySchema>;

/** The value if it has the shape, else null. */
export function parseSaved<T>(schema: z.ZodMiniType<T>, value: unknown): T | null {
  try {
    const r = z.safeParse(schema, value);
    return r.success ? r.data : null;
  } catch {
    return null; // a getter that throws, a hostile Proxy: not a state the agent wrote
  }
}

/** The messages with page text moved from an earlier run's delimiter into this run's. */
export function rewrap(messages: Message[], from: string, to: string): Message[] {
  if (from === to) return messages;
  const move = (s: string) => s.split(`<${from}>`).join(`<${to}>`).split(`</${from}>`).join(`</${to}>`);
  return messages.map((m) =>
    m.role === 'user'
      ? { ...m, content: move(m.content) }
      : m.role === 'tool'
        ? { ...m, results: m.results.map((r) => ({ ...r, content: move(r.content) })) }
        : m,
  );
}

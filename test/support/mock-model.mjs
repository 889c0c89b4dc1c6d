// A scripted model server on 127.0.0.1: it speaks the four wire formats (OpenAI Chat Completions,
// OpenAI Responses, Anthropic Messages, Gemini generateContent), as JSON and as SSE, with CORS, so the
// SDK's providers, the agent, the demo and the bench can run against it over real HTTP. It is not a
// language model: it answers from a scenario (a list of replies, each optionally conditioned on the last
// tool result), and fails on demand (HTTP errors, 429 with Retry-After, hangs, malformed bodies, streams
// cut midway). Every request body is logged.
//
//   const mock = await startMockModel({ scenario: { replies: [{ text: 'Hi' }] } });
//   mock.url            // http://127.0.0.1:PORT  (OpenAI base: mock.url + '/v1')
//   mock.fault('429', { retryAfter: 1 }); mock.log; await mock.close();
//
// In a scripted call's arguments, "$id" stands for the first element ID in the last tool result,
// "$match:<regex>" for the regex's first group in it.
//
// Or from a shell: node test/support/mock-model.mjs --port 8787 --scenario demo/scenario.json
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

/** What the scripted model calls itself, wherever a person could see it. */
export const MOCK_LABEL = 'Scripted model (not a language model)';
import { render } from './mock-render.mjs';
import {
  MOCK_MODEL,
  cachedTokens,
  errorBody,
  estimateTokens,
  geminiMissingSignature,
  lastToolResult,
  missingReasoning,
  missingThinking,
  sseLine,
  unpairedReasoning,
  userTexts,
  wireOf,
} from './mock-wire.mjs';

export { MOCK_MODEL, lastToolResult, userTexts };
/**
 * Starts the server. Options: scenario ({ replies: [...] }, or { tasks, unknown } below), port (0: any
 * free one), cors (false: no CORS headers, as a service that refuses pages), delayMs between streamed
 * events, stepDelayMs before each reply (the demo paces its steps so a person can follow), strict (Chat
 * Completions: refuse stream_options with 422, as Mistral does).
 *
 * A scenario of tasks ({ tasks: [{ match, replies }], unknown }) picks its script by the task the
 * person typed (match: a regex source) when a conversation starts, and answers `unknown` for any other
 * task. Its scripts are strict: replies go in order, and a reply whose `when` does not hold stops the
 * script with its `says` (what the step expected to see) instead of skipping ahead.
 */
export async function startMockModel(options = {}) {
  let scenario = options.scenario ?? { replies: [] };
  const promptsSeen = new Map();
  let used = new Set();
  const faults = [];
  const log = [];
  const sockets = new Set();
  let callNo = 0;
  const ids = () => `call_mock_${++callNo}`;
  // Calls made in thinking mode: DeepSeek refuses a request that sends one back without its reasoning.
  // (Anthropic: the thinking block's signature, which must come back unchanged.)
  const thought = new Map();

  /** The script for this request: the scenario's replies, or the task script its first message picks. */
  let script = null;
  function scriptFor(wire, body) {
    if (!scenario.tasks) return { replies: scenario.replies ?? [], strict: false };
    const said = userTexts(wire, body);
    const task = said[0] ?? '';
    const answeredBefore =
      wire === 'gemini'
        ? (body.contents ?? []).some((c) => c.role === 'model')
        : wire === 'responses'
          ? Array.isArray(body.input) &&
            body.input.some((x) => x.role === 'assistant' || x.type === 'function_call')
          : (body.messages ?? []).some((m) => m.role === 'assistant');
    if (!answeredBefore || script?.task !== task) {
      // A new conversation: the task picks the script, which starts from its first step.
      used = new Set();
      const known = scenario.tasks.find((t) => new RegExp(t.match, 'i').test(task));
      script = { task, replies: known?.replies ?? null, strict: true };
    }
    return script;
  }

  function nextReply(wire, body) {
    const last = lastToolResult(wire, body);
    const current = scriptFor(wire, body);
    const { replies, strict } = current;
    // The person's last answer to ask_user, kept for the steps after it.
    const answered = /^The person answered: ([\s\S]*)$/.exec(last ?? '')?.[1]?.trim();
    if (answered !== undefined) current.answer = answered;
    // After a pause the person may have changed anything: a script cannot see what, so it stops.
    if (strict && scenario.paused && /The person paused you/.test(userTexts(wire, body).at(-1) ?? ''))
      return { text: scenario.paused };
    if (!replies) return { text: scenario.unknown ?? `${MOCK_LABEL}: no script for this task.` };
    for (let i = 0; i < replies.length; i++) {
      if (used.has(i)) continue;
      const when = replies[i].when;
      if (
        when?.lastToolResult !== undefined &&
        !(last !== null && new RegExp(when.lastToolResult, 'i').test(last))
      ) {
        if (!strict) continue;
        // The page is not as this step expects (the person changed it, or a step did something else):
        // a script cannot adapt, so it says so and stops rather than claim what it did not do.
        replies.slice(i).forEach((_, j) => used.add(i + j));
        return {
          text: scenario.stopped?.replace('$expected', when.says ?? when.lastToolResult) ?? when.says,
        };
      }
      used.add(i);
      // "$id" in a call's arguments stands for the first element ID ("[12]") in the last tool result,
      // so a scenario need not know which IDs the page hands out; "$answer" for the person's last
      // answer to ask_user.
      const id = /\[(\d+)\]/.exec(last ?? '')?.[1];
      const answer = current.answer;
      // "$seen:<regex>": the ID of the latest "[N] …" line the regex matches in anything the model has
      // seen so far (the first observation, the results): a step that acts on what it was shown.
      const seenText = JSON.stringify(body).replaceAll('\\"', '"');
      let unseen = null;
      const seen = (pattern) => {
        const all = [...seenText.matchAll(new RegExp(`\\[(\\d+)\\] ${pattern}`, 'gi'))];
        if (!all.length) unseen ??= pattern;
        return all.length ? Number(all.at(-1)[1]) : 0;
      };
      // "$match:<regex>": the regex's first group in the last tool result (a number when it is one): a
      // step that goes where the last result said (a tab's number, an address).
      const match = (pattern) => {
        const m = new RegExp(pattern).exec(last ?? '')?.[1];
        if (m === undefined) unseen ??= pattern;
        return m !== undefined && /^\d+$/.test(m) ? Number(m) : (m ?? '');
      };
      const fill = (v) =>
        v === '$id' && id
          ? Number(id)
          : typeof v === 'string' && v.startsWith('$match:')
            ? match(v.slice(7))
            : typeof v === 'string' && v.startsWith('$seen:')
              ? seen(v.slice(6))
              : typeof v === 'string' && answer !== undefined
                ? v.replaceAll('$answer', answer)
                : Array.isArray(v)
                  ? v.map(fill)
                  : v && typeof v === 'object'
                    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
                    : v;
      const toolCalls = replies[i].toolCalls?.map((c) => ({ ...c, args: fill(c.args) }));
      if (unseen !== null && strict) {
        replies.slice(i).forEach((_, j) => used.add(i + j));
        return { text: scenario.stopped?.replace('$expected', when?.says ?? unseen) ?? unseen };
      }
      return {
        ...replies[i],
        // In a text reply too ("click(id=$id)", for models that write their calls as text).
        ...(typeof replies[i].text === 'string' && id ? { text: replies[i].text.replaceAll('$id', id) } : {}),
        toolCalls,
        index: i,
      };
    }
    return { text: `${MOCK_LABEL}: the scenario has no more replies.` };
  }

  const server = createServer((req, res) => {
    const origin = req.headers.origin;
    if (options.cors !== false) {
      res.setHeader('access-control-allow-origin', origin ?? '*');
      res.setHeader('access-control-expose-headers', 'retry-after, retry-after-ms, x-should-retry');
      res.setHeader('vary', 'origin');
    }
    if (req.method === 'OPTIONS') {
      if (options.cors !== false) {
        res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
        res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
        res.setHeader('access-control-max-age', '600');
        // Chrome's Private Network Access preflight, for pages on public origins calling 127.0.0.1.
        if (req.headers['access-control-request-private-network'])
          res.setHeader('access-control-allow-private-network', 'true');
      }
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = wireOf(req.method, url.pathname);
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', async () => {
      if (!route) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `No such endpoint: ${req.method} ${url.pathname}` } }));
        return;
      }
      let body;
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody(route.wire, 400, 'Request body is not JSON.')));
        return;
      }
      const { wire } = route;
      const stream =
        wire === 'gemini'
          ? route.geminiStream && url.searchParams.get('alt') === 'sse'
          : body.stream === true;
      const headers = {};
      for (const h of [
        'authorization',
        'x-api-key',
        'x-goog-api-key',
        'api-key',
        'anthropic-version',
        'anthropic-dangerous-direct-browser-access',
        'content-type',
        'origin',
      ])
        if (req.headers[h] !== undefined) headers[h] = req.headers[h];
      log.push({
        at: Date.now(),
        path: url.pathname + url.search,
        wire,
        stream,
        model: route.model ?? body.model,
        headers,
        body,
      });
      const fault = faults.shift();
      if (fault) {
        const f = fault.kind;
        if (f === 'hang') return; // never answers; the client's timeout or abort ends it
        const status = {
          401: 401,
          403: 403,
          429: 429,
          500: 500,
          503: 503,
          529: 529,
          408: 408,
          409: 409,
          quota: 429,
          context: 400,
          bad: 400,
        }[f];
        if (status) {
          const h = { 'content-type': 'application/json' };
          if (fault.retryAfter !== undefined) h['retry-after'] = String(fault.retryAfter);
          if (fault.retryAfterMs !== undefined) h['retry-after-ms'] = String(fault.retryAfterMs);
          if (fault.shouldRetry !== undefined) h['x-should-retry'] = String(fault.shouldRetry);
          const message =
            f === 'quota'
              ? 'You exceeded your current quota, please check your plan and billing details.'
              : f === 'context'
                ? "This model's maximum context length is 128000 tokens. (context_length_exceeded)"
                : (fault.message ?? `Scripted fault ${status}.`);
          const extra =
            f === 'quota'
              ? { code: 'insufficient_quota', type: 'insufficient_quota' }
              : f === 'context'
                ? { code: 'context_length_exceeded' }
                : fault.retryDelay
                  ? {
                      details: [
                        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: fault.retryDelay },
                      ],
                    }
                  : {};
          res.writeHead(status, h).end(JSON.stringify(errorBody(wire, status, message, extra)));
          return;
        }
        if (f === 'malformed' && !stream) {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [ this is not JSON');
          return;
        }
      }
      // Mistral's server refuses fields it does not take, stream_options among them.
      if (wire === 'openai' && options.strict && body.stream_options) {
        res.writeHead(422, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            object: 'error',
            message: {
              detail: [
                {
                  type: 'extra_forbidden',
                  loc: ['body', 'stream_options'],
                  msg: 'Extra inputs are not permitted',
                  input: body.stream_options,
                },
              ],
            },
            type: 'invalid_request_error',
            param: null,
            code: null,
          }),
        );
        return;
      }
      const unsigned =
        wire === 'gemini'
          ? geminiMissingSignature(body)
          : wire === 'openai'
            ? missingReasoning(body, thought)
            : wire === 'anthropic'
              ? missingThinking(body, thought)
              : wire === 'responses'
                ? unpairedReasoning(body, thought)
                : null;
      if (unsigned) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody(wire, 400, unsigned)));
        return;
      }
      const reply = nextReply(wire, body);
      if (options.stepDelayMs) await new Promise((r) => setTimeout(r, options.stepDelayMs));
      const usage = reply.usage ?? {
        input: estimateTokens(raw),
        output: estimateTokens((reply.text ?? '') + JSON.stringify(reply.toolCalls ?? [])),
        cached: cachedTokens(promptsSeen, wire, body),
      };
      const { events, json } = render(wire, reply, ids, usage);
      if (reply.reasoning && wire === 'openai')
        for (const c of json.choices?.[0]?.message?.tool_calls ?? []) thought.set(c.id, true);
      if (reply.reasoning && wire === 'responses')
        for (const item of json.output)
          if (item.type === 'function_call') thought.set(item.id, json.output[0].id);
      if (reply.reasoning && wire === 'anthropic')
        for (const b of json.content) if (b.type === 'tool_use') thought.set(b.id, json.content[0].signature);
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      // OpenRouter sends comment lines while it waits; clients must skip them.
      if (wire === 'openai') res.write(': OPENROUTER PROCESSING\n\n');
      const cutAt = fault?.kind === 'cut' ? (fault.after ?? Math.ceil(events.length / 2)) : Infinity;
      for (let i = 0; i < events.length; i++) {
        if (i === cutAt) {
          used.delete(reply.index); // the reply never arrived: a retry gets it again
          // The connection drops mid-reply, after the client had time to read what came before.
          setTimeout(() => res.destroy(), 50);
          return;
        }
        if (fault?.kind === 'malformed' && i === 0) {
          used.delete(reply.index); // the client retries and should get this reply again
          res.write('data: {"this is": not JSON\n\n');
        }
        res.write(sseLine(events[i]));
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        if (res.destroyed) return;
      }
      res.end();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    /** Replace the scenario (and start it from its first reply). */
    setScenario(s) {
      scenario = s;
      used = new Set();
      script = null;
    },
    /** Queue a fault for the next request: '401' | '403' | '408' | '409' | '429' | '500' | '503' | '529' | 'quota' | 'context' | 'bad' | 'hang' | 'malformed' | 'cut'. */
    fault(kind, more = {}) {
      faults.push({ kind, ...more });
    },
    /** Drop queued faults that no request has met. */
    clearFaults() {
      faults.length = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const file = arg('scenario');
  const mock = await startMockModel({
    port: Number(arg('port') ?? 8787),
    scenario: file ? JSON.parse(readFileSync(file, 'utf8')) : undefined,
  });
  console.log(`${MOCK_LABEL} listening on ${mock.url}`);
}

/** A scripted reply that makes one tool call. */
export const call = (name, args) => ({ toolCalls: [{ name, args }] });

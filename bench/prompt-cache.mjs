// What a run's requests cost with each provider's prompt cache, estimated from the request bodies as
// sent, by the rules each provider publishes (not the services' own accounting, which no test here can
// reach): a request is read as its blocks in the order the services read them (tools, then the system
// prompt, then the conversation), each block counted in o200k tokens; the part of a request that repeats
// an earlier request's blocks from the start is what a cache can serve.
//
// - OpenAI (automatic): the longest repeated start, if at least 1,024 tokens, in steps of 128.
// - Gemini (implicit): the longest repeated start, if at least 1,024 tokens.
// - Anthropic (explicit): only up to a cache_control breakpoint: a request reads the longest start that
//   an earlier request wrote at one of its breakpoints, and writes (at the write price) what lies
//   between that and its own last breakpoint, if the start is at least 1,024 tokens. A request without
//   breakpoints is neither read from nor written to the cache.
import { encode } from '../test/support/packages.mjs';

const tokens = (s) => encode(s).length;
const marked = (x) => JSON.stringify(x).includes('"cache_control"');
const clean = (x) => JSON.stringify(x).replace(/,?"cache_control":\{"type":"ephemeral"\}/g, '');

/** A request body as the blocks a service reads, in order: { text, breakpoint }. */
export function blocks(wire, body) {
  const out = [];
  const add = (x) => out.push({ text: clean(x), breakpoint: marked(x) });
  if (wire === 'anthropic') {
    (body.tools ?? []).forEach(add);
    if (typeof body.system === 'string') add(body.system);
    else (body.system ?? []).forEach(add);
    for (const m of body.messages)
      if (typeof m.content === 'string') add({ role: m.role, content: [{ type: 'text', text: m.content }] });
      else m.content.forEach((b, i) => add(i ? b : { role: m.role, ...b }));
  } else if (wire === 'gemini') {
    for (const t of body.tools ?? []) (t.functionDeclarations ?? [t]).forEach(add);
    if (body.systemInstruction) add(body.systemInstruction);
    body.contents.forEach(add);
  } else {
    (body.tools ?? []).forEach(add);
    body.messages.forEach(add);
  }
  return out.map((b) => ({ ...b, tokens: tokens(b.text) }));
}

const RULES = {
  openai: { min: 1024, step: 128, explicit: false },
  gemini: { min: 1024, step: 1, explicit: false },
  anthropic: { min: 1024, step: 1, explicit: true },
};

/**
 * Each request's input tokens, and how many of them a cache would read or write, under a provider's
 * rules ('openai' | 'gemini' | 'anthropic'). requests: [{ wire, body }] in the order sent.
 */
export function cacheRun(rule, requests) {
  const { min, step, explicit } = RULES[rule];
  const written = new Set(); // the starts a cache holds (as their block texts joined)
  return requests.map(({ wire, body }) => {
    const bs = blocks(wire, body);
    const input = bs.reduce((a, b) => a + b.tokens, 0);
    const starts = [];
    let key = '';
    let sum = 0;
    for (const b of bs) {
      key += `\u0000${b.text}`;
      sum += b.tokens;
      starts.push({ key, tokens: sum, breakpoint: b.breakpoint });
    }
    let read = 0;
    for (const s of starts) if (written.has(s.key) && s.tokens >= min) read = s.tokens;
    read = Math.floor(read / step) * step;
    let write = 0;
    if (explicit) {
      const last = starts.findLast((s) => s.breakpoint);
      if (last && last.tokens >= min) {
        write = last.tokens - read;
        for (const s of starts) if (s.breakpoint) written.add(s.key);
      }
    } else for (const s of starts) written.add(s.key);
    return { input, read, write };
  });
}

/** Dollars for a run's input under a model's prices ($ per million: input, cacheRead, cacheWrite). */
export function dollars(price, run) {
  return run.reduce(
    (sum, r) =>
      sum +
      ((r.input - r.read - r.write) * price.input +
        r.read * price.cacheRead +
        r.write * (price.cacheWrite ?? price.input)) /
        1e6,
    0,
  );
}

/**
 * A stand-in for the browser's built-in model (window.LanguageModel), written from the Prompt API's
 * explainer, for tests: an init script (page.addInitScript), scripted per test by
 * window.__standInScript, set before it. It is not a language model: it plays the script, and says
 * so in the page ("Stand-in for the browser's built-in model").
 *
 * Script: { availability: 'available' | 'downloadable' | 'downloading' | 'unavailable',
 *   tools: false (a browser without tool use: refuses the tool types), steps: [...] }, each step one of
 *   { call: { name, args } }  calls the tool's execute() as the browser would, and goes on with its result
 *   { text }                  ends the prompt with this reply
 *   { hang: true }            waits until the prompt is aborted or the session destroyed
 * In args, "$id" is the first element ID in the latest result, "$id:Word" the ID on the latest result
 * line that names Word (the results so far, latest first). What happened is in window.__standInLog.
 */
/* global DOMException, EventTarget, AbortController, ReadableStream, ProgressEvent, navigator */
(() => {
  const script = window.__standInScript || {};
  const log = (window.__standInLog = { creates: [], results: [], prompts: [], destroyed: 0, downloads: 0 });
  let state = script.availability || 'available';
  let step = 0;
  const TYPES = ['text', 'image', 'audio', 'tool-call', 'tool-response'];
  const KNOWN = ['text', 'image', 'audio'].concat(
    script.tools === false ? [] : ['tool-call', 'tool-response'],
  );
  const check = (o) => {
    for (const e of [].concat((o && o.expectedInputs) || [], (o && o.expectedOutputs) || []))
      if (!TYPES.includes(e.type) || !KNOWN.includes(e.type))
        throw new TypeError(
          `The provided value '${e.type}' is not a valid enum value of type LanguageModelMessageType.`,
        );
  };
  const tokens = (s) => Math.ceil(String(s).length / 4);
  const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

  const label = () => {
    const note = document.createElement('div');
    note.textContent = "Stand-in for the browser's built-in model (a test script, not a language model)";
    note.style.cssText = 'position:fixed;left:0;top:0;font:11px sans-serif;background:#ffd;padding:2px 4px';
    document.body.append(note);
  };
  if (document.body) label();
  else document.addEventListener('DOMContentLoaded', label);

  function fill(value, latest) {
    if (typeof value === 'string' && value.startsWith('$id')) {
      const word = value.slice(4);
      const lines = (
        word
          ? log.results
              .map((r) => r.result)
              .reverse()
              .join('\n')
          : latest
      )
        .split('\n')
        .filter((l) => !word || l.includes(word));
      const m = lines.join('\n').match(/\[(\d+)\]/);
      return m ? Number(m[1]) : -1;
    }
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, latest)]));
    return value;
  }

  class Session extends EventTarget {
    constructor(options) {
      super();
      this.tools = options.tools || [];
      this.contextUsage =
        tokens(JSON.stringify(options.initialPrompts || [])) + tokens(JSON.stringify(this.tools));
      this.contextWindow = 9216;
      this.gone = new AbortController();
    }
    async measureContextUsage(input) {
      return tokens(input);
    }
    destroy() {
      if (this.gone.signal.aborted) return;
      log.destroyed++;
      this.gone.abort();
    }
    promptStreaming(input, options = {}) {
      log.prompts.push(input);
      this.contextUsage += tokens(input);
      const signals = [this.gone.signal].concat(options.signal ? [options.signal] : []);
      const stopped = () => signals.some((s) => s.aborted);
      const whenStopped = new Promise((_, reject) =>
        signals.forEach((s) => s.addEventListener('abort', () => reject(abortError()), { once: true })),
      );
      whenStopped.catch(() => {});
      return new ReadableStream({
        start: async (c) => {
          let latest = '';
          try {
            for (;;) {
              const s = (script.steps || [])[step++] || { text: 'The stand-in script has no more steps.' };
              if (stopped()) throw abortError();
              if (s.hang) await whenStopped;
              if (s.text !== undefined) {
                for (const part of s.text.match(/.{1,12}/gs) || ['']) c.enqueue(part);
                this.contextUsage += tokens(s.text);
                c.close();
                return;
              }
              const tool = this.tools.find((t) => t.name === s.call.name);
              const args = fill(s.call.args || {}, latest);
              this.contextUsage += tokens(JSON.stringify(args));
              // As the browser does: the tool's own execute() is called, and its result goes back to the model.
              latest = tool
                ? String(await Promise.race([tool.execute(args), whenStopped]))
                : `No tool ${s.call.name}`;
              log.results.push({ name: s.call.name, args, result: latest });
              this.contextUsage += tokens(latest);
            }
          } catch (e) {
            c.error(e);
          }
        },
      });
    }
    async prompt(input, options) {
      let out = '';
      const reader = this.promptStreaming(input, options).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return out;
        out += value;
      }
    }
  }

  window.LanguageModel = {
    name: 'Stand-in LanguageModel (test script)',
    async availability(options) {
      check(options);
      return state;
    },
    async create(options = {}) {
      check(options);
      log.creates.push({
        tools: (options.tools || []).map((t) => t.name),
        schemas: (options.tools || []).map((t) => t.inputSchema),
        expectedInputs: options.expectedInputs,
        expectedOutputs: options.expectedOutputs,
        system: ((options.initialPrompts || [])[0] || {}).content || '',
      });
      if (state === 'unavailable') throw new DOMException('The model is unavailable.', 'NotSupportedError');
      if (state === 'downloadable') {
        // As Chrome: a download starts only with the person's activation (a click that really happened).
        if (!navigator.userActivation.isActive)
          throw new DOMException(
            'Requires a user gesture when the model is downloadable.',
            'NotAllowedError',
          );
        log.downloads++;
        state = 'downloading';
        const monitor = new EventTarget();
        if (options.monitor) options.monitor(monitor);
        for (const loaded of script.download || [0, 0.25, 0.5, 0.75, 1]) {
          monitor.dispatchEvent(new ProgressEvent('downloadprogress', { loaded, total: 1 }));
          await new Promise((r) => setTimeout(r, script.downloadGapMs || 150));
        }
        state = 'available';
      }
      if (options.signal && options.signal.aborted) throw abortError();
      return new Session(options);
    },
  };
})();

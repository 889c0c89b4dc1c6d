/**
 * runJS(code): the one place that evaluates code, and only when the integrator enabled it
 * (configure({ allowRunJS: true })). Code runs as the body of an async function, so `await` and
 * `return` work. Under a Content-Security-Policy without 'unsafe-eval' it fails and says so.
 */
import type { Config } from '../../config';
import { truncate } from '../dom/text';

export interface RunJSResult {
  ok: boolean;
  message: string;
  value?: unknown;
}

type AsyncFunctionConstructor = new (...args: string[]) => () => Promise<unknown>;

function jsonable(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(
      JSON.stringify(value, (_k, v) =>
        typeof v === 'object' && v !== null && 'nodeType' in v ? `[${(v as Node).nodeName}]` : v,
      ),
    );
  } catch {
    return String(value);
  }
}

export async function runJS(code: string, config: Config): Promise<RunJSResult> {
  if (!config.allowRunJS)
    return {
      ok: false,
      message:
        'runJS is turned off. The integrator can enable it with LLMHelper.configure({ allowRunJS: true }); until then, use the page tools.',
    };
  if (typeof code !== 'string' || !code.trim())
    return { ok: false, message: 'runJS needs JavaScript code as a non-empty string.' };
  // The AsyncFunction constructor, so that snippets may await; this is runJS's opt-in evaluation.
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as AsyncFunctionConstructor;
  let fn: () => Promise<unknown>;
  try {
    fn = new AsyncFunction(code);
  } catch (e) {
    const err = e as Error;
    if (err.name === 'EvalError' || /unsafe-eval|Content Security Policy/i.test(err.message))
      return {
        ok: false,
        message:
          "runJS is blocked by this page's Content-Security-Policy (it does not allow 'unsafe-eval'); use the page tools instead.",
      };
    return { ok: false, message: `The code does not parse: ${err.message}.` };
  }
  try {
    const value = jsonable(await fn()); // scrubbed at the exit (helper.ts)
    const shown = value === undefined ? 'undefined' : truncate(JSON.stringify(value), 1500);
    return { ok: true, message: `Ran the code; it returned ${shown}.`, value };
  } catch (e) {
    return { ok: false, message: `The code threw: ${truncate(String((e as Error)?.message ?? e), 300)}.` };
  }
}

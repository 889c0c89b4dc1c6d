/** A step of a run as the panel shows it: one row per call, in words, with the call and its result under it. */
import type { Step } from '../agent/types';
import { h } from './elements';
import type { Texts } from './texts';

/** In words: a search says what it looked for; an action, what it did (IDs and what changed after it left out). */
export function stepRows(step: Step, T: Texts): HTMLElement[] {
  return step.calls.map((c) => {
    const said = c.refused ? `${T.refused}: ${c.refused}` : c.result;
    const pattern = (c.args as { pattern?: unknown } | null)?.pattern;
    const words =
      typeof pattern === 'string' && /^find/.test(c.name)
        ? `${T.lookFor} “${pattern}”`
        : said
            .split('\n')[0]!
            .split(' Then: ')[0]!
            .replace(/\[\d+\] /g, '')
            .slice(0, 140);
    // A saved task's step replayed with no model says so; the others the model chose.
    return h(
      'details',
      { class: `${c.ok ? '' : 'bad'}${step.replayed ? ' replayed' : ''}`.trim() },
      h('summary', {}, step.replayed ? `${T.replayed} · ${words || c.name}` : words || c.name),
      h('pre', {}, `${c.name}(${JSON.stringify(c.args)})\n${said}`),
    );
  });
}

/**
 * The browser's own model in the settings: whether it is here, said the moment the person picks it
 * (unavailable and what to do instead, downloadable with a Download button, downloading with its
 * progress, available), and that it runs on this device and sends nothing out. The download starts
 * only on the person's own click (the button hears trusted events only, and the browser itself asks
 * for the person's activation).
 */
import { downloadModel, modelAvailability, type Availability } from '../llm/prompt-api';
import { h } from './elements';
import type { Texts } from './texts';

/** The preset's name. */
export const BUILT_IN = 'chrome';

/** A line about the built-in model that fills itself in, with Download and a progress bar when needed. */
export function builtInModelNote(T: Texts): HTMLElement {
  const words = h('span', {}, T.modelChecking);
  const bar = h('progress', { max: '1', value: '0', hidden: true });
  const note = h('div', { class: 'ok', role: 'status' }, h('div', {}, T.onDevice), words, bar);
  const button = h(
    'button',
    {
      type: 'button',
      click: () => {
        button.disabled = true;
        show('downloading');
        downloadModel((share) => (bar.value = share))
          .then(() => show('available'))
          .catch((e: unknown) => {
            button.disabled = false;
            show('downloadable', `${T.downloadFailed} ${(e as Error)?.message ?? e}`);
          });
      },
    },
    T.download,
  );
  const show = (state: Availability, more = '') => {
    words.textContent = [T.modelState[state], more].filter(Boolean).join(' ');
    note.className = state === 'unavailable' ? 'warn' : 'ok';
    bar.hidden = state !== 'downloading';
    if (state === 'downloadable') note.append(button);
    else button.remove();
  };
  void modelAvailability().then((state) => show(state));
  return note;
}

/**
 * The panel's settings card: the model (a preset, or one the integrator gave), its address, name and
 * key, whether to remember them, steps, tools and language; Test asks the model for one word, Save
 * keeps them (the page's localStorage when the person ticks remember, or the host's own store).
 */
import type { Provider } from '../llm/types';
import { h, trusted } from './elements';
import { on } from './natives';
import { EXTENSION } from '../target';
import { STORE_KEY, type PanelDeps, type PanelSettings } from './panel-options';
import type { Texts, UiLanguage } from './texts';
import { parsePrice } from './saved-tasks';
import { BUILT_IN, builtInModelNote } from './built-in-model';

/** The card, filled from `settings`; Save writes back into `settings`, keeps them, then calls `saved`. */
export function settingsForm(
  settings: PanelSettings,
  T: Texts,
  models: [key: string, label: string][],
  provider: () => Provider,
  explain: (e: unknown) => string,
  store: PanelDeps['settingsStore'],
  saved: () => void,
  listPrice: (
    model: string,
  ) => { input: number; output: number; cachedInput?: number; asOf: string } | undefined = () => undefined,
): HTMLElement {
  const field = (label: string, el: HTMLElement) => h('label', {}, label, el);
  const model = h(
    'select',
    {},
    ...models.map(([key, label]) => h('option', { value: key, selected: key === settings.model }, label)),
  );
  const baseURL = h('input', { type: 'url', value: settings.baseURL, placeholder: T.defaultURL });
  const modelName = h('input', { type: 'text', value: settings.modelName, placeholder: T.defaultModel });
  // The key is never written into the DOM (no value attribute): a saved key shows as its last digits.
  const apiKey = h('input', {
    type: 'password',
    autocomplete: 'off',
    placeholder: settings.apiKey ? T.savedKey(settings.apiKey.slice(-4)) : '',
  });
  const remember = h('input', { type: 'checkbox', checked: settings.remember });
  // The person's own price, or the preset's list price for its default model shown as the placeholder.
  const price = h('input', { type: 'text', value: settings.price ?? '', inputmode: 'decimal' });
  const showListPrice = () => {
    const p = listPrice(model.value);
    price.placeholder = p
      ? T.listPrice(
          `${p.input} / ${p.output}${p.cachedInput !== undefined ? ` / ${p.cachedInput}` : ''}`,
          p.asOf,
        )
      : '';
  };
  showListPrice();
  // The browser's own model needs no key: its fields give way to what it is and whether it is here.
  const keyFields = [
    field(T.apiKey, apiKey),
    h('label', { class: 'check' }, remember, ` ${T.remember}`),
    h('div', { class: 'warn' }, T.rememberWarning),
  ];
  const builtIn = h('div', {});
  const showKind = () => {
    const mine = model.value === BUILT_IN;
    for (const el of keyFields) el.hidden = mine;
    builtIn.replaceChildren(...(mine ? [builtInModelNote(T)] : []));
  };
  showKind();
  on(model, 'change', () => (showListPrice(), showKind()));
  const maxSteps = h('input', { type: 'number', min: '1', max: '200', value: String(settings.maxSteps) });
  const preset = h(
    'select',
    {},
    ...(['read', 'standard', 'full'] as const).map((p) =>
      h('option', { value: p, selected: p === settings.preset }, T.presets[p] ?? p),
    ),
  );
  const language = h(
    'select',
    {},
    h('option', { value: 'en', selected: settings.language === 'en' }, 'English'),
    h('option', { value: 'zh', selected: settings.language === 'zh' }, '中文'),
  );
  const result = h('div', { class: 'warn', role: 'status' });
  const report = (text: string, ok = false) => {
    result.textContent = text;
    result.className = ok ? 'ok' : 'warn';
  };
  const read = () => {
    Object.assign(settings, {
      model: model.value,
      baseURL: baseURL.value.trim(),
      modelName: modelName.value.trim(),
      apiKey: apiKey.value || settings.apiKey,
      remember: remember.checked,
      maxSteps: Math.max(1, Number(maxSteps.value) || 40),
      preset: preset.value as PanelSettings['preset'],
      language: language.value as UiLanguage,
      price: price.value.trim(),
    });
  };
  // What a newcomer sets first, first: the provider and its key, then Test and Save; where and which
  // model, the price, steps, tools and language under "More settings", open when one was set before.
  const more = h(
    'details',
    { class: 'more', open: !!(settings.baseURL || settings.modelName || settings.price) },
    h('summary', {}, T.moreSettings),
    field(T.baseURL, baseURL),
    field(T.modelName, modelName),
    field(T.price, price),
    field(T.maxStepsLabel, maxSteps),
    field(T.tools, preset),
    field(T.language, language),
  );
  // A value Save refuses is shown where it is.
  const refuse = (text: string) => {
    more.open = true;
    report(text);
  };
  const form = h(
    'div',
    { class: 'card settings', role: 'dialog', 'aria-label': T.settings },
    field(T.model, model),
    builtIn,
    ...keyFields,
    result,
    h(
      'div',
      { class: 'row' },
      h(
        'button',
        {
          type: 'button',
          click: async () => {
            read();
            report(T.testing);
            try {
              const r = await provider().chat({
                messages: [{ role: 'user', content: 'Reply with OK.' }],
                maxOutputTokens: 16,
              });
              report(`${T.works}: ${r.text.slice(0, 60)}`, true);
            } catch (e) {
              report(explain(e));
            }
          },
        },
        T.test,
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          click: () => {
            read();
            // A base URL is an absolute web address, or none (the preset's): anything else is not saved.
            if (settings.baseURL && !/^https?:\/\/[^/\s]/i.test(settings.baseURL))
              return refuse(T.badURL(settings.baseURL));
            if (settings.price && !parsePrice(settings.price)) return refuse(T.badPrice(settings.price));
            if (EXTENSION && store) store.save({ ...settings });
            else
              try {
                if (settings.remember) localStorage.setItem(STORE_KEY, JSON.stringify(settings));
                else localStorage.removeItem(STORE_KEY);
              } catch {
                /* storage blocked: settings stay in memory */
              }
            saved();
          },
        },
        T.save,
      ),
    ),
    more,
  );
  on(
    form,
    'keydown',
    trusted((e: KeyboardEvent) => {
      if (e.key === 'Escape') form.remove();
    }),
  );
  return form;
}

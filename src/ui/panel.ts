/**
 * The in-page panel: a person gives the agent a task and watches it work, confirms risky actions,
 * answers its questions, stops it or takes over. It lives in a closed shadow root with an adopted
 * stylesheet, so host styles never reach it, its styles never reach the host, it runs under style-src
 * 'self', and page scripts do not find its controls. Every control acts on the person's own (trusted)
 * events only, judged and heard through natives read at load (natives.ts): a page script that reaches
 * the root anyway (it patched attachShadow before the SDK loaded), or wraps addEventListener after it,
 * cannot approve, answer, send, continue or resume. A card never takes the keyboard focus, and its
 * consenting button ignores activation for a moment after it appears and keys unless the person moved
 * focus there. The agent lives in this closure only: page code gets a narrow Panel (open, close,
 * propose). The key is never written into the DOM. All text is set as text, never as HTML.
 */
import type { Agent } from '../agent/agent';
import type { Price, RunResult, Step } from '../agent/types';
import { LLMHelperError } from '../errors';
import type { Provider } from '../llm/types';
import { UI_HOST } from '../page/dom/walk';
import * as dom from '../page/dom/members';
import { PANEL_CSS } from './styles';
import { TEXTS, type Texts, type UiLanguage } from './texts';
import { attachShadow, focusEl, on } from './natives';
import { EXTENSION } from '../target';
import { settingsForm } from './settings-form';
import { dragBy } from './drag';
import { stepRows } from './step-rows';
import { cards } from './cards';
import { costWords, pageTaskStore, parsePrice, savedTasks } from './saved-tasks';
import { taskCalls } from './task-calls';
import type { SavedTask } from '../agent/saved-task';

import {
  Localized,
  PanelOptions,
  PanelDeps,
  PanelControl,
  STORE_KEY,
  PanelSettings,
  keyOf,
  panelOptions,
} from './panel-options';
import { trusted, h, keepEventsIn } from './elements';
import { bridgeLine } from './bridge-bar';
import { BUILT_IN } from './built-in-model';
import { modelAvailability } from '../llm/prompt-api';

/** The provider of an agent that only replays saved tasks: no model is set up. */
const NO_MODEL: Provider = {
  name: 'none',
  chat: () => Promise.reject(new Error('No model is set up: add one in the settings (⚙).')),
};

/** How many tasks the panel's transcript keeps on screen. */
const KEEP_TASKS = 10;

export function createPanel(deps: PanelDeps, given: PanelOptions = {}): PanelControl {
  const options = panelOptions(given);
  const saved = (() => {
    if (EXTENSION && deps.settingsStore) return deps.settingsStore.saved;
    try {
      return JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as Partial<PanelSettings> | null;
    } catch {
      return null;
    }
  })();
  const settings: PanelSettings = {
    model: options.models?.[0] ? keyOf(options.models[0]) : 'openai',
    baseURL: '',
    modelName: '',
    apiKey: '',
    remember: false,
    maxSteps: options.maxSteps ?? 40,
    preset: 'standard',
    language: options.language ?? (/^zh/i.test(dom.html(document).lang || navigator.language) ? 'zh' : 'en'),
    ...saved,
  };
  const words = (l: UiLanguage): Texts => ({ ...TEXTS[l], ...(EXTENSION && deps.texts?.[l]) });
  let T = words(settings.language);
  const explain = (e: unknown) => (EXTENSION && deps.explain?.(e, settings.language)) || (e as Error).message;
  /** An integrator's text in the panel's language. */
  const say = (text: Localized) => (typeof text === 'string' ? text : (text[settings.language] ?? text.en));
  const extraModel = () => options.models?.find((m) => keyOf(m) === settings.model);

  // Its own element name, so no page rule for div (position, display, transform…) ever matches it.
  const docked = EXTENSION && !!deps.docked;
  const host = dom.create(document, 'llm-helper-panel');
  host.setAttribute(UI_HOST, 'panel');
  /** Where it sits, inline and important, so no page rule moves it. */
  const place = (at: Record<'left' | 'top' | 'right' | 'bottom', string>) => {
    for (const [k, v] of Object.entries(at)) host.style.setProperty(k, v, 'important');
  };
  if (docked) place({ left: '0', top: '0', right: '0', bottom: '0' });
  else place({ left: 'auto', top: 'auto', right: '16px', bottom: '16px' });
  keepEventsIn(host);
  const root = attachShadow(host, { mode: 'closed' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(PANEL_CSS);
  root.adoptedStyleSheets = [sheet];

  const modelLabel = h('span', { class: 'model' });
  const list = h('div', { class: 'body', role: 'log', 'aria-live': 'polite' });
  const status = h('div', { class: 'status', role: 'status' });
  const input = h('textarea', { 'aria-label': T.task, placeholder: T.placeholder });
  const sendButton = h('button', { class: 'primary', type: 'button' }, T.send);
  // Pause / take over / Continue: the person acts on the page, then the agent goes on from what they left.
  const pauseButton = h('button', { type: 'button', hidden: true, click: () => togglePause() }, T.pause);
  const highlight = h('div', { class: 'highlight' });
  const panel = h('section', { class: docked ? 'panel docked' : 'panel', 'aria-label': 'LLMHelper' });
  const gear = h('button', { type: 'button', click: () => showSettings(true) }, '⚙');
  const restart = h('button', { type: 'button', click: () => clear() }, '⟲');
  // Docked, the browser's side panel already names LLMHelper in its own title bar: one title, not two.
  const head = h(
    'div',
    { class: 'head' },
    ...(docked ? [] : [h('b', {}, 'LLMHelper')]),
    modelLabel,
    gear,
    restart,
  );
  if (!docked)
    head.append(
      h(
        'button',
        {
          type: 'button',
          title: T.collapse,
          'aria-label': T.collapse,
          click: () => panel.classList.toggle('collapsed'),
        },
        '–',
      ),
    );
  const foot = h('div', { class: 'foot' }, input, pauseButton, sendButton);
  const bridgeBar = h('div', { class: 'status bridge', hidden: true });
  const hostBar = EXTENSION && deps.hostBar;
  if (hostBar) hostBar.classList.add('status');
  panel.append(head, ...(hostBar ? [hostBar] : []), bridgeBar, list, status, foot);
  if (options.collapsed) panel.classList.add('collapsed');
  root.append(panel, highlight);
  dom.html(document).append(host);

  let agent: Agent | null = null;
  /** The tool the panel's agent is calling now (a saved task's tool runs inside its run). */
  let ownCall = '';
  let running = false;
  /** The last failure of the run (a model service's error), said in the person's words when it ends. */
  let failure: unknown = null;
  let current: { text: HTMLElement | null } = { text: null };
  /** The model's last streamed text of this task, which may turn out to be its final answer. */
  let streamed: HTMLElement | null = null;

  const scroll = () => (list.scrollTop = list.scrollHeight);
  const add = (node: HTMLElement) => {
    list.append(node);
    scroll();
    return node;
  };
  const setStatus = (text: string, busy = false) => {
    status.textContent = text;
    status.classList.toggle('busy', busy);
  };

  function provider(): Provider {
    if (options.provider) return options.provider;
    const extra = extraModel();
    if (extra) return extra.make();
    return deps.provider(settings.model, {
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
      ...(settings.modelName ? { model: settings.modelName } : {}),
    });
  }

  function showHighlight(id: unknown) {
    highlight.style.display = 'none';
    if (typeof id !== 'number' || docked) return;
    try {
      const r = deps.helper.extract(id, 'rect') as { x: number; y: number; width: number; height: number };
      Object.assign(highlight.style, {
        display: 'block',
        left: `${r.x - 3}px`,
        top: `${r.y - 3}px`,
        width: `${r.width + 6}px`,
        height: `${r.height + 6}px`,
      });
    } catch {
      /* the element is gone: nothing to show */
    }
  }

  const { card, confirm, ask } = cards({
    root,
    add,
    T: () => T,
    waiting: () => setStatus(T.waiting),
    goOn: () => running && setStatus(T.thinking, true),
    showHighlight,
    helper: deps.helper,
  });

  /** The model's price: the person's own, or the preset's list price for its default model. */
  function price(): Price | undefined {
    const own = parsePrice(settings.price ?? '');
    if (own) return own;
    if (!personsModel()) return extraModel()?.price;
    const preset = deps.providers.find((p) => p.name === settings.model);
    // The list price is the preset's service's, for its default model: not another server's or model's.
    const same =
      (!settings.modelName || settings.modelName === preset?.model) &&
      (!settings.baseURL || settings.baseURL === preset?.baseURL);
    return same ? preset?.price : undefined;
  }
  /** Whether a model can take over a saved task: one given, or the person's with its key. */
  const hasModel = () =>
    !personsModel() ||
    !!settings.apiKey ||
    !deps.providers.find((p) => p.name === settings.model)?.requiresApiKey;

  const agentOptions = (noModel = false) => ({
    helper: deps.helper,
    // A saved task replayed with no model set up: any request would fail, and none is made.
    provider: noModel ? NO_MODEL : provider(),
    price: price(),
    confirm,
    ask,
    maxSteps: settings.maxSteps,
    preset: settings.preset,
    language: settings.language,
  });

  function ensureAgent(): Agent {
    return agent ?? wire(new deps.Agent(agentOptions()));
  }

  /** Shows an agent's progress in the list as it goes. */
  function wire(a: Agent): Agent {
    a.on('text', (delta: string) => {
      current.text ??= streamed = add(h('div', { class: 'msg model-text' }));
      current.text.textContent += delta;
      scroll();
    });
    a.on('tool:call', (c: { name: string; args: unknown }) => {
      current.text = null;
      ownCall = c.name;
      setStatus(`${T.running} ${c.name}…`, true);
      showHighlight((c.args as { id?: unknown })?.id);
    });
    // Page text that tries to instruct the model: marked in the transcript, where the person sees it.
    a.on('flagged', (f: { text: string }) => void add(h('div', { class: 'msg flagged' }, T.flagged(f.text))));
    a.on('error', (e: unknown) => (failure = e));
    a.on('paused', () => {
      highlight.style.display = 'none';
      pauseButton.textContent = T.continue;
      input.placeholder = T.handBack;
      setStatus(T.paused);
    });
    a.on('continued', () => {
      pauseButton.textContent = T.pause;
      input.placeholder = T.placeholder;
      setStatus(T.thinking, true);
    });
    a.on('step', (step: Step) => {
      ownCall = '';
      for (const row of stepRows(step, T)) add(row);
      current.text = null;
      setStatus(T.thinking, true);
    });
    agent = a;
    return a;
  }

  /** Whether the model in use is the person's own (a preset with their key), not one the integrator gave. */
  const personsModel = () => !options.provider && !extraModel();

  /** A task from code waits in the box for the person's Send: code never starts a run in the panel. */
  function propose(task: string): void {
    if (typeof task !== 'string')
      throw new LLMHelperError('bad_argument', 'panel().propose(task) takes the task as text.');
    if (running) return;
    input.value = task;
    setStatus(T.pressSend);
  }

  async function send(task: string): Promise<RunResult | undefined> {
    if (running || !task.trim()) return undefined;
    // No key for a service that needs one: one sentence for the person, and the settings to fix it.
    if (!hasModel()) {
      add(h('div', { class: 'msg error' }, T.needKey));
      if (!settingsCard?.isConnected) showSettings();
      return undefined;
    }
    running = true;
    input.value = '';
    sendButton.textContent = T.stop;
    list.querySelector('.examples')?.remove();
    list.querySelector('.saved-tasks')?.remove();
    streamed = null;
    add(h('div', { class: 'msg user' }, task));
    setStatus(T.thinking, true);
    return finish(() => ensureAgent().run(task), task);
  }

  /** Each run's cost row and its result: worded again in the language the person picks. */
  const costRows = new WeakMap<Element, RunResult>();

  /** Runs a saved task the person chose, with their values: the model only where the page changed. */
  function runSaved(saved: SavedTask, values: string[]): void {
    if (running) return;
    const model = hasModel();
    const a = model ? ensureAgent() : wire(new deps.Agent(agentOptions(true)));
    void showSavedRun(saved.name, saved.task, () => a.rerun(saved, { values, heal: model }));
  }
  /** A saved task's run in the list: its name (or `line`) as the person's line, then the run's rows. */
  function showSavedRun(name: string, task: string, result: () => Promise<RunResult>, line = `▶ ${name}`) {
    list.querySelector('.examples')?.remove();
    list.querySelector('.saved-tasks')?.remove();
    streamed = null;
    add(h('div', { class: 'msg user' }, line));
    setStatus(T.running, true);
    return finish(result, task, name);
  }
  const calls = taskCalls({
    T: () => T,
    running: () => running,
    ownCall: (name) => ownCall === name,
    quiet: () => new deps.Agent(agentOptions(true)),
    // As Run: the panel's agent when a model may take over, else one with none, for this run only.
    shown: async (saved, values, heal, line) => {
      const model = heal && hasModel();
      const kept = agent;
      const a = model ? ensureAgent() : wire(new deps.Agent(agentOptions(true)));
      try {
        return await showSavedRun(
          saved.name,
          saved.task,
          () => a.rerun(saved, { values, heal: model, strict: true }),
          line,
        );
      } finally {
        if (!model) agent = kept;
      }
    },
    ...(deps.offerTasks ? { offerTasks: deps.offerTasks } : {}),
  });
  const tasks = savedTasks({
    T: () => T,
    store: deps.taskStore ?? pageTaskStore(),
    add,
    run: runSaved,
    ...(deps.offerTasks ? { offer: calls.offer } : {}),
  });

  /**
   * Runs `work` with the panel busy, then shows how the run ended and what it cost; a run of `task` that
   * ended done may be saved (a saved task's, under its `name`, over the old recording).
   */
  async function finish(
    work: () => Promise<RunResult>,
    task?: string,
    name?: string,
  ): Promise<RunResult | undefined> {
    running = true;
    failure = null;
    sendButton.textContent = T.stop;
    pauseButton.hidden = false;
    pauseButton.textContent = agent?.paused ? T.continue : T.pause;
    let result: RunResult | undefined;
    try {
      result = await work();
      const text =
        result.answer ||
        (
          {
            stopped: T.stopped,
            max_steps: T.maxSteps,
            loop: result.error ?? T.loop,
            error: failure ? explain(failure) : (result.error ?? T.failed),
          } as Record<string, string>
        )[result.status] ||
        result.status;
      // A final answer the model wrote as text is already on screen as it streamed: it becomes the answer.
      if (streamed?.textContent?.trim() === text.trim()) streamed.className = 'msg answer';
      else add(h('div', { class: `msg ${result.status === 'done' ? 'answer' : 'error'}` }, text));
      // The files the run downloaded, so the person can find them.
      if (result.downloads?.length)
        add(h('div', { class: 'msg' }, `${T.downloaded} ${result.downloads.map((d) => d.file).join(', ')}`));
      costRows.set(add(h('div', { class: 'msg cost' }, costWords(result, T))), result);
      // A saved task that replayed whole is saved already; one the model finished may be saved over it.
      if (task && (!result.replay || result.replay.diverged)) tasks.offerSave(task, result, name);
      // As many steps as rows shown: the calls made (a final answer in words is no step of its own).
      const calls = result.steps.flatMap((step) => step.calls).length;
      setStatus(`${T.status[result.status] ?? result.status} · ${calls} ${T.steps}`);
    } catch (e) {
      add(h('div', { class: 'msg error' }, explain(e)));
      setStatus(T.failed);
    } finally {
      foldOlderTasks();
      running = false;
      sendButton.textContent = T.send;
      pauseButton.hidden = true;
      highlight.style.display = 'none';
      current = { text: null };
    }
    return result;
  }

  function togglePause() {
    if (!agent || !running) return;
    if (agent.paused) {
      // What the person typed while they had the page goes along with it.
      const note = input.value;
      input.value = '';
      agent.continue(note);
    } else {
      agent.pause();
      pauseButton.textContent = T.continue;
      setStatus(T.pausing, true);
    }
  }

  /** The example tasks (the integrator's, or the host's for the page), while the log shows no task. */
  let exampleTasks: Localized[] = options.examples ?? [];
  function showExamples() {
    // Below what is open (the settings a newcomer starts with), without scrolling it away.
    list.append(tasks.list());
    if (exampleTasks.length) list.append(examples());
  }
  const examples = () =>
    h(
      'div',
      { class: 'examples' },
      ...exampleTasks
        .map(say)
        .map((task) =>
          h('button', { type: 'button', click: () => ((input.value = task), focusEl(input)) }, task),
        ),
    );

  /** The recent tasks stay on screen; older ones give way to one line that counts them. */
  let foldedTasks = 0;
  function foldOlderTasks() {
    const tasks = list.querySelectorAll(':scope > .msg.user');
    if (tasks.length <= KEEP_TASKS) return;
    const keepFrom = tasks[tasks.length - KEEP_TASKS]!;
    foldedTasks += tasks.length - KEEP_TASKS;
    while (list.firstChild !== keepFrom) list.firstChild!.remove();
    list.prepend(h('div', { class: 'msg folded' }, T.folded(foldedTasks)));
  }

  function clear() {
    foldedTasks = 0;
    agent?.stop();
    agent?.reset();
    list.replaceChildren();
    setStatus('');
    showExamples();
  }

  let settingsCard: HTMLElement | null = null;
  let builtInHere = false;
  /**
   * ⚙ opens the settings, or closes them when they are open; the focus goes there only when the person
   * pressed ⚙ (the panel opening them by itself leaves the focus where it is).
   */
  function showSettings(pressed = false) {
    if (settingsCard?.isConnected) return void settingsCard.remove();
    const models: [key: string, label: string][] = [
      ...(options.models ?? []).map((m): [string, string] => [keyOf(m), say(m.label)]),
      ...deps.providers
        .map((p): [string, string] => [p.name, p.name === BUILT_IN ? T.builtIn : p.name])
        .sort(([a], [b]) => (builtInHere ? Number(b === BUILT_IN) - Number(a === BUILT_IN) : 0)),
    ];
    const form = settingsForm(
      settings,
      T,
      models,
      provider,
      explain,
      EXTENSION ? deps.settingsStore : undefined,
      () => {
        T = words(settings.language);
        agent = null; // the next task uses the new settings (the conversation starts over)
        form.remove();
        list.querySelector('.examples')?.replaceWith(examples()); // in the language chosen
        for (const row of list.querySelectorAll('.msg.cost'))
          row.textContent = costWords(costRows.get(row) ?? ({} as RunResult), T);
        tasks.relabel();
        render();
      },
      (model) => deps.providers.find((p) => p.name === model)?.price,
    );
    settingsCard = add(form);
    // The card reads top-down from its first field (the provider), whatever the list held above it.
    list.scrollTop = Math.max(0, form.offsetTop - list.offsetTop - 8);
    if (pressed) focusEl(form.querySelector('select')!);
  }

  function render() {
    const extra = extraModel();
    modelLabel.textContent =
      options.provider?.name ??
      (extra
        ? say(extra.label)
        : settings.modelName
          ? `${settings.model} · ${settings.modelName}`
          : settings.model === BUILT_IN
            ? T.builtIn
            : settings.model);
    input.setAttribute('aria-label', T.task);
    input.placeholder = T.placeholder;
    for (const [b, label] of [
      [gear, T.settings],
      [restart, T.clear],
    ] as const) {
      b.title = label;
      b.setAttribute('aria-label', label);
    }
    sendButton.textContent = running ? T.stop : T.send;
    pauseButton.textContent = agent?.paused ? T.continue : T.pause;
  }

  on(
    sendButton,
    'click',
    trusted(() => (running ? agent?.stop() : void send(input.value))),
  );
  on(
    input,
    'keydown',
    trusted((k: KeyboardEvent) => {
      if (k.key === 'Enter' && !k.shiftKey) {
        k.preventDefault();
        if (!running) void send(input.value);
        else if (agent?.paused) togglePause();
      }
    }),
  );
  // Move by dragging the header.
  if (!docked) dragBy(head, host, place);
  render();
  showExamples();
  // A run that a full page load interrupted (the script is on every page) goes on here, once the person
  // says so: what sessionStorage holds, a page script may have written.
  const waiting = deps.savedRun?.() ?? null;
  const rerun = waiting ? null : (deps.savedRerun?.() ?? null);
  if (waiting) void offerResume(waiting.task, waiting.steps);
  else if (rerun) void offerRerun(rerun.name, rerun.steps);
  else if (!options.provider && !options.models?.length && !settings.apiKey) showSettings();
  // Where the browser has its own model, it is offered first (a key stays a choice beside it).
  void modelAvailability().then((state) => {
    builtInHere = state === 'available';
    if (!builtInHere || saved || options.provider || options.models?.length) return;
    settings.model = BUILT_IN;
    render();
    if (!settingsCard?.isConnected) return;
    settingsCard.remove();
    showSettings();
  });

  /**
   * Asks before a saved task's run goes on after a page load, showing the steps it will replay here; it
   * runs as Run does (a model takes over where a step no longer fits, if one is set up).
   */
  async function offerRerun(name: string, steps: string[]) {
    if (!(await askToGoOn(T.resumeSaved(name.slice(0, 120)), steps.slice(0, 8))))
      return deps.discardRerun?.();
    const model = hasModel();
    // With no model set up, a step that no longer fits ends the run there, saying which and why.
    const resumed = deps.resumeRerun?.(agentOptions(!model), { heal: model }) ?? null;
    if (!resumed) return;
    const a = wire(resumed.agent);
    if (model) agent = a; // the conversation goes on with it, as after Run
    void showSavedRun(resumed.name, resumed.task, () => resumed.result);
  }

  /** Whether the person says go on, shown the question and the steps (what storage holds). */
  async function askToGoOn(question: string, steps: string[]): Promise<boolean> {
    const go: [string, string] = ['go', T.continue];
    const choice = await card(
      question,
      [go, ['no', T.discard]],
      ...steps.map((l) => h('div', {}, l.slice(0, 120))),
    );
    return choice === 'go' && !running;
  }

  /** Asks before a saved run goes on, showing its task and the steps it carries (what storage holds). */
  async function offerResume(task: string, steps: string[]) {
    if (!(await askToGoOn(T.resumeRun(task.slice(0, 300)), steps.slice(-5)))) return deps.discardRun?.();
    let resumed: ReturnType<NonNullable<PanelDeps['resume']>> = null;
    try {
      resumed = deps.resume?.(agentOptions()) ?? null;
    } catch (e) {
      // No model configured yet: the settings open, and the run stays saved for a later Continue.
      add(h('div', { class: 'msg error' }, explain(e)));
      return showSettings();
    }
    if (!resumed) return;
    agent = wire(resumed.agent);
    add(h('div', { class: 'msg model-text' }, T.continuing));
    setStatus(T.thinking, true);
    void finish(() => resumed.result, task); // a run that crossed a page load may be saved too
  }

  const showConnection = bridgeLine(bridgeBar, deps, () => T);

  return {
    confirm,
    showConnection,
    setExamples: (tasks: Localized[]) => {
      if (!EXTENSION) return;
      exampleTasks = tasks;
      list.querySelector('.examples')?.remove();
      if (!list.querySelector('.msg.user')) showExamples();
    },
    open: () => panel.classList.remove('collapsed'),
    close: () => panel.classList.add('collapsed'),
    propose,
  };
}

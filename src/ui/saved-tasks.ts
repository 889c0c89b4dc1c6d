/**
 * The panel's saved tasks: after a run that ended done, the person may save it under a name; the site's
 * saved tasks sit where the examples are; choosing one shows its steps in words and the values it typed
 * or chose as fields (a secret one empty), and Run replays it. What a run cost is said under each run.
 *
 * A saved task is data: in the page it lives in the site's localStorage (written only when the person
 * saves one), where the site's scripts can write too. So a task runs only on the person's own click on
 * Run, after its steps are shown, and each replayed call goes through the agent's rules and confirmations.
 */
import { parseSavedTasks, stepsInWords, taskFromRun, type SavedTask } from '../agent/saved-task';
import { notOfferable } from '../agent/task-tool';
import type { Price, RunResult } from '../agent/types';
import { h, trusted } from './elements';
import { on } from './natives';
import type { Texts } from './texts';

/** Where saved tasks are kept: the site's localStorage in the page, the extension's own storage there. */
export interface TaskStore {
  load(): Promise<unknown>;
  /** Rejects when the storage cannot hold them (full, or blocked). */
  save(tasks: SavedTask[]): Promise<void>;
  /** Whether the page's own scripts can write there (said next to each task's steps). */
  pageWritable: boolean;
}

export const TASKS_KEY = 'llm-helper.panel.tasks';

/** The site's localStorage: read when the panel shows its list, written only when the person saves. */
export const pageTaskStore = (): TaskStore => ({
  pageWritable: true,
  load: async () => {
    const raw = localStorage.getItem(TASKS_KEY);
    return raw === null ? [] : (JSON.parse(raw) as unknown);
  },
  save: async (tasks) => localStorage.setItem(TASKS_KEY, JSON.stringify(tasks)),
});

export interface SavedTasksDeps {
  T(): Texts;
  store: TaskStore;
  /** Puts a row in the panel's list. */
  add(node: HTMLElement): HTMLElement;
  /** Runs a saved task with the person's values (the panel is busy until it ends). */
  run(saved: SavedTask, values: string[]): void;
  /**
   * The saved tasks the person offers as tools now, each with whether a model may heal its run; where
   * the host serves no task tools (the extension, for now), absent: no "Offer as a tool" is shown.
   */
  offer?(marked: { saved: SavedTask; heal: boolean }[]): void;
}

/** The task without an "offered as a tool" mark. */
const unmarked = (task: SavedTask): SavedTask => {
  const t = { ...task };
  delete t.tool;
  return t;
};

/** The saved tasks' part of the panel. */
export function savedTasks(deps: SavedTasksDeps) {
  const { store } = deps;
  /**
   * The person's "Offer as a tool" marks, by task name, set by their own click only. Where page scripts
   * can write the store, the mark lives here, for this page's life: a task planted there marked as
   * offered is never a tool. Where they cannot (the extension's storage), it is kept with the task.
   */
  const marks = new Map<string, boolean>();
  /** The tasks as storage gave them last, and the marked ones offered as tools. */
  let known: SavedTask[] = [];
  const publish = () =>
    deps.offer?.(
      known.filter((t) => marks.has(t.name)).map((saved) => ({ saved, heal: marks.get(saved.name)! })),
    );
  const load = async (): Promise<SavedTask[]> => {
    let tasks: SavedTask[] = [];
    try {
      tasks = parseSavedTasks(await store.load());
    } catch {
      /* unreadable storage, or not JSON: no saved tasks to offer */
    }
    if (store.pageWritable) tasks = tasks.map(unmarked);
    else for (const t of tasks) if (t.tool && !notOfferable(t)) marks.set(t.name, t.tool.heal);
    for (const name of [...marks.keys()]) if (!tasks.some((t) => t.name === name)) marks.delete(name);
    known = tasks;
    publish();
    return tasks;
  };
  /** Saves the tasks; where the store is the extension's own, with the person's marks. */
  const saveAll = (tasks: SavedTask[]) =>
    store.save(
      store.pageWritable
        ? tasks
        : tasks.map((task) => {
            const t = unmarked(task);
            return marks.has(t.name) ? { ...t, tool: { heal: marks.get(t.name)! } } : t;
          }),
    );

  /** The list shown last, drawn again when a task is deleted. */
  let listed: HTMLElement | null = null;

  /** The list of saved tasks, filled in once storage answers; empty (hidden) when there are none. */
  function list(): HTMLElement {
    const box = h('div', { class: 'saved-tasks', role: 'group' });
    box.hidden = true;
    listed = box;
    void load().then((tasks) => {
      if (!tasks.length) return;
      const T = deps.T();
      box.setAttribute('aria-label', T.savedTasks);
      box.append(
        h('div', { class: 'label' }, T.savedTasks),
        ...tasks.map((t) => h('button', { type: 'button', click: () => void show(t) }, t.name)),
      );
      box.hidden = false;
    });
    return box;
  }

  /** The saved task shown, with its fields (one at a time). */
  let shown: HTMLElement | null = null;

  /** A saved task's steps in words and its fields, with Run: nothing runs before the person's click. */
  function show(saved: SavedTask): void {
    const T = deps.T();
    shown?.remove();
    const inputs = saved.fields.map((f) =>
      h('input', {
        type: f.secret ? 'password' : 'text',
        autocomplete: 'off',
        value: f.value,
        ...(f.secret ? { placeholder: T.secretField } : {}),
      }),
    );
    const status = h('div', { role: 'status' });
    const box = h(
      'div',
      { class: 'card saved-task', role: 'group', 'aria-label': saved.name },
      h('div', { class: 'label' }, saved.name),
      h('div', {}, T.recordedSteps),
      h('ol', {}, ...stepsInWords(saved).map((s) => h('li', {}, s))),
      ...(store.pageWritable ? [h('div', { class: 'warn' }, T.pageStorage)] : []),
      ...saved.fields.map((f, i) => h('label', {}, f.label, inputs[i]!)),
      ...(deps.offer ? [offerBox(saved)] : []),
      status,
    );
    const run = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        click: () => {
          const empty = saved.fields.findIndex((f, i) => f.secret && !inputs[i]!.value);
          if (empty >= 0) return void (status.textContent = T.typeSecret(saved.fields[empty]!.label));
          box.remove();
          deps.run(
            saved,
            inputs.map((i) => i.value),
          );
        },
      },
      T.run,
    );
    const forget = h(
      'button',
      {
        type: 'button',
        click: async () => {
          const tasks = (await load()).filter((t) => t.name !== saved.name);
          marks.delete(saved.name);
          await saveAll(tasks).catch(() => undefined);
          known = tasks;
          publish();
          box.remove();
          if (listed?.isConnected) listed.replaceWith(list());
        },
      },
      T.forgetTask,
    );
    const close = h('button', { type: 'button', click: () => box.remove() }, T.cancel);
    box.append(h('div', { class: 'row' }, run, forget, close));
    shown = deps.add(box);
  }

  /**
   * "Offer as a tool" and "the model may take over", heard from the person's own clicks only; a task with
   * a secret field cannot be offered (its value would come from the calling agent).
   */
  function offerBox(saved: SavedTask): HTMLElement {
    const T = deps.T();
    const why = notOfferable(saved);
    if (why) return h('div', { class: 'warn' }, T.cannotOffer(why));
    const heal = h('input', { type: 'checkbox' });
    heal.checked = marks.get(saved.name) ?? false;
    const healRow = h('label', { class: 'check' }, heal, ` ${T.offerHeal}`);
    const offer = h('input', { type: 'checkbox' });
    offer.checked = marks.has(saved.name);
    healRow.hidden = !offer.checked;
    const mark = async () => {
      if (offer.checked) marks.set(saved.name, heal.checked);
      else marks.delete(saved.name);
      healRow.hidden = !offer.checked;
      publish();
      if (!store.pageWritable) await saveAll(known).catch(() => undefined);
    };
    for (const box of [offer, heal])
      on(
        box,
        'change',
        trusted(() => void mark()),
      );
    return h(
      'div',
      { class: 'offer-tool' },
      h('label', { class: 'check' }, offer, ` ${T.offerTool}`),
      healRow,
      ...(store.pageWritable ? [h('div', { class: 'warn' }, T.offerForPage)] : []),
    );
  }

  /** Save offers not yet taken, to word again in the language the person picks. */
  const offers: { row: HTMLElement; again(): void }[] = [];

  /** The offers not taken, in the panel's language now. */
  function relabel(): void {
    for (const o of offers.splice(0)) if (o.row.isConnected) o.again();
  }

  /** After a run that ended done: a Save button, then a name to save it under (the task's words). */
  function offerSave(task: string, result: RunResult, named = task, at?: HTMLElement): void {
    if (result.status !== 'done' || !result.steps.some((s) => s.calls.some((c) => c.name !== 'done'))) return;
    const T = deps.T();
    const row = h('div', { class: 'row save-task' });
    const offer = { row, again: () => offerSave(task, result, named, row) };
    offers.push(offer);
    const start = h(
      'button',
      {
        type: 'button',
        click: () => {
          const name = h('input', { type: 'text', value: named.slice(0, 200), 'aria-label': T.taskName });
          const said = h('div', { role: 'status' });
          const save = h(
            'button',
            {
              type: 'button',
              click: async () => {
                const saved = taskFromRun(task, result, name.value);
                const tasks = (await load()).filter((t) => t.name !== saved.name);
                try {
                  await saveAll([...tasks, saved]);
                  // Saved over an offered task of the same name: the tool replays the new recording.
                  known = [...tasks, saved];
                  publish();
                  row.replaceChildren(h('div', { role: 'status' }, T.taskSaved(saved.name)));
                } catch (e) {
                  said.textContent = T.cannotSave(e instanceof Error ? e.message : String(e));
                }
              },
            },
            T.save,
          );
          // Taken: the name field stays as the person is filling it.
          const i = offers.indexOf(offer);
          if (i >= 0) offers.splice(i, 1);
          row.replaceChildren(h('label', {}, T.taskName, name), save, said);
        },
      },
      T.saveTask,
    );
    row.append(start);
    if (at) at.replaceWith(row);
    else deps.add(row);
  }

  return { list, show, offerSave, relabel };
}

/** What a run used and cost, in words: tokens in, out and cached, and dollars where the price is known. */
export function costWords(result: RunResult, T: Texts): string {
  const u = result.usage;
  const tokens = T.tokens(u.inputTokens, u.outputTokens, u.cachedInputTokens ?? 0);
  const replayed = result.steps.filter((s) => s.replayed).length;
  const parts = [tokens];
  // No tokens, nothing to price (a saved task replayed whole).
  // The browser's own model: counted by the session, nothing to pay.
  if (u.onDevice) parts.push(T.onDeviceCost);
  else if (u.inputTokens + u.outputTokens > 0)
    parts.push(
      result.cost !== undefined ? `$${result.cost.toFixed(result.cost < 0.01 ? 4 : 2)}` : T.priceUnknown,
    );
  if (replayed) parts.push(T.replayedFree(replayed));
  return parts.join(' · ');
}

/** "0.4 / 1.6 / 0.1" (US$ per million tokens: input, output, cached input) as a price; undefined if not one. */
export function parsePrice(text: string): Price | undefined {
  const parts = text.split('/').map((p) => p.trim().replace(/^\$/, ''));
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return undefined;
  const [input, output, cached] = parts.map(Number) as [number, number, number?];
  return { input, output, ...(cached !== undefined ? { cachedInput: cached } : {}) };
}

/**
 * A run, or a replay, carried across a full page load in the tab's sessionStorage: saved on pagehide,
 * read back on the next page (only in the shape the agent writes: a page script can write there too),
 * dropped once taken. When the tab's storage is full, a smaller run, then only its task, so that the
 * next page says the run was lost instead of showing nothing.
 */
import { scrub } from '../page/perceive/redact';
import { stringify } from '../json';
import type { Message, Usage } from '../llm/types';
import { compact, firstLine, withoutImages } from './history';
import { parseSaved, savedReplaySchema, savedRunSchema, type SavedReplay, type SavedRun } from './saved';
import { resumesAt, type Transcript } from './replay';
import type { Step } from './types';
import { callsInWords } from './saved-task';

/** Where a run interrupted by a full page load waits for the next page (this tab only). */
export const RUN_KEY = 'llm-helper.agent.run';
/** Where a run that could not be saved (the tab's storage full) leaves its task, to say so on the next page. */
const LOST_KEY = 'llm-helper.agent.run-lost';
/** Where a replay interrupted by a page load waits for the next page, and the mark that it could not. */
export const REPLAY_KEY = 'llm-helper.agent.replay';
const REPLAY_LOST_KEY = 'llm-helper.agent.replay-lost';

/** What a run has done so far: what a resumed run starts from. */
export interface Progress {
  steps: Step[];
  usage: Usage;
  observation: string;
  startedAt: number;
}

/** A run's steps as a record, one line a call: what a resumed run carries (as data) to the next page. */
export function stepRecord(steps: readonly Step[]): string {
  const lines: string[] = [];
  for (const [i, step] of steps.entries())
    for (const c of step.calls)
      lines.push(
        `${i + 1}. ${c.name}(${(stringify(c.args) ?? '').slice(0, 200)}) → ${firstLine(c.refused ?? c.result).slice(0, 200)}`,
      );
  return lines.slice(-40).join('\n') || '(no steps yet)';
}

/** The run saved for this tab, if it has the shape the agent writes (else it is dropped). */
export function readSavedRun(): SavedRun | null {
  try {
    const raw = sessionStorage.getItem(RUN_KEY);
    if (raw === null) return null;
    const saved = parseSaved(savedRunSchema, JSON.parse(raw));
    if (!saved || (saved.origin !== undefined && saved.origin !== location.origin)) {
      sessionStorage.removeItem(RUN_KEY);
      return null;
    }
    return saved;
  } catch {
    return null;
  }
}

/** A run the last page could not save, by its task (text only: what the page wrote there is shown as text). */
export function lostRun(): string | null {
  try {
    const task = sessionStorage.getItem(LOST_KEY);
    return task === null ? null : task.slice(0, 500);
  } catch {
    return null;
  }
}

/**
 * The task of the run saved for this tab and the steps it would carry, to show the person before it
 * resumes; null when there is none.
 */
export function savedRun(): { task: string; steps: string[] } | null {
  const saved = readSavedRun();
  const lost = saved ? null : lostRun();
  if (saved)
    return {
      task: saved.task,
      steps: saved.steps?.length ? stepRecord(saved.steps as Step[]).split('\n') : [],
    };
  return lost === null ? null : { task: lost, steps: [] };
}

/** Drops the run saved for this tab. */
export function discardSavedRun(): void {
  try {
    sessionStorage.removeItem(RUN_KEY);
    sessionStorage.removeItem(LOST_KEY);
  } catch {
    /* nothing saved */
  }
}

/**
 * Saves the run for the next page: whole; when the tab's storage is full, with old results shortened
 * and each recorded result cut to its first line; when even that does not fit, only its task.
 */
export function saveRun(
  task: string,
  mode: 'act' | 'ask',
  step: number,
  marker: string,
  paused: boolean,
  messages: Message[],
  progress: Progress,
): void {
  const base = {
    version: 1 as const,
    task,
    origin: location.origin,
    mode,
    step,
    marker,
    ...(paused ? { paused: true } : {}),
  };
  const whole: SavedRun = { ...base, messages: scrub(withoutImages(messages)), ...scrub(progress) };
  const short: SavedRun = {
    ...base,
    messages: scrub(withoutImages(compact(messages, marker))),
    ...scrub({
      ...progress,
      steps: progress.steps.map((s) => ({
        ...s,
        calls: s.calls.map((c) => ({ ...c, result: firstLine(c.result) })),
      })),
    }),
  };
  for (const saved of [whole, short])
    try {
      sessionStorage.setItem(RUN_KEY, JSON.stringify(saved));
      return;
    } catch {
      /* full (or blocked): try smaller */
    }
  try {
    sessionStorage.removeItem(RUN_KEY);
    sessionStorage.setItem(LOST_KEY, task.slice(0, 500));
  } catch {
    /* storage blocked: the run ends with the page */
  }
}

/** Saves a replay and where it was (the step, the calls replayed) for the next page. */
export function saveReplay(
  transcript: Transcript,
  at: { step: number; calls: number },
  rerun?: SavedReplay['rerun'],
): void {
  const saved: SavedReplay = {
    version: 1,
    transcript: scrub(transcript),
    ...at,
    ...(rerun ? { rerun } : {}),
  };
  try {
    sessionStorage.setItem(REPLAY_KEY, JSON.stringify(saved));
  } catch {
    try {
      sessionStorage.removeItem(REPLAY_KEY);
      sessionStorage.setItem(REPLAY_LOST_KEY, '1');
    } catch {
      /* storage blocked: the replay ends with the page */
    }
  }
}

/** Drops the replay saved for this tab. */
export function discardSavedReplay(): void {
  try {
    sessionStorage.removeItem(REPLAY_KEY);
    sessionStorage.removeItem(REPLAY_LOST_KEY);
  } catch {
    /* nothing saved */
  }
}

/**
 * The saved task whose run a page load interrupted in this tab, and the steps it has still to replay,
 * to show the person before it goes on (the saved replay is kept); null when there is none.
 */
export function savedRerun(): { name: string; steps: string[] } | null {
  let saved: SavedReplay | null = null;
  try {
    const raw = sessionStorage.getItem(REPLAY_KEY);
    saved = raw === null ? null : parseSaved(savedReplaySchema, JSON.parse(raw));
  } catch {
    return null; // blocked, or not JSON: not the agent's
  }
  if (!saved?.rerun) return null;
  const { steps } = saved.transcript;
  return { name: saved.rerun.name, steps: callsInWords(steps.slice(resumesAt(steps, saved.step))) };
}

/**
 * Takes the replay saved for this tab (it is dropped): in the shape the agent writes, 'lost' when the
 * last page could not save it, or null.
 */
export function takeSavedReplay(): SavedReplay | 'lost' | null {
  let raw: string | null = null;
  let lost = false;
  try {
    raw = sessionStorage.getItem(REPLAY_KEY);
    lost = sessionStorage.getItem(REPLAY_LOST_KEY) !== null;
  } catch {
    return null;
  }
  discardSavedReplay();
  if (raw === null) return lost ? 'lost' : null;
  try {
    return parseSaved(savedReplaySchema, JSON.parse(raw));
  } catch {
    return null; // not JSON: not the agent's
  }
}

/**
 * summary(): the page in brief, within a character budget: title, URL, headings, counts, dialogs, alerts,
 * focus, a gist of its text, and its main actions with IDs.
 */
import { roleOf, tagOf } from '../perceive/role';
import { dialogName, nameOf } from '../perceive/name';
import { textOf } from '../perceive/text-of';
import { pointerBoxes } from '../perceive/pointer-box';
import { census, censusSteps, type Census } from './census';
import { atOnce, due, runAtOnce, type Pace, type Steps } from '../dom/slices';
import { redactText } from '../perceive/redact';
import type { ElementStore } from '../ids/store';
import { normalize, plural, thousands, truncate } from '../dom/text';
import { inViewport, quickVisibility } from '../perceive/visible';
import { collectRoots, queryAllDeep } from '../dom/roots';
import * as dom from '../dom/members';
import { elementIndex } from '../dom/index-range';

import { countsOf, mainActions, deepActiveElement } from './describe';
import { checkBudget, quoted, listWithin, isShown, visibleOnly, elementLine } from './lines';
import { contentColumn } from './action-rank';
import { openersIn } from './openers';

const words = (s: string): number => (s.match(/\S+/g) ?? []).length;

/** The page's paragraphs, read once for the gist of its text and for where its content is. */
interface Paragraphs {
  paragraphs: number;
  words: number;
  chars: number;
  step: number;
  /** The element holding the most paragraph text. */
  home?: Element;
}

/**
 * Paragraphs come from the document's element index. Reading all 60,000 paragraphs of a long page took
 * 150 ms: past 2,000, every step-th is read and stands for the step.
 */
function readParagraphs(): Paragraphs {
  const byParent = new Map<Element, number>();
  const all = elementIndex(document).tag('p');
  const step = Math.ceil(all.length / 2000);
  let paragraphs = 0;
  let count = 0;
  let chars = 0;
  for (let i = 0; i < all.length; i += step) {
    const p = all[i]!;
    const text = dom.text(p) ?? '';
    if (text.length < 20 || !text.trim()) continue;
    paragraphs += step;
    chars += text.length * step;
    if (chars < 200_000) count += words(text) * step;
    const parent = dom.parentEl(p) ?? p;
    byParent.set(parent, (byParent.get(parent) ?? 0) + text.length);
  }
  if (chars >= 200_000) count = Math.round(chars / 6); // estimated past 200,000 characters
  let home: Element | undefined;
  let most = 0;
  for (const [el, n] of byParent)
    if (n > most) {
      most = n;
      home = el;
    }
  return { paragraphs, words: count, chars, step, home };
}

/**
 * The gist of the page's text: an article (mostly paragraphs, few controls) or plain text, how much of
 * it, and how the main content begins (the element holding the most paragraph text).
 */
function textGist(found: Census, bare: boolean, read: Paragraphs): string | null {
  let { paragraphs, words: count } = read;
  const controls = found.counts.button + found.counts.field;
  const article = paragraphs >= 3 && read.chars >= 600 && controls < paragraphs * 2;
  if (!article && !bare) return null;
  const root =
    read.home ??
    queryAllDeep(document, 'main,[role=main],article').find((m) => quickVisibility(m).visible) ??
    dom.pageRoot(document);
  if (!root) return null;
  const begins = truncate(textOf(root, 300), 160);
  if (!begins) return null;
  if (!paragraphs) count = words(textOf(root, 20_000));
  // A count from a sample is said to two figures (after "about").
  if (read.step > 1) paragraphs = +paragraphs.toPrecision(2);
  const size = `about ${thousands(count)} word${count === 1 ? '' : 's'}${paragraphs ? ` in ${plural(paragraphs, 'paragraph')}` : ''}`;
  return `${article ? 'Article' : 'Text'}: ${size}. Begins: ${quoted(begins, 160)}`;
}

/** Past this many links on a page, the summary names none in its text: the page is not small. */
const TEXT_LINKS_MAX = 3000;

/**
 * The links in view inside paragraphs of text (not navigation, header or footer), each line as the
 * summary lists controls, at most eight.
 */
function linksInText(store: ElementStore): string[] {
  const links = elementIndex(document).tag('a');
  if (links.length > TEXT_LINKS_MAX) return [];
  const out: string[] = [];
  for (const a of inViewport(links)) {
    if (!dom.hasHref(a) || dom.closest(a, 'nav,[role=navigation],header,footer')) continue;
    const block = dom.closest(a, 'p,blockquote,dd');
    if (!block || (dom.text(block) ?? '').length < (dom.text(a) ?? '').length + 20) continue;
    out.push(elementLine(store, a));
    if (out.length === 8) break;
  }
  return out;
}

export interface SummaryOptions {
  budget?: number;
}

/** Page overview: title, URL, outline, landmarks, counts, dialogs, alerts, focus and main actions. */
export const summary = (store: ElementStore, opts: SummaryOptions = {}): string =>
  runAtOnce(summarySteps(store, opts, atOnce()));

/**
 * summary as steps that may pause (dom/slices.ts): between its parts, and inside the census. What the
 * page removed during a pause is not listed: the lists are read after the last pause.
 */
export function* summarySteps(store: ElementStore, opts: SummaryOptions, pace: Pace): Steps<string> {
  const budget = opts.budget ?? store.config.summaryBudget;
  checkBudget(budget);
  const lines: string[] = [];
  lines.push(
    `Page ${quoted(normalize(dom.title(document)) || '(untitled)', 80)} at ${truncate(location.href, 100)}`,
  );
  const found = yield* censusSteps(document, pace);
  if (due(pace)) yield;
  // Visibility is checked only until the outline's share of the budget is surely full.
  const headings = found
    .first('outline', 24, isShown)
    .map((h) => {
      const level = /^H(\d)$/.exec(tagOf(h))?.[1] ?? dom.attr(h, 'aria-level') ?? '2';
      return `${'#'.repeat(Number(level))} ${truncate(textOf(h, 80), 50)}`;
    })
    .filter((h) => h.length > 3);
  if (headings.length) lines.push(`Outline: ${listWithin(headings, 260, ' · ')}`);
  const landmarks = found
    .first(
      'landmarks',
      30,
      (l) =>
        (!dom.closest(l, 'article,section:not([aria-label]):not([aria-labelledby])') ||
          dom.matches(l, 'main,[role=main]')) &&
        isShown(l),
    )
    .map((l) => {
      const n = nameOf(l, 30);
      return `${roleOf(l) || tagOf(l).toLowerCase()}${n && n.length < 30 ? ` ${quoted(n, 30)}` : ''}`;
    });
  if (landmarks.length) lines.push(`Landmarks: ${listWithin([...new Set(landmarks)], 160)}`);
  if (due(pace)) yield;
  const counts = countsOf(found);
  if (counts) lines.push(`Contains: ${counts}`);
  const read = readParagraphs();
  const gist = textGist(found, !headings.length && !landmarks.length && !found.controls.length, read);
  if (gist) lines.push(gist);
  if (due(pace)) yield;
  const frames = collectRoots(document).unreachable.length;
  if (frames) lines.push(`${plural(frames, 'cross-origin iframe')} cannot be read`);
  const dialogs = visibleOnly(found.dialogs);
  if (dialogs.length)
    lines.push(
      `Open dialog: ${dialogs
        .slice(0, 2)
        .map(
          (d) =>
            `[${store.idFor(d)}] "${dialogName(d, 40)}"${dom.attr(d, 'aria-modal') === 'true' || dom.matches(d, ':modal') ? ' (modal)' : ''}`,
        )
        .join(', ')}`,
    );
  const alerts = visibleOnly(found.alerts)
    .map((a) => textOf(a, 120))
    .filter(Boolean)
    .slice(0, 3);
  if (alerts.length) lines.push(`Alerts: ${alerts.map((a) => quoted(a, 80)).join('; ')}`);
  const focused = deepActiveElement();
  if (focused && focused !== dom.body(document)) lines.push(`Focused: ${elementLine(store, focused)}`);
  const used = lines.join('\n').length;
  if (due(pace)) yield;
  const pool = dialogs[0] ? census(dialogs[0]).controls : found.controls;
  // A small page (or dialog) is listed whole: every control a task may need, each with its ID.
  const every = mainActions(store, pool, Infinity, false, dialogs[0], true, () =>
    pointerBoxes(dialogs[0] ?? document),
  );
  // 12: a form of ten fields and its buttons. The content's before its frame (action-rank.ts).
  const content = dialogs[0] ? undefined : contentColumn(read.home);
  const actions = every ?? mainActions(store, pool, 12, !dialogs[0], dialogs[0], false, undefined, content)!;
  // Links in the running text in view (a help article's "export your contacts"), which the list of
  // controls, in the page's order, leaves out or cuts when a long navigation comes first.
  const inText = dialogs[0] ? [] : linksInText(store);
  const room = inText.length ? listWithin(inText, 320, '; ').length + 20 : 0;
  // What opens or switches something (tabs, sections, folders, menus) that the list leaves out has a
  // line of its own, with room kept for it: the first look offers what opens, however long the rest.
  const openers = dialogs[0] ? [] : openersIn(found.controls, !!every, 20);
  const ids = (text: string) => new Set([...text.matchAll(/\[(\d+)\]/g)].map((m) => m[1]!));
  const left = (named: Set<string>) => openers.filter((el) => !named.has(String(store.idFor(el))));
  const room0 = budget - used - 40 - room;
  let listed = actions.length ? listWithin(actions, Math.max(120, room0), '; ') : '';
  const cut = left(ids(listed));
  if (cut.length) {
    const reserve = Math.min(360, cut.map((el) => elementLine(store, el)).join('; ').length);
    listed = actions.length ? listWithin(actions, Math.max(120, room0 - reserve), '; ') : '';
  }
  if (listed) lines.push(`${every ? 'Controls' : 'Main actions in view'}: ${listed}`);
  const named = ids(listed);
  const opens = left(named).map((el) => elementLine(store, el));
  const opensRoom = budget - lines.join('\n').length - 30 - room;
  if (opens.length && opensRoom > 60) {
    const line = listWithin(opens, opensRoom, '; ');
    lines.push(`Opens or switches: ${line}`);
    for (const id of ids(line)) named.add(id);
  }
  const more = inText.filter((l) => !named.has(/^\[(\d+)\]/.exec(l)?.[1] ?? ''));
  if (more.length) lines.push(`Links in text: ${listWithin(more, 320, '; ')}`);
  return truncate(redactText(lines.join('\n')), budget);
}

// The main thread's tasks in a Chromium trace, within windows the page marked (performance.mark), each
// with the garbage collector's pauses inside it: how shapes.mjs and load-cost.mjs tell a call's longest
// task, what of it was the collector's, and what was the browser's rendering rather than script.

/** The categories a trace needs for tasksIn(). */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing'];

/** The collector's pauses on the main thread, each one event (nested phases are inside these). */
const GC =
  /^(MinorGC|MajorGC|V8\.GCIncrementalMarking|V8\.GCFinalizeMC|V8\.GCFinalizeMCReduceMemory|V8\.GCCompactor|BlinkGC\.AtomicPauseMarkTransitiveClosure|CppGC\.AtomicMark)$/;
/** What running script shows as in a task (the rest of a long task is the browser's own work). */
const SCRIPT =
  /^(FunctionCall|EvaluateScript|v8\.callFunction|v8\.run|RunMicrotasks|V8\.Execute|TimerFire|EventDispatch|FireAnimationFrame)$/;
/** The browser drawing the page: style, layout, paint. */
const RENDER = /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|UpdateLayer|Commit|RecalculateStyles)$/;

/**
 * The trace's main-thread tasks, with, for each: its start and duration (ms), the collector's time in
 * it (the union of its pauses) and its longest single pause (and its kind), whether script ran in it, and its
 * rendering time.
 */
export function mainTasks(traceEvents) {
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const mine = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  // A task nests inside the scheduler's: the outermost task events only.
  const all = mine
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  let end = -1;
  for (const t of all) {
    if (t.ts < end) continue;
    tasks.push(t);
    end = t.ts + t.dur;
  }
  const inner = mine.filter((e) => GC.test(e.name) || SCRIPT.test(e.name) || RENDER.test(e.name));
  inner.sort((a, b) => a.ts - b.ts);
  let i = 0;
  return tasks.map((t) => {
    while (i < inner.length && inner[i].ts < t.ts) i++;
    const gcs = [];
    let script = false;
    let render = 0;
    for (let j = i; j < inner.length && inner[j].ts < t.ts + t.dur; j++) {
      const e = inner[j];
      if (GC.test(e.name)) gcs.push([e.ts, e.ts + e.dur, e.name]);
      else if (SCRIPT.test(e.name)) script = true;
      else render += e.dur;
    }
    // Pauses nest (a finalization inside a major GC): their union, and the longest top-level one.
    gcs.sort((a, b) => a[0] - b[0]);
    let gc = 0;
    let longest = 0;
    let kind = '';
    let from = -1;
    let to = -1;
    let name = '';
    const close = () => {
      if (to <= from) return;
      gc += to - from;
      if (to - from > longest) {
        longest = to - from;
        kind = name;
      }
    };
    for (const [s, e, n] of gcs) {
      if (s > to) {
        close();
        from = s;
        to = e;
        name = n;
      } else to = Math.max(to, e);
    }
    close();
    return {
      ts: t.ts,
      ms: t.dur / 1000,
      gc: gc / 1000,
      pause: longest / 1000,
      /** The longest pause's kind (the outermost event's name: MajorGC, MinorGC, a finalization). */
      kind,
      script,
      render: render / 1000,
    };
  });
}

/** The windows between each mark named `${name}:start` and the next `${name}:end`, in trace time. */
export function windows(traceEvents, name) {
  const marks = traceEvents
    .filter((e) => e.name === `${name}:start` || e.name === `${name}:end`)
    .sort((a, b) => a.ts - b.ts);
  const out = [];
  for (let k = 0; k < marks.length; k++)
    if (marks[k].name === `${name}:start` && marks[k + 1]?.name === `${name}:end`)
      out.push([marks[k].ts, marks[k + 1].ts]);
  return out;
}

/** The tasks that overlap a window. */
export const tasksIn = (tasks, [from, to]) => tasks.filter((t) => t.ts < to && t.ts + t.ms * 1000 > from);

// The truth oracle (issue #50): every action a browser test runs through LLMHelper has its report
// checked against the harness's own reading of the page, taken with natives captured before any page
// script: mutation records, form controls' state, focus, URL, scroll, and the events the page received.
// It flags a report the page contradicts: ok when nothing changed, not-ok when the intended change
// happened, and claims (a value, a state, what appeared or went away, a URL, focus) the page does not
// bear out. Each finding is logged as `[llmh-truth] …` on the console, which the test harness turns
// into a failed test. Loaded as an init script (test/support/harness.mjs); it changes nothing the SDK
// does, and reads the SDK's answers only to check them.
/* global MutationObserver, EventTarget, DocumentFragment, Element, Document, Node, HTMLInputElement,
   HTMLTextAreaElement, HTMLSelectElement, location, scrollX, scrollY, getComputedStyle */
(() => {
  if (window.__llmhTruthInstalled) return;
  Object.defineProperty(window, '__llmhTruthInstalled', { value: true });
  const report = console.debug.bind(console);
  // JSON that no page's toJSON (Array.prototype.toJSON on old pages) reaches: the harness's messages.
  const quote = JSON.stringify;
  const keysOf = Object.keys;
  const isArray = Array.isArray;
  const mapOf = Array.prototype.map;
  const json = (v) =>
    v === null || typeof v !== 'object'
      ? (quote(v) ?? 'null')
      : isArray(v)
        ? `[${mapOf.call(v, (x) => json(x)).join(',')}]`
        : `{${keysOf(v)
            .filter((k) => v[k] !== undefined)
            .map((k) => `${quote(k)}:${json(v[k])}`)
            .join(',')}}`;
  const MO = MutationObserver;
  const listen = EventTarget.prototype.addEventListener;
  const qsa = (root, s) =>
    (root.nodeType === 11 ? DocumentFragment : Element).prototype.querySelectorAll.call(root, s);
  const docQsa = (d, s) => Document.prototype.querySelectorAll.call(d, s);
  const closest = (el, s) => Element.prototype.closest.call(el, s);
  const shadowOf = (el) => Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot').get.call(el);
  const textOf = (n) => Object.getOwnPropertyDescriptor(Node.prototype, 'textContent').get.call(n) ?? '';
  const valueGet = {
    INPUT: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').get,
    TEXTAREA: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').get,
    SELECT: Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').get,
  };
  const checkedGet = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked').get;
  const href = () => location.href;
  const styleOf = getComputedStyle;
  const norm = (s) =>
    String(s ?? '')
      .replace(/\s+/g, ' ')
      .trim();

  /** Ambient change: clocks and tickers, and the SDK's own panel, are not the action's doing. */
  const ambient = (node) => {
    const el = node && node.nodeType === 1 ? node : node?.parentElement;
    return !!el && !!closest(el, '[role=timer],[role=marquee],[data-llm-helper-ui]');
  };

  const deepActive = () => {
    let el = document.activeElement;
    for (let i = 0; el && i < 20; i++) {
      const inner = shadowOf(el)?.activeElement;
      if (!inner) break;
      el = inner;
    }
    return el;
  };

  /** The document and the open shadow roots in it (not on huge pages: the walk would be the cost). */
  const roots = () => {
    const out = [document];
    const all = docQsa(document, '*');
    if (all.length > 20000) return out;
    for (const el of all) {
      const s = shadowOf(el);
      if (s) {
        out.push(s);
        for (const inner of qsa(s, '*')) if (shadowOf(inner)) out.push(shadowOf(inner));
      }
    }
    return out;
  };

  /** Form controls' state: value, and checked for boxes. */
  const formState = (rs) => {
    const state = new Map();
    for (const r of rs) {
      const list = r.nodeType === 9 ? docQsa(r, 'input,select,textarea') : qsa(r, 'input,select,textarea');
      if (list.length > 3000) continue;
      for (const f of list) {
        const tag = f.tagName.toUpperCase();
        const type = tag === 'INPUT' ? (f.getAttribute('type') ?? 'text').toLowerCase() : '';
        state.set(f, {
          value: type === 'file' ? [...(f.files ?? [])].map((x) => x.name).join('|') : valueGet[tag].call(f),
          checked: type === 'checkbox' || type === 'radio' ? checkedGet.call(f) : undefined,
        });
      }
    }
    return state;
  };

  const EVENTS = [
    'pointerdown',
    'mousedown',
    'click',
    'dblclick',
    'contextmenu',
    'input',
    'change',
    'keydown',
    'submit',
    'scroll',
  ];
  const watching = new Set();
  for (const type of EVENTS)
    listen.call(
      window,
      type,
      (e) => {
        for (const w of watching) w.events.push({ type: e.type, target: e.composedPath()[0] });
      },
      { capture: true },
    );

  /** What a list or table is made of, as the SDK counts what went away. */
  const ITEMS = 'li:not([role]),tr:not([role]),[role=row],[role=listitem]';
  const shownText = (el) => {
    const r = el.getBoundingClientRect();
    const style = styleOf(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' ? norm(textOf(el)) : null;
  };
  /** The texts of the list items and rows shown now (null on a page of very many). */
  const shownItems = (rs) => {
    const out = [];
    for (const r of rs) {
      const list = r.nodeType === 9 ? docQsa(r, ITEMS) : qsa(r, ITEMS);
      if (out.length + list.length > 3000) return null;
      for (const el of list) {
        const t = shownText(el);
        if (t !== null) out.push(t);
      }
    }
    return out;
  };

  /** An event that does not leave a shadow root (change), heard in each open root as well. */
  const heardIn = new WeakSet();
  const hearInside = (rs) => {
    for (const r of rs)
      if (r.nodeType === 11 && !heardIn.has(r)) {
        heardIn.add(r);
        for (const type of ['change'])
          listen.call(
            r,
            type,
            (e) => {
              for (const w of watching) w.events.push({ type: e.type, target: e.composedPath()[0] });
            },
            { capture: true },
          );
      }
  };

  function start(name, args) {
    const rs = roots();
    hearInside(rs);
    const w = {
      name,
      args,
      url: href(),
      focus: deepActive(),
      scroll: [scrollX, scrollY],
      form: formState(rs),
      items: shownItems(rs),
      events: [],
      records: [],
      observer: null,
    };
    w.observer = new MO((records) => {
      for (const r of records) if (!ambient(r.target)) w.records.push(r);
    });
    for (const r of rs)
      w.observer.observe(r, { subtree: true, childList: true, attributes: true, characterData: true });
    watching.add(w);
    return w;
  }

  /** The harness's reading of what the action changed. */
  function reading(w) {
    for (const r of w.observer.takeRecords()) if (!ambient(r.target)) w.records.push(r);
    w.observer.disconnect();
    watching.delete(w);
    const now = formState(roots());
    const changedFields = [];
    for (const [f, before] of w.form) {
      const after = now.get(f);
      if (after && (after.value !== before.value || after.checked !== before.checked)) changedFields.push(f);
      // A box the page removed reads as it was left (a completed item leaving a filtered list).
      else if (!after && !f.isConnected && isBox(f) && checkedGet.call(f) !== before.checked)
        changedFields.push(f);
    }
    for (const f of now.keys()) if (!w.form.has(f)) changedFields.push(f);
    const added = [];
    const removed = [];
    let attributes = 0;
    let characters = 0;
    for (const r of w.records) {
      if (r.type === 'childList') {
        for (const n of r.addedNodes) added.push(n);
        for (const n of r.removedNodes) removed.push(n);
      } else if (r.type === 'attributes') attributes++;
      else characters++;
    }
    const focusMoved = deepActive() !== w.focus;
    const urlChanged = href() !== w.url;
    const scrolled =
      scrollX !== w.scroll[0] || scrollY !== w.scroll[1] || w.events.some((e) => e.type === 'scroll');
    // A submit the page took (and kept to itself) is a change the page saw.
    const submitted = w.events.some((e) => e.type === 'submit');
    const nothing =
      !w.records.length && !changedFields.length && !focusMoved && !urlChanged && !scrolled && !submitted;
    // The shown items that went: those shown before, less as many shown now with the same text.
    let itemsGone = null;
    /** What those items showed: a list that reuses its elements took these away, whatever it kept. */
    const goneTexts = [];
    const items = shownItems(roots());
    if (w.items && items) {
      const left = new Map();
      for (const t of items) left.set(t, (left.get(t) ?? 0) + 1);
      itemsGone = 0;
      for (const t of w.items) {
        const n = left.get(t) ?? 0;
        if (n) left.set(t, n - 1);
        else {
          itemsGone++;
          goneTexts.push(t);
        }
      }
    }
    return {
      changedFields,
      added,
      removed,
      attributes,
      characters,
      focusMoved,
      urlChanged,
      nothing,
      now,
      itemsGone,
      goneTexts,
    };
  }

  const tagOf = (f) => f.tagName.toUpperCase();
  const fieldValue = (f) =>
    valueGet[tagOf(f)] ? valueGet[tagOf(f)].call(f) : norm(f.innerText ?? textOf(f));
  /** A field only an editor reads from (CodeMirror's, squeezed to a pixel): the editor shows the value. */
  const fedField = (f) => {
    const tiny = (el) => {
      const r = el.getBoundingClientRect();
      return r.width <= 4 || r.height <= 1;
    };
    return tiny(f) || (!!f.parentElement && tiny(f.parentElement));
  };
  /** Text as a person compares it: white space aside (a row's cells run together in textContent). */
  const bare = (s) =>
    String(s ?? '')
      .replace(/\s+/g, '')
      .replace(/…$/, '');
  const isBox = (f) => tagOf(f) === 'INPUT' && /^(checkbox|radio)$/i.test(f.getAttribute('type') ?? '');

  /** Contradictions between the report and the reading; empty when the page bears the report out. */
  function contradictions(w, res, seen) {
    const out = [];
    if (!res || typeof res !== 'object' || typeof res.message !== 'string') return out;
    const { message: msg, ok } = res;
    const changes = res.changes ?? {};
    const says = (re) => re.test(msg);
    const quiet = says(
      /Nothing on the page changed|already|no effect|nothing (?:else )?(?:on the page )?changed/i,
    );
    const acting = /^(click|dblclick|type|select|check|press|clickMenuItem|upload|drag|rightClick)$/.test(
      w.name,
    );
    const away = changes.elsewhere;
    const wentAway =
      !!away && !!(away.tabs.length || away.downloads.length || away.apps.length || away.blocked.length);
    if (
      acting &&
      ok === true &&
      seen.nothing &&
      !quiet &&
      !wentAway &&
      !says(/not sent|did not|cannot|is not |was not /)
    )
      out.push('ok, but the page shows no change at all (no mutation, field, focus, URL or scroll change)');
    if (changes.nothingChanged && (seen.records?.length || seen.changedFields.length || seen.urlChanged))
      out.push(
        `says nothing changed, but the page changed (${seen.added.length} added, ${seen.removed.length} removed, ${seen.attributes} attributes, ${seen.changedFields.length} fields)`,
      );
    if (changes.url && !changes.unloading && changes.url.to !== href())
      out.push(`says the URL is ${changes.url.to}, but it is ${href()}`);
    // Focus said to be somewhere: it is on an element, not nowhere (the page's own).
    const active = deepActive();
    if (changes.focus && (!active || active === document.body))
      out.push(`says focus is on ${changes.focus}, but nothing is focused`);
    if (changes.added && !seen.added.length && !seen.attributes)
      out.push(`says ${changes.added.count} controls appeared, but nothing was added or changed`);
    if ((changes.removed || changes.itemsGone) && !seen.removed.length && !seen.attributes)
      out.push('says something went away, but nothing was removed or changed');
    // Never more gone than a person saw go (a list drawn again alike, or items hidden all along).
    if (changes.itemsGone && seen.itemsGone !== null && changes.itemsGone.count > seen.itemsGone)
      out.push(`says ${changes.itemsGone.count} items went away, but ${seen.itemsGone} shown items did`);
    if (changes.itemsGone)
      for (const t of changes.itemsGone.sample ?? []) {
        const want = bare(t);
        const gone =
          seen.goneTexts.some((g) => bare(g).includes(want)) ||
          seen.removed.some((n) => bare(textOf(n)).includes(want)) ||
          w.records.some((r) => r.type === 'attributes' && bare(textOf(r.target)).includes(want));
        if (!gone) out.push(`says "${t}" went away, but no removed or hidden element said it`);
      }
    // Form state the report states.
    const typedInto = w.events.filter((e) => e.type === 'input').map((e) => e.target);
    // Boxes whose state changed, those the page then removed too (a completed item leaving a filtered
    // list): a detached box still reads as it was left.
    const boxes = [
      ...new Set([
        ...seen.changedFields.filter(isBox),
        ...w.events
          .filter((e) => e.type === 'change' && e.target?.nodeType === 1 && isBox(e.target))
          .map((e) => e.target),
      ]),
    ];
    if (w.name === 'type') {
      const text = String(w.args[1] ?? '');
      const field = typedInto[typedInto.length - 1];
      if (
        field?.isConnected &&
        !fedField(field) &&
        ok === false &&
        !says(/replaced that field|not a text field|disabled|read-only|only takes/)
      ) {
        const v = fieldValue(field);
        if (v === text && text) out.push(`not ok, but the field holds exactly "${text}"`);
      }
      if (
        field &&
        ok === true &&
        typeof changes.value === 'string' &&
        changes.value !== '[redacted]' &&
        !changes.value.endsWith('…') &&
        field.isConnected &&
        !fedField(field) &&
        valueGet[tagOf(field)]
      ) {
        const v = fieldValue(field);
        if (v !== changes.value && norm(v) !== norm(changes.value))
          out.push(`says the value is "${changes.value}", but the field holds "${v}"`);
      }
    }
    if (w.name === 'check') {
      const want = w.args[1] === undefined ? true : !!w.args[1];
      if (
        ok === false &&
        boxes.some((b) => b.isConnected && checkedGet.call(b) === want) &&
        !says(/radio button/)
      )
        out.push(`not ok, but a box is now ${want ? 'checked' : 'unchecked'} as asked`);
      if (
        ok === true &&
        !says(/already/) &&
        !boxes.length &&
        !w.records.some((r) => /^(aria-checked|aria-pressed|class)$/.test(r.attributeName ?? ''))
      )
        out.push(`says ${want ? 'checked' : 'unchecked'}, but no box changed`);
    }
    const now = /it is now (checked|unchecked)/.exec(msg);
    if (now && w.name !== 'check') {
      const want = now[1] === 'checked';
      // A box, aria-checked or aria-pressed, or a switch drawn by its class (View Design's).
      const moved =
        boxes.some((b) => checkedGet.call(b) === want) ||
        w.records.some((r) => /^(aria-checked|aria-pressed|class)$/.test(r.attributeName ?? ''));
      if (!moved) out.push(`says it is now ${now[1]}, but no box became ${now[1]}`);
      // The box the click landed on (or the one its label is for) reads so now.
      const hit = w.events.find((e) => e.type === 'click')?.target;
      const el = hit && (hit.nodeType === 1 ? hit : hit.parentElement);
      const label = el && closest(el, 'label');
      const box = el && isBox(el) ? el : label?.control && isBox(label.control) ? label.control : null;
      if (box?.isConnected && checkedGet.call(box) !== want)
        out.push(
          `says it is now ${now[1]}, but the box it clicked reads ${checkedGet.call(box) ? 'checked' : 'unchecked'}`,
        );
    }
    if (w.name === 'select' && ok === false && typeof w.args[1] === 'string') {
      const want = norm(w.args[1]).toLowerCase();
      for (const f of seen.changedFields)
        if (tagOf(f) === 'SELECT') {
          const o = f.selectedOptions?.[0];
          if (o && (norm(o.value).toLowerCase() === want || norm(o.textContent).toLowerCase() === want))
            out.push(`not ok, but the select now holds "${w.args[1]}"`);
        }
    }
    if (
      (w.name === 'click' || w.name === 'dblclick') &&
      ok === false &&
      says(/so it was not (clicked|double-click)/)
    ) {
      if (w.events.some((e) => e.type === 'click' || e.type === 'mousedown'))
        out.push('says it was not clicked, but the page received a click');
    }
    if (
      (w.name === 'click' || w.name === 'dblclick') &&
      ok === true &&
      says(/^(\S+ )?(Clicked|Double-clicked)/)
    ) {
      if (!w.events.some((e) => e.type === 'click') && !says(/removed it as it was pressed/))
        out.push('says it clicked, but the page received no click');
      if (w.name === 'dblclick' && !w.events.some((e) => e.type === 'dblclick'))
        out.push('says it double-clicked, but the page received no dblclick');
    }
    return out;
  }

  const ACTIONS = [
    'click',
    'dblclick',
    'hover',
    'focus',
    'type',
    'select',
    'check',
    'press',
    'scroll',
    'scrollIntoView',
    'upload',
    'drag',
    'rightClick',
    'clickMenuItem',
  ];

  function wrap(api) {
    if (!api || (typeof api !== 'object' && typeof api !== 'function')) return;
    for (const name of ACTIONS) {
      const real = api[name];
      if (typeof real !== 'function' || real.__truth) continue;
      const checked = async function (...args) {
        const t0 = Date.now();
        const w = start(name, args);
        let res;
        try {
          res = await real.apply(this, args);
        } catch (e) {
          reading(w);
          throw e;
        }
        const seen = reading(w);
        seen.records = w.records;
        // What it sent elsewhere is judged by the harness, against what the browser saw (harness.mjs).
        if (res && typeof res === 'object')
          report(
            `[llmh-away] ${json({
              name: `${name}(${json(args).slice(0, 120)})`,
              t0,
              t1: Date.now(),
              said: res.changes?.elsewhere ?? { tabs: [], downloads: [], apps: [], blocked: [] },
              unloading: !!res.changes?.unloading,
              message: res.message,
            })}`,
          );
        for (const c of contradictions(w, res, seen))
          report(
            `[llmh-truth] ${name}(${JSON.stringify(args).slice(0, 120)}): ${c}. Report: ${JSON.stringify(res.message).slice(0, 400)}`,
          );
        return res;
      };
      Object.defineProperty(checked, '__truth', { value: true });
      try {
        api[name] = checked;
      } catch {
        // A frozen API: left unchecked.
      }
    }
  }

  // The SDK installs itself as window.__llmHelper (and LLMHelper): its actions are wrapped as it does.
  let installed;
  Object.defineProperty(window, '__llmHelper', {
    configurable: true,
    enumerable: false,
    get: () => installed,
    set: (v) => {
      installed = v;
      wrap(v);
    },
  });
})();

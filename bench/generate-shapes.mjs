// Generates app pages of many shapes from a seed: the parts big apps have (tables with and without a
// control in every row, long lists, deep nesting, open shadow roots, same-origin frames, many identical
// widgets, long texts, with the accents, dashes and quotes of real text) in proportions the seed draws,
// at about `target` elements. The same seed gives the same page, so a slow shape can be opened again
// (npm run bench prints the seeds).
//
// Every page has, whatever its mix: one table row named "Order 77777" (in its largest table, which
// `describe` is asked about), a button "Edit" in that row, and "Item" in the text of many elements
// (rows, list items, widgets), so `find('Item', { limit })` has many matches to rank.

import { cardsScript } from './app-page.mjs';

/** A small seeded generator (mulberry32): the same seed, the same numbers. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Elements per unit of each part, to turn a share of the page into a count. */
const PER = {
  controlTable: 11, // tr, 4 td, span, button, input, label…
  plainTable: 5,
  list: 2,
  nest: 11,
  shadow: 6,
  frames: 2,
  widgets: 6,
  texts: 3,
};
const PARTS = Object.keys(PER);

/**
 * The share of the page each part takes for a seed: each part drawn in [0, 1), cubed so a seed often
 * leans on a few parts (as real apps do), with a table always there (the largest table is described).
 */
export function shapeOf(seed) {
  const rnd = random(seed);
  const raw = Object.fromEntries(PARTS.map((p) => [p, rnd() ** 3]));
  if (raw.controlTable + raw.plainTable < 0.05) raw[rnd() < 0.5 ? 'controlTable' : 'plainTable'] += 0.3;
  const total = PARTS.reduce((s, p) => s + raw[p], 0);
  return Object.fromEntries(PARTS.map((p) => [p, raw[p] / total]));
}

/** A one-line account of a shape: `control rows 38%, list 21%, …`. */
export const shapeLine = (shape) =>
  PARTS.filter((p) => shape[p] >= 0.01)
    .sort((a, b) => shape[b] - shape[a])
    .map((p) => `${p} ${Math.round(shape[p] * 100)}%`)
    .join(', ');

/** @param {number} seed @param {number} target */
export function generateShapePage(seed, target) {
  const shape = shapeOf(seed);
  const rnd = random(seed ^ 0x5bd1e995);
  const count = (part) => Math.round((target * shape[part]) / PER[part]);
  const words = [
    'alpha',
    'north',
    'ledger',
    'amber',
    'quota',
    'review',
    'pending',
    'closed',
    'delta',
    'mint',
    // As real pages write: accented names, typographic dashes and quotes, currency signs (any character
    // past Latin-1 makes the browser hold the page's text two bytes a character).
    'Müller',
    'café',
    '—',
    '“draft”',
    '€12',
    'naïve',
  ];
  const word = () => words[Math.floor(rnd() * words.length)];
  const controlRows = count('controlTable');
  const plainRows = count('plainTable');
  // The largest table holds "Order 77777"; a control table's rows end in an Edit button.
  const namedIn = controlRows >= plainRows ? 'control' : 'plain';
  const row = (i, n, controls) => {
    const name = i === Math.floor(n / 2) ? 'Order 77777' : `Item ${i}`;
    return controls
      ? `<tr><td><label><input type="checkbox"> ${name}</label></td><td>${(i * 7) % 1000} EUR</td><td><span>${word()}</span></td><td><button>Edit</button></td></tr>`
      : `<tr><td>${name}</td><td>${word()}</td><td>${(i * 13) % 997}</td><td>${word()}</td></tr>`;
  };
  const table = (n, controls, label) =>
    n
      ? `<table aria-label="${label}"><thead><tr><th>Name</th><th>${controls ? 'Total' : 'State'}</th><th>Kind</th><th>${controls ? 'Action' : 'Note'}</th></tr></thead><tbody>${Array.from({ length: n }, (_, i) => row(i, n, controls)).join('')}</tbody></table>`
      : '';
  const controlTable = table(controlRows, true, namedIn === 'control' ? 'Orders' : 'Tasks');
  const plainTable = table(plainRows, false, namedIn === 'plain' ? 'Orders' : 'Records');
  // An Edit button in the named row either way: a plain table's named row gets one.
  const plain =
    namedIn === 'plain'
      ? plainTable.replace(/(<td>Order 77777<\/td>.*?)<\/tr>/, '$1<td><button>Edit</button></td></tr>')
      : plainTable;
  const list = Array.from(
    { length: count('list') },
    (_, i) => `<li><a href="/i/${i}">Item ${i} ${word()}</a></li>`,
  ).join('');
  const depth = 4 + Math.floor(rnd() * 20);
  const nests = Math.round((target * shape.nest) / (depth + 1));
  const nest = Array.from(
    { length: nests },
    (_, i) => `${'<div>'.repeat(depth)}<span>Note ${i} ${word()}</span>${'</div>'.repeat(depth)}`,
  ).join('');
  const widgets = Array.from(
    { length: count('widgets') },
    (_, i) =>
      `<div class="widget"><span class="icon"></span><b>Item ${i}</b><input aria-label="Qty ${i}" value="1"><button>Add</button><i>${word()}</i></div>`,
  ).join('');
  const texts = Array.from(
    { length: count('texts') },
    (_, i) =>
      `<p>${Array.from({ length: 20 + Math.floor(rnd() * 60) }, word).join(' ')} <em>Item ${i}</em> <a href="#p${i}">more</a></p>`,
  ).join('');
  const frames = Math.min(20, Math.max(shape.frames > 0.01 ? 1 : 0, Math.round(shape.frames * 40)));
  const perFrame = frames ? Math.round((target * shape.frames) / frames / PER.frames) : 0;
  const frameDoc = (f) =>
    `<ul>${Array.from({ length: perFrame }, (_, i) => `<li><a href="#${i}">Frame ${f} item ${i}</a></li>`).join('')}</ul>`;
  const shadows = count('shadow');
  return {
    shape,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>Shape ${seed}</title></head><body>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/orders">Orders</a></nav></header>
<main><h1>Shape ${seed}</h1>
${namedIn === 'control' ? controlTable + plain : plain + controlTable}
<section><h2>List</h2><ul>${list}</ul></section>
<section><h2>Widgets</h2>${widgets}</section>
<section><h2>Notes</h2>${nest}</section>
<section><h2>Texts</h2>${texts}</section>
<section id="cards"><h2>Cards</h2></section>
<section><h2>Frames</h2>${Array.from({ length: frames }, (_, f) => `<iframe title="Frame ${f}" srcdoc="${frameDoc(f).replaceAll('"', '&quot;')}"></iframe>`).join('')}</section>
</main>
${cardsScript(shadows, 'Item detail')}</body></html>`,
  };
}

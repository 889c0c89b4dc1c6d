// Generates a page of about `target` elements with what big real apps have, in the proportions issue
// #35 measured: a big table (half the elements), long lists of links, deeply nested divs, 5% of the
// elements inside open shadow roots (custom elements that attach them as the page loads), and 20
// same-origin iframes. Exactly one table row is named "Order 77777"; "Widget N" texts repeat in the lists.

import { cardsScript } from './app-page.mjs';

/** @param {number} target */
export function generateAppPage(target) {
  const rows = Math.round((target * 0.5) / 8);
  const links = Math.round((target * 0.2) / 2);
  const nests = Math.round((target * 0.2) / 11);
  const shadows = Math.round((target * 0.05) / 5);
  const frames = 20;
  const perFrame = Math.round((target * 0.05) / frames / 2);
  const table = [];
  for (let i = 0; i < rows; i++)
    table.push(
      `<tr><td>${i === Math.floor(rows / 2) ? 'Order 77777' : `Order ${i}`}</td><td>${(i * 7) % 1000} EUR</td><td><span>${i % 3 ? 'open' : 'paid'}</span></td><td><button>Edit</button></td></tr>`,
    );
  const list = [];
  for (let i = 0; i < links; i++) list.push(`<li><a href="/w/${i}">Widget ${i}</a></li>`);
  const nest = [];
  for (let i = 0; i < nests; i++)
    nest.push(`${'<div>'.repeat(10)}<span>Note ${i} in a deep block</span>${'</div>'.repeat(10)}`);
  const frameDoc = (f) =>
    `<ul>${Array.from({ length: perFrame }, (_, i) => `<li><a href="#${i}">Frame ${f} item ${i}</a></li>`).join('')}</ul>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>App ${target}</title></head><body>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/orders">Orders</a></nav></header>
<main><h1>Orders</h1>
<table aria-label="Orders"><thead><tr><th>Order</th><th>Total</th><th>State</th><th>Action</th></tr></thead><tbody>${table.join('')}</tbody></table>
<section><h2>Widgets</h2><ul>${list.join('')}</ul></section>
<section><h2>Notes</h2>${nest.join('')}</section>
<section id="cards"><h2>Cards</h2></section>
<section><h2>Frames</h2>${Array.from({ length: frames }, (_, f) => `<iframe title="Frame ${f}" srcdoc="${frameDoc(f).replaceAll('"', '&quot;')}"></iframe>`).join('')}</section>
</main>
${cardsScript(shadows)}</body></html>`;
}

// Generates an app-like page (sections with tables, lists, forms and prose) of about `target` elements.
// Exactly one row is named "Invoice 2024-03"; every row has a Download button.

/** @param {number} i */
function block(i) {
  const rows = Array.from({ length: 5 }, (_, r) => {
    const n = i * 5 + r;
    const name = `Invoice ${1990 + (n % 30)}-${String((n % 12) + 1).padStart(2, '0')} #${n}`;
    return `<tr><td>${name}</td><td>20${String(n % 100).padStart(2, '0')}-01-31</td><td><span>${n % 900}</span> KB</td><td><button class="btn">Download</button> <a href="/files/${n}">Open</a></td></tr>`;
  }).join('');
  return `<section class="card"><h2>Section ${i}</h2>
<table><thead><tr><th>Name</th><th>Date</th><th>Size</th><th>Actions</th></tr></thead><tbody>${rows}</tbody></table>
<ul><li><a href="/a/${i}">Link ${i} a</a></li><li><a href="/b/${i}">Link ${i} b</a></li></ul>
<form><label>Note ${i} <input name="n${i}"></label> <button type="submit">Save</button></form>
<p>Some <b>bold</b> prose for section ${i}, with <em>inline</em> markup and a <a href="/more/${i}">link</a>.</p></section>`;
}

/** Elements in one block, counted once. */
const PER_BLOCK = 63;

/** @param {number} target */
export function generatePage(target) {
  const blocks = Math.max(1, Math.round(target / PER_BLOCK));
  const parts = [];
  for (let i = 0; i < blocks; i++) parts.push(block(i));
  // The one row to find, in the middle of the page.
  const mid = Math.floor(blocks / 2);
  parts[mid] = parts[mid].replace(/<td>Invoice [^<]*<\/td>/, '<td>Invoice 2024-03</td>');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Generated ${target}</title></head><body>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/files">Files</a></nav></header>
<main><h1>Files</h1>${parts.join('\n')}</main></body></html>`;
}

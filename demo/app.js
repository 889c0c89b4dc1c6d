// Acme Docs: a small internal document library, written for the LLMHelper demo. Plain DOM, no framework.
(() => {
  const customers = ['Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises'];
  const types = ['Invoice', 'Receipt', 'Report'];
  // 60 documents, 2023–2025, the same on every load.
  const docs = Array.from({ length: 60 }, (_, i) => {
    const type = types[i % 3];
    const year = 2023 + (Math.floor(i / 3) % 3);
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String(((i * 7) % 27) + 1).padStart(2, '0');
    return {
      id: i + 1,
      name: `${type}-${year}-${month}-${String(i + 1).padStart(3, '0')}`,
      type,
      date: `${year}-${month}-${day}`,
      customer: customers[i % customers.length],
      amount: type === 'Report' ? '' : `$${((i * 137) % 9000) + 120}.00`,
    };
  });
  window.downloads = [];
  window.deleted = [];
  const state = { type: '', year: '', q: '', sort: 'date', dir: 1 };
  const tbody = document.querySelector('#docs tbody');
  const selected = new Set();

  const shown = () =>
    docs
      .filter((d) => !window.deleted.includes(d.name))
      .filter((d) => (!state.type || d.type === state.type) && (!state.year || d.date.startsWith(state.year)))
      .filter((d) => !state.q || (d.name + ' ' + d.customer).toLowerCase().includes(state.q.toLowerCase()))
      .sort(
        (a, b) => (a[state.sort] < b[state.sort] ? -1 : a[state.sort] > b[state.sort] ? 1 : 0) * state.dir,
      );

  function download(doc) {
    if (window.downloads.includes(doc.name)) return;
    window.downloads.push(doc.name);
    const li = document.createElement('li');
    li.textContent = doc.name;
    document.getElementById('downloads').append(li);
    document.getElementById('tray-empty').hidden = true;
  }

  function render() {
    tbody.replaceChildren();
    for (const d of shown()) {
      const tr = document.createElement('tr');
      tr.dataset.doc = d.name;
      tr.innerHTML = `<td><input type="checkbox" aria-label="Select ${d.name}"></td><td><a href="#${d.name}">${d.name}</a></td><td>${d.type}</td><td>${d.date}</td><td>${d.customer}</td><td>${d.amount}</td><td><button type="button">Download</button></td>`;
      const box = tr.querySelector('input');
      box.checked = selected.has(d.name);
      box.addEventListener('change', () => (box.checked ? selected.add(d.name) : selected.delete(d.name)));
      tr.querySelector('button').addEventListener('click', () => download(d));
      tr.querySelector('a').addEventListener('click', (e) => {
        e.preventDefault();
        document.getElementById('d-title').textContent = d.name;
        document.getElementById('d-body').textContent =
          `${d.type} for ${d.customer}, dated ${d.date}${d.amount ? `, ${d.amount}` : ''}.`;
        document.getElementById('details').showModal();
      });
      tbody.append(tr);
    }
    document.getElementById('count').textContent =
      `${tbody.rows.length} of ${docs.length - window.deleted.length} documents shown.`;
    document.getElementById('select-all').checked = false;
  }

  document
    .getElementById('f-type')
    .addEventListener('change', (e) => ((state.type = e.target.value), selected.clear(), render()));
  document
    .getElementById('f-year')
    .addEventListener('change', (e) => ((state.year = e.target.value), selected.clear(), render()));
  document.getElementById('f-q').addEventListener('input', (e) => ((state.q = e.target.value), render()));
  document.querySelectorAll('th button[data-sort]').forEach((b) =>
    b.addEventListener('click', () => {
      state.dir = state.sort === b.dataset.sort ? -state.dir : 1;
      state.sort = b.dataset.sort;
      render();
    }),
  );
  document.getElementById('select-all').addEventListener('change', (e) => {
    for (const d of shown()) {
      if (e.target.checked) selected.add(d.name);
      else selected.delete(d.name);
    }
    const all = e.target.checked;
    render();
    document.getElementById('select-all').checked = all;
  });
  document.getElementById('download-selected').addEventListener('click', () => {
    for (const d of shown()) if (selected.has(d.name)) download(d);
  });

  // The right-click menu of each row.
  const menu = document.getElementById('menu');
  const exportItem = menu.querySelector('.has-sub');
  let row = null;
  tbody.addEventListener('contextmenu', (e) => {
    const tr = e.target.closest('tr[data-doc]');
    if (!tr) return;
    e.preventDefault();
    row = docs.find((d) => d.name === tr.dataset.doc);
    Object.assign(menu.style, { left: `${e.clientX}px`, top: `${e.clientY}px`, display: 'block' });
  });
  exportItem.addEventListener('mouseenter', () => exportItem.classList.add('open'));
  exportItem.addEventListener('mouseleave', () => exportItem.classList.remove('open'));
  menu.addEventListener('click', (e) => {
    const li = e.target.closest('li[data-act]');
    if (!li || !row) return;
    const act = li.dataset.act;
    if (act === 'download') download(row);
    if (act === 'delete') window.deleted.push(row.name);
    if (act.startsWith('export')) download({ ...row, name: `${row.name}.${act.slice(7)}` });
    if (act === 'rename' || act === 'share') window.lastMenuAction = `${act}:${row.name}`;
    menu.style.display = 'none';
    exportItem.classList.remove('open');
    render();
  });
  document.addEventListener('click', (e) => {
    if (!menu.contains(e.target)) menu.style.display = 'none';
  });
  render();
})();

// The access-request page, built with React 18: every field is a controlled input (React owns the value,
// so typing must go through the events React listens to), with validation and a list of open requests.
(() => {
  const h = React.createElement;
  const SYSTEMS = ['Billing', 'Warehouse', 'HR portal', 'Document library'];
  const empty = { person: '', system: '', level: 'Read', reason: '', urgent: false };
  window.requests = [];

  function App() {
    const [form, setForm] = React.useState(empty);
    const [errors, setErrors] = React.useState({});
    const [list, setList] = React.useState([]);
    const set = (key) => (e) => {
      const v = e.target.type === 'checkbox' ? e.target.checked : e.target.value;
      setForm((f) => ({ ...f, [key]: v }));
    };
    const submit = (e) => {
      e.preventDefault();
      const errs = {};
      if (!form.person.trim()) errs.person = 'Who needs access? Enter a name.';
      if (!form.system) errs.system = 'Pick a system.';
      if (form.reason.trim().length < 10) errs.reason = 'Give a reason of at least 10 characters.';
      setErrors(errs);
      if (Object.keys(errs).length) return;
      const request = { ...form, id: list.length + 1 };
      window.requests.push(request);
      setList((l) => [...l, request]);
      setForm(empty);
    };
    const field = (label, key, input) =>
      h(
        'label',
        { className: 'field' },
        label,
        input,
        errors[key] ? h('span', { className: 'error', role: 'alert' }, errors[key]) : null,
      );
    return h(
      React.Fragment,
      null,
      h(
        'section',
        { className: 'card', 'aria-labelledby': 'req' },
        h('h1', { id: 'req' }, 'Request access'),
        h('p', { className: 'muted' }, 'This page is a React app: every field below is a controlled input.'),
        h(
          'form',
          { 'aria-label': 'Access request', onSubmit: submit, noValidate: true },
          field('Person', 'person', h('input', { value: form.person, onChange: set('person') })),
          field(
            'System',
            'system',
            h(
              'select',
              { value: form.system, onChange: set('system') },
              h('option', { value: '' }, 'Choose…'),
              SYSTEMS.map((s) => h('option', { key: s, value: s }, s)),
            ),
          ),
          h(
            'fieldset',
            null,
            h('legend', null, 'Access level'),
            ['Read', 'Edit', 'Admin'].map((l) =>
              h(
                'label',
                { key: l, style: { marginRight: 14 } },
                h('input', {
                  type: 'radio',
                  name: 'level',
                  value: l,
                  checked: form.level === l,
                  onChange: set('level'),
                }),
                ` ${l}`,
              ),
            ),
          ),
          field('Reason', 'reason', h('textarea', { value: form.reason, onChange: set('reason'), rows: 3 })),
          h(
            'label',
            null,
            h('input', { type: 'checkbox', checked: form.urgent, onChange: set('urgent') }),
            ' Urgent',
          ),
          h('button', { className: 'primary', type: 'submit' }, 'Request access'),
        ),
      ),
      h(
        'section',
        { className: 'card', 'aria-labelledby': 'open' },
        h('h2', { id: 'open' }, 'Open requests'),
        list.length
          ? h(
              'table',
              null,
              h(
                'thead',
                null,
                h(
                  'tr',
                  null,
                  ['#', 'Person', 'System', 'Level', 'Urgent', 'Reason'].map((c) => h('th', { key: c }, c)),
                ),
              ),
              h(
                'tbody',
                null,
                list.map((r) =>
                  h(
                    'tr',
                    { key: r.id },
                    h('td', null, r.id),
                    h('td', null, r.person),
                    h('td', null, r.system),
                    h('td', null, r.level),
                    h('td', null, r.urgent ? 'Yes' : 'No'),
                    h('td', null, r.reason),
                  ),
                ),
              ),
            )
          : h('p', { className: 'muted' }, 'No open requests.'),
      ),
    );
  }
  ReactDOM.createRoot(document.getElementById('root')).render(h(App));
})();

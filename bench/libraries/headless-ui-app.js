// Headless UI 2 on React 18, bundled from npm: a billing dashboard with tabs (TabGroup), an FAQ of
// Disclosures, a folder tree of nested Disclosures, a popover, a dropdown Menu, a Dialog with a form, a
// Listbox of 40+ countries, a feed of posts with icon-only actions (aria-label, title, or the sr-only text
// Tailwind UI uses) and a message view with icon-only actions. Headless UI offers no tree, date picker or
// carousel. Styles are inline, and the tabs' selected look keys on data-selected in headless-ui.html
// (the way Tailwind UI's data-[selected] variant does; no Tailwind here).
// React from test/node_modules by path: the repository root has its own react, which a bare 'react' here
// would resolve to, beside the copy @headlessui/react imports.
import React from '../../test/node_modules/react/index.js';
import { createRoot } from '../../test/node_modules/react-dom/client.js';
import {
  TabGroup,
  TabList,
  Tab,
  TabPanels,
  TabPanel,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Popover,
  PopoverButton,
  PopoverPanel,
  Menu,
  MenuButton,
  MenuItems,
  MenuItem,
  Dialog,
  DialogPanel,
  DialogTitle,
  Description,
  Field,
  Label,
  Input,
  Textarea,
  Listbox,
  ListboxButton,
  ListboxOptions,
  ListboxOption,
} from '@headlessui/react';

const h = React.createElement;
window.state = {};
const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0,0,0,0)',
  whiteSpace: 'nowrap',
  border: 0,
};
const btn = {
  padding: '6px 12px',
  border: '1px solid #d1d5db',
  borderRadius: 6,
  background: '#fff',
  cursor: 'pointer',
};
const primary = { ...btn, background: '#4f46e5', color: '#fff', border: '1px solid #4f46e5' };
const iconBtn = { padding: 4, border: 0, background: 'transparent', cursor: 'pointer', color: '#6b7280' };
const Icon = ({ d }) =>
  h(
    'svg',
    { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': 'true' },
    h('path', { fill: 'currentColor', d }),
  );
const HEART =
  'M12 21l-1.5-1.3C5 15 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3 6.5-8.5 11.2z';
const CHAT = 'M4 4h16v12H7l-3 3z';
const SHARE =
  'M18 16a3 3 0 00-2 .8L8.9 12.7a3 3 0 000-1.4L16 7.2A3 3 0 1015 5l-7 4.1a3 3 0 100 5.8l7.1 4.2A3 3 0 1018 16z';
const TRASH = 'M6 7h12l-1 14H7zm3-4h6l1 2h4v2H4V5h4z';
const REPLY = 'M10 9V5l-7 7 7 7v-4c5 0 8.5 1.6 11 5-1-5-4-10-11-11z';
const FORWARD = 'M14 9V5l7 7-7 7v-4c-5 0-8.5 1.6-11 5 1-5 4-10 11-11z';
const ARCHIVE = 'M3 3h18v4H3zm1 5h16v13H4zm5 3v2h6v-2z';
const CHEVRON = 'M7 10l5 5 5-5z';
const FOLDER = 'M10 4H4a2 2 0 00-2 2v12a2 2 0 002 2h16a2 2 0 002-2V8a2 2 0 00-2-2h-8z';
const FILE = 'M6 2a2 2 0 00-2 2v16a2 2 0 002 2h12a2 2 0 002-2V8l-6-6zm7 7V3.5L18.5 9z';
const countries = [
  'Argentina',
  'Australia',
  'Austria',
  'Belgium',
  'Brazil',
  'Bulgaria',
  'Canada',
  'Chile',
  'China',
  'Colombia',
  'Croatia',
  'Czechia',
  'Denmark',
  'Egypt',
  'Estonia',
  'Finland',
  'France',
  'Germany',
  'Greece',
  'Hungary',
  'Iceland',
  'India',
  'Indonesia',
  'Ireland',
  'Israel',
  'Italy',
  'Japan',
  'Kenya',
  'Latvia',
  'Lithuania',
  'Mexico',
  'Morocco',
  'Netherlands',
  'New Zealand',
  'Nigeria',
  'Norway',
  'Peru',
  'Poland',
  'Portugal',
  'Romania',
  'Spain',
  'Sweden',
  'Switzerland',
  'Turkey',
  'Ukraine',
  'United Kingdom',
  'United States',
  'Vietnam',
];
const posts = [
  { id: 1, author: 'Sam', text: 'Invoice run for May is complete.' },
  { id: 2, author: 'Riley', text: 'Two cards failed, retrying tonight.' },
  { id: 3, author: 'Alex', text: 'New tax rates apply from June.' },
];
const row = {
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  width: '100%',
  textAlign: 'left',
  padding: '4px 6px',
  border: 0,
  background: 'none',
  cursor: 'pointer',
};

function Folder({ name, depth = 0, children }) {
  return h(
    Disclosure,
    null,
    h(DisclosureButton, { style: { ...row, paddingLeft: 6 + depth * 18 } }, ({ open }) => [
      h(
        'span',
        { key: 'a', style: { display: 'inline-block', transform: open ? 'rotate(0)' : 'rotate(-90deg)' } },
        h(Icon, { d: CHEVRON }),
      ),
      h(Icon, { key: 'f', d: FOLDER }),
      h('span', { key: 'b' }, name),
    ]),
    h(DisclosurePanel, null, children),
  );
}
const FileRow = ({ name, depth }) =>
  h(
    'a',
    { href: '#' + name, style: { ...row, display: 'block', paddingLeft: 30 + depth * 18, color: '#111' } },
    h(Icon, { d: FILE }),
    ' ',
    name,
  );

function App() {
  const [dialog, setDialog] = React.useState(false);
  const [country, setCountry] = React.useState(null);
  return h(
    'div',
    { style: { fontFamily: 'system-ui, sans-serif', color: '#111' } },
    h(
      'header',
      {
        style: {
          display: 'flex',
          gap: 18,
          alignItems: 'center',
          padding: '10px 20px',
          background: '#111827',
        },
      },
      h('strong', { style: { color: '#fff', marginRight: 16 } }, 'Billing'),
      ...['Dashboard', 'Invoices', 'Customers', 'Subscriptions', 'Payouts', 'Taxes', 'Settings'].map((n) =>
        h(
          'a',
          { key: n, href: '#' + n.toLowerCase(), style: { color: '#e5e7eb', textDecoration: 'none' } },
          n,
        ),
      ),
    ),
    h(
      'main',
      { style: { padding: '16px 20px', display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24 } },
      h(
        'section',
        null,
        h('h2', { style: { fontSize: 16 } }, 'Customer: Initech'),
        h(
          TabGroup,
          null,
          h(
            TabList,
            { style: { display: 'flex', borderBottom: '1px solid #e5e7eb' } },
            h(Tab, { className: 'tab' }, 'Overview'),
            h(Tab, { className: 'tab' }, 'Invoices'),
            h(Tab, { className: 'tab' }, 'Payment methods'),
          ),
          h(
            TabPanels,
            { style: { padding: '10px 0' } },
            h(
              TabPanel,
              null,
              h('p', null, 'Customer since 2021, on the Growth plan.'),
              h('button', { style: btn }, 'Change plan'),
            ),
            h(
              TabPanel,
              null,
              h('p', null, '3 open invoices.'),
              h('button', { style: btn }, 'Send reminders'),
              ' ',
              h('a', { href: '#inv-2041' }, 'Invoice 2041'),
            ),
            h(
              TabPanel,
              null,
              h('p', null, 'Visa ending 4242.'),
              h('button', { style: btn }, 'Add card'),
              ' ',
              h('a', { href: '#card-history' }, 'Card history'),
            ),
          ),
        ),
      ),
      h(
        'section',
        null,
        h('h2', { style: { fontSize: 16 } }, 'FAQ'),
        ...[
          ['Why did a payment fail?', 'Cards can be declined by the bank.', 'Retry rules', 'Retry now'],
          [
            'How are refunds handled?',
            'Refunds return to the original card.',
            'Refund policy',
            'Issue refund',
          ],
          ['When are payouts sent?', 'Every Monday.', 'Payout schedule', null],
        ].map(([q, a, link, action]) =>
          h(
            Disclosure,
            { key: q, as: 'div', style: { borderBottom: '1px solid #e5e7eb' } },
            h(
              DisclosureButton,
              { style: { ...row, padding: '10px 0', justifyContent: 'space-between' } },
              q,
              h(Icon, { d: CHEVRON }),
            ),
            h(
              DisclosurePanel,
              { style: { paddingBottom: 10 } },
              h('p', null, a),
              h('a', { href: '#' + link.toLowerCase().replace(/ /g, '-') }, link),
              action ? [' ', h('button', { key: 'x', style: btn }, action)] : null,
            ),
          ),
        ),
        h(
          Popover,
          { style: { position: 'relative', marginTop: 12 } },
          h(PopoverButton, { style: btn }, 'Quick links'),
          h(
            PopoverPanel,
            {
              anchor: 'bottom start',
              style: {
                background: '#fff',
                border: '1px solid #d1d5db',
                borderRadius: 6,
                padding: 8,
                display: 'grid',
                gap: 4,
                zIndex: 10,
              },
            },
            h('a', { href: '#stripe-dashboard' }, 'Stripe dashboard'),
            h('a', { href: '#tax-reports' }, 'Tax reports'),
            h('a', { href: '#audit-log' }, 'Audit log'),
          ),
        ),
      ),
      h(
        'section',
        null,
        h('h2', { style: { fontSize: 16 } }, 'Exports'),
        h(
          'div',
          { role: 'group', 'aria-label': 'Export folders' },
          h(
            Folder,
            { name: '2025' },
            h(
              Folder,
              { name: 'Q1', depth: 1 },
              h(FileRow, { name: 'january.csv', depth: 2 }),
              h(FileRow, { name: 'february.csv', depth: 2 }),
            ),
            h(FileRow, { name: 'summary-2025.pdf', depth: 1 }),
            h(FileRow, { name: 'tax-2025.pdf', depth: 1 }),
          ),
          h(
            Folder,
            { name: '2024' },
            h(FileRow, { name: 'summary-2024.pdf', depth: 1 }),
            h(FileRow, { name: 'tax-2024.pdf', depth: 1 }),
          ),
          h(FileRow, { name: 'readme.txt', depth: 0 }),
        ),
      ),
      h(
        'section',
        null,
        h('h2', { style: { fontSize: 16 } }, 'Actions'),
        h(
          'div',
          { style: { display: 'flex', gap: 8 } },
          h(
            Menu,
            null,
            h(MenuButton, { style: primary }, 'Invoice actions ▾'),
            h(
              MenuItems,
              {
                anchor: 'bottom start',
                style: {
                  background: '#fff',
                  border: '1px solid #d1d5db',
                  borderRadius: 6,
                  padding: 4,
                  display: 'grid',
                  minWidth: 180,
                  zIndex: 10,
                },
              },
              ...['Send invoice', 'Duplicate', 'Download PDF', 'Void invoice'].map((x) =>
                h(
                  MenuItem,
                  { key: x },
                  h(
                    'button',
                    {
                      style: { ...row, padding: 6 },
                      onClick: () => {
                        window.state.menu = x;
                      },
                    },
                    x,
                  ),
                ),
              ),
            ),
          ),
          h('button', { style: btn, onClick: () => setDialog(true) }, 'New customer'),
        ),
        h(
          Dialog,
          { open: dialog, onClose: () => setDialog(false), style: { position: 'relative', zIndex: 50 } },
          h('div', {
            style: { position: 'fixed', inset: 0, background: 'rgba(0,0,0,.3)' },
            'aria-hidden': 'true',
          }),
          h(
            'div',
            {
              style: {
                position: 'fixed',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              },
            },
            h(
              DialogPanel,
              {
                style: {
                  background: '#fff',
                  padding: 20,
                  borderRadius: 8,
                  width: 420,
                  display: 'grid',
                  gap: 10,
                },
              },
              h(DialogTitle, { style: { fontWeight: 600 } }, 'New customer'),
              h(Description, null, 'They will get a welcome email.'),
              h(
                Field,
                { style: { display: 'grid', gap: 4 } },
                h(Label, null, 'Company'),
                h(Input, { name: 'company', style: { padding: 6, border: '1px solid #d1d5db' } }),
              ),
              h(
                Field,
                { style: { display: 'grid', gap: 4 } },
                h(Label, null, 'Billing email'),
                h(Input, {
                  name: 'email',
                  type: 'email',
                  style: { padding: 6, border: '1px solid #d1d5db' },
                }),
              ),
              h(
                'div',
                { style: { display: 'flex', gap: 8, justifyContent: 'flex-end' } },
                h('button', { style: btn, onClick: () => setDialog(false) }, 'Cancel'),
                h('button', { style: primary, onClick: () => setDialog(false) }, 'Create customer'),
              ),
            ),
          ),
        ),
        h(
          Field,
          { style: { marginTop: 16, display: 'grid', gap: 4, width: 260 } },
          h(Label, null, 'Country'),
          h(
            Listbox,
            { value: country, onChange: setCountry },
            h(ListboxButton, { style: { ...btn, textAlign: 'left' } }, country ?? 'Select a country'),
            h(
              ListboxOptions,
              {
                anchor: 'bottom start',
                style: {
                  background: '#fff',
                  border: '1px solid #d1d5db',
                  borderRadius: 6,
                  maxHeight: 240,
                  overflow: 'auto',
                  width: 260,
                  zIndex: 10,
                },
              },
              ...countries.map((c) =>
                h(ListboxOption, { key: c, value: c, style: { padding: '6px 10px', cursor: 'pointer' } }, c),
              ),
            ),
          ),
        ),
      ),
      h(
        'section',
        null,
        h('h2', { style: { fontSize: 16 } }, 'Team feed'),
        h(
          'ul',
          { role: 'list', style: { listStyle: 'none', padding: 0 } },
          ...posts.map((p) =>
            h(
              'li',
              {
                key: p.id,
                style: {
                  display: 'flex',
                  justifyContent: 'space-between',
                  borderBottom: '1px solid #e5e7eb',
                  padding: '6px 0',
                },
              },
              h('span', null, h('b', null, p.author), ': ', p.text),
              h(
                'span',
                null,
                h('button', { style: iconBtn, 'aria-label': 'Like' }, h(Icon, { d: HEART })),
                h(
                  'button',
                  { style: iconBtn },
                  h('span', { style: srOnly }, 'Comment'),
                  h(Icon, { d: CHAT }),
                ),
                h('button', { style: iconBtn, title: 'Share' }, h(Icon, { d: SHARE })),
                h('button', { style: iconBtn, 'aria-label': 'Delete post' }, h(Icon, { d: TRASH })),
              ),
            ),
          ),
        ),
      ),
      h(
        'section',
        null,
        h('h2', { style: { fontSize: 16 } }, 'Message'),
        h(
          'article',
          { style: { border: '1px solid #e5e7eb', borderRadius: 8, padding: 14 } },
          h(
            'div',
            { style: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' } },
            h('span', null, h('b', null, 'Card declined'), ' — from Payments bot'),
            h(
              'span',
              null,
              h('button', { style: iconBtn, title: 'Reply' }, h(Icon, { d: REPLY })),
              h(
                'button',
                { style: iconBtn },
                h('span', { style: srOnly }, 'Forward'),
                h(Icon, { d: FORWARD }),
              ),
              h('button', { style: iconBtn, 'aria-label': 'Archive' }, h(Icon, { d: ARCHIVE })),
              h('button', { style: iconBtn, title: 'Delete message' }, h(Icon, { d: TRASH })),
            ),
          ),
          h('p', null, "Initech's card ending 4242 was declined for invoice 2041. We will retry tomorrow."),
        ),
      ),
    ),
    h(
      'footer',
      { style: { display: 'flex', gap: 16, padding: '12px 20px', background: '#f3f4f6' } },
      ...['Help', 'Privacy', 'Terms', 'Status', 'Contact'].map((n) =>
        h('a', { key: n, href: '#' + n.toLowerCase() }, n),
      ),
    ),
  );
}

createRoot(document.getElementById('root')).render(h(App));

// Ant Design 5 on React 18 (bundled from npm, with @ant-design/icons): a warehouse console with tabs, a
// collapse, a directory tree that opens folders on a click of their row, a dropdown button with a submenu,
// a modal with a form, a date picker, a carousel of linked slides with arrows, a select of 40+ countries,
// a feed (List) of posts with icon-only actions under tooltips, and a message card with icon-only actions.
// React from test/node_modules by path: the repository root has its own react, which a bare 'react' here
// would resolve to, beside the copy antd imports.
import React from '../../test/node_modules/react/index.js';
import { createRoot } from '../../test/node_modules/react-dom/client.js';
import {
  ConfigProvider,
  Layout,
  Tabs,
  Collapse,
  Tree,
  Dropdown,
  Button,
  Modal,
  Form,
  Input,
  DatePicker,
  Carousel,
  Select,
  List,
  Tooltip,
  Card,
  Space,
  Typography,
  Row,
  Col,
} from 'antd';
import {
  DownOutlined,
  LikeOutlined,
  MessageOutlined,
  ShareAltOutlined,
  DeleteOutlined,
  RollbackOutlined,
  ArrowRightOutlined,
  StarOutlined,
  InboxOutlined,
} from '@ant-design/icons';

const h = React.createElement;
window.state = {};
const svg = (bg, text) =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><rect width="400" height="160" fill="${bg}"/><text x="20" y="90" font-size="28" fill="#fff">${text}</text></svg>`,
  );
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
const slides = [
  { title: 'Peak season prep', href: '#peak', bg: '#1677ff' },
  { title: 'New dock doors', href: '#docks', bg: '#52c41a' },
  { title: 'Safety week', href: '#safety', bg: '#fa8c16' },
];
const treeData = [
  {
    title: 'Inbound',
    key: 'inbound',
    children: [
      {
        title: 'Purchase orders',
        key: 'po',
        children: [
          { title: 'PO-7781.pdf', key: 'po1', isLeaf: true },
          { title: 'PO-7782.pdf', key: 'po2', isLeaf: true },
        ],
      },
      { title: 'asn-march.csv', key: 'asn', isLeaf: true },
      { title: 'carriers.xlsx', key: 'carriers', isLeaf: true },
    ],
  },
  {
    title: 'Outbound',
    key: 'outbound',
    children: [
      { title: 'pick-lists.pdf', key: 'pick', isLeaf: true },
      { title: 'labels.zpl', key: 'labels', isLeaf: true },
    ],
  },
  { title: 'layout.png', key: 'layout', isLeaf: true },
];
const menuItems = [
  { key: 'receive', label: 'Receive shipment' },
  {
    key: 'move',
    label: 'Move stock',
    children: [
      { key: 'aisle-a', label: 'Aisle A' },
      { key: 'aisle-b', label: 'Aisle B' },
      { key: 'overflow', label: 'Overflow' },
    ],
  },
  { key: 'count', label: 'Cycle count' },
  { type: 'divider' },
  { key: 'writeoff', label: 'Write off', danger: true },
];
const posts = [
  { id: 1, author: 'Priya', text: 'Dock 3 is back in service.' },
  { id: 2, author: 'Tom', text: 'Cycle count for aisle B is done, 2 variances.' },
  { id: 3, author: 'Mei', text: 'Carrier pickup moved to 4pm today.' },
];

function App() {
  const [open, setOpen] = React.useState(false);
  const postActions = [
    h(
      Tooltip,
      { title: 'Like', key: 'like' },
      h(Button, { type: 'text', shape: 'circle', icon: h(LikeOutlined) }),
    ),
    h(
      Tooltip,
      { title: 'Comment', key: 'comment' },
      h(Button, { type: 'text', shape: 'circle', icon: h(MessageOutlined) }),
    ),
    h(Button, {
      key: 'share',
      type: 'text',
      shape: 'circle',
      icon: h(ShareAltOutlined),
      'aria-label': 'Share',
    }),
    h(Button, {
      key: 'delete',
      type: 'text',
      shape: 'circle',
      danger: true,
      icon: h(DeleteOutlined),
      title: 'Delete post',
    }),
  ];
  return h(
    Layout,
    { style: { minHeight: '100vh' } },
    h(
      Layout.Header,
      { style: { display: 'flex', gap: 20, alignItems: 'center' } },
      h('strong', { style: { color: '#fff', marginRight: 16 } }, 'Warehouse'),
      ...['Overview', 'Inventory', 'Orders', 'Shipments', 'Suppliers', 'Reports'].map((n) =>
        h('a', { key: n, href: '#' + n.toLowerCase(), style: { color: '#fff' } }, n),
      ),
    ),
    h(
      Layout.Content,
      { style: { padding: '16px 24px' } },
      h(
        Row,
        { gutter: [24, 24] },
        h(
          Col,
          { span: 12 },
          h(Typography.Title, { level: 5 }, 'SKU 10442 — Pallet wrap'),
          h(Tabs, {
            defaultActiveKey: 'stock',
            items: [
              {
                key: 'stock',
                label: 'Stock',
                children: h(
                  'div',
                  null,
                  h('p', null, '1,240 rolls in aisle A.'),
                  h(Button, null, 'Adjust stock'),
                ),
              },
              {
                key: 'movements',
                label: 'Movements',
                children: h(
                  'div',
                  null,
                  h('p', null, '18 movements this week.'),
                  h(Button, null, 'Export movements'),
                  ' ',
                  h('a', { href: '#movement-log' }, 'Movement log'),
                ),
              },
              {
                key: 'suppliers',
                label: 'Suppliers',
                children: h(
                  'div',
                  null,
                  h('p', null, 'Two suppliers.'),
                  h(Button, null, 'Add supplier'),
                  ' ',
                  h('a', { href: '#supplier-terms' }, 'Supplier terms'),
                ),
              },
            ],
          }),
        ),
        h(
          Col,
          { span: 12 },
          h(Typography.Title, { level: 5 }, 'Procedures'),
          h(Collapse, {
            items: [
              {
                key: 'receiving',
                label: 'Receiving',
                children: h(
                  'div',
                  null,
                  h('p', null, 'Scan every pallet.'),
                  h('a', { href: '#receiving-sop' }, 'Receiving SOP'),
                ),
              },
              {
                key: 'returns',
                label: 'Returns',
                children: h(
                  'div',
                  null,
                  h('p', null, 'Inspect within 48 hours.'),
                  h('a', { href: '#returns-sop' }, 'Returns SOP'),
                  ' ',
                  h(Button, { size: 'small' }, 'Start a return'),
                ),
              },
              {
                key: 'hazmat',
                label: 'Hazardous goods',
                children: h(
                  'div',
                  null,
                  h('p', null, 'Store in cage 2.'),
                  h('a', { href: '#hazmat' }, 'Hazmat rules'),
                ),
              },
            ],
          }),
        ),
        h(
          Col,
          { span: 12 },
          h(Typography.Title, { level: 5 }, 'Documents'),
          h(Tree.DirectoryTree, {
            treeData,
            onSelect: (keys) => {
              window.state.file = keys[0];
            },
          }),
        ),
        h(
          Col,
          { span: 12 },
          h(Typography.Title, { level: 5 }, 'Actions'),
          h(
            Space,
            null,
            h(
              Dropdown,
              {
                menu: {
                  items: menuItems,
                  onClick: ({ key }) => {
                    window.state.menu = key;
                  },
                },
                trigger: ['click'],
              },
              h(Button, { type: 'primary' }, h(Space, null, 'Stock actions', h(DownOutlined))),
            ),
            h(Button, { onClick: () => setOpen(true) }, 'Book a pickup'),
          ),
          h(
            Modal,
            {
              title: 'Book a pickup',
              open,
              okText: 'Book',
              onOk: () => setOpen(false),
              onCancel: () => setOpen(false),
            },
            h(
              Form,
              { layout: 'vertical' },
              h(Form.Item, { label: 'Carrier', name: 'carrier' }, h(Input, { placeholder: 'Carrier name' })),
              h(
                Form.Item,
                { label: 'Pallets', name: 'pallets' },
                h(Input, { placeholder: 'How many pallets' }),
              ),
            ),
          ),
          h(
            Form,
            { layout: 'horizontal', labelCol: { span: 6 }, style: { marginTop: 16, maxWidth: 420 } },
            h(Form.Item, { label: 'Ship date', name: 'ship' }, h(DatePicker, { placeholder: 'Pick a day' })),
            h(
              Form.Item,
              { label: 'Country', name: 'country' },
              h(Select, {
                placeholder: 'Select a country',
                style: { width: 240 },
                options: countries.map((c) => ({ value: c, label: c })),
              }),
            ),
          ),
        ),
        h(
          Col,
          { span: 12 },
          h(Typography.Title, { level: 5 }, 'Notices'),
          h(
            Carousel,
            { arrows: true, dots: true },
            ...slides.map((s) =>
              h(
                'div',
                { key: s.href },
                h(
                  'a',
                  { href: s.href },
                  h('img', {
                    src: svg(s.bg, s.title),
                    alt: s.title,
                    style: { width: '100%', height: 160, objectFit: 'cover' },
                  }),
                ),
              ),
            ),
          ),
        ),
        h(
          Col,
          { span: 12 },
          h(Typography.Title, { level: 5 }, 'Floor feed'),
          h(List, {
            itemLayout: 'horizontal',
            dataSource: posts,
            renderItem: (p) =>
              h(
                List.Item,
                { actions: postActions },
                h(List.Item.Meta, { title: p.author, description: p.text }),
              ),
          }),
        ),
        h(
          Col,
          { span: 12 },
          h(Typography.Title, { level: 5 }, 'Message'),
          h(
            Card,
            {
              title: 'Late container — from Port Authority',
              extra: h(
                Space,
                null,
                h(Tooltip, { title: 'Reply' }, h(Button, { type: 'text', icon: h(RollbackOutlined) })),
                h(Tooltip, { title: 'Forward' }, h(Button, { type: 'text', icon: h(ArrowRightOutlined) })),
                h(Button, { type: 'text', icon: h(StarOutlined), 'aria-label': 'Star' }),
                h(Button, { type: 'text', icon: h(InboxOutlined), title: 'Archive' }),
              ),
            },
            h('p', null, 'Container MSCU-221 is delayed two days at the port. New ETA is Thursday.'),
          ),
        ),
      ),
    ),
    h(
      Layout.Footer,
      { style: { display: 'flex', gap: 16 } },
      ...['Help', 'Privacy', 'Terms', 'Status', 'Contact'].map((n) =>
        h('a', { key: n, href: '#' + n.toLowerCase() }, n),
      ),
    ),
  );
}

createRoot(document.getElementById('root')).render(h(ConfigProvider, null, h(App)));

// Mantine 7 on React 18, bundled from npm (its styles.css linked by mantine.html): a content CMS with Tabs,
// an Accordion, a Collapse toggled by a button (useDisclosure, as its docs teach), a Tree of folders, a
// Menu, a Modal with a form, a Select of 40+ countries, a feed of posts with icon-only ActionIcons (Tooltip,
// aria-label or title) and a message view with icon-only actions. The date pickers and carousel live in
// @mantine/dates and @mantine/carousel, not installed here.
// React from test/node_modules by path: the repository root has its own react, which a bare 'react' here
// would resolve to, beside the copy @mantine/core imports.
import React from '../../test/node_modules/react/index.js';
import { createRoot } from '../../test/node_modules/react-dom/client.js';
import {
  MantineProvider,
  AppShell,
  Group,
  Anchor,
  Title,
  Text,
  Tabs,
  Accordion,
  Collapse,
  Button,
  Tree,
  Menu,
  Modal,
  TextInput,
  Textarea,
  Select,
  ActionIcon,
  Tooltip,
  Card,
  SimpleGrid,
  Stack,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

const h = React.createElement;
window.state = {};
const Icon = ({ d }) =>
  h(
    'svg',
    { width: 16, height: 16, viewBox: '0 0 24 24', 'aria-hidden': 'true' },
    h('path', { fill: 'currentColor', d }),
  );
const HEART =
  'M12 21l-1.5-1.3C5 15 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3 6.5-8.5 11.2z';
const CHAT = 'M4 4h16v12H7l-3 3z';
const PIN = 'M16 3l5 5-3 1-4 4 1 5-2 2-4-4-5 5-1-1 5-5-4-4 2-2 5 1 4-4z';
const TRASH = 'M6 7h12l-1 14H7zm3-4h6l1 2h4v2H4V5h4z';
const REPLY = 'M10 9V5l-7 7 7 7v-4c5 0 8.5 1.6 11 5-1-5-4-10-11-11z';
const FORWARD = 'M14 9V5l7 7-7 7v-4c-5 0-8.5 1.6-11 5 1-5 4-10 11-11z';
const ARCHIVE = 'M3 3h18v4H3zm1 5h16v13H4zm5 3v2h6v-2z';
const CHEVRON = 'M7 10l5 5 5-5z';
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
const treeData = [
  {
    value: 'blog',
    label: 'Blog',
    children: [
      {
        value: 'blog/drafts',
        label: 'Drafts',
        children: [
          { value: 'blog/drafts/launch.md', label: 'launch.md' },
          { value: 'blog/drafts/pricing.md', label: 'pricing.md' },
        ],
      },
      { value: 'blog/hello.md', label: 'hello.md' },
      { value: 'blog/roadmap.md', label: 'roadmap.md' },
    ],
  },
  {
    value: 'pages',
    label: 'Pages',
    children: [
      { value: 'pages/about.md', label: 'about.md' },
      { value: 'pages/contact.md', label: 'contact.md' },
    ],
  },
  { value: 'robots.txt', label: 'robots.txt' },
];
const posts = [
  { id: 1, author: 'Nina', text: 'Published the spring newsletter.' },
  { id: 2, author: 'Omar', text: 'Alt text added to 40 images.' },
  { id: 3, author: 'Lena', text: 'SEO review is scheduled for Thursday.' },
];

function App() {
  const [seoOpen, seo] = useDisclosure(false);
  const [modal, modalHandlers] = useDisclosure(false);
  return h(
    AppShell,
    { header: { height: 52 }, footer: { height: 44 }, padding: 'md' },
    h(
      AppShell.Header,
      null,
      h(
        Group,
        { h: '100%', px: 'md', gap: 'lg' },
        h(Text, { fw: 700 }, 'CMS'),
        ...['Content', 'Media', 'Authors', 'Comments', 'Analytics', 'Settings'].map((n) =>
          h(Anchor, { key: n, href: '#' + n.toLowerCase() }, n),
        ),
      ),
    ),
    h(
      AppShell.Main,
      null,
      h(
        SimpleGrid,
        { cols: 2, spacing: 'xl' },
        h(
          Stack,
          null,
          h(Title, { order: 4 }, 'Article: Spring launch'),
          h(
            Tabs,
            { defaultValue: 'content' },
            h(
              Tabs.List,
              null,
              h(Tabs.Tab, { value: 'content' }, 'Content'),
              h(Tabs.Tab, { value: 'seo' }, 'SEO'),
              h(Tabs.Tab, { value: 'revisions' }, 'Revisions'),
            ),
            h(
              Tabs.Panel,
              { value: 'content', pt: 'xs' },
              h(Text, null, '1,200 words, 3 images.'),
              h(Button, { variant: 'default' }, 'Edit content'),
            ),
            h(
              Tabs.Panel,
              { value: 'seo', pt: 'xs' },
              h(Text, null, 'Meta description is missing.'),
              h(Button, { variant: 'default' }, 'Write description'),
              ' ',
              h(Anchor, { href: '#seo-guide' }, 'SEO guide'),
            ),
            h(
              Tabs.Panel,
              { value: 'revisions', pt: 'xs' },
              h(Text, null, '7 revisions.'),
              h(Button, { variant: 'default' }, 'Compare revisions'),
              ' ',
              h(Anchor, { href: '#rev-7' }, 'Revision 7'),
            ),
          ),
        ),
        h(
          Stack,
          null,
          h(Title, { order: 4 }, 'Style guide'),
          h(
            Accordion,
            { variant: 'separated' },
            h(
              Accordion.Item,
              { value: 'tone' },
              h(Accordion.Control, null, 'Tone of voice'),
              h(
                Accordion.Panel,
                null,
                h(Text, null, 'Friendly, short sentences.'),
                h(Anchor, { href: '#tone' }, 'Tone examples'),
              ),
            ),
            h(
              Accordion.Item,
              { value: 'images' },
              h(Accordion.Control, null, 'Images'),
              h(
                Accordion.Panel,
                null,
                h(Text, null, 'Always add alt text.'),
                h(Anchor, { href: '#image-rules' }, 'Image rules'),
                ' ',
                h(Button, { size: 'xs', variant: 'light' }, 'Open media library'),
              ),
            ),
            h(
              Accordion.Item,
              { value: 'links' },
              h(Accordion.Control, null, 'Links'),
              h(
                Accordion.Panel,
                null,
                h(Text, null, 'Link to sources.'),
                h(Anchor, { href: '#link-rules' }, 'Link rules'),
              ),
            ),
          ),
          h(Button, { variant: 'subtle', onClick: seo.toggle, w: 'fit-content' }, 'Advanced settings'),
          h(
            Collapse,
            { in: seoOpen },
            h(
              Stack,
              { gap: 'xs' },
              h(TextInput, { label: 'Canonical URL', placeholder: 'https://…' }),
              h(Anchor, { href: '#redirects' }, 'Manage redirects'),
            ),
          ),
        ),
        h(
          Stack,
          null,
          h(Title, { order: 4 }, 'Files'),
          h(Tree, {
            data: treeData,
            levelOffset: 23,
            renderNode: ({ node, expanded, hasChildren, elementProps }) =>
              h(
                Group,
                { gap: 5, ...elementProps },
                hasChildren &&
                  h(
                    'span',
                    {
                      style: {
                        display: 'inline-block',
                        transform: expanded ? 'rotate(0)' : 'rotate(-90deg)',
                      },
                    },
                    h(Icon, { d: CHEVRON }),
                  ),
                h('span', null, node.label),
              ),
          }),
        ),
        h(
          Stack,
          null,
          h(Title, { order: 4 }, 'Actions'),
          h(
            Group,
            null,
            h(
              Menu,
              { shadow: 'md', width: 200 },
              h(Menu.Target, null, h(Button, null, 'Publish options')),
              h(
                Menu.Dropdown,
                null,
                h(Menu.Label, null, 'Article'),
                h(
                  Menu.Item,
                  {
                    onClick: () => {
                      window.state.menu = 'publish';
                    },
                  },
                  'Publish now',
                ),
                h(
                  Menu.Item,
                  {
                    onClick: () => {
                      window.state.menu = 'schedule';
                    },
                  },
                  'Schedule',
                ),
                h(
                  Menu.Item,
                  {
                    onClick: () => {
                      window.state.menu = 'preview';
                    },
                  },
                  'Preview',
                ),
                h(Menu.Divider),
                h(
                  Menu.Item,
                  {
                    color: 'red',
                    onClick: () => {
                      window.state.menu = 'unpublish';
                    },
                  },
                  'Unpublish',
                ),
              ),
            ),
            h(Button, { variant: 'default', onClick: modalHandlers.open }, 'New author'),
          ),
          h(
            Modal,
            { opened: modal, onClose: modalHandlers.close, title: 'New author' },
            h(
              Stack,
              null,
              h(TextInput, { label: 'Name', placeholder: 'Author name' }),
              h(Textarea, { label: 'Bio', placeholder: 'A line about them' }),
              h(
                Group,
                { justify: 'flex-end' },
                h(Button, { variant: 'default', onClick: modalHandlers.close }, 'Cancel'),
                h(Button, { onClick: modalHandlers.close }, 'Add author'),
              ),
            ),
          ),
          h(Select, { label: 'Country', placeholder: 'Select a country', data: countries, w: 260 }),
        ),
        h(
          Stack,
          null,
          h(Title, { order: 4 }, 'Team feed'),
          ...posts.map((p) =>
            h(
              Group,
              {
                key: p.id,
                justify: 'space-between',
                style: { borderBottom: '1px solid #eee', paddingBottom: 4 },
              },
              h(Text, null, h('b', null, p.author), ': ', p.text),
              h(
                Group,
                { gap: 4 },
                h(
                  Tooltip,
                  { label: 'Like' },
                  h(ActionIcon, { variant: 'subtle', color: 'gray' }, h(Icon, { d: HEART })),
                ),
                h(
                  Tooltip,
                  { label: 'Comment' },
                  h(ActionIcon, { variant: 'subtle', color: 'gray' }, h(Icon, { d: CHAT })),
                ),
                h(
                  ActionIcon,
                  { variant: 'subtle', color: 'gray', 'aria-label': 'Pin post' },
                  h(Icon, { d: PIN }),
                ),
                h(
                  ActionIcon,
                  { variant: 'subtle', color: 'red', title: 'Delete post' },
                  h(Icon, { d: TRASH }),
                ),
              ),
            ),
          ),
        ),
        h(
          Stack,
          null,
          h(Title, { order: 4 }, 'Message'),
          h(
            Card,
            { withBorder: true },
            h(
              Group,
              { justify: 'space-between' },
              h(Text, { fw: 600 }, 'Broken image on /pricing — from Site monitor'),
              h(
                Group,
                { gap: 4 },
                h(Tooltip, { label: 'Reply' }, h(ActionIcon, { variant: 'subtle' }, h(Icon, { d: REPLY }))),
                h(
                  Tooltip,
                  { label: 'Forward' },
                  h(ActionIcon, { variant: 'subtle' }, h(Icon, { d: FORWARD })),
                ),
                h(ActionIcon, { variant: 'subtle', 'aria-label': 'Archive' }, h(Icon, { d: ARCHIVE })),
                h(
                  ActionIcon,
                  { variant: 'subtle', color: 'red', title: 'Delete message' },
                  h(Icon, { d: TRASH }),
                ),
              ),
            ),
            h(Text, { size: 'sm', mt: 'xs' }, 'hero.png on /pricing returns 404 since the last deploy.'),
          ),
        ),
      ),
    ),
    h(
      AppShell.Footer,
      null,
      h(
        Group,
        { h: '100%', px: 'md' },
        ...['Help', 'Privacy', 'Terms', 'Status', 'Contact'].map((n) =>
          h(Anchor, { key: n, href: '#' + n.toLowerCase() }, n),
        ),
      ),
    ),
  );
}

createRoot(document.getElementById('root')).render(h(MantineProvider, null, h(App)));

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import imports from '../scripts/lint/no-import-cycle.mjs';

const NO_EVAL = [
  { selector: "CallExpression[callee.name='eval']", message: 'No eval outside runJS.' },
  { selector: "NewExpression[callee.name='Function']", message: 'No new Function outside runJS.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'bench/results/**',
      'test/fixtures/**/*.js',
      // The corpus pages' own app code (bench/libraries, bench/lists), as the fixtures'.
      'bench/libraries/**/*.js',
      'bench/lists/**/*.js',
      'test/vendor/**',
      '.tmp/**',
      'scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      'no-restricted-syntax': ['error', ...NO_EVAL],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Imports point down (docs/layout.md): a cycle fails the lint, type-only imports included, and a
    // room of src/page imports only the rooms below it.
    files: ['src/**/*.ts'],
    plugins: { imports },
    rules: { 'imports/no-import-cycle': 'error', 'imports/page-rooms': 'error' },
  },
  {
    // The bundle runs inside other people's pages, where Prototype.js and MooTools replace Array.from
    // with versions that ignore its map function and drop Sets and Maps, and Prototype.js 1.6 replaces
    // Array.prototype.reduce with one that takes no callback.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Array',
          property: 'from',
          message: "Spread ([...x]) instead: old libraries replace the page's Array.from.",
        },
        { property: 'reduce', message: 'A loop instead: Prototype.js 1.6 replaces Array.prototype.reduce.' },
      ],
    },
  },
  {
    // Page code reads element and document members through src/page/dom/members.ts: a form's controls and a
    // document's named images and forms shadow them (<input name="getAttribute">, <img name="body">).
    files: ['src/page/**/*.ts'],
    ignores: ['src/page/dom/members.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NO_EVAL,
        {
          selector:
            "MemberExpression[object.name!='dom'][property.name=/^(getAttribute|hasAttribute|matches|closest|querySelector|querySelectorAll|getBoundingClientRect|tagName|localName|shadowRoot|attributes|children|firstElementChild|ownerDocument|parentNode|parentElement|nodeType|isConnected|textContent|getRootNode|contains|firstChild|getElementById|getElementsByTagName|createTreeWalker|elementFromPoint|defaultView|body|checkVisibility)$/]",
          message:
            "Through src/page/dom/members.ts (dom.attr(el, …), dom.tag(el), …): the page's named controls can shadow this member.",
        },
      ],
    },
  },
  {
    // The demo's page scripts: what a browser page has, and the libraries the demo pages load.
    files: ['demo/**/*.js'],
    languageOptions: {
      globals: {
        fetch: 'readonly',
        AbortSignal: 'readonly',
        URLSearchParams: 'readonly',
        location: 'readonly',
        navigator: 'readonly',
        React: 'readonly',
        ReactDOM: 'readonly',
        LLMHelper: 'readonly',
      },
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/results/**', 'test/fixtures/**/*.js', '.tmp/**'] },
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
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: 'No eval outside runJS.' },
        { selector: "NewExpression[callee.name='Function']", message: 'No new Function outside runJS.' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
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
    // The demo's page scripts: what a browser page has, and the libraries the demo pages load.
    files: ['demo/**/*.js'],
    languageOptions: {
      globals: {
        fetch: 'readonly',
        AbortSignal: 'readonly',
        URLSearchParams: 'readonly',
        location: 'readonly',
        React: 'readonly',
        ReactDOM: 'readonly',
        LLMHelper: 'readonly',
      },
    },
  },
);

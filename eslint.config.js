// ESLint flat config. `npm run lint` runs it; `npm test` runs it first (scripts/test.ts).
// The layers and the import boundaries between them are explained in docs/decisions/012-lint-and-boundaries.md.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * The layers of the code base. Each pattern is a folder from the project root (`partialMatch: false`); a file
 * belongs to the first element whose folder contains it, so the more specific patterns come first.
 * Files outside these folders (root config files, src/env.d.ts, src/styles) belong to no layer and are not checked.
 */
const elements = [
  { type: 'pages', pattern: 'src/pages' },
  { type: 'server', pattern: 'src/server' },
  { type: 'db', pattern: 'db' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'browser', pattern: 'src/browser' },
  { type: 'components', pattern: 'src/components' },
  { type: 'layouts', pattern: 'src/layouts' },
  { type: 'feature-api', pattern: 'src/features/*/api', capture: ['feature'] },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'tests', pattern: 'tests' },
  { type: 'scripts', pattern: 'scripts' },
].map((element) => ({ partialMatch: false, ...element }));

const to = (...types) => ({ to: { element: { type: types } } });

/** Who may import whom. Anything not allowed here is an error; packages are not checked. */
const policies = [
  { from: { element: { type: ['tests', 'scripts'] } }, allow: to('*') },
  { from: { element: { type: 'pages' } }, allow: to('pages', 'server', 'db', 'lib', 'browser', 'components', 'layouts', 'feature', 'feature-api') },
  { from: { file: { categories: 'middleware' } }, allow: to('server', 'lib') },
  { from: { element: { type: 'server' } }, allow: to('server', 'lib', 'db') },
  { from: { element: { type: 'db' } }, allow: to('db', 'lib') },
  { from: { element: { type: 'lib' } }, allow: to('lib') },
  // Browser-only state (local storage, the Clerk session sync, the query client).
  { from: { element: { type: 'browser' } }, allow: to('browser', 'lib') },
  {
    from: { element: { type: ['components', 'layouts'] } },
    allow: to('components', 'layouts', 'lib', 'browser', 'feature', 'feature-api'),
  },
  { from: { element: { type: 'feature' } }, allow: to('feature', 'feature-api', 'components', 'lib', 'browser') },
  { from: { element: { type: 'feature-api' } }, allow: to('feature-api', 'lib', 'browser') },
  // A client contract derives its wire types from what the server returns, but never pulls server code into the bundle.
  {
    from: { element: { type: 'feature-api' } },
    allow: { ...to('server', 'db'), dependency: { kind: 'type' } },
  },
];

const boundaryConfig = {
  files: ['**/*.{js,mjs,ts,tsx,astro}'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/elements': elements,
    'boundaries/elements-single-match': true,
    // src/middleware.ts is a single file, not a folder, so it is classified as a file.
    'boundaries/files': [{ category: 'middleware', pattern: 'src/middleware.ts' }],
    // Relative imports leave out the extension; resolve them the way Vite does.
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.astro', '.d.ts'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies,
        message:
          '{{from.file.path}} ({{from.element.type}}{{from.file.categories}}) may not import {{to.file.path}} ({{to.element.type}}); see docs/decisions/012-lint-and-boundaries.md',
      },
    ],
  },
};

export default defineConfig(
  {
    ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results.json', 'public/', 'data/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { secret: _secret, ...rest } = row` is how this code base drops a field from an object.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // Astro frontmatter is TypeScript: `astro check` already reports unknown names, and knows the build-time
    // constants declared in src/env.d.ts, which this rule does not.
    files: ['**/*.astro'],
    rules: { 'no-undef': 'off' },
  },
  // Hooks live in .tsx components and in .ts hook modules (use-*.ts) beside them.
  { files: ['src/**/*.tsx', 'src/components/**/*.ts', 'src/features/**/*.ts'], ...reactHooks.configs.flat.recommended },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.tsx', 'src/components/**/*.ts', 'src/features/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Preact's compat ignores the server snapshot; src/components/ui/use-hydrated.ts honours it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/ui/use-hydrated.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react', importNames: ['useSyncExternalStore'], message: 'Use useExternalStore from src/components/ui/use-hydrated.ts.' }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', 'db/**', '**/*.mjs', '*.{js,ts}', 'src/server/**', 'src/middleware.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/browser/**', 'src/features/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The worker's rules are copied as source into sw.js and run there.
    files: ['pwa.config.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.serviceworker } },
  },
  boundaryConfig,
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import doorExports from './scripts/eslint/door-exports.mjs';
import moduleBoundaries from './scripts/eslint/module-boundaries.mjs';
import globals from 'globals';

/** The project's own rules (scripts/eslint). */
const jornada = { rules: { 'module-boundaries': moduleBoundaries, 'door-exports': doorExports } };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.e2e-data/**', 'apps/api/src/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // One door per capability (docs/architecture.md): API modules through their index.ts (from the benchmarks
    // too), web features never into each other.
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'bench/**/*.{ts,mjs}'],
    plugins: { jornada },
    rules: { 'jornada/module-boundaries': 'error' },
  },
  {
    // A door exports no repository (docs/architecture.md, «Puertas y dueños de tablas»): other modules
    // get service-level functions or ports given at assembly, never another module's SQL.
    files: ['apps/api/src/modules/*/index.ts'],
    plugins: { jornada },
    rules: { 'jornada/door-exports': 'error' },
  },
  {
    // No import cycles in the API's production code: a cycle between modules means their boundary is wrong.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/api/tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The perfiles per capability are written once, in packages/contracts/src/access.ts (docs/architecture.md):
    // a route's `config.perfiles` names an entry of that map, never a list of its own.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='perfiles'] > ArrayExpression",
          "Property[key.name='perfiles'] > TSAsExpression > ArrayExpression",
          "Property[key.name='perfiles'] > TSSatisfiesExpression > ArrayExpression",
        ].map((selector) => ({
          selector,
          message: 'Perfiles come from the access map: use ACCESS.<capability> from @jornada/contracts (packages/contracts/src/access.ts), not a literal list.',
        })),
      ],
    },
  },
  {
    // A web query key is named, never written where it is used (docs/web.md, «Query keys»): each
    // feature builds its keys in one object, under a root of lib/query-keys.ts when another feature
    // reads or invalidates them, so an invalidation cannot miss a key spelled differently.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='queryKey'] > ArrayExpression",
          "Property[key.name='queryKey'] > ConditionalExpression > ArrayExpression",
          "CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueriesData|setQueriesData)$/] > ArrayExpression.arguments:first-child",
        ].map((selector) => ({
          selector,
          message: "Name the query key: the feature's keys object, built on lib/query-keys.ts when another feature touches it.",
        })),
      ],
    },
  },
  {
    // Architecture rules of design.md: domain imports nothing of ours; web never imports api.
    files: ['packages/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@jornada/*', '../../apps/*'] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@jornada/api', '**/apps/api/**'], message: 'The web app never imports the API.' },
            {
              // Mantine's shared component styles load once, globally and in order, from app/base.css: a
              // page that imported them itself worked only where it remembered every one of them.
              regex: '^@mantine/core/styles/(ScrollArea|UnstyledButton|VisuallyHidden|Paper|Popover|CloseButton|Group|Loader|Overlay|ModalBase|Input|InlineInput|Flex|FloatingIndicator|ActionIcon)\\.css$',
              message: 'Loaded once for the whole app in apps/web/src/app/base.css.',
            },
          ],
        },
      ],
    },
  },
);

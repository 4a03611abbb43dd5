import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import transactionAwaitsQueries from './eslint-rules/transaction-awaits-queries.mjs';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'db/migrations', 'src/client/routeTree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    // no-cycle follows the same paths as TypeScript (`~/`, `#db/`); type-only imports are not cycles.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Sanitisers match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // The data layer's shared dialect (docs/decisions/022-async-data-layer.md): PostgreSQL's query
    // builders have no get/all/run/values, and its results no `.changes`. Only a call ending a builder
    // chain (after from, where, set, returning...) is matched, never Map, Set or array methods.
    files: ['src/server/**/*.ts'],
    // Dialect modules (database/, *-sqlite.ts) speak their driver's own API.
    ignores: ['src/server/editor/**/*.test.ts', 'src/server/database/**', 'src/server/**/*-sqlite.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[arguments.length=0][callee.property.name=/^(get|all|run|values|prepare)$/][callee.object.callee.property.name=/^(from|where|orderBy|groupBy|having|limit|offset|innerJoin|leftJoin|set|values|returning|delete|onConflictDoNothing|onConflictDoUpdate)$/]',
          message:
            'Await the query builder instead: `(await db.select()...limit(1))[0]` for one row, the array for many, `await db.update(...)` to run (docs/decisions/022-async-data-layer.md).',
        },
        {
          selector: "MemberExpression[property.name='changes'][object.type=/^(CallExpression|AwaitExpression)$/]",
          message:
            'Use `.returning({ id: table.id })` and its length to learn what a write touched (docs/decisions/022-async-data-layer.md).',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/lib/form.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hook-form',
              importNames: ['useForm'],
              message: 'Use useForm from src/client/lib/form.ts: it focuses the first field in error once, not again on a timer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Decision 022's "a transaction's body awaits nothing but queries". Tests may hold a transaction
    // open on purpose (the gate's own tests do).
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { copydesk: { rules: { 'transaction-awaits-queries': transactionAwaitsQueries } } },
    rules: { 'copydesk/transaction-awaits-queries': 'error' },
  },
  {
    // Config files, scripts and workers written in JavaScript are outside the TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);

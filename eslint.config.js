// ESLint over the TypeScript and Svelte sources, the tests and the bench, with type information:
// no floating promises, no unused code, Svelte 5's own rules. Part of `npm test`.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'public/', 'python/', '.e2e-artifacts/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { project: ['./tsconfig.json', './tsconfig.node.json'], extraFileExtensions: ['.svelte'], tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, svelteConfig } },
  },
  {
    // Inside .svelte markup the type checker sees other components (and their bound instances) as
    // `any` (svelte-check, which knows them, checks those types in `npm run check`).
    files: ['**/*.svelte'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An async method that does not await is how a class keeps a Promise-returning interface.
      '@typescript-eslint/require-await': 'off',
      // Control characters are what we match on purpose: terminal escapes, and refusing them in names and paths.
      'no-control-regex': 'off',
      // The state classes keep plain Map/Set on purpose: behind a version signal (Workspace: SvelteMap
      // would track every read of a 1,000-file workspace), replaced wholesale in $state.raw, or as
      // local temporaries, which this rule flags too.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
  {
    // Tests and benches drive Pyodide's untyped API (globals, runPython results) and vitest's
    // asymmetric matchers (expect.any(), typed `any`); the product code keeps these rules.
    files: ['tests/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
);

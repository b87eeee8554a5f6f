import { defineConfig, configDefaults } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { hasJspi, jspiFlag } from './src/engine/jspi-flag.node.mjs';

// Pyodide takes 3-6 s to load under load, far over vitest's 5 s default.
// The "python" project shares one Pyodide across files (isolate: false), see tests/python/py.ts.
// Workers get Node's JSPI flag, so tool code waits for promises as it does in the browser (engine.ts callAsync).
export default defineConfig({
  plugins: [svelte()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    execArgv: hasJspi() ? [] : [jspiFlag()],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/python/**', 'tests/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'python',
          environment: 'node',
          include: ['tests/python/**/*.test.ts'],
          isolate: false,
        },
      },
    ],
  },
});

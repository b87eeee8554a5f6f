import { defineConfig, configDefaults } from 'vitest/config';
import type { Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { hasJspi, jspiFlag } from './src/engine/jspi-flag.node.mjs';

// Pyodide takes 3-6 s to load under load, far over vitest's 5 s default.
// The "python" project shares one Pyodide across files (isolate: false), see tests/python/py.ts.
// Workers get Node's JSPI flag, so tool code waits for promises as it does in the browser (engine.ts callAsync).
/**
 * `virtual:toolplay-engine-bundle` as the dev server answers it (vite.config.ts engineBundle): no
 * bundle, no snapshot. The page's client imports it through the sandbox's assets; tests that build
 * a worker inject their own, and the engine's tests read the sources from disk.
 */
const engineBundleAsInDev: Plugin = {
  name: 'toolplay-engine-bundle-dev',
  resolveId: (source) => (source === 'virtual:toolplay-engine-bundle' ? '\0virtual:toolplay-engine-bundle' : undefined),
  load: (id) =>
    id === '\0virtual:toolplay-engine-bundle' ? 'export default null; export const snapshot = null;' : undefined,
};

export default defineConfig({
  plugins: [svelte(), engineBundleAsInDev],
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

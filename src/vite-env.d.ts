/// <reference types="svelte" />
/// <reference types="vite/client" />

/** The pyodide npm version, injected by vite.config.ts so the worker finds /pyodide-<version>/. */
declare const __PYODIDE_VERSION__: string;

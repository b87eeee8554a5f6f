/// <reference types="svelte" />
/// <reference types="vite/client" />

/** The pyodide npm version, injected by vite.config.ts so the worker finds /pyodide-<version>/. */
declare const __PYODIDE_VERSION__: string;
/** The dev server's URL path of the Python worker's bundled code (vite.config.ts devWorkerBundle); null in a build. */
declare const __TOOLPLAY_DEV_WORKER__: string | null;
/** The share links' address a build was given (TOOLPLAY_SHARE_BASE, src/share/link-base.ts); null: the page's own. */
declare const __TOOLPLAY_SHARE_BASE__: string | null;

/** The URL of the engine bundle (sources + bytecode) that vite.config.ts emits in builds; null in dev. */
declare module 'virtual:toolplay-engine-bundle' {
  const url: string | null;
  export default url;
  /** The engine's memory snapshot (src/engine/snapshot.ts) and the Pyodide it was made with; null in dev. */
  export const snapshot: { url: string; pyodide: string } | null;
}

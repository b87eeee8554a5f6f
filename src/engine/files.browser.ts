import bundleUrl from 'virtual:toolplay-engine-bundle';
import type { EngineFiles, EngineSources } from './install.ts';

/** The build's engine bundle (vite.config.ts): sources as text, bytecode as base64. */
interface EngineBundle {
  sources: EngineSources;
  bytecode: Record<string, string>;
}

/**
 * The engine's files for the browser worker. A build fetches one bundle (sources + bytecode, made by
 * vite.config.ts), which the worker starts at once beside loadPyodide(); the dev server has no bundle
 * and takes the sources as Vite serves them, compiled by Python as they are imported.
 */
export async function loadEngineFiles(): Promise<EngineFiles> {
  if (bundleUrl === null) return { sources: (await import('./sources.browser.ts')).engineSources, bytecode: {} };
  const response = await fetch(bundleUrl);
  if (!response.ok) throw new Error(`the engine bundle did not load (${response.status} ${response.statusText})`);
  const bundle = (await response.json()) as EngineBundle;
  const bytecode = Object.fromEntries(
    Object.entries(bundle.bytecode).map(([rel, base64]) => [
      rel,
      Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
    ]),
  );
  return { sources: bundle.sources, bytecode };
}

import bundleUrl from 'virtual:toolplay-engine-bundle';
import { readEngineBundle } from './engine-bundle.ts';

/**
 * The engine's files as JSON text for the confined worker (engine-bundle.ts reads them there). A
 * build fetches one bundle (sources + bytecode, made by vite.config.ts), which the page starts at
 * once beside Pyodide's files; the dev server has no bundle and takes the sources as Vite serves
 * them, compiled by Python as they are imported.
 */
export async function engineBundleText(): Promise<string> {
  if (bundleUrl === null)
    return JSON.stringify({ sources: (await import('./sources.browser.ts')).engineSources, bytecode: {} });
  const response = await fetch(bundleUrl);
  if (!response.ok) throw new Error(`the engine bundle did not load (${response.status} ${response.statusText})`);
  return response.text();
}

export { readEngineBundle };

/**
 * This build's engine, named for what it depends on (src/app/kept-inspection.ts): the content-hashed
 * bundle and the Pyodide release. Null on the dev server, whose engine changes with every save.
 */
export const ENGINE_BUILD: string | null =
  bundleUrl === null ? null : `${String(bundleUrl).split('/').pop()} on Pyodide ${__PYODIDE_VERSION__}`;

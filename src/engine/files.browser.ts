import bundleUrl from 'virtual:toolplay-engine-bundle';
import { readEngineBundle } from './engine-bundle.ts';

/**
 * The engine's files as the asset worker hands them to the confined worker (engine-bundle.ts reads
 * them there), said by where they are (src/protocol/sandbox.ts AssetWorkerStart): a build's one
 * bundle (sources + bytecode, made by vite.config.ts) by its URL, read beside Pyodide's files; the
 * dev server has no bundle and gives the sources as Vite serves them, as JSON text, compiled by
 * Python as they are imported.
 */
export async function engineSource(): Promise<{ url: string } | { text: string }> {
  if (bundleUrl !== null) return { url: String(bundleUrl) };
  const { engineSources } = await import('./sources.browser.ts');
  return { text: JSON.stringify({ sources: engineSources, bytecode: {} }) };
}

export { readEngineBundle };

/**
 * This build's engine, named for what it depends on (src/app/kept-inspection.ts): the content-hashed
 * bundle and the Pyodide release. Null on the dev server, whose engine changes with every save.
 */
export const ENGINE_BUILD: string | null =
  bundleUrl === null ? null : `${String(bundleUrl).split('/').pop()} on Pyodide ${__PYODIDE_VERSION__}`;

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
    Object.entries(bundle.bytecode).map(([rel, base64]) => [rel, fromBase64(base64)]),
  );
  return { sources: bundle.sources, bytecode };
}

/** Base64 to bytes: the browser's own decoder where there is one, else a plain loop (`Uint8Array.from` with a mapping function calls it per byte: ~1.3 MB of bytecode took tens of ms). */
function fromBase64(base64: string): Uint8Array {
  const withDecoder = Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array };
  if (withDecoder.fromBase64) return withDecoder.fromBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

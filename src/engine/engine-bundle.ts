import { STDLIB_DIR, type EngineFiles, type EngineSources } from './install.ts';

/** The build's engine bundle (vite.config.ts) as JSON text: sources as text, bytecode as base64. */
interface EngineBundle {
  sources: EngineSources;
  bytecode: Record<string, string>;
}

/** The engine's files from the bundle's JSON text (the page reads it and hands it to the confined worker). */
export function readEngineBundle(text: string): EngineFiles {
  const bundle = JSON.parse(text) as EngineBundle;
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

/**
 * The bundle's files for a Python other than the build's own: the engine's sources only. Its
 * bytecode would be ignored there anyway (another cache tag), but its `stdlib/` folder holds the
 * build's Python's standard-library sources, which would shadow the other Python's own.
 */
export function forOtherPython({ sources }: EngineFiles): EngineFiles {
  return {
    sources: Object.fromEntries(Object.entries(sources).filter(([rel]) => !rel.startsWith(`${STDLIB_DIR}/`))),
    bytecode: {},
  };
}

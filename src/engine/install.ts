import type { PyodideAPI } from 'pyodide';
import { engineFs } from './fs.ts';

/** Where the engine's Python package lives inside the Pyodide filesystem. */
export const ENGINE_ROOT = '/toolplay-engine';

/** Engine sources: path relative to python/ (e.g. `toolplay/hosts/lcp/host.py`) → file text. */
export type EngineSources = Record<string, string>;

/** Compiled engine modules (bytecode.node.ts): `toolplay/__pycache__/<module>.<cache tag>.pyc` → bytes. */
export type EngineBytecode = Record<string, Uint8Array>;

/** What the browser worker installs: sources and, from a build, their bytecode. */
export interface EngineFiles {
  sources: EngineSources;
  bytecode: EngineBytecode;
}

/** Under the engine root: standard-library modules the build compiled (bytecode.node.ts), if any. */
export const STDLIB_DIR = 'stdlib';

/**
 * Writes the engine package into Pyodide's filesystem and puts it on sys.path. With `bytecode`
 * (the browser build's) Python imports the compiled modules instead of compiling the sources;
 * a .pyc from another Python version is ignored by Python itself, which then compiles the source.
 * A build's `stdlib/` folder goes on sys.path before Pyodide's standard library zip.
 */
export function installEngine(py: PyodideAPI, sources: EngineSources, bytecode: EngineBytecode = {}): void {
  writeEngineFiles(py, sources, bytecode);
  const stdlib = Object.keys(sources).some((rel) => rel.startsWith(`${STDLIB_DIR}/`))
    ? `${ENGINE_ROOT}/${STDLIB_DIR}`
    : null;
  // Only these folders' cached listings are dropped: importlib.invalidate_caches() would also
  // import importlib.metadata (and email, zipfile…), ~80 ms of a page load for nothing.
  py.runPython(`
import sys
for folder in (${stdlib === null ? 'None' : JSON.stringify(stdlib)}, ${JSON.stringify(ENGINE_ROOT)}):
    if folder is not None:
        sys.path_importer_cache.pop(folder, None)
        if folder not in sys.path:
            sys.path.insert(0, folder)
import toolplay.api
`);
}

/** Writes the engine's files under ENGINE_ROOT (also after a snapshot restore: the heap has the modules, not the files). */
export function writeEngineFiles(py: PyodideAPI, sources: EngineSources, bytecode: EngineBytecode = {}): void {
  const files = [...Object.entries(sources), ...Object.entries(bytecode)].map(
    ([rel, content]) => [`${ENGINE_ROOT}/${rel}`, content] as const,
  );
  for (const dir of new Set(files.map(([path]) => path.slice(0, path.lastIndexOf('/'))))) engineFs(py).mkdirTree(dir);
  // Text encoded here: Emscripten's writeFile encodes a string one character at a time in JavaScript (~40 ms for the engine).
  const encoder = new TextEncoder();
  for (const [path, content] of files)
    engineFs(py).writeFile(path, typeof content === 'string' ? encoder.encode(content) : content);
}

import type { PyodideAPI } from 'pyodide';

/** Where the engine's Python package lives inside the Pyodide filesystem. */
export const ENGINE_ROOT = '/toolplay-engine';

/** Engine sources: path relative to python/ (e.g. `toolplay/lcp.py`) → file text. */
export type EngineSources = Record<string, string>;

/** Compiled engine modules (bytecode.node.ts): `toolplay/__pycache__/<module>.<cache tag>.pyc` → bytes. */
export type EngineBytecode = Record<string, Uint8Array>;

/**
 * Writes the engine package into Pyodide's filesystem and puts it on sys.path. With `bytecode`
 * (the browser build's) Python imports the compiled modules instead of compiling the sources;
 * a .pyc from another Python version is ignored by Python itself, which then compiles the source.
 */
export function installEngine(py: PyodideAPI, sources: EngineSources, bytecode: EngineBytecode = {}): void {
  for (const [rel, content] of [...Object.entries(sources), ...Object.entries(bytecode)]) {
    const path = `${ENGINE_ROOT}/${rel}`;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    py.FS.writeFile(path, content);
  }
  py.runPython(`
import sys, importlib
if ${JSON.stringify(ENGINE_ROOT)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(ENGINE_ROOT)})
importlib.invalidate_caches()
import toolplay.api
`);
}

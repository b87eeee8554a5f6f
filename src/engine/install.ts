import type { PyodideAPI } from 'pyodide';

/** Where the engine's Python package lives inside the Pyodide filesystem. */
export const ENGINE_ROOT = '/toolplay-engine';

/** Engine sources: path relative to python/ (e.g. `toolplay/lcp.py`) → file text. */
export type EngineSources = Record<string, string>;

/** Writes the engine package into Pyodide's filesystem and puts it on sys.path. */
export function installEngine(py: PyodideAPI, sources: EngineSources): void {
  for (const [rel, text] of Object.entries(sources)) {
    const path = `${ENGINE_ROOT}/${rel}`;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    py.FS.writeFile(path, text);
  }
  py.runPython(`
import sys, importlib
if ${JSON.stringify(ENGINE_ROOT)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(ENGINE_ROOT)})
importlib.invalidate_caches()
import toolplay.api
`);
}

/**
 * Node's Pyodide for each Python version (src/protocol/pythons.ts): the npm package it is installed
 * as, its folder, and its loadPyodide(). Pyodide 314 is imported as it always was (bin/toolplay.mjs
 * loads it before tsx); another version's package is imported only when a command asks for it.
 *
 * The 0.x releases' JavaScript API is the subset toolplay uses of 314's (loadPyodide's options,
 * runPython, pyimport, FS, mountNodeFS, callPromising from 0.27 on), so each is typed as 314's
 * PyodideAPI; where a private part differs, the code that uses it asks this runtime (snapshot.ts).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { loadPyodide as loadPyodide314, type PyodideAPI } from 'pyodide';
import { DEFAULT_PYTHON, PYTHON_RUNTIMES, type PythonRuntime, type PythonVersion } from '../protocol/pythons.ts';

type LoadPyodide = (options?: Record<string, unknown>) => Promise<PyodideAPI>;

/** Each version's module, imported on first use (literal specifiers, so bundlers and tsx see them). */
const IMPORTS: Record<PythonVersion, () => Promise<LoadPyodide>> = {
  '3.14': () => Promise.resolve(loadPyodide314 as LoadPyodide),
  '3.13': async () => (await import('pyodide-313')).loadPyodide as unknown as LoadPyodide,
  '3.12': async () => (await import('pyodide-312')).loadPyodide as unknown as LoadPyodide,
};

export interface NodePyodide {
  readonly python: PythonVersion;
  readonly runtime: PythonRuntime;
  /** The package's folder in node_modules (pyodide.asm.wasm, pyodide-lock.json, python_stdlib.zip). */
  readonly dir: string;
  load(options?: Record<string, unknown>): Promise<PyodideAPI>;
}

const require = createRequire(import.meta.url);

/**
 * Pyodide 0.27 and 0.29 each run their pyodide.asm.js once per process (an import) and leave its
 * module factory in one global, `_createPyodideModule`, which loadPyodide() uses when it is there:
 * a second 0.x release would start the first one's runtime. So each release's factory is kept
 * here and put in the global for its own loads only, one load at a time. Pyodide 314 imports its
 * runtime as an ES module and never reads the global.
 */
const factories = new Map<PythonVersion, unknown>();
let loading: Promise<unknown> = Promise.resolve();
const factoryGlobal = globalThis as { _createPyodideModule?: unknown };

async function loadOwn(python: PythonVersion, options: Record<string, unknown>): Promise<PyodideAPI> {
  const load = await IMPORTS[python]();
  if (python === DEFAULT_PYTHON) return load(options);
  const turn = loading.then(async () => {
    const mine = factories.get(python);
    if (mine === undefined) delete factoryGlobal._createPyodideModule;
    else factoryGlobal._createPyodideModule = mine;
    try {
      return await load(options);
    } finally {
      if (mine === undefined && factoryGlobal._createPyodideModule !== undefined)
        factories.set(python, factoryGlobal._createPyodideModule);
    }
  });
  loading = turn.catch(() => {});
  return turn;
}

/** The Pyodide that runs `python` in Node. */
export function nodePyodide(python: PythonVersion): NodePyodide {
  const runtime = PYTHON_RUNTIMES[python];
  return {
    python,
    runtime,
    dir: dirname(require.resolve(`${runtime.npm}/package.json`)),
    load: (options = {}) => loadOwn(python, options),
  };
}

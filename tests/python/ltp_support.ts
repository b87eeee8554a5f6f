/**
 * Helpers shared by the ltp / standard / exports tests: temp folders in the Pyodide FS, fixture
 * copies from tests/conformance, and direct calls of engine module functions.
 */
import type { Engine } from '../../src/engine/engine.ts';

export { readConformance } from '../conformance.ts';

let counter = 0;

/** A fresh folder in the Pyodide FS, so tests sharing one engine never see each other's files. */
export function tempDir(engine: Engine, area: string): string {
  counter += 1;
  const dir = `/tmp/${area}-${process.pid}-${counter}`;
  engine.fs.mkdirTree(dir);
  return dir;
}

/** Writes `files` (relative path → text) under `dir`, creating sub-folders. */
export function writeFiles(engine: Engine, dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const path = `${dir}/${rel}`;
    engine.fs.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    engine.fs.writeFile(path, text);
  }
}

/**
 * Calls `module.fn(*args)` in the engine and returns its result through JSON.
 * Arguments cross as one JSON string, so no value needs quoting for Python.
 */
export function callPy<T = unknown>(engine: Engine, module: string, fn: string, ...args: unknown[]): T {
  engine.py.globals.set('_toolplay_test_args', JSON.stringify(args));
  const out = engine.py.runPython(`
import json, importlib
json.dumps(getattr(importlib.import_module(${JSON.stringify(`toolplay.${module}`)}), ${JSON.stringify(fn)})(*json.loads(_toolplay_test_args)), ensure_ascii=False)
`) as string;
  return JSON.parse(out) as T;
}

/** Like `callPy`, but returns the exception Python raised as `Type: message` (or null). */
export function raisedBy(engine: Engine, module: string, fn: string, ...args: unknown[]): string | null {
  engine.py.globals.set('_toolplay_test_args', JSON.stringify(args));
  const out = engine.py.runPython(`
import json, importlib
def _toolplay_try():
    try:
        getattr(importlib.import_module(${JSON.stringify(`toolplay.${module}`)}), ${JSON.stringify(fn)})(*json.loads(_toolplay_test_args))
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None
_toolplay_try()
`) as string | undefined;
  return out ?? null;
}

/**
 * The Pyodide loader of each Python the browser runs (src/protocol/pythons.ts), and how each takes
 * its runtime script from bytes the page handed over. Each release's loadPyodide() knows only its own
 * runtime: 314's takes the ES module's factory as an option; 0.29's looks for the factory its classic
 * script leaves in `globalThis._createPyodideModule`, and loads the script itself only when there is none.
 */
import { loadPyodide as loadPyodide314 } from 'pyodide';
import { loadPyodide as loadPyodide313 } from 'pyodide-313';
import type { PyodideAPI } from 'pyodide';
import { BROWSER_PYTHONS, isBrowserPython, PYTHON_RUNTIMES, type PythonVersion } from '../protocol/pythons.ts';

type Load = (options: Record<string, unknown>) => Promise<PyodideAPI>;

/**
 * loadPyodide() of `python`'s release, given its runtime script's bytes: `options` plus what that
 * release needs to start from them instead of fetching the script.
 */
export async function pyodideLoader(python: PythonVersion, script: ArrayBuffer): Promise<Load> {
  if (!isBrowserPython(python))
    throw new Error(
      `Python ${python} runs in the CLI only (toolplay --python ${python}); the browser runs ${BROWSER_PYTHONS.join(' and ')}`,
    );
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  if (PYTHON_RUNTIMES[python].asm === 'pyodide.asm.mjs') {
    const factory = ((await import(/* @vite-ignore */ url)) as { default: unknown }).default;
    return (options) =>
      loadPyodide314({ ...options, createPyodideModule: factory } as Parameters<typeof loadPyodide314>[0]);
  }
  // The classic script sets globalThis._createPyodideModule; as 0.29's own loader does, a classic
  // worker runs it with importScripts and a module worker imports it.
  const scope = globalThis as { importScripts?: (url: string) => void };
  if (typeof scope.importScripts === 'function') scope.importScripts(url);
  else await import(/* @vite-ignore */ url);
  return (options) => loadPyodide313(options) as unknown as Promise<PyodideAPI>;
}

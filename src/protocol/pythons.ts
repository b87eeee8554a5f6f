/**
 * The Pythons toolplay runs tools on: one Pyodide release per CPython minor version, each an npm
 * package of its own (package.json: `pyodide` for 3.14, `pyodide-313` an alias of pyodide@0.29.5, …).
 * Pure data, shared by the CLI (`--python`), the engine's loaders (src/engine/pyodide.node.ts, and
 * the browser's files, src/engine/pyodide-files.ts), share links and host profiles. docs/pythons.md
 * says why each release was chosen and why 3.11 is left out.
 */

/** The Python versions a workspace or a command can ask for, newest first. */
export const PYTHON_VERSIONS = ['3.14', '3.13', '3.12'] as const;
export type PythonVersion = (typeof PYTHON_VERSIONS)[number];

/** What runs when nothing asks for another version. */
export const DEFAULT_PYTHON: PythonVersion = '3.14';

export interface PythonRuntime {
  /** The npm package name it is installed as (package.json). */
  readonly npm: string;
  /** The Pyodide release that package is. */
  readonly pyodide: string;
  /** The CPython inside it (sys.version). */
  readonly cpython: string;
  /** Its runtime script: 314 ships an ES module, the 0.x releases a classic script. */
  readonly asm: 'pyodide.asm.mjs' | 'pyodide.asm.js';
}

export const PYTHON_RUNTIMES: Readonly<Record<PythonVersion, PythonRuntime>> = {
  '3.14': { npm: 'pyodide', pyodide: '314.0.7', cpython: '3.14.2', asm: 'pyodide.asm.mjs' },
  '3.13': { npm: 'pyodide-313', pyodide: '0.29.5', cpython: '3.13.2', asm: 'pyodide.asm.js' },
  '3.12': { npm: 'pyodide-312', pyodide: '0.27.8', cpython: '3.12.7', asm: 'pyodide.asm.js' },
};

/** The version named by `value` (a string from a flag, a link, a file), or null when it is none of ours. */
export function pythonVersionOf(value: unknown): PythonVersion | null {
  return typeof value === 'string' && (PYTHON_VERSIONS as readonly string[]).includes(value)
    ? (value as PythonVersion)
    : null;
}

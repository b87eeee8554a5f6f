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
export const DEFAULT_PYTHON = '3.14' satisfies PythonVersion;

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

/**
 * The Pythons the browser can start (vite.config.ts ships each one's runtime). 3.12 runs in the CLI
 * only: Pyodide 0.27's loader takes neither a lock file's text nor a package base URL, which the
 * confined worker needs (docs/pythons.md).
 */
export const BROWSER_PYTHONS = ['3.14', '3.13'] as const satisfies readonly PythonVersion[];
export type BrowserPython = (typeof BROWSER_PYTHONS)[number];

export function isBrowserPython(python: PythonVersion): python is BrowserPython {
  return (BROWSER_PYTHONS as readonly string[]).includes(python);
}

/** The version named by `value` (a string from a flag, a link, a file), or null when it is none of ours. */
export function pythonVersionOf(value: unknown): PythonVersion | null {
  return typeof value === 'string' && (PYTHON_VERSIONS as readonly string[]).includes(value)
    ? (value as PythonVersion)
    : null;
}

/** The Python a host runs, where it is known (the profile picker shows it; lint's warnings name it). */
export const HOST_PYTHONS: Readonly<Partial<Record<string, { python: PythonVersion; host: string; why: string }>>> = {
  hub: { python: '3.13', host: 'lollms_hub', why: 'its Dockerfile (eb5a1067) is FROM python:3.13-slim' },
};

/**
 * The Python a browser workspace runs for its `python` setting (a link or the person set it): that
 * version when the browser can start it, else the build's own, with why.
 */
export function browserPythonOf(setting: string | undefined): { python: BrowserPython; note: string | null } {
  if (setting === undefined) return { python: DEFAULT_PYTHON, note: null };
  const version = pythonVersionOf(setting);
  if (version && isBrowserPython(version)) return { python: version, note: null };
  return {
    python: DEFAULT_PYTHON,
    note: version
      ? `Python ${version} runs in the CLI only (toolplay --python ${version}); this workspace runs ${DEFAULT_PYTHON}.`
      : `Python ${setting} is not one toolplay runs; this workspace runs ${DEFAULT_PYTHON}.`,
  };
}

/**
 * Where packages come from. Pyodide's own packages: the official distribution of this very Pyodide
 * (its CDN), or a mirror the person sets (a folder or URL holding `pyodide-lock.json` and the wheels).
 * Everything else: a package index micropip reads, PyPI's by default. The browser worker learns its
 * mirror from its name (a mirror is read as Python starts, so changing it starts a new Python).
 */

/** The official distribution's files for a Pyodide version. */
export const PYODIDE_DISTRIBUTION = (version: string): string => `https://cdn.jsdelivr.net/pyodide/v${version}/full/`;

/** Where PyPI's simple index sends wheel downloads. */
export const PYPI_FILES = 'https://files.pythonhosted.org/';

/** The worker's name as the client sets it: `{"packages": "<mirror URL>"}`. */
export function workerName(mirror: string | null): string {
  return JSON.stringify({ packages: mirror });
}

/** The mirror a worker was named with, or null for the official distribution. */
export function packageMirror(name: string): string | null {
  try {
    const value = (JSON.parse(name) as { packages?: unknown }).packages;
    return typeof value === 'string' && value ? withSlash(value) : null;
  } catch {
    return null;
  }
}

/** A base URL's folder form: the lock and the wheels are resolved against it. */
export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * An index URL as micropip is given it: micropip asks for `<index>/<name>/` (its package_index.py
 * since 0.2), so a trailing `/` would make it ask for `/simple//name/`, which an index answers with
 * "no package of that name". A URL holding `{package_name}` is micropip's own template, kept.
 */
export function indexBase(url: string): string {
  return url.includes('{package_name}') ? url : url.replace(/\/+$/, '');
}

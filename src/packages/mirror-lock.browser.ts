/**
 * A mirror's lock file for the browser worker: fetched as Python starts and kept in IndexedDB, so a
 * reload or an offline visit with the mirror out of reach still starts Python with the lock its
 * cached wheels were installed by. Without the mirror and without a kept copy, Python cannot start
 * with that mirror: the error says so and how to get out (the Packages view's mirror field).
 */
import { createStore, get, set } from 'idb-keyval';

const locks = createStore('toolplay-packages-locks', 'locks');
const TIMEOUT_MS = 10_000;

/** loadPyodide's lock option for `mirror` (a folder URL ending in /). */
export async function mirrorLock(mirror: string): Promise<{ lockFileContents: string }> {
  const url = new URL('pyodide-lock.json', mirror).href;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(url, { signal: abort.signal });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const text = await response.text();
    await set(url, text, locks).catch(() => {});
    return { lockFileContents: text };
  } catch (e) {
    const kept = await get<string>(url, locks).catch(() => undefined);
    if (kept !== undefined) return { lockFileContents: kept };
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(
      `the package mirror's lock file ${url} could not be read (${why}) and this browser keeps no copy of it: clear or change the mirror in the Packages view`,
      { cause: e },
    );
  } finally {
    clearTimeout(timer);
  }
}

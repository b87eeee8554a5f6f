/**
 * Wheels built from source archives (sdists): the names toolplay gives them and the requirements a
 * build asks for. The installer (installer.ts) builds a release the index publishes only as a
 * source archive with the archive's own PEP 517 backend (python/toolplay/packages/sdist.py) and hands
 * the wheel to micropip. A built wheel is kept in the wheel cache under a URL made from the
 * archive's URL and sha256 and ending in the wheel's own file name (so it reads as any wheel: its
 * name and version, Pyodide's loader installs it from the cache); the plan store maps the archive to
 * that URL, so the next install of the same archive builds nothing.
 */
import { satisfies } from '@renovatebot/pep440';
import type { LockIndex } from './lock.ts';
import { parseRequirement } from './requirement.ts';

const BUILT = /^(.*)\/toolplay-built-([0-9a-f]{64})\/[^/]+\.whl$/;

/** Where a wheel built from the archive at `sdistUrl` (with `sha256`) is kept. */
export function builtWheelUrl(sdistUrl: string, sha256: string, wheelFile: string): string {
  return `${sdistUrl.split('#')[0]}/toolplay-built-${sha256}/${encodeURIComponent(wheelFile)}`;
}

/** The archive a kept wheel was built from, or null for any other wheel. */
export function builtFrom(url: string): string | null {
  return BUILT.exec(url)?.[1] ?? null;
}

/** The plan-store key that names the wheel built from an archive. */
export function buildKey(sdistUrl: string, sha256: string): string {
  return JSON.stringify(['built from', sdistUrl.split('#')[0], sha256]);
}

/**
 * A build requirement as the installer is given it: a bare name when the Pyodide distribution's
 * version satisfies it (setuptools comes from the lock, through Pyodide's loader), else as written
 * (micropip, from the index).
 */
export function buildRequirement(text: string, lock: LockIndex): string {
  const r = parseRequirement(text);
  const locked = r && !r.extras.length && !r.marker ? lock.get(r.name) : undefined;
  if (!r || !locked) return text;
  const spec = r.spec.replace(/[()\s]/g, '');
  return !spec || satisfies(locked.version, spec) ? locked.name : text;
}

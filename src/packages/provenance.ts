/**
 * Where an installed distribution really came from, read from what its installer wrote beside its
 * METADATA (python/toolplay/packages/dists.py `origins`): Pyodide's loader writes INSTALLER
 * `pyodide.loadPackage` and PYODIDE_SOURCE (`pyodide` for its lock, else the wheel's URL); micropip
 * writes INSTALLER `micropip`, PYODIDE_URL (the wheel it downloaded) and PYODIDE_SHA256. The index a
 * wheel was listed by is what the installer saw on the index pages it read (`Listing`).
 *
 * Before an install, `predictSource` says where micropip would take a requirement from, in
 * micropip's own order (its transaction.py): the Pyodide lock first only for the default index
 * (`https://pypi.org/simple`); a custom index is searched first, the lock only when the index has no
 * wheel for it. It is a prediction: which wheels a custom index has is known only once it is read.
 */
import { satisfies } from '@renovatebot/pep440';
import type { InstalledFrom } from '../protocol/packages.ts';
import type { LockIndex, LockPackage } from './lock.ts';
import { parseRequirement } from './requirement.ts';
import { indexBase } from './sources.ts';

export type { InstalledFrom };

/** One distribution as `dists.origins()` gives it. */
export interface DistOrigin {
  name: string;
  version: string;
  installer?: string;
  pyodide_source?: string;
  pyodide_url?: string;
  pyodide_sha256?: string;
  direct_url?: string;
}

/** What the installer saw of a wheel URL: the source it came from and the index page that listed it. */
export interface Listing {
  source: 'pyodide' | 'index';
  index: string | null;
  /** The source archive the wheel was built from (a release with no wheel). */
  sdist?: string;
}

export const PYPI_SIMPLE = 'https://pypi.org/simple';

const fileOf = (url: string): string => decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? '');
const isUrl = (s: string | undefined): s is string => !!s && /^[a-z][a-z0-9+.-]*:/i.test(s);

/** Where `origin` came from, or null when no installer wrote anything (a distribution Pyodide ships in its stdlib). */
export function installedFrom(
  origin: DistOrigin,
  lock: LockIndex,
  wheelOf: (p: LockPackage) => string,
  listed: (url: string) => Listing | undefined,
): InstalledFrom | null {
  const locked = lock.get(origin.name);
  const installer = origin.installer ?? null;
  if (origin.pyodide_source === 'pyodide') {
    return {
      source: 'pyodide',
      version: origin.version,
      url: locked ? wheelOf(locked) : null,
      file: locked?.file_name ?? null,
      index: null,
      installer,
    };
  }
  const url = origin.pyodide_url ?? (isUrl(origin.pyodide_source) ? origin.pyodide_source : origin.direct_url) ?? null;
  if (!url) return null;
  const seen = listed(url);
  const source: InstalledFrom['source'] = seen
    ? seen.source
    : installer === 'micropip' || !(locked && wheelOf(locked) === url)
      ? url.startsWith('emfs:') || url.startsWith('file:')
        ? 'file'
        : 'index'
      : 'pyodide';
  return {
    source,
    version: origin.version,
    url,
    file: fileOf(url) || null,
    index: seen?.index ?? null,
    installer,
    ...(seen?.sdist ? { sdist: seen.sdist } : {}),
  };
}

/** Is `urls` micropip's default index list (then, and only then, micropip looks in the lock first)? */
export function isDefaultIndex(urls: readonly string[]): boolean {
  const given = urls.map(indexBase);
  return given.length === 1 && given[0] === PYPI_SIMPLE;
}

/** The lock's package when its version satisfies `requirement` (a name, a version specifier, no extras), else null. */
export function lockSatisfies(requirement: string, lock: LockIndex): LockPackage | null {
  const r = parseRequirement(requirement);
  if (!r || r.extras.length || r.marker) return null;
  const locked = lock.get(r.name);
  if (!locked) return null;
  const spec = r.spec.replace(/[()\s]/g, '');
  try {
    return !spec || satisfies(locked.version, spec) ? locked : null;
  } catch {
    return null;
  }
}

/** Where micropip would take a requirement from, before anything is read: see the header. */
export interface Prediction {
  /** The source micropip asks first. */
  first: 'pyodide' | 'index';
  /** The lock's version when the lock would give it (first, or after an index without a wheel for it). */
  lockVersion: string | null;
  /** The index micropip would ask (first, or when the lock does not satisfy). */
  index: string;
}

export function predictSource(requirement: string, lock: LockIndex, indexUrls: readonly string[]): Prediction {
  const locked = lockSatisfies(requirement, lock);
  const index = indexBase(indexUrls[0] ?? PYPI_SIMPLE);
  if (isDefaultIndex(indexUrls))
    return { first: locked ? 'pyodide' : 'index', lockVersion: locked?.version ?? null, index };
  return { first: 'index', lockVersion: locked?.version ?? null, index };
}

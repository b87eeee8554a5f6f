/**
 * Why micropip found nothing to install for a requirement. micropip says the same words for three
 * different reasons ("Can't find a pure Python 3 wheel for 'x'"): no release matches the version
 * asked for; the matching release is published only as a source archive (an sdist such as
 * `wikipedia-1.4.0.tar.gz`: micropip installs wheels only); or its wheels are all compiled for other
 * platforms (a C or Rust extension Pyodide has not built). The index's own list of files tells
 * which, so the message names the real one, with the release and a file.
 */
import { maxSatisfying, satisfies, valid } from '@renovatebot/pep440';
import { canonicalName, parseRequirement } from './requirement.ts';

/** One file an index lists for a project (PEP 691: its `filename`, `url` and `hashes`). */
export interface IndexFile {
  filename: string;
  url?: string;
  hashes?: Record<string, string>;
}

/** Why micropip found nothing, as the index's files tell it; `sdist` when the release is a source archive only. */
export interface NoWheel {
  message: string;
  sdist?: { name: string; version: string; file: IndexFile };
}

/** The files the index lists for a project, or null when it could not be read. */
export type IndexLookup = (name: string) => Promise<IndexFile[] | null>;

/** The requirements micropip's message names: `for 'x'.` (one) or `for: 'x', 'y'` (keep_going). */
export function requirementsWithoutWheel(message: string): string[] {
  const head = /Can't find a pure Python 3 wheel for:? ((?:'[^']+'(?:, )?)+)/.exec(message);
  return head?.[1] ? [...head[1].matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '').filter(Boolean) : [];
}

interface Release {
  version: string;
  file: string;
  entry: IndexFile;
  wheel: boolean;
  /** A wheel this browser can install: pure Python, or built for Pyodide (emscripten). */
  usable: boolean;
}

function release(filename: string, project: string): Release | null {
  const name = canonicalName(project);
  if (filename.endsWith('.whl')) {
    const parts = filename.slice(0, -4).split('-');
    if (parts.length < 5 || canonicalName(parts[0] ?? '') !== name) return null;
    const [python = '', abi = '', platform = ''] = parts.slice(-3);
    const pure = abi === 'none' && platform === 'any' && /(^|\.)py3/.test(python);
    return {
      version: parts[1] ?? '',
      file: filename,
      entry: { filename },
      wheel: true,
      usable: pure || /emscripten/.test(platform),
    };
  }
  const sdist = /^(.+?)-(\d[^-]*)\.(tar\.gz|zip|tar\.bz2)$/.exec(filename);
  if (!sdist || canonicalName(sdist[1] ?? '') !== name) return null;
  return { version: sdist[2] ?? '', file: filename, entry: { filename }, wheel: false, usable: false };
}

/** One line saying why `requirement` has nothing micropip can install, from the index's files. */
export async function whyNoWheel(requirement: string, lookup: IndexLookup): Promise<string | null> {
  return (await noWheel(requirement, lookup))?.message ?? null;
}

/** Why `requirement` has nothing micropip can install, with the source archive when that is all there is. */
export async function noWheel(requirement: string, lookup: IndexLookup): Promise<NoWheel | null> {
  const parsed = parseRequirement(requirement);
  if (!parsed) return null;
  const files = await lookup(parsed.name).catch(() => null);
  if (!files) return null;
  const releases = files
    .map((f) => withEntry(release(f.filename, parsed.name), f))
    .filter((r): r is Release => r !== null && valid(r.version) !== null);
  const versions = [...new Set(releases.map((r) => r.version))];
  const spec = parsed.spec.replace(/[()\s]/g, '');
  const matching = spec ? versions.filter((v) => satisfies(v, spec)) : versions;
  if (!matching.length) {
    const listed = versions.length ? `the index has ${versions.slice(-4).join(', ')}` : 'the index lists no release';
    return { message: `no release of ${parsed.name} matches ${spec || 'the request'} (${listed})` };
  }
  // micropip takes the newest matching release with a wheel it can install: having failed, none has one.
  const candidates = releases.filter((r) => matching.includes(r.version));
  if (candidates.some((r) => r.usable)) return null; // something else went wrong: micropip's own words say what
  const wheels = candidates.filter((r) => r.wheel);
  const best = maxSatisfying(matching, spec || '>=0') ?? matching[matching.length - 1] ?? '';
  if (!wheels.length) {
    const archive = candidates.find((r) => r.version === best);
    const file = archive?.file ?? `${parsed.name}-${best}.tar.gz`;
    return {
      message: `${parsed.name} ${best} is published only as a source archive (${file}), not as a wheel, and micropip installs wheels only`,
      ...(archive ? { sdist: { name: parsed.name, version: best, file: archive.entry } } : {}),
    };
  }
  const newest = wheels.find((r) => r.version === best) ?? wheels[wheels.length - 1];
  return {
    message: `${parsed.name} ${newest?.version} has wheels only for other platforms (${newest?.file}): it needs a compiled extension that Pyodide has not built, so it cannot run in a browser`,
  };
}

const withEntry = (r: Release | null, entry: IndexFile): Release | null => (r ? { ...r, entry } : null);

/**
 * Does the index offer a wheel micropip would take for `requirement` (a matching release with a
 * pure-Python or Pyodide wheel)? micropip asks a custom index before the Pyodide lock and falls back
 * to the lock only when it does not (its transaction.py).
 */
export function hasUsableWheel(requirement: string, files: readonly IndexFile[]): boolean {
  const parsed = parseRequirement(requirement);
  if (!parsed) return false;
  const spec = parsed.spec.replace(/[()\s]/g, '');
  return files.some((f) => {
    const r = release(f.filename, parsed.name);
    if (!r?.usable || valid(r.version) === null) return false;
    try {
      return !spec || satisfies(r.version, spec);
    } catch {
      return false;
    }
  });
}

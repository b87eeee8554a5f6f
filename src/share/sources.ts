/**
 * The settings a link or `.toolplay.json` may carry that change where code or requests come from:
 * the Pyodide packages mirror, the package index, the CORS proxy, the Network switch turned on and
 * the Python version (docs/share-links.md, "Sources"). None of them is applied by opening or by
 * Trust: review mode lists each with its host, and only the ones the person ticks become the
 * workspace's settings, each marked with where it came from. Pure: the app and `toolplay link
 * decode` share it.
 */
import {
  DEFAULT_PACKAGE_SETTINGS,
  type LinkSources,
  type PackageSettings,
  type SharedPackages,
  type SourceKey,
} from '../protocol/packages.ts';

export type { LinkSources, SharedPackages, SourceKey };
/** Every source setting, in the order review mode lists them (`python`: the workspace's Python version, docs/pythons.md). */
export const SOURCE_KEYS = [
  'mirror',
  'indexUrl',
  'corsProxy',
  'network',
  'python',
] as const satisfies readonly SourceKey[];

/** One setting a link wants, as review mode and `toolplay link decode` show it. */
export interface SourceOffer {
  key: SourceKey;
  /** The setting's name: "Pyodide packages mirror". */
  label: string;
  /** The value the link gives it (a URL, "on", a version). */
  value: string;
  /** The host it points at (`mirror.example`, `127.0.0.1:8787`), or null for a setting without one. */
  host: string | null;
  /** What accepting it means, in one sentence. */
  effect: string;
}

/** A link with no `packages` object asks for what a new workspace had when it was made: the Network switch on. */
export const LINK_DEFAULT_PACKAGES: SharedPackages = { mirror: null, indexUrl: null, network: true, corsProxy: null };

/** The host of an http(s) URL as the browser reads it (IDN names in their `xn--` form), or the text itself. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Each setting of `asked` that differs from keeping one's own, in SOURCE_KEYS order. */
export function offersOf(asked: SharedPackages | undefined): SourceOffer[] {
  const p = asked ?? LINK_DEFAULT_PACKAGES;
  const offers: SourceOffer[] = [];
  for (const key of SOURCE_KEYS) {
    if (key === 'network') {
      if (p.network)
        offers.push({
          key,
          label: 'Network for tools',
          value: 'on',
          host: null,
          effect: 'its tools may send requests from your browser (kept off unless you tick it)',
        });
      continue;
    }
    const value = p[key];
    if (value === null || value === undefined) continue;
    if (key === 'python') {
      offers.push({
        key,
        label: 'Python version',
        value,
        host: null,
        effect: `its tools run on Python ${value} instead of this workspace's own`,
      });
      continue;
    }
    const host = hostOf(value);
    offers.push({ key, label: LABELS[key], value, host, effect: EFFECTS[key](host) });
  }
  return offers;
}

const LABELS = { mirror: 'Pyodide packages mirror', indexUrl: 'Package index', corsProxy: 'CORS proxy' } as const;
const EFFECTS = {
  mirror: (host: string) => `the packages Python imports from its distribution (and its lock file) come from ${host}`,
  indexUrl: (host: string) => `the packages it installs (requirements.txt, pipmaster) come from ${host}`,
  corsProxy: (host: string) =>
    `every request its tools make goes through ${host}, with its headers (an Authorization key too)`,
} as const;

/**
 * The package settings a link's workspace starts with in review mode: one's own, with the Network
 * switch off (the link asks for it like any other source; a link that turns it off is simply obeyed).
 */
export const REVIEW_PACKAGES: PackageSettings = { ...DEFAULT_PACKAGE_SETTINGS, network: false };

/**
 * The workspace's package settings after Trust: each accepted setting takes the link's value and is
 * marked `setBy` the link; every other one stays as the person has it (`own`).
 */
export function acceptSources(
  sources: LinkSources,
  accepted: Iterable<SourceKey>,
  own: PackageSettings = REVIEW_PACKAGES,
): PackageSettings {
  const wanted = new Set(offersOf(sources.asked).map((o) => o.key));
  const next: PackageSettings = { ...own, setBy: { ...own.setBy } };
  for (const key of accepted) {
    if (!wanted.has(key)) continue;
    if (key === 'network') next.network = true;
    else if (key === 'python') next.python = sources.asked.python;
    else next[key] = sources.asked[key];
    next.setBy![key] = sources.from;
  }
  if (Object.keys(next.setBy!).length === 0) delete next.setBy;
  return next;
}

/** How the workspace names where a link or file came from: "the link from https://play.example", "the file bug.toolplay.json". */
export function originOf(input: string | Uint8Array, fileName?: string): string {
  if (fileName) return `the file ${fileName}`;
  if (typeof input !== 'string' || /^\uFEFF?\s*[{[]/.test(input)) return 'a .toolplay.json file';
  const before = input.trim().split('#')[0] ?? '';
  try {
    const origin = new URL(before).origin;
    if (origin && origin !== 'null') return `the link from ${origin}`;
  } catch {
    // a bare "#share=…" fragment, or a link whose address part is not a URL
  }
  return 'a link';
}

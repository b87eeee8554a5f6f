/** Packages and the network as the engine, the worker, the app and the CLI exchange them. */

/** One need, with where it is asked (engine method `packages`, and a call's `needs`). */
export interface PackageNeed {
  kind: 'import' | 'requirement' | 'pipmaster';
  /** The import's top-level module, or the requirement as written ('' for a pipmaster call whose arguments are not literals). */
  text: string;
  file: string;
  line?: number;
  col?: number;
  endLine?: number;
  endCol?: number;
  /** The function it is in (`init_tool_library`, a tool, `<module>`), for imports and pipmaster calls. */
  where?: string;
  /** The pipmaster function called. */
  call?: string;
  /** An import inside `try … except ImportError`: the file does without it. */
  optional?: boolean;
  /** A pipmaster call whose requirements are not literals (toolplay cannot read them beforehand). */
  literal?: false;
  /** An import whose name a requirements line or pipmaster call of the workspace names (a call's `needs` only). */
  named?: boolean;
  /** Installed before a call (engine method `packages` only). */
  first?: boolean;
}

/** What the engine says about a workspace's packages (python/toolplay/packages/status.py). */
export interface PackagesStatus {
  /** Every need, in reading order; `first`: installed before a call. */
  needs: PackageNeed[];
  /** Installed distributions: canonical name → version. */
  installed: Record<string, string>;
  /**
   * What each installer wrote beside an installed distribution's METADATA (INSTALLER, PYODIDE_SOURCE,
   * PYODIDE_URL, PYODIDE_SHA256, direct_url.json's url), lower-cased keys: canonical name → fields.
   */
  origins?: Record<string, Record<string, string>>;
  /** Each imported module: can this Python import it now? */
  importable: Record<string, boolean>;
  /** This Python can pause for an install mid-call (pipmaster installs when the library runs). */
  suspends: boolean;
}

/** What a workspace allows its tools on the network (src/net/policy.ts applies it). */
export interface NetworkPolicy {
  /** Off: every request a tool makes fails at once. */
  enabled: boolean;
  /** A URL prefix the request's full URL is appended to (e.g. `http://127.0.0.1:8787/`), or null. */
  corsProxy: string | null;
}

/** Where an installed distribution really came from (src/packages/provenance.ts), read from what its installer wrote. */
export interface InstalledFrom {
  /** `file`: a wheel from Python's file system or a direct URL, not from a source toolplay names. */
  source: 'pyodide' | 'index' | 'file';
  version: string;
  /** The wheel's URL (for a Pyodide package, its lock's wheel under the mirror or distribution). */
  url: string | null;
  /** The wheel's file name. */
  file: string | null;
  /** The index whose page listed the wheel, when this Python's installer read it; null when not known. */
  index: string | null;
  /** Who installed it: `micropip`, `pyodide.loadPackage`, … as its INSTALLER file says. */
  installer: string | null;
  /** The source archive the wheel was built from. */
  sdist?: string;
}

/** Where micropip would take a package from, before it is installed: a prediction (provenance.ts `predictSource`). */
export interface SourcePrediction {
  /** What micropip asks first: the Pyodide lock (default index), or the index (a custom index: always). */
  first: 'pyodide' | 'index';
  /** The lock's version when it satisfies the requirement (first, or the way out when the index has no wheel). */
  lockVersion: string | null;
  /** The index micropip asks. */
  index: string;
}

/** One row of the Packages view (src/packages/view.ts makes them). */
export interface PackageRow {
  /** What an install is given: `wikipedia>=1.4.0`, `pyyaml`. */
  requirement: string;
  /** The distribution's PEP 503 name. */
  key: string;
  /** The distribution's name as the lock or the request writes it. */
  name: string;
  /** Where the files ask for it, in reading order. */
  origins: PackageNeed[];
  /** Where it is predicted to come from (micropip's order, `prediction`), or where it came from once installed. */
  source: 'pyodide' | 'index' | 'toolplay' | 'file';
  /** The lock's version for a Pyodide package; null for an index package (micropip picks one); once installed, the installed one's. */
  version: string | null;
  /** The version installed in this Python now, or null. */
  installed: string | null;
  /** Before an install: where micropip would take it from (null for pipmaster, which toolplay provides). */
  prediction: SourcePrediction | null;
  /** Once installed: where it really came from, read from the installed distribution. */
  installedFrom: InstalledFrom | null;
  /** The distribution was guessed from an import's name (no lock entry, no known other name). */
  guessed: boolean;
  /** Installed before a call runs (else pipmaster installs it when the library runs, or the import is optional). */
  first: boolean;
  /** Every import of it is inside `try … except ImportError`. */
  optional: boolean;
  /** Bytes of its wheel in the cache (Pyodide packages), or null. */
  cachedBytes: number | null;
}

export interface PackagesView {
  rows: PackageRow[];
  /** pipmaster calls whose arguments toolplay cannot read beforehand (not literals). */
  unreadable: PackageNeed[];
  /** This Python can pause for an install mid-call. */
  suspends: boolean;
}

/** A workspace's package and network settings (the Packages view edits them; share links carry them). */
export interface PackageSettings {
  /** A mirror of Pyodide's packages (a URL holding pyodide-lock.json and the wheels); null: the official distribution. */
  mirror: string | null;
  /** The package index micropip reads; null: PyPI. */
  indexUrl: string | null;
  /** The Network switch: off makes every request a tool makes fail at once. */
  network: boolean;
  /** The CORS proxy's URL prefix for the tool's requests, or null. */
  corsProxy: string | null;
  /** The Python version this workspace runs ("3.13"); absent: this toolplay's own. */
  python?: string;
  /** Settings a link or file set, accepted in review mode: key → where it came from ("the link from https://…"). */
  setBy?: Partial<Record<SourceKey, string>>;
}

/** The settings that change where code or requests come from (src/share/sources.ts): a link sets one only when accepted. */
export type SourceKey = 'mirror' | 'indexUrl' | 'corsProxy' | 'network' | 'python';

/** The payload's `packages` object as a link or file carries it (docs/share-links.md). */
export interface SharedPackages {
  mirror: string | null;
  indexUrl: string | null;
  network: boolean;
  corsProxy: string | null;
  /** The Python version the sender's workspace runs ("3.13"), when the link names one. */
  python?: string;
}

/** What a link asks for until Trust: kept in the workspace's settings, applied only where accepted. */
export interface LinkSources {
  /** Where the link came from, as the workspace will say it: "the link from https://play.example". */
  from: string;
  asked: SharedPackages;
}

export const DEFAULT_PACKAGE_SETTINGS: PackageSettings = {
  mirror: null,
  indexUrl: null,
  network: true,
  corsProxy: null,
};

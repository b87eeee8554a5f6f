/**
 * A Pyodide lock file (`pyodide-lock.json`): which packages a Pyodide distribution has, with each
 * wheel's file, sha256, the modules it provides (`imports`) and what it depends on. toolplay reads it
 * to say what an import needs and where it comes from, to fetch and check a package's wheels before
 * Pyodide's own loader installs them (so a bad download installs nothing), and to keep them cached.
 */
import { canonicalName } from './requirement.ts';

/** One package of the lock, as pyodide-lock.json writes it (the fields toolplay reads). */
export interface LockPackage {
  name: string;
  version: string;
  file_name: string;
  sha256: string;
  imports: string[];
  depends: string[];
  package_type?: string;
}

export interface LockFile {
  info: { abi_version: string; arch: string; platform: string; python: string };
  packages: Record<string, LockPackage>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads lock file JSON text, checking the shape toolplay relies on; throws one line when it is not a lock file. */
export function readLockFile(text: string, where: string): LockFile {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`${where} is not a Pyodide lock file: ${(e as Error).message}`, { cause: e });
  }
  if (!isObject(value) || !isObject(value.info) || !isObject(value.packages))
    throw new Error(`${where} is not a Pyodide lock file (no info and packages)`);
  for (const [key, p] of Object.entries(value.packages)) {
    if (
      !isObject(p) ||
      typeof p.name !== 'string' ||
      typeof p.version !== 'string' ||
      typeof p.file_name !== 'string' ||
      typeof p.sha256 !== 'string' ||
      !Array.isArray(p.imports) ||
      !Array.isArray(p.depends)
    )
      throw new Error(`${where}: package ${key} lacks name, version, file_name, sha256, imports or depends`);
  }
  return value as unknown as LockFile;
}

export class LockIndex {
  readonly #byKey = new Map<string, LockPackage>();
  readonly #byImport = new Map<string, LockPackage>();

  constructor(readonly lock: LockFile) {
    for (const p of Object.values(lock.packages)) {
      this.#byKey.set(canonicalName(p.name), p);
      for (const name of p.imports) if (!this.#byImport.has(name)) this.#byImport.set(name, p);
    }
  }

  /** The package of that name (any spelling: `PyYAML`, `pyyaml`). */
  get(name: string): LockPackage | undefined {
    return this.#byKey.get(canonicalName(name));
  }

  /** The package whose wheel provides the top-level module `module` (`yaml` → pyyaml, `bs4` → beautifulsoup4). */
  providing(module: string): LockPackage | undefined {
    return this.#byImport.get(module);
  }

  /** `names` and everything they depend on, dependencies first, without what `loaded` holds (canonical names). */
  closure(names: readonly string[], loaded: ReadonlySet<string> = new Set()): LockPackage[] {
    const out: LockPackage[] = [];
    const seen = new Set<string>();
    const visit = (name: string): void => {
      const key = canonicalName(name);
      if (seen.has(key) || loaded.has(key)) return;
      seen.add(key);
      const p = this.#byKey.get(key);
      if (!p) return;
      for (const d of p.depends) visit(d);
      out.push(p);
    };
    for (const n of names) visit(n);
    return out;
  }
}

/**
 * The engine for a CLI run: Pyodide from the npm package (restored from the engine's cached memory
 * snapshot when it can be, src/engine/snapshot-cache.node.ts), with every host folder the command
 * touches mounted at its own absolute path (NODEFS). Paths, `_python_file_path` and the files a
 * tool writes then mean the same inside Python and on disk. One engine per Python version per
 * process (`--python`, src/protocol/pythons.ts): the commands of a `toolplay batch` share it, each
 * with its own folders mounted.
 */
import { dirname, join, sep } from 'node:path';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { startNodeEngine, type NodeEngineOptions } from '../engine/node.ts';
import type { Engine } from '../engine/engine.ts';
import { attachPackages } from '../packages/attach.ts';
import { DEFAULT_SOURCES, PYPI_SIMPLE } from '../packages/installer.ts';
import { PYODIDE_DISTRIBUTION, withSlash } from '../packages/sources.ts';
import { WheelCache } from '../packages/wheel-cache.ts';
import { DirWheelStore, FilePlanStore, WHEEL_CACHE_DIR } from '../packages/wheel-cache.node.ts';
import type { PackageOptions } from './packages-options.ts';
import { UsageFailure } from './usage.ts';
import { closeNetwork, openNetwork } from '../engine/network-lock.node.ts';
import { DEFAULT_PYTHON, PYTHON_RUNTIMES, type PythonVersion } from '../protocol/pythons.ts';

/** Folders to mount for these host paths: a file's folder, a folder itself; nested ones dropped. */
export function mountPoints(paths: string[]): string[] {
  const dirs = paths.map((p) => (statSync(p).isDirectory() ? p : dirname(p)));
  const unique = [...new Set(dirs)].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const d of unique) {
    // A folder inside one already mounted is visible through it; mounting again would shadow it.
    if (!kept.some((k) => k === '/' || d === k || d.startsWith(k + sep))) kept.push(d);
  }
  return kept;
}

/** The process's engines, one per Python asked for, each with what the last command mounted in it. */
const engines = new Map<PythonVersion, { engine: Promise<Engine>; mounted: { dirs: string[]; made: string[] } }>();
let packages: PackageOptions = { source: null, indexUrl: null, network: true, corsProxy: null, installGuessed: false };

/** The package source and index of the commands to come (the source counts only before Python starts). */
export function usePackages(options: PackageOptions): void {
  packages = options;
  for (const { engine: started } of engines.values())
    void started.then((engine) => {
      if (engine.packages)
        engine.packages.installer.sources = {
          ...engine.packages.installer.sources,
          indexUrls: [options.indexUrl ?? PYPI_SIMPLE],
          installGuessed: options.installGuessed,
        };
    });
}

/**
 * loadPyodide's package options for a source: the official distribution of that Python's Pyodide,
 * a mirror URL, or a folder (a mirror is of one Pyodide release: its lock names its wheels' ABI).
 */
async function sourceOptions(
  source: string | null,
  python: PythonVersion,
): Promise<NonNullable<NodeEngineOptions['packageSource']>> {
  if (source === null) return { packageBaseUrl: PYODIDE_DISTRIBUTION(PYTHON_RUNTIMES[python].pyodide) };
  if (/^https?:\/\//.test(source)) {
    const lock = new URL('pyodide-lock.json', withSlash(source)).href;
    let text: string;
    try {
      const response = await fetch(lock);
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      text = await response.text();
    } catch (e) {
      throw new UsageFailure(
        `--pyodide-packages: ${lock} could not be read (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    return { lockFileContents: text, packageBaseUrl: withSlash(source) };
  }
  return {
    lockFileContents: readFileSync(join(source, 'pyodide-lock.json'), 'utf8'),
    packageBaseUrl: withSlash(source),
  };
}

async function start(python: PythonVersion): Promise<Engine> {
  const packageSource = await sourceOptions(packages.source, python);
  const { engine } = await startNodeEngine({ packageSource, python });
  engine.packages = attachPackages(engine.py, {
    // Wheels are kept by URL (one URL, one file, whichever Python fetched it); a plan is what one
    // Python's resolver chose for its ABI and lock, so each Python keeps its own.
    cache: new WheelCache(new DirWheelStore()),
    plans: new FilePlanStore(python === DEFAULT_PYTHON ? WHEEL_CACHE_DIR : join(WHEEL_CACHE_DIR, `py${python}`)),
    origin: null,
    sources: {
      ...DEFAULT_SOURCES,
      packageBase: packageSource.packageBaseUrl,
      indexUrls: [packages.indexUrl ?? PYPI_SIMPLE],
      installGuessed: packages.installGuessed,
      readLocal: async (path) => new Uint8Array(await readFile(path)),
    },
  });
  return engine;
}
/**
 * The hosts installs reach under --no-network: the Pyodide distribution or mirror, the index, and
 * PyPI's file host when the index is PyPI's (its pages link the wheels there).
 */
export function sourceHosts(options: PackageOptions, python: PythonVersion = DEFAULT_PYTHON): string[] {
  const urls = [
    options.source ?? PYODIDE_DISTRIBUTION(PYTHON_RUNTIMES[python].pyodide),
    options.indexUrl ?? PYPI_SIMPLE,
  ];
  const hosts = urls.filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).hostname);
  if (hosts.includes('pypi.org')) hosts.push('files.pythonhosted.org');
  return [...new Set(hosts)];
}

/** The process's engine for `python` (3.14 unless asked), with `hostPaths` (absolute) mounted into it. */
export async function openEngine(hostPaths: string[], python: PythonVersion = DEFAULT_PYTHON): Promise<Engine> {
  let entry = engines.get(python);
  if (!entry) engines.set(python, (entry = { engine: start(python), mounted: { dirs: [], made: [] } }));
  const engine = await entry.engine;
  // After the start (which may make the snapshot in a child process), before any tool code runs.
  if (packages.network) openNetwork();
  else closeNetwork(sourceHosts(packages, python));
  const FS = engine.fs;
  // What the last command mounted here, and the folders made for it (to take down for the next one).
  const current = entry.mounted;
  const wanted = mountPoints(hostPaths);
  const visible = (d: string): boolean => current.dirs.some((k) => k === '/' || d === k || d.startsWith(k + sep));
  if (wanted.every(visible)) return engine;
  // Pyodide mounts only on an empty folder: take the last command's mounts down first.
  for (const dir of current.dirs) FS.unmount(dir);
  for (const dir of current.made.sort((a, b) => b.length - a.length)) FS.rmdir(dir);
  current.dirs = [];
  current.made = [];
  for (const dir of wanted) {
    for (let up = dir; up !== '/' && !FS.analyzePath(up).exists; up = dirname(up)) current.made.unshift(up);
    FS.mkdirTree(dir);
    engine.py.mountNodeFS(dir, dir);
    current.dirs.push(dir);
  }
  return engine;
}

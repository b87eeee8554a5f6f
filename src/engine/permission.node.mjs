/**
 * Node's permission model for the commands that run tools (bin/toolplay.mjs starts them again
 * under it): reads limited to toolplay itself (the engine, Pyodide and every package in its
 * node_modules, or in the node_modules it is installed in; its cache), tsx's compile cache, the
 * working directory and the paths named on the command line; writes to toolplay's cache and the
 * workspace (`--workspace`, the working directory by default; `test --junit FILE`). No child
 * processes and no addons; the time limit's clock is the one worker thread
 * (src/engine/network-lock.node.ts refuses any other while --no-network holds).
 *
 * A confined run cannot start esbuild (tsx compiles TypeScript through it) or make the engine's
 * snapshot (made in a child process): it then exits with PREPARE_EXIT before doing anything, the
 * unconfined parent prepares both (src/engine/permission-prepare.node.ts) and runs it again.
 *
 * Plain JavaScript (typed by permission.node.d.mts), read before tsx loads, like jspi-flag.node.mjs.
 */
import { existsSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout (or installed package): src/, python/, bin/ and node_modules/ (Pyodide, tsx, the cache). */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE_DIR = join(PACKAGE_ROOT, 'node_modules', '.cache', 'toolplay');
/**
 * Where an installed toolplay's dependencies (Pyodide, tsx, ...) may be: npm installs a project's
 * beside it, in the node_modules folder it is in (a checkout has them in its own node_modules).
 */
const INSTALLED_IN = basename(dirname(PACKAGE_ROOT)) === 'node_modules' ? [dirname(PACKAGE_ROOT)] : [];
export const PREPARE_EXIT = 75;

/**
 * The value of --python on a command line ('' when absent): the Python the unconfined parent
 * prepares a snapshot for (bin/toolplay.mjs), and the one a confined run may ask it to prepare
 * (src/engine/snapshot-cache.node.ts).
 */
export function pythonAsked(argv = process.argv.slice(2)) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--python') return argv[i + 1] ?? '';
    if (argv[i].startsWith('--python=')) return argv[i].slice('--python='.length);
  }
  return '';
}

/** Commands confined, and where each may write besides the cache. */
const CONFINED = {
  call: 'workspace',
  status: 'workspace',
  chat: 'workspace',
  test: 'junit',
  schema: null,
  lint: null,
  packages: null,
  diff: null,
};

/**
 * The permission model's switch on this Node (`--permission` from Node 22.13/23.5,
 * `--experimental-permission` before), or null where it has none.
 * @returns {string | null}
 */
export function permissionSwitch() {
  const known = process.allowedNodeEnvironmentFlags;
  if (known.has('--permission')) return '--permission';
  if (known.has('--experimental-permission')) return '--experimental-permission';
  return null;
}

/** `path` with each letter's case swapped, as tsx spells it to ask whether the file system is case-sensitive. */
const invertCase = (path) => [...path].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

/**
 * The paths of `paths` that no other one contains. Node 20's permission model loses a grant when
 * a path inside it is granted too (`--allow-fs-read=/a --allow-fs-read=/a/b` refuses `/a`), and a
 * folder's grant covers its tree anyway.
 * @param {string[]} paths
 */
function outermost(paths) {
  const unique = [...new Set(paths)];
  const folders = unique.filter((q) => existsSync(q));
  return unique.filter((p) => !folders.some((q) => q !== p && p.startsWith(q.endsWith(sep) ? q : q + sep)));
}

/** A folder and everything in it (a folder's path grants its whole tree). */
const tree = (dir) => [dir];

/** The value of `--name` in argv (`--name V` or `--name=V`), or undefined. */
function option(argv, name) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}

/**
 * The flags that confine `argv` (the command and its arguments), or null when it is not confined
 * (another command, TOOLPLAY_PERMISSION=off, or a Node without the permission model).
 * @param {string[]} argv
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [context]
 * @returns {string[] | null}
 */
export function permissionFlags(argv, { cwd = process.cwd(), env = process.env } = {}) {
  const command = argv[0];
  if (!(command in CONFINED) || env.TOOLPLAY_PERMISSION === 'off' || argv.includes('--help') || argv.includes('-h'))
    return null;
  const flag = permissionSwitch();
  if (flag === null) return null;
  const named = argv
    .slice(1)
    .filter((a) => !a.startsWith('-'))
    .map((a) => resolve(cwd, a))
    .filter((p) => existsSync(p))
    // A file is read with its folder: the CLI mounts the folder a named file is in. Loki reads the
    // functions folder around `tools/` too (its `.env`), which the CLI mounts for --profile loki.
    .map((p) => (statSync(p).isDirectory() ? p : dirname(p)))
    .flatMap((dir) => (option(argv, 'profile') === 'loki' ? [dir, dirname(dir)] : [dir]));
  const tsxCache = join(tmpdir(), `tsx-${userInfo().uid}`);
  // tsx asks whether the file system is case-sensitive by testing the package's path with its case
  // swapped; Node 20.20's permission model throws on that read instead of answering false.
  const reads = [
    ...tree(PACKAGE_ROOT),
    ...INSTALLED_IN.flatMap(tree),
    invertCase(PACKAGE_ROOT),
    ...tree(tsxCache),
    ...tree(cwd),
    ...named.flatMap(tree),
  ];
  const writes = [...tree(CACHE_DIR)];
  const kind = CONFINED[command];
  if (kind === 'workspace') writes.push(...tree(resolve(cwd, option(argv, 'workspace') ?? '.')));
  const junit = kind === 'junit' ? option(argv, 'junit') : undefined;
  // The report, and its folder (the CLI makes it when it is missing). outermost() keeps both
  // only while the folder does not exist yet: Node 20 grants no child of a folder it could not see.
  if (junit) writes.push(dirname(resolve(cwd, junit)), resolve(cwd, junit));
  // One flag per path: Node 20.20 no longer takes a comma-separated list.
  return [
    flag,
    ...outermost(reads).map((p) => `--allow-fs-read=${p}`),
    ...outermost(writes).map((p) => `--allow-fs-write=${p}`),
    '--allow-worker',
    // Said once in docs/cli.md instead of on every run.
    '--disable-warning=ExperimentalWarning',
    '--disable-warning=SecurityWarning',
  ];
}

/**
 * Loki's tool files as the engine's filesystem holds them: the browser worker's /workspace mirror,
 * or the CLI's folders mounted at their own paths. Which files a folder offers, in Loki's order,
 * and which file a called tool is: answered here once for the worker and the CLI.
 */
import type { EngineFs } from '../engine/fs.ts';

/** Reads of Pyodide's FS that never throw: a missing path is simply not a file. */
export class ToolFs {
  constructor(readonly fs: EngineFs) {}

  isFile(path: string): boolean {
    try {
      return this.fs.isFile(this.fs.stat(path).mode);
    } catch {
      return false;
    }
  }

  isDir(path: string): boolean {
    try {
      return this.fs.isDir(this.fs.stat(path).mode);
    } catch {
      return false;
    }
  }

  /** A file's text, or null when it cannot be read. */
  readText(path: string): string | null {
    try {
      return this.fs.readFile(path, { encoding: 'utf8' });
    } catch {
      return null;
    }
  }

  /** A folder's entries (no `.`/`..`); empty when it is not a readable folder. */
  list(dir: string): string[] {
    try {
      return this.fs.readdir(dir).filter((n) => n !== '.' && n !== '..');
    } catch {
      return [];
    }
  }
}

/** Rust's string order (Loki sorts file names by code point, not by UTF-16 unit). */
export function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

const TOOL_FILE = /\.(py|sh)$/;

/** The `.py` and `.sh` tool files `paths` name: a folder gives its own, in code-point order (as Loki reads a tools folder). */
export function toolFiles(fs: ToolFs, paths: readonly string[]): string[] {
  return paths.flatMap((p) => {
    if (!fs.isDir(p)) return TOOL_FILE.test(p) && fs.isFile(p) ? [p] : [];
    const dir = p.replace(/\/+$/, '');
    return fs
      .list(dir)
      .filter((n) => TOOL_FILE.test(n) && fs.isFile(`${dir}/${n}`))
      .sort(byCodePoint)
      .map((n) => `${dir}/${n}`);
  });
}

/**
 * The `.sh` file a Loki call of `tool` runs, or null when the tool is a Python one (the engine then
 * finds its `.py`). A `.sh` path named on its own is the tool; in a folder, `<tool>.sh` (also with
 * `_`/`-` swapped, as Loki names Bash tools) unless a `.py` of that name wins, as in Loki's build.
 */
export function bashToolFile(fs: ToolFs, paths: readonly string[], tool: string): string | null {
  const stems = [...new Set([tool, tool.replaceAll('_', '-'), tool.replaceAll('-', '_')])];
  for (const p of paths) {
    if (p.endsWith('.sh')) {
      const stem = p.slice(p.lastIndexOf('/') + 1, -3);
      if (fs.isFile(p) && (paths.length === 1 || stems.includes(stem))) return p;
      continue;
    }
    if (!fs.isDir(p)) continue;
    if (stems.some((s) => fs.isFile(`${p}/${s}.py`))) return null;
    for (const s of stems) if (fs.isFile(`${p}/${s}.sh`)) return `${p}/${s}.sh`;
  }
  return null;
}

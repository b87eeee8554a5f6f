/**
 * The per-file cache behind the per-edit and per-call engine work (core/file_cache.py): hub
 * metadata/definitions (`inspect`, `schema` hub, `status`) and lint all cost nothing for an
 * unchanged, settled file and still see every edit.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { lcpTempDir, writeTree } from './lcp_support.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});
// Files this fresh are inside the file cache's racy-clean window (writing sets ctime, which no utime
// can age), so each reuse test shuts the window: every file counts as settled at once.
// Trust every stat, even one taken in the same millisecond as the write: Python's clock can read up
// to a few hundred ns *behind* the file system's stamp (two clocks), so RACY_NS = 0 or -1 still
// distrusted some fresh writes and made the read counts depend on timing.
const settleAll = (): void => void engine.py.runPython('from toolplay.core import file_cache; file_cache.RACY_NS = -10**12');
afterEach(() => void engine.py.runPython('from toolplay.core import file_cache; file_cache.RACY_NS = 2_000_000_000'));

const json = <T>(code: string): T => JSON.parse(engine.py.runPython(code) as string) as T;
const counts = (): Record<string, number> => json(`
import json
from toolplay.core import file_cache
from toolplay.hosts.hub import library_file
from toolplay.lint import run as lint
json.dumps({"read": file_cache.stats["read"], "hub_parsed": library_file.stats["parsed"], "lint_analysed": lint.stats["analysed"]})`);
const delta = (before: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(counts()).map(([k, v]) => [k, v - (before[k] ?? 0)]));

const hubFile = (i: number, title = `Tool ${i}`): string =>
  `TOOL_LIBRARY_NAME = "Lib ${i}"\nTOOL_TITLES = {"tool_h${i}": "${title}"}\n\ndef tool_h${i}(args):\n    """Does ${i}.\n\n    - query (str): What.\n    """\n`;
type Inspection = { libraries: { name: string; titles: Record<string, string> }[]; tools: { name: string; title: string | null }[] };
const inspect = (dir: string): Inspection => engine.call('inspect', { paths: [dir], profile: 'hub' });
const status = (dir: string, tool: string): string =>
  engine.call('status', { paths: [dir], tool, args: { query: 'q' } }).line;

describe('engine caches', () => {
  it('inspect and the status line re-read and re-parse only the edited file, and show the edit', () => {
    const dir = lcpTempDir(engine, 'engine-caches');
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`h${i}.py`] = hubFile(i);
    writeTree(engine, dir, files);
    settleAll();
    const first = inspect(dir);
    expect(first.libraries).toHaveLength(12);
    expect(status(dir, 'tool_h3')).toBe('Tool 3: "q"\n');
    const before = counts();
    expect(inspect(dir)).toEqual(first);
    expect(status(dir, 'tool_h3')).toBe('Tool 3: "q"\n');
    expect(delta(before)).toEqual({ read: 0, hub_parsed: 0, lint_analysed: 0 });

    engine.fs.writeFile(`${dir}/h3.py`, hubFile(3, 'Renamed three'));
    const after = inspect(dir);
    expect(after.tools.find((t) => t.name === 'tool_h3')?.title).toBe('Renamed three');
    expect(after.libraries[first.libraries.findIndex((l) => l.name === 'Lib 3')]?.titles).toEqual({ tool_h3: 'Renamed three' });
    expect(status(dir, 'tool_h3')).toBe('Renamed three: "q"\n');
    // The edited file is read once, when its new stat is first seen (hashed, and handed to the hub,
    // which extracts metadata and definitions once each); lint, which asks next, gets the bytes just
    // read for the same content, and analyses them once.
    expect(delta(before)).toEqual({ read: 1, hub_parsed: 2, lint_analysed: 1 });
  });

  it('a same-size edit right after a read is seen (fresh files are hashed, not trusted by stat)', () => {
    const dir = lcpTempDir(engine, 'engine-caches');
    writeTree(engine, dir, { 'a.py': hubFile(1, 'AAAA') });
    expect(status(dir, 'tool_h1')).toBe('AAAA: "q"\n');
    engine.fs.writeFile(`${dir}/a.py`, hubFile(1, 'BBBB'));
    expect(status(dir, 'tool_h1')).toBe('BBBB: "q"\n');
    expect(inspect(dir).tools[0]?.title).toBe('BBBB');
  });
});

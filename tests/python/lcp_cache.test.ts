/**
 * The LCP file cache's promises (core/file_cache.py + hosts/lcp/file_tools.py): an unchanged, settled file is not even read on a rescan; an edit is
 * always seen (also one of the same size right after a scan, where the stat alone could lie);
 * and the items it shares between scans never pick up what a tool does to a default it was given.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { lcpTempDir, writeTree } from './lcp_support.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const py = <T>(code: string): T => JSON.parse(engine.py.runPython(code) as string) as T;
type Tool = { name: string; description: string; input_schema: { properties: Record<string, { default?: unknown }> } };
const schema = (dir: string): Tool[] => engine.call('schema', { paths: [dir], profile: 'lcp', format: 'native' }) as Tool[];
const counters = (): { parsed: number; read: number } =>
  py('import json; from toolplay.core import file_cache as c; from toolplay.hosts.lcp import file_tools as f; json.dumps({"parsed": f.stats["parsed"], "read": c.stats["read"]})');

describe('the LCP file cache', () => {
  it('settled files: a no-change rescan reads nothing, an edit reads and parses that file only', () => {
    const dir = lcpTempDir(engine, 'lcp-cache');
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`t${i}.py`] = `def tool_c${i}(x: int = ${i}):\n    """Tool ${i}."""\n`;
    writeTree(engine, dir, files);
    // Files this fresh are inside the racy-clean window (2 s; writing sets ctime, which no utime
    // can age), so the window is shut for this test: every file counts as settled at once (also
    // when Python's clock reads a little behind the file system's stamp).
    engine.py.runPython('from toolplay.core import file_cache; file_cache.RACY_NS = -10**12');
    try {
      schema(dir);
      const before = counters();
      expect(schema(dir)).toHaveLength(20);
      expect(counters()).toEqual(before);
      engine.fs.writeFile(`${dir}/t7.py`, 'def tool_c7(x: int = 7):\n    """Edited 7."""\n');
      expect(schema(dir).find((t) => t.name === 'tool_c7')?.description).toBe('Edited 7.');
      expect(counters()).toEqual({ parsed: before.parsed + 1, read: before.read + 1 });
    } finally {
      engine.py.runPython('file_cache.RACY_NS = 2_000_000_000');
    }
  });

  it('a same-size edit right after a scan is seen (fresh files are hashed, not trusted by stat)', () => {
    const dir = lcpTempDir(engine, 'lcp-cache');
    writeTree(engine, dir, { 'a.py': 'def tool_same():\n    """AAAA."""\n' });
    expect(schema(dir)[0]?.description).toBe('AAAA.');
    engine.fs.writeFile(`${dir}/a.py`, 'def tool_same():\n    """BBBB."""\n');
    expect(schema(dir)[0]?.description).toBe('BBBB.');
  });

  it('a tool that mutates its list default changes only its own binding, never the shared items', () => {
    const dir = lcpTempDir(engine, 'lcp-cache');
    writeTree(engine, dir, { 'm.py': 'def tool_grow(items: list = [1]):\n    """Grow."""\n    items.append(len(items) + 1)\n    return {"success": True, "output": list(items)}\n' });
    const seen = py<unknown[]>(`
import json
from toolplay.hosts.lcp.binding import LcpBinding
b = LcpBinding(tools_folders=["${dir}"])
first, second = b.execute_tool("tool_grow", {}), b.execute_tool("tool_grow", {})
fresh = LcpBinding(tools_folders=["${dir}"]).discover_tools()[0]["input_schema"]["properties"]["items"]["default"]
json.dumps([first["output"], second["output"], fresh])`);
    // Within one binding the default object persists between calls, as in the reference.
    expect(seen).toEqual([[1, 2], [1, 2, 3], [1]]);
    expect(schema(dir)[0]?.input_schema.properties['items']?.default).toEqual([1]);
  });
});

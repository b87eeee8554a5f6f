/**
 * LCP discovery (hosts/lcp/discovery.py) keeps its last result: reused when no file changed, patched when an edit kept a
 * file's tool names, worked out again otherwise. Whichever way, what a binding sees must equal a
 * discovery from scratch: tools, warnings (duplicates, shared module slots), def lines, JSON.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { lcpTempDir, writeTree } from './lcp_support.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
  engine.py.runPython(`
import json
from toolplay.core import file_cache
from toolplay.hosts.lcp import discovery as lcp_discovery
from toolplay.hosts.lcp.binding import LcpBinding

def _discovery_view(folder):
    b = LcpBinding(tools_folders=[folder])
    return {"tools": b.discovered_tools, "warnings": b.warnings, "origins": b.origins,
            "json": json.loads(b.json_tools_text().text), "safe": b.json_tools()}

def _discovery_check(folder):
    """The kept/patched view, a view from scratch, and how the kept one was answered."""
    before = dict(lcp_discovery.stats)
    kept = _discovery_view(folder)
    how = [k for k, v in lcp_discovery.stats.items() if v != before[k]]
    file_cache.reset()
    fresh = _discovery_view(folder)
    _discovery_view(folder)  # leaves the fresh result as the kept one for the next step
    return json.dumps({"same": kept == fresh, "how": how, "kept": kept, "fresh": fresh}, default=str)
`);
});
// Every stat is trusted at once (also when Python's clock reads a little behind the file system's
// stamp), so an unchanged file keeps its cached FileTools object.
const settle = (): void => void engine.py.runPython('from toolplay.core import file_cache; file_cache.RACY_NS = -10**12');
afterEach(() => void engine.py.runPython('from toolplay.core import file_cache; file_cache.RACY_NS = 2_000_000_000'));

type Check = { same: boolean; how: string[]; kept: { origins: Record<string, [string, number]>; warnings: { message: string; line: number | null }[] } };
const check = (dir: string): Check =>
  JSON.parse(engine.py.runPython(`_discovery_check(${JSON.stringify(dir)})`) as string) as Check;

const tool = (name: string, doc = 'Does it.', pad = 0): string => `${'\n'.repeat(pad)}def ${name}(x: int = 1):\n    """${doc}"""\n`;

describe('LCP discovery', () => {
  it('a kept or patched discovery always equals one from scratch', () => {
    const dir = lcpTempDir(engine, 'lcp-discovery');
    writeTree(engine, dir, {
      'a.py': tool('tool_a1') + tool('tool_a2'),
      'b.py': tool('tool_b1') + tool('tool_a1', 'Shadowed by a.py.'),
      'c/c.py': tool('tool_c1'),
      'c/extra.py': tool('tool_c2'),
      'd.py': 'VALUE = 1\n',
      'e.py': 'def tool_e1(x: int = 1):\n    """Broken below."""\n\ndef oops(:\n',
      'z/c.py': tool('tool_z1'),
    });
    settle();
    const first = check(dir);
    expect(first.same).toBe(true);
    expect(first.kept.warnings.map((w) => w.message).join('\n')).toMatch(/Skipping 'tool_a1'[\s\S]*shares the module slot/);

    // Nothing changed: the kept result as it is.
    expect(check(dir)).toMatchObject({ same: true, how: ['kept'] });

    // A body/docstring edit that moves the defs down: patched, with the new def lines.
    engine.fs.writeFile(`${dir}/a.py`, tool('tool_a1', 'Edited.', 3) + tool('tool_a2', 'Edited too.'));
    const patched = check(dir);
    expect(patched).toMatchObject({ same: true, how: ['patched'] });
    expect(patched.kept.origins['tool_a1']?.[1]).toBe(4);
    engine.fs.writeFile(`${dir}/c/extra.py`, tool('tool_c2', 'Sibling edited.', 1));
    expect(check(dir)).toMatchObject({ same: true, how: ['patched'] });

    // The file that lost a name (its "Skipping" note has a def line): worked out again.
    engine.fs.writeFile(`${dir}/b.py`, tool('tool_b1', 'Edited.', 2) + tool('tool_a1', 'Still shadowed.'));
    const redone = check(dir);
    expect(redone).toMatchObject({ same: true, how: ['resolved'] });
    expect(redone.kept.warnings.find((w) => w.message.startsWith("Skipping 'tool_a1'"))?.line).toBe(5);

    // A renamed tool, a new file, a deleted file: worked out again.
    engine.fs.writeFile(`${dir}/a.py`, tool('tool_a1') + tool('tool_a3'));
    expect(check(dir)).toMatchObject({ same: true, how: ['resolved'] });
    engine.fs.writeFile(`${dir}/f.py`, tool('tool_f1'));
    expect(check(dir)).toMatchObject({ same: true, how: ['resolved'] });
    engine.fs.unlink(`${dir}/f.py`);
    expect(check(dir)).toMatchObject({ same: true, how: ['resolved'] });
  });
});

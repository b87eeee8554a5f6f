// Lint caches per file by content: after one edit in a 30-file folder only that file is analysed
// again, and cross-file findings (duplicate names) still follow the edit.
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';

describe('lint cache', () => {
  it('re-analyses only the edited file, and cross-file rules see the edit', async () => {
    const engine = await getEngine();
    const root = '/tmp/lint-cache-1';
    engine.fs.mkdirTree(root);
    const tool = (i: number, name = `tool_n${i}`): string => `def ${name}(q: str):\n    """Tool ${i}.\n\n    Args:\n        q (str): Query.\n    """\n`;
    for (let i = 0; i < 30; i++) engine.fs.writeFile(`${root}/t${String(i).padStart(2, '0')}.py`, tool(i));
    // The lcp profile's findings: the hub would call each of these LCP-style tools with one dict (LTP005).
    const lint = () => engine.call('lint', { paths: [root] }).filter((d) => d.profiles.includes('lcp'));
    const analysed = (): number => Number(engine.py.runPython('import toolplay.lint.run as l; l.stats["analysed"]'));

    expect(lint()).toEqual([]);
    const before = analysed();
    expect(lint()).toEqual([]);
    expect(analysed() - before).toBe(0);

    engine.fs.writeFile(`${root}/t07.py`, tool(7, 'tool_n3'));
    const found = lint();
    expect(analysed() - before).toBe(1);
    expect(found.map((d) => `${d.file.split('/').pop()}:${d.line}:${d.column} ${d.code}`)).toEqual(['t07.py:1:5 LCP013']);
  });
});

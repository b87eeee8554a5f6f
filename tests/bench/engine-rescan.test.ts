// The benchmark's claim, asserted: through the engine's `schema` method, a rescan of the generated
// 200-file folder after editing one file re-parses exactly that file (the LCP file cache's parse counter),
// and the edit shows in the result.
import { describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { librarySource, writeLibraries } from '../../bench/generate.ts';

describe('engine rescan (bench/generate.ts folder)', () => {
  it('re-parses only the edited file', { timeout: 300_000 }, async () => {
    const engine = await loadNodeEngine();
    const dir = '/tmp/engine-rescan-1';
    const paths = writeLibraries(engine.py, dir, 200);
    const parsed = (): number =>
      Number(engine.py.runPython('import toolplay.hosts.lcp.file_tools as f; f.stats["parsed"]'));
    type Tool = { name: string; description: string };
    const schema = (): Tool[] => engine.call('schema', { paths: [dir], profile: 'lcp', format: 'native' }) as Tool[];

    const start = parsed();
    const first = schema();
    expect(parsed() - start).toBe(200);
    expect(first).toHaveLength(799);

    schema();
    expect(parsed() - start).toBe(200);

    engine.fs.writeFile(
      paths[42] ?? '',
      librarySource(42, 1).replace('Perform action 0 of library 42', 'Edited action'),
    );
    const after = schema();
    expect(parsed() - start).toBe(201);
    expect(after.find((t) => t.name === 'tool_lib42_action0')?.description).toBe('Edited action on the workspace.');
  });
});

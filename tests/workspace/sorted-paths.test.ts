// The workspace's path list kept sorted through adds and removes (issue 30: no sort of every path per
// edit), checked against a fresh sort after random changes; and the prefix search the rescan uses.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SortedPaths, anyBelow } from '../../src/workspace/sorted-paths.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';

/** A small deterministic generator (the same run every time). */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('SortedPaths', () => {
  it('equals a fresh sort of the paths after any mix of adds and removes, and is the same array until one', () => {
    const next = random(7);
    const sorted = new SortedPaths();
    const truth = new Set(['b.py', 'a/x.txt', 'Z.md', 'tools/é.py']);
    sorted.reset(truth);
    const names = ['a', 'a/b', 'tools', 'Tools', 'z', 'é', 'a-b', 'a.b', 'a/b/c'];
    for (let round = 0; round < 300; round++) {
      for (let k = Math.floor(next() * 5); k > 0; k--) {
        const path = `${names[Math.floor(next() * names.length)]}/${Math.floor(next() * 20)}.py`;
        if (truth.has(path)) {
          truth.delete(path);
          sorted.remove(path);
        } else {
          truth.add(path);
          sorted.add(path);
        }
      }
      const list = sorted.list();
      expect(list).toEqual([...truth].sort());
      expect(sorted.list()).toBe(list);
    }
  });

  it('a path removed and added back leaves the list as it was', () => {
    const sorted = new SortedPaths();
    sorted.reset(['b', 'a', 'c']);
    const before = sorted.list();
    sorted.remove('b');
    sorted.add('b');
    sorted.add('d');
    sorted.remove('d');
    expect(sorted.list()).toEqual(['a', 'b', 'c']);
    expect(before).toEqual(['a', 'b', 'c']);
  });

  it('anyBelow finds a file under a folder by binary search, not a prefix of a sibling', () => {
    const paths = ['out/1.txt', 'tools-old/x.py', 'tools.txt', 'toolsx/y.py'].sort();
    expect(anyBelow(paths, 'tools')).toBe(false);
    expect(anyBelow([...paths, 'tools/a.py'].sort(), 'tools')).toBe(true);
    expect(anyBelow(['functions/tools/a.sh'], 'functions/tools')).toBe(true);
    expect(anyBelow([], 'tools')).toBe(false);
  });
});

describe('Workspace paths', () => {
  it('an edit of a file keeps the same path array; adds, removes, renames and commits keep it sorted', async () => {
    const ws = await Workspace.open(createIdbStore('sorted-paths-ws'), 'w', { autosaveMs: 60_000 });
    ws.replaceAll({ 'tools/b.py': 'B', 'a.txt': 'A', 'z/y.md': 'Y' });
    const paths = ws.paths;
    expect(paths).toEqual(['a.txt', 'tools/b.py', 'z/y.md']);
    ws.write('tools/b.py', 'B2');
    ws.applyChanges([{ path: 'a.txt', content: new TextEncoder().encode('A2') }]);
    expect(ws.paths).toBe(paths);
    expect(ws.has('a.txt')).toBe(true);
    ws.write('m.py', 'M');
    ws.rename('tools', 'lib');
    ws.applyChanges([
      { path: 'z/y.md', content: null },
      { path: 'out/1.txt', content: new Uint8Array([1]) },
    ]);
    ws.resolve('c.txt', 'C');
    expect(ws.paths).toEqual(['a.txt', 'c.txt', 'lib/b.py', 'm.py', 'out/1.txt']);
    expect(ws.has('tools/b.py')).toBe(false);
    ws.remove('lib');
    expect(ws.paths).toEqual(['a.txt', 'c.txt', 'm.py', 'out/1.txt']);
    ws.dispose();
  });

  it('a setting changes in place, key by key: another setting keeps its value and its object', async () => {
    const ws = await Workspace.open(createIdbStore('sorted-paths-settings'), 'w', { autosaveMs: 60_000 });
    ws.update({ openPath: 'a.txt', args: { tool_a: '{}' }, hostConfig: { notes: { k: 1 } } });
    const hostConfig = ws.settings.hostConfig;
    for (let i = 0; i < 3; i++) ws.update({ args: { tool_a: `{"n": ${i}}` } }); // keystrokes in the Arguments box
    expect(ws.settings).toMatchObject({
      openPath: 'a.txt',
      args: { tool_a: '{"n": 2}' },
      hostConfig: { notes: { k: 1 } },
    });
    expect(ws.settings.hostConfig).toBe(hostConfig);
    ws.dispose();
  });
});

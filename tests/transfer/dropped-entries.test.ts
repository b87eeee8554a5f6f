// The drop's entry walker against fake entries that behave as Chromium's do: readEntries answers
// in batches (here 2 at a time, Chromium's 100) and an empty batch at the end; file() calls back.
import { describe, expect, it } from 'vitest';
import { filesOfEntries } from '../../src/app/transfer/dropped-entries.ts';

type Tree = { [name: string]: string | Tree };

function entryOf(name: string, node: string | Tree, parent = ''): FileSystemEntry {
  const fullPath = `${parent}/${name}`;
  if (typeof node === 'string') {
    const file = new File([node], name);
    return {
      isFile: true,
      isDirectory: false,
      name,
      fullPath,
      file: (ok: (f: File) => void) => setTimeout(() => ok(file)),
    } as unknown as FileSystemEntry;
  }
  const children = Object.entries(node).map(([n, child]) => entryOf(n, child, fullPath));
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (batch: FileSystemEntry[]) => void) =>
          setTimeout(() => {
            ok(children.slice(at, at + 2));
            at += 2;
          }),
      };
    },
  } as unknown as FileSystemEntry;
}

describe('filesOfEntries', () => {
  it('walks dropped folders to the end, batch after batch, keeping the structure', async () => {
    const weather = entryOf('weather', {
      'a.py': 'a',
      'b.py': 'b',
      'c.py': 'c',
      data: { 'cities.json': '{}', deeper: { 'x.txt': 'x' } },
    });
    const files = await filesOfEntries([weather, entryOf('notes.md', '# notes')]);
    const seen: Record<string, string> = {};
    for (const f of files) seen[f.path] = new TextDecoder().decode(await f.bytes());
    expect(seen).toEqual({
      'weather/a.py': 'a',
      'weather/b.py': 'b',
      'weather/c.py': 'c',
      'weather/data/cities.json': '{}',
      'weather/data/deeper/x.txt': 'x',
      'notes.md': '# notes',
    });
    expect(files.find((f) => f.path === 'notes.md')?.size).toBe(7);
  });

  it('gives an empty folder no files', async () => {
    expect(await filesOfEntries([entryOf('empty', {})])).toEqual([]);
  });
});

// `toolplay call`'s workspace diff on Pyodide's filesystem: what a tool created, modified and
// deleted, by content (a rewrite with the same bytes is no change), bytecode caches left out.
import { describe, expect, it } from 'vitest';
import { engineFs } from '../../src/engine/fs.ts';
import { getEngine } from './engine.ts';
import { FolderDiff } from '../../src/cli/workspace-diff.ts';

describe('the CLI workspace diff', () => {
  it('reports created, modified and deleted files by content, sorted', async () => {
    const { py } = await getEngine();
    const root = '/tmp/cli-folder-diff-1';
    engineFs(py).mkdirTree(`${root}/sub`);
    engineFs(py).writeFile(`${root}/same.txt`, 'same');
    engineFs(py).writeFile(`${root}/edit.txt`, 'abcd');
    engineFs(py).writeFile(`${root}/sub/gone.txt`, 'bye');
    const diff = new FolderDiff(engineFs(py), root);
    diff.begin();
    engineFs(py).writeFile(`${root}/same.txt`, 'same');
    engineFs(py).writeFile(`${root}/edit.txt`, 'ABCD');
    engineFs(py).unlink(`${root}/sub/gone.txt`);
    engineFs(py).writeFile(`${root}/sub/new.txt`, 'n');
    engineFs(py).writeFile(`${root}/a-new.txt`, 'n');
    engineFs(py).mkdirTree(`${root}/__pycache__`);
    engineFs(py).writeFile(`${root}/__pycache__/x.pyc`, 'cache');
    expect(diff.end()).toEqual({ created: ['a-new.txt', 'sub/new.txt'], modified: ['edit.txt'], deleted: ['sub/gone.txt'] });
  });
});

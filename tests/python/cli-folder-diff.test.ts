// `toolplay call`'s workspace diff on Pyodide's filesystem: what a tool created, modified and
// deleted, by content (a rewrite with the same bytes is no change), bytecode caches left out.
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { FolderDiff } from '../../src/cli/workspace-diff.ts';

describe('the CLI workspace diff', () => {
  it('reports created, modified and deleted files by content, sorted', async () => {
    const { py } = await getEngine();
    const root = '/tmp/cli-folder-diff-1';
    py.FS.mkdirTree(`${root}/sub`);
    py.FS.writeFile(`${root}/same.txt`, 'same');
    py.FS.writeFile(`${root}/edit.txt`, 'abcd');
    py.FS.writeFile(`${root}/sub/gone.txt`, 'bye');
    const diff = new FolderDiff(py.FS, root);
    diff.begin();
    py.FS.writeFile(`${root}/same.txt`, 'same');
    py.FS.writeFile(`${root}/edit.txt`, 'ABCD');
    py.FS.unlink(`${root}/sub/gone.txt`);
    py.FS.writeFile(`${root}/sub/new.txt`, 'n');
    py.FS.writeFile(`${root}/a-new.txt`, 'n');
    py.FS.mkdirTree(`${root}/__pycache__`);
    py.FS.writeFile(`${root}/__pycache__/x.pyc`, 'cache');
    expect(diff.end()).toEqual({ created: ['a-new.txt', 'sub/new.txt'], modified: ['edit.txt'], deleted: ['sub/gone.txt'] });
  });
});

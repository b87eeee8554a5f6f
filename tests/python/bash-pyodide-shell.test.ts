import { describe, expect, it } from 'vitest';
import { Bash } from 'just-bash';
import { getEngine } from './engine.ts';
import { PyodideFs } from '../../src/bash/pyodide-fs.ts';

/** just-bash's own commands on the Pyodide FS adapter: globs, find, ls -l, mv, rm, errors. */
describe('just-bash commands over the Pyodide FS', () => {
  it('globs, finds, lists, moves and removes like on a disk', async () => {
    const engine = await getEngine();
    const root = '/tmp/bash-pyshell-1';
    engine.py.runPython(`
import os
os.makedirs('${root}/src/sub', exist_ok=True)
for name in ('a.txt', 'b.txt', 'c.py', 'sub/d.txt'):
    open(os.path.join('${root}/src', name), 'w').write(name + '\\n')
`);
    const fs = new PyodideFs(engine.fs, engine.py.ERRNO_CODES);
    const bash = new Bash({ fs, cwd: `${root}/src` });
    const run = async (script: string) => {
      const r = await bash.exec(script);
      return { out: r.stdout, err: r.stderr, code: r.exitCode };
    };
    expect((await run('echo *.txt')).out).toBe('a.txt b.txt\n');
    expect((await run('find . -name "*.txt" | sort')).out).toBe('./a.txt\n./b.txt\n./sub/d.txt\n');
    expect((await run('ls -l a.txt')).out).toMatch(/^-rw.* a\.txt\n$/);
    expect((await run('cat nope.txt')).err).toBe('cat: nope.txt: No such file or directory\n');
    expect((await run('mv sub moved && cat moved/d.txt && rm -r moved && ls')).out).toBe('sub/d.txt\na.txt\nb.txt\nc.py\n');
    expect(engine.py.runPython(`sorted(os.listdir('${root}/src'))`).toJs()).toEqual(['a.txt', 'b.txt', 'c.py']);
  });
});

import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PyodideFs } from '../../src/bash/pyodide-fs.ts';
import { runBashTool } from '../../src/bash/run-tool.ts';

const TOOL = `#!/usr/bin/env bash
set -e

# @describe Save a note and report what Python left for us.
# @option --name!   File name under notes/
# @option --text!   What to write

main() {
    mkdir -p notes
    printf '%s\\n' "$argc_text" > "notes/$argc_name"
    cp from-python.bin notes/copy.bin
    echo "python says: $(cat from-python.txt)" >> "$LLM_OUTPUT"
}
`;

async function setup(n: number) {
  const engine = await getEngine();
  const root = `/tmp/bash-pyfs-${n}`;
  engine.fs.mkdirTree(`${root}/functions/tools`);
  engine.fs.mkdirTree(`${root}/ws`);
  const fs = new PyodideFs(engine.fs, engine.py.ERRNO_CODES);
  return { engine, root, fs };
}

describe('Bash tools and Python share the Pyodide workspace', () => {
  it('a Bash tool writes a file Python reads, and reads what Python wrote (bytes intact)', async () => {
    const { engine, root, fs } = await setup(1);
    await fs.writeFile(`${root}/functions/tools/save_note.sh`, TOOL);
    engine.py.runPython(`
open('${root}/ws/from-python.txt', 'w').write('hello from python')
open('${root}/ws/from-python.bin', 'wb').write(bytes(range(256)))
`);
    const result = await runBashTool({
      fs,
      toolPath: `${root}/functions/tools/save_note.sh`,
      args: { name: 'a.txt', text: 'written by bash' },
      cwd: `${root}/ws`,
      env: { HOME: '/home/pyodide' },
    });
    expect(result.stderr).toBe('');
    expect(result.exit_code).toBe(0);
    expect(result.model_value).toEqual({ output: 'python says: hello from python\n' });
    const seen = engine.py.runPython(`open('${root}/ws/notes/a.txt').read()`) as string;
    expect(seen).toBe('written by bash\n');
    const same = engine.py.runPython(`open('${root}/ws/notes/copy.bin', 'rb').read() == bytes(range(256))`) as boolean;
    expect(same).toBe(true);
  });

  it('reports missing files as ENOENT, keeps mtimes, renames and removes directories', async () => {
    const { engine, root, fs } = await setup(2);
    await expect(fs.readFile(`${root}/nope.txt`)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(fs.readFile(`${root}/nope.txt`)).rejects.toThrow(`ENOENT: no such file or directory, open '${root}/nope.txt'`);
    await fs.mkdir(`${root}/d/e`, { recursive: true });
    await fs.writeFile(`${root}/d/e/f.txt`, 'x');
    const when = new Date('2020-01-02T03:04:05Z');
    await fs.utimes(`${root}/d/e/f.txt`, when, when);
    expect((await fs.stat(`${root}/d/e/f.txt`)).mtime.getTime()).toBe(when.getTime());
    const pyMtime = engine.py.runPython(`import os; os.stat('${root}/d/e/f.txt').st_mtime`) as number;
    expect(pyMtime * 1000).toBe(when.getTime());
    await fs.mv(`${root}/d`, `${root}/moved`);
    expect(await fs.readdir(`${root}/moved/e`)).toEqual(['f.txt']);
    expect(await fs.exists(`${root}/d`)).toBe(false);
    await expect(fs.rm(`${root}/moved`)).rejects.toMatchObject({ code: 'ENOTEMPTY' });
    await fs.rm(`${root}/moved`, { recursive: true });
    expect(engine.py.runPython(`import os; os.path.exists('${root}/moved')`)).toBe(false);
  });
});

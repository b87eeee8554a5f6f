import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PyodideFs } from '../../src/bash/pyodide-fs.ts';
import type { EmscriptenFsLike } from '../../src/bash/pyodide-fs.ts';
import { lokiToolsDeclarations } from '../../src/bash/loki-tools.ts';
import { readConformance } from '../conformance.ts';

const read = readConformance;
const golden = (name: string, member: 'loki' | 'llm_functions'): unknown[] => (JSON.parse(read(`loki_expected/decl/${name}.json`)) as Record<string, unknown[]>)[member] ?? [];

async function workspace(n: number) {
  const engine = await getEngine();
  const functionsDir = `/tmp/bash-lokitools-${n}/functions`;
  engine.py.FS.mkdirTree(`${functionsDir}/tools`);
  const fs = new PyodideFs(engine.py.FS as unknown as EmscriptenFsLike, engine.py.ERRNO_CODES);
  await fs.writeFile(`${functionsDir}/tools/c01_basic_types.py`, read('loki_cases/python/c01_basic_types.py'));
  await fs.writeFile(`${functionsDir}/tools/b01_basic.sh`, read('loki_cases/bash/b01_basic.sh'));
  await fs.writeFile(`${functionsDir}/tools/notes.txt`, 'not a tool');
  return { engine, fs, functionsDir };
}

describe('Loki workspace: Python and Bash declarations merged in Loki order', () => {
  it('follows visible_tools order, Python from the engine and Bash from argc comments', async () => {
    const { engine, fs, functionsDir } = await workspace(1);
    const out = await lokiToolsDeclarations({ engine, fs, functionsDir, visibleTools: ['c01_basic_types.py', 'b01_basic.sh'], flavour: 'loki' });
    expect(out.startupError).toBeNull();
    expect(out.declarations).toEqual([...golden('c01_basic_types', 'loki'), ...golden('b01_basic', 'loki')]);
    expect(out.files.map((f) => f.language)).toEqual(['python', 'bash']);
  });

  it('takes the whole folder in code-point order when there is no visible_tools list', async () => {
    const { engine, fs, functionsDir } = await workspace(2);
    const out = await lokiToolsDeclarations({ engine, fs, functionsDir, flavour: 'llm-functions' });
    expect(out.files.map((f) => f.entry)).toEqual(['b01_basic.sh', 'c01_basic_types.py']);
    expect(out.declarations).toEqual([...golden('b01_basic', 'llm_functions'), ...golden('c01_basic_types', 'llm_functions')]);
  });

  it('reports what stops Loki at start-up: a missing entry, an unsupported file, a bash builder error', async () => {
    const { engine, fs, functionsDir } = await workspace(3);
    await fs.writeFile(`${functionsDir}/tools/b06_no_describe.sh`, read('loki_cases/bash/b06_no_describe.sh'));
    const out = await lokiToolsDeclarations({
      engine, fs, functionsDir, flavour: 'loki',
      visibleTools: ['b01_basic.sh', 'gone.sh', 'notes.txt', 'b06_no_describe.sh'],
    });
    expect(out.files.map((f) => f.error)).toEqual([
      null,
      `Tool definition file not found: ${functionsDir}/tools/gone.sh`,
      'Unsupported tool file extension: Unsupported',
      'Tool definition missing or empty description: b06_no_describe',
    ]);
    expect(out.startupError).toBe(`Tool definition file not found: ${functionsDir}/tools/gone.sh`);
    expect(out.declarations).toEqual(golden('b01_basic', 'loki'));
  });

  it('notes Bash tools Loki declares but cannot run', async () => {
    const { engine, fs, functionsDir } = await workspace(4);
    await fs.writeFile(`${functionsDir}/tools/my-tool.sh`, '# @describe Hyphen.\nmain() { :; }\n');
    await fs.writeFile(`${functionsDir}/tools/no_main.sh`, '# @describe Nothing runs.\n# @option --x\n');
    await fs.writeFile(`${functionsDir}/tools/b11_cmds_in_tool.sh`, read('loki_cases/bash/b11_cmds_in_tool.sh'));
    const out = await lokiToolsDeclarations({ engine, fs, functionsDir, flavour: 'loki', visibleTools: ['my-tool.sh', 'no_main.sh', 'b11_cmds_in_tool.sh', 'b01_basic.sh'] });
    expect(out.startupError).toBeNull();
    expect(out.files.map((f) => f.notes.length)).toEqual([1, 1, 1, 0]);
    expect(out.files[0]?.notes[0]).toContain("Loki declares this tool 'my_tool' and runs bin/my_tool, but writes the wrapper as bin/my-tool");
    expect(out.files[1]?.notes[0]).toContain('No main() function');
    expect(out.files[2]?.notes[0]).toContain('Loki declares one tool per @cmd (first, second) but writes only bin/b11_cmds_in_tool');
  });
});

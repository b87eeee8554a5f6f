// src/loki on the real engine: Python declarations from the engine and Bash ones from argc comments,
// merged in Loki's order (the CLI's `schema`, the worker's inspection) and checked against the
// references' recorded declarations; start-up verdicts and notes for Bash entries.
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { inspectWorkspace } from '../../src/loki/inspect.ts';
import { lokiSchema } from '../../src/loki/schema.ts';
import { readConformance } from '../conformance.ts';

const read = readConformance;
const golden = (name: string, member: 'loki' | 'llm_functions'): unknown[] => (JSON.parse(read(`loki_expected/decl/${name}.json`)) as Record<string, unknown[]>)[member] ?? [];

async function workspace(n: number) {
  const engine = await getEngine();
  const functionsDir = `/tmp/bash-lokitools-${n}/functions`;
  engine.fs.mkdirTree(`${functionsDir}/tools`);
  const write = (name: string, text: string) => engine.fs.writeFile(`${functionsDir}/tools/${name}`, text);
  write('c01_basic_types.py', read('loki_cases/python/c01_basic_types.py'));
  write('b01_basic.sh', read('loki_cases/bash/b01_basic.sh'));
  write('notes.txt', 'not a tool');
  const rows = (visible: string[]) => {
    const configText = `visible_tools:\n${visible.map((v) => `  - ${v}`).join('\n')}\n`;
    return inspectWorkspace(engine, { paths: [`${functionsDir}/tools`], profile: 'loki', loki: { functionsDir, configText } }).loki?.rows ?? [];
  };
  return { engine, functionsDir, write, rows };
}

describe('Loki workspace: Python and Bash declarations merged in Loki order', () => {
  it('lists the tools in visible_tools order, Python from the engine and Bash from argc comments', async () => {
    const { engine, functionsDir } = await workspace(1);
    const configText = 'visible_tools:\n  - c01_basic_types.py\n  - b01_basic.sh\n';
    const inspection = inspectWorkspace(engine, { paths: [`${functionsDir}/tools`], profile: 'loki', loki: { functionsDir, configText } });
    expect(inspection.loki?.startupError).toBeNull();
    expect(inspection.tools.map((t) => t.spec)).toEqual([...golden('c01_basic_types', 'loki'), ...golden('b01_basic', 'loki')]);
  });

  it('takes the whole folder in code-point order when there is no visible_tools list', async () => {
    const { engine, functionsDir } = await workspace(2);
    expect(lokiSchema(engine, [`${functionsDir}/tools`], 'llm-functions')).toEqual([...golden('b01_basic', 'llm_functions'), ...golden('c01_basic_types', 'llm_functions')]);
    expect(lokiSchema(engine, [`${functionsDir}/tools`], 'loki')).toEqual([...golden('b01_basic', 'loki'), ...golden('c01_basic_types', 'loki')]);
  });

  it('reports what stops Loki at start-up: a missing entry, an unsupported file, a bash builder error', async () => {
    const { functionsDir, write, rows } = await workspace(3);
    write('b06_no_describe.sh', read('loki_cases/bash/b06_no_describe.sh'));
    const out = rows(['b01_basic.sh', 'gone.sh', 'notes.txt', 'b06_no_describe.sh']).filter((r) => r.listed);
    expect(out.map((r) => (r.verdict === 'refuses' ? r.says : null))).toEqual([
      null,
      `Tool definition file not found: ${functionsDir}/tools/gone.sh`,
      'Unsupported tool file extension: Unsupported',
      'Tool definition missing or empty description: b06_no_describe',
    ]);
  });

  it('notes Bash tools Loki declares but cannot run', async () => {
    const { write, rows } = await workspace(4);
    write('my-tool.sh', '# @describe Hyphen.\nmain() { :; }\n');
    write('no_main.sh', '# @describe Nothing runs.\n# @option --x\n');
    write('b11_cmds_in_tool.sh', read('loki_cases/bash/b11_cmds_in_tool.sh'));
    const says = rows(['my-tool.sh', 'no_main.sh', 'b11_cmds_in_tool.sh', 'b01_basic.sh']).filter((r) => r.listed).map((r) => r.says);
    expect(says[0]).toContain("Loki declares this tool 'my_tool' and runs bin/my_tool, but writes the wrapper as bin/my-tool");
    expect(says[1]).toContain('No main() function');
    expect(says[2]).toContain('Loki declares one tool per @cmd (first, second) but writes only bin/b11_cmds_in_tool');
    expect(says[3]).toBe('Builds "b01_basic".');
  });
});

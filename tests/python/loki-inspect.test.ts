/**
 * The tools panel's view of Loki / llm-functions Python tools (loki.loki_inspect, which the
 * engine's `inspect` returns as `tools`) and the start-up errors beside it, run in Pyodide.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import type { ToolInfo } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { lokiLayout, py } from './loki.fixtures.ts';

function pyJson(engine: Engine, expr: string): unknown {
  return JSON.parse(String(py(engine, `import json; from toolplay.hosts.loki import host as loki; json.dumps(${expr})`))) as unknown;
}

const TWO_RUNS = [
  'import os',
  '',
  '',
  'def run(a: int):',
  '    """First.',
  '    Args:',
  '        a: A number',
  '    """',
  '',
  '',
  'def run(b: str = "x"):',
  '    """Second."""',
  '',
].join('\n');

describe('loki_inspect', () => {
  it('gives one ToolInfo per Loki declaration, with the line of its def', async () => {
    const engine = await getEngine();
    const file = lokiLayout(engine, 'inspect').write('tools/twice.py', TWO_RUNS);
    const tools = pyJson(engine, `loki.inspect([${JSON.stringify(file)}], {"profile": "loki"})`) as ToolInfo[];
    expect(tools.map((t) => [t.name, t.line])).toEqual([
      ['twice', 4],
      ['twice', 11],
    ]);
    const [first, second] = tools;
    expect(first?.file).toBe(file);
    expect(first?.title).toBeNull();
    expect(first?.description).toBe('First.\n    Args:\n        a: A number');
    expect(first?.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'integer', description: 'A number' } }, required: ['a'] });
    expect(first?.spec).toEqual({ name: 'twice', description: first?.description, parameters: first?.inputSchema });
    expect(second?.inputSchema).toEqual({ type: 'object', properties: { b: { type: 'string' } } });
  });

  it('follows llm-functions: first run only, summary description, defaults still required', async () => {
    const engine = await getEngine();
    const file = lokiLayout(engine, 'inspect').write('tools/twice.py', TWO_RUNS);
    const tools = pyJson(engine, `loki.inspect([${JSON.stringify(file)}], {"profile": "llm-functions"})`) as ToolInfo[];
    expect(tools).toHaveLength(1);
    expect(tools[0]?.line).toBe(4);
    expect(tools[0]?.spec).toEqual({
      name: 'twice',
      description: 'First.',
      parameters: { type: 'object', properties: { a: { type: 'integer', description: 'A number' } }, required: ['a'] },
    });
  });

  it('leaves rejected files out of the tools; their schema has the start-up error instead', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'inspect');
    layout.write('tools/good.py', 'def run():\n    """Fine."""\n');
    const bad = layout.write('tools/nodoc.py', 'def run(x: str):\n    return x\n');
    const paths = JSON.stringify([layout.tools]);
    const tools = pyJson(engine, `loki.inspect(${paths}, {"profile": "loki"})`) as ToolInfo[];
    expect(tools.map((t) => t.name)).toEqual(['good']);
    expect(pyJson(engine, `[d for d in loki.schema(${paths}, {"profile": "loki"}) if "error" in d]`)).toEqual([
      { error: 'Missing or empty description on function: run', file: bad },
    ]);
    // llm-functions skips the undocumented function silently: no error, no tool.
    expect(pyJson(engine, `[d for d in loki.schema(${paths}, {"profile": "llm-functions"}) if "error" in d]`)).toEqual([]);
    expect((pyJson(engine, `loki.inspect(${paths}, {"profile": "llm-functions"})`) as ToolInfo[]).map((t) => t.name)).toEqual(['good']);
  });
});

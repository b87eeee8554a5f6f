/**
 * The lcp profile through the engine's door and the binding's own guarantees beyond the goldens:
 * ToolInfo for the tools panel, JSON-safe defaults, the parse cache (one edit in a 200-file folder
 * re-parses one file), execute_tool results through `call`, module isolation between bindings.
 */
import { resultOf, wrappedCall } from './calls.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { EngineError } from '../../src/engine/engine.ts';
import type { Inspection } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { CASES } from './lcp_cases.ts';
import { copyConformance, lcpTempDir, readGolden, recorder, writeTree } from './lcp_support.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const py = <T>(code: string): T => JSON.parse(engine.py.runPython(code) as string) as T;

describe('lcp_inspect: one ToolInfo per tool', () => {
  it('gives absolute file, def line, description, the native item as spec and its input_schema', () => {
    const root = lcpTempDir(engine, 'lcp-engine');
    copyConformance(engine, 'lcp_fixtures/layout', `${root}/layout`);
    const tools = py<Inspection['tools']>(`import json; from toolplay.hosts.lcp import host; json.dumps(host.inspect(["${root}/layout"], {}))`);
    expect(tools.map((t) => t.name)).toEqual([
      'tool_broken_ok', 'tool_deep_main', 'tool_same', 'tool_unique_in_dupe2', 'tool_flat',
      'tool_needs_missing_dep', 'tool_pkgA_main', 'tool_pkgA_sibling', 'tool_pkgB_other', 'tool_pkgB_second',
    ]);
    const broken = tools[0]!;
    expect(broken).toMatchObject({ file: `${root}/layout/broken.py`, line: 3, title: null, description: 'Tool in a file with a syntax error.' });
    expect(broken.spec).toMatchObject({ _python_file_path: 'broken.py', _parsed_via_regex_fallback: true });
    expect(broken.inputSchema).toEqual((broken.spec as { input_schema: unknown }).input_schema);
    expect(tools.find((t) => t.name === 'tool_pkgA_sibling')).toMatchObject({ file: `${root}/layout/pkgA/helper.py`, line: 1 });
  });
});

describe('lcp_warnings', () => {
  it('a non-.py file is named as ignored; a file given twice is not a duplicate', () => {
    const root = lcpTempDir(engine, 'lcp-engine');
    writeTree(engine, root, { 'shout.PY': 'def tool_loud():\n    """x"""\n', 'one.py': 'def tool_one():\n    """x"""\n' });
    const warnings = py<{ level: string; message: string; file: string; line: number | null; origin: string }[]>(
      `import json; from toolplay.hosts.lcp import host; json.dumps(host.warnings(["${root}/shout.PY", "${root}/one.py", "${root}/one.py"]))`,
    );
    expect(warnings).toEqual([
      { level: 'warning', message: "'shout.PY' is not a .py file: LCPBinding ignores it.", file: `${root}/shout.PY`, line: null, origin: 'toolplay' },
    ]);
  });
});

describe('schema (lcp): values JSON cannot hold', () => {
  it('shows set and bytes defaults as the oracle does, tuples as lists, inf as its repr', () => {
    const root = lcpTempDir(engine, 'lcp-engine');
    writeTree(engine, root, {
      'odd.py': 'def tool_odd(a=(1, 2), b={1, 2}, c=b"raw", d=1e999, e={(1, 2): "t"}):\n    """Odd defaults."""\n',
    });
    const [tool] = engine.call('schema', { paths: [`${root}/odd.py`], profile: 'lcp', format: 'native' }) as { input_schema: { properties: Record<string, { default: unknown }> } }[];
    const d = Object.fromEntries(Object.entries(tool!.input_schema.properties).map(([k, v]) => [k, v.default]));
    expect(d).toEqual({ a: [1, 2], b: { $py: 'set', repr: '{1, 2}' }, c: { $py: 'bytes', repr: "b'raw'" }, d: 'inf', e: { '(1, 2)': 't' } });
  });

  it('a path that does not exist is a usage error', () => {
    expect(() => engine.call('schema', { paths: ['/nowhere/tools'], profile: 'lcp', format: 'native' })).toThrow(
      new EngineError('usage', 'no such file or folder: /nowhere/tools'),
    );
  });
});

describe('parse cache', () => {
  it('a rescan of a 200-file folder after one edit re-parses only that file', () => {
    const root = lcpTempDir(engine, 'lcp-engine');
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`t${String(i).padStart(3, '0')}.py`] = `def tool_n${i}(x: int = ${i}):\n    """Tool ${i}."""\n    return x\n`;
    writeTree(engine, root, files);
    const parsedAfter = (edit: string) =>
      py<[number, number, string]>(`
import json
from toolplay.hosts.lcp import file_tools
from toolplay.hosts.lcp.binding import LcpBinding
b = LcpBinding(tools_folders=["${root}"])
${edit}
start = file_tools.stats["parsed"]
b.rescan()
json.dumps([file_tools.stats["parsed"] - start, len(b.discovered_tools), b.discovered_tools[7]["description"]])`);
    expect(parsedAfter('')).toEqual([0, 200, 'Tool 7.']);
    expect(parsedAfter(`open("${root}/t007.py", "w").write('def tool_n7():\\n    """Edited."""\\n')`)).toEqual([1, 200, 'Edited.']);
  });
});

describe('exec_binding golden through call (the runtime returns exactly execute_tool)', () => {
  it('every recorded result, in order, with the workspace as CWD', () => {
    const root = lcpTempDir(engine, 'lcp-engine');
    copyConformance(engine, 'lcp_fixtures', root);
    const golden = readGolden<{ exec: { tool: string; result: Record<string, unknown> }[] }>('lcp_golden/I/exec_binding.json');
    const calls = CASES['exec_binding']!.exec!;
    calls.forEach(([tool, args], i) => {
      const result = resultOf(engine.call('call', {
        profile: 'lcp', paths: [`${root}/exec`], tool, argsJson: args, workspace: `${root}/layout/pkgB`, fresh: i === 0,
      })) as Record<string, unknown>;
      if (typeof result['traceback'] === 'string') result['traceback'] = '<traceback>';
      expect(result, `${i} ${tool}`).toEqual(golden.exec[i]!.result);
    });
  });
});

describe('module slots', () => {
  it('two workspaces with the same file stem do not share a module', () => {
    const a = lcpTempDir(engine, 'lcp-engine');
    const b = lcpTempDir(engine, 'lcp-engine');
    writeTree(engine, a, { 'utils.py': 'def tool_which():\n    """a"""\n    return "a"\n' });
    writeTree(engine, b, { 'utils.py': 'def tool_which():\n    """b"""\n    return "b"\n' });
    const call = (dir: string) => resultOf(engine.call('call', { profile: 'lcp', paths: [dir], tool: 'tool_which', args: {}, workspace: dir }));
    expect(call(a)).toMatchObject({ output: 'a' });
    expect(call(b)).toMatchObject({ output: 'b' });
    expect(call(a)).toMatchObject({ output: 'a' });
  });

  it('the same workspace again finds its module in place; a module put in its slot meanwhile is replaced', () => {
    const a = lcpTempDir(engine, 'lcp-engine');
    writeTree(engine, a, { 'again.py': 'def tool_again():\n    """a"""\n    return "again"\n' });
    const call = () => resultOf(engine.call('call', { profile: 'lcp', paths: [a], tool: 'tool_again', args: {}, workspace: a }));
    expect(call()).toMatchObject({ output: 'again' });
    expect(call()).toMatchObject({ output: 'again' });
    engine.py.runPython('import sys, types\nsys.modules["lollms_client.tools_bindings.lcp.persistent_again"] = types.ModuleType("impostor")');
    expect(call()).toMatchObject({ output: 'again' });
  });

  it('a failing import is retried on every call, as in the reference', () => {
    const dir = lcpTempDir(engine, 'lcp-engine');
    writeTree(engine, dir, { 'needs.py': 'import not_installed_anywhere\n\ndef tool_needs():\n    """x"""\n' });
    const call = () => resultOf(engine.call('call', { profile: 'lcp', paths: [dir], tool: 'tool_needs', args: {}, workspace: dir }));
    const first = call();
    expect(first).toMatchObject({ error: "Tool initialization failed: No module named 'not_installed_anywhere'", status_code: 500 });
    writeTree(engine, dir, { 'not_installed_anywhere.py': '' });
    // Still failing: the reference puts neither the tools folder nor the CWD on sys.path.
    expect(call()).toMatchObject({ error: "Tool initialization failed: No module named 'not_installed_anywhere'" });
  });

  it('layout: the regex-fallback tool and the broken import fail at call time, as §9 #19/#20 say', () => {
    const root = lcpTempDir(engine, 'lcp-engine');
    copyConformance(engine, 'lcp_fixtures/layout', `${root}/layout`);
    const call = (tool: string) => resultOf(engine.call('call', { profile: 'lcp', paths: [`${root}/layout`], tool, args: { query: 'q', a: 'x' }, workspace: root }));
    const broken = call('tool_broken_ok');
    // The SyntaxError text is CPython's own (same wording on 3.11 and 3.14).
    expect(broken).toMatchObject({ error: "Tool initialization failed: '(' was never closed (broken.py, line 11)", status_code: 500 });
    expect(call('tool_needs_missing_dep')).toMatchObject({
      error: "Tool initialization failed: No module named 'this_module_does_not_exist_anywhere'", status_code: 500,
    });
    expect(call('tool_flat')).toMatchObject({ status_code: 200, success: true });
  });

  it("the tool's own value comes beside execute_tool's result, with the keys LCP dropped (lcp.md §5)", async () => {
    const dir = lcpTempDir(engine, 'lcp-engine');
    writeTree(engine, dir, {
      'own.py': [
        'def tool_extra():\n    """x"""\n    return {"success": True, "path": "/a", "count": 2.0}\n',
        'def tool_failed():\n    """x"""\n    return {"success": False, "error": "e", "hint": "h", "status_code": 418}\n',
        'def tool_empty():\n    """x"""\n    return []\n',
        'def tool_text():\n    """x"""\n    return "text"\n',
        'def tool_whole():\n    """x"""\n    return {"success": True, "output": "all of it"}\n',
      ].join('\n'),
    });
    const call = (tool: string) => engine.call('call', { profile: 'lcp', paths: [dir], tool, args: {}, workspace: dir }, recorder());
    expect(call('tool_extra')).toEqual({
      result: { output: 'Tool executed successfully (no output).', status_code: 200, success: true },
      returned: { value: { success: true, path: '/a', count: 2 }, dropped: ['path', 'count'], valueJson: '{"success": true, "path": "/a", "count": 2.0}' },
      durationMs: expect.any(Number),
    });
    // Captured before execute_tool fills in `output` of the tool's own dict.
    expect(call('tool_failed')).toMatchObject({
      result: { output: 'e', error: 'e', success: false, status_code: 500 },
      returned: { value: { success: false, error: 'e', hint: 'h', status_code: 418 }, dropped: ['hint', 'status_code'] },
    });
    expect(call('tool_empty')).toMatchObject({ returned: { value: [], dropped: [] } });
    // A value LCP passes on as its output comes alone.
    expect(call('tool_text')).not.toHaveProperty('returned');
    expect(call('tool_whole')).not.toHaveProperty('returned');
    const { end } = await wrappedCall(engine, { profile: 'lcp', paths: [dir], tool: 'tool_extra', args: {}, workspace: dir });
    expect(end).toMatchObject({ status: 'finished', returned: { dropped: ['path', 'count'] } });
  });

  it('SystemExit while importing escapes execute_tool: the runner says so in one line, the call fails as crashed', async () => {
    const dir = lcpTempDir(engine, 'lcp-engine');
    writeTree(engine, dir, { 'quits.py': 'import sys\nsys.exit(4)\n\ndef tool_quits():\n    """x"""\n' });
    const message = 'SystemExit: 4 escaped execute_tool: LCPBinding only catches Exception while importing a tool module, so a host would see this exception itself';
    expect(engine.call('call', { profile: 'lcp', paths: [dir], tool: 'tool_quits', args: {}, workspace: dir }, recorder())).toEqual({ escaped: message, durationMs: expect.any(Number) });
    const hooks = recorder();
    const { end } = await wrappedCall(engine, { profile: 'lcp', paths: [dir], tool: 'tool_quits', args: {}, workspace: dir, fresh: true }, hooks);
    expect(end).toMatchObject({ status: 'failed', reason: 'crashed', message });
    expect(hooks.events.map((e) => e.type)).toEqual(['call.started', 'fs.changed', 'call.failed']);
    expect(hooks.events[2]).toMatchObject({ reason: 'crashed', message });
  });
});

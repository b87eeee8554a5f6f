// A host added by the steps of docs/architecture.md ("Adding a host"), used only here: a Python
// host module written into the engine's filesystem and one HostEntry registered (the line a host
// adds to python/toolplay/hosts/registry.py), plus one TypeScript entry beside src/protocol/hosts.ts's
// table. The engine's door (api.py, untouched) then lists, exports and calls its tools, and the
// lists TypeScript derives from the table with the new entry are the engine's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { EngineError } from '../../src/engine/engine.ts';
import { HOST_TABLE, profilesOf, profilesWith, type HostDescription } from '../../src/protocol/hosts.ts';

const HOSTS_DIR = '/tmp/test-hosts';
const TOOLS = '/tmp/test-hosts-tools';

/** The host module: every top-level `tool_*` def is a tool; a call hands back its arguments. */
const ECHO_HOST = `"""A host for tests only: each top-level def named tool_* is a tool; a call echoes its arguments."""
import ast
import os


def _defs(paths):
    for path in paths:
        files = sorted(os.path.join(path, n) for n in os.listdir(path) if n.endswith(".py")) if os.path.isdir(path) else [path]
        for file in files:
            with open(file, encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for node in tree.body:
                if isinstance(node, ast.FunctionDef) and node.name.startswith("tool_"):
                    yield file, node


def _definition(node):
    properties = {a.arg: {"type": "string"} for a in node.args.args}
    return {"name": node.name, "description": ast.get_docstring(node) or "", "input_schema": {"type": "object", "properties": properties}}


def definitions(paths, params):
    return [_definition(node) for _, node in _defs(paths)]


schema = definitions


def inspect(paths, params):
    return [{"name": node.name, "file": file, "line": node.lineno, "description": _definition(node)["description"],
             "title": None, "spec": _definition(node), "inputSchema": _definition(node)["input_schema"]}
            for file, node in _defs(paths)]


def call(params, hooks):
    return {"result": {"echo": params["args"]}, "durationMs": 0}
`;

/** Its TypeScript entry, as it would stand in HOST_TABLE. */
const ECHO = {
  profile: 'echo', family: 'echo', label: 'echo — a test host', python: 'hosts/echo', calls: true, statusLine: false, linted: false, loki: false,
} as const satisfies HostDescription;
const TABLE = [...HOST_TABLE, ECHO];

describe('a host added by the documented steps', () => {
  beforeAll(async () => {
    const engine = await getEngine();
    engine.fs.mkdirTree(`${HOSTS_DIR}/echo`);
    engine.fs.writeFile(`${HOSTS_DIR}/echo/__init__.py`, '');
    engine.fs.writeFile(`${HOSTS_DIR}/echo/host.py`, ECHO_HOST);
    engine.fs.mkdirTree(TOOLS);
    engine.fs.writeFile(`${TOOLS}/greet.py`, 'def tool_greet(name):\n    """Greets someone."""\n    return name\n\ndef helper():\n    pass\n');
    engine.py.runPython(`
import sys
sys.path.insert(0, "${HOSTS_DIR}")
from toolplay.hosts.registry import HostEntry, register
_remove_echo_host = register(HostEntry("echo", "echo.host", calls=True))
`);
  });

  afterAll(async () => {
    const engine = await getEngine();
    engine.py.runPython(`
_remove_echo_host()
sys.path.remove("${HOSTS_DIR}")
sys.modules.pop("echo.host", None)
sys.modules.pop("echo", None)
`);
  });

  it('is listed, read and called through the engine\'s door', async () => {
    const engine = await getEngine();
    expect(engine.call('ping', {}).profiles).toEqual(profilesOf(TABLE));
    const request = { paths: [TOOLS], profile: 'echo' as 'lcp' };
    const inspection = engine.call('inspect', request);
    expect(inspection.tools.map((t) => [t.name, t.description, t.line])).toEqual([['tool_greet', 'Greets someone.', 1]]);
    expect(engine.call('schema', { ...request, format: 'native' })).toEqual([
      { name: 'tool_greet', description: 'Greets someone.', input_schema: { type: 'object', properties: { name: { type: 'string' } } } },
    ]);
    expect(engine.call('schema', { ...request, format: 'openai' })).toEqual([
      { type: 'function', function: { name: 'tool_greet', description: 'Greets someone.', parameters: { type: 'object', properties: { name: { type: 'string' } } } } },
    ]);
    const reply = engine.call('call', { ...request, tool: 'tool_greet', args: { name: 'Ada' }, workspace: TOOLS });
    expect(reply).toMatchObject({ result: { echo: { name: 'Ada' } } });
  });

  it('is a call profile on both sides, and not a status-line one', async () => {
    const engine = await getEngine();
    const refused = (method: 'call' | 'status'): string => {
      try {
        engine.call(method, { paths: [TOOLS], tool: 'tool_greet', args: {}, workspace: TOOLS, profile: 'nope' as 'lcp' });
      } catch (e) {
        if (e instanceof EngineError) return e.message;
        throw e;
      }
      return 'accepted';
    };
    expect(refused('call')).toBe(`unknown profile 'nope' (choose from ${profilesWith(TABLE, 'calls').join(', ')})`);
    expect(refused('status')).toBe(`unknown profile 'nope' (choose from ${profilesWith(TABLE, 'statusLine').join(', ')})`);
  });
});

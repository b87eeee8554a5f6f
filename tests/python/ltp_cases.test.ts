/**
 * lollms_hub rules beyond the golden's fixtures: file order, fail-silently metadata, the hub's
 * bullet regex, what is not a tool, ToolInfo/LibraryInfo, and status-line edge cases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { EngineError } from '../../src/engine/engine.ts';
import type { LibraryInfo, ToolInfo } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { callPy, tempDir, writeFiles } from './ltp_support.ts';

interface HubItem {
  type: string;
  pretty_name: unknown;
  library: string;
  function: { name: string; description: string; parameters: { properties: Record<string, { type: string; description: string }>; required: string[] } };
}

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const hub = (paths: string[]) => engine.call('schema', { paths, profile: 'hub', format: 'native' }) as HubItem[];
const tool = (name: string) => `def ${name}(args):\n    """${name} doc."""\n`;

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).kind).toBe('usage');
    return (e as EngineError).message;
  }
  throw new Error('expected a usage error');
}

describe('which files the hub profile reads', () => {
  it('reads .py files in code-point order, X/X.py before its siblings, one level deep, no __init__.py', () => {
    const dir = tempDir(engine, 'ltp-layout');
    writeFiles(engine, dir, {
      'b.py': tool('tool_b'),
      'a.py': tool('tool_a'),
      'Z.py': tool('tool_z'),
      '__init__.py': tool('tool_init'),
      'notes.txt': tool('tool_txt'),
      'SHOUT.PY': tool('tool_shout'),
      'pkg/pkg.py': tool('tool_pkg'),
      'pkg/aaa.py': tool('tool_aaa'),
      'pkg/__init__.py': tool('tool_pkg_init'),
      'deep/sub/x.py': tool('tool_too_deep'),
    });
    expect(hub([dir]).map((t) => `${t.library}:${t.function.name}`)).toEqual(['Z.py:tool_z', 'a.py:tool_a', 'b.py:tool_b', 'pkg.py:tool_pkg', 'aaa.py:tool_aaa']);
    const libs = callPy<LibraryInfo[]>(engine, 'hosts.hub.host', 'libraries', [dir]);
    expect(libs.map((l) => l.file)).toEqual([`${dir}/Z.py`, `${dir}/a.py`, `${dir}/b.py`, `${dir}/pkg/pkg.py`, `${dir}/pkg/aaa.py`]);
  });

  it('takes an explicit file as given, once, and skips a non-Python file and an undecodable one', () => {
    const dir = tempDir(engine, 'ltp-explicit');
    writeFiles(engine, dir, { 'one.py': tool('tool_one'), 'tool.sh': '# @describe x\n' });
    engine.fs.writeFile(`${dir}/latin1.py`, new Uint8Array([0x23, 0x20, 0xe9, 0x0a]));
    expect(hub([`${dir}/one.py`, `${dir}/one.py`, `${dir}/tool.sh`, `${dir}/latin1.py`]).map((t) => t.function.name)).toEqual(['tool_one']);
  });

  it('refuses a path that does not exist, with one clear line', () => {
    expect(usageError(() => hub(['/nope/missing.py']))).toBe('no such file or folder: /nope/missing.py');
  });
});

describe('ToolsManager metadata and definitions', () => {
  it('stops reading metadata at the first non-literal, keeping what came before', () => {
    const meta = callPy(engine, 'hosts.hub.tools_manager', 'parse_metadata', 'TOOL_LIBRARY_NAME = "N"\nTOOL_LIBRARY_ICON = make_icon()\nTOOL_LIBRARY_DESC = "never read"\n');
    expect(meta).toEqual({ name: 'N', description: 'No description provided.', icon: '🔧' });
  });

  it('reads TOOL_SETTINGS_METADATA and gives defaults for a file that does not parse', () => {
    expect(callPy(engine, 'hosts.hub.tools_manager', 'parse_metadata', 'TOOL_SETTINGS_METADATA = {"k": 1}\n')).toEqual({
      name: 'Unnamed Tool Library', description: 'No description provided.', icon: '🔧', settings_metadata: { k: 1 },
    });
    expect(callPy(engine, 'hosts.hub.tools_manager', 'parse_metadata', 'TOOL_LIBRARY_NAME = "x"\ndef (:\n')).toEqual({
      name: 'Unnamed Tool Library', description: 'No description provided.', icon: '🔧',
    });
  });

  it('yields no tools at all when TOOL_TITLES is a literal but not a dict', () => {
    const src = 'TOOL_TITLES = ["tool_a"]\n' + tool('tool_a');
    expect(callPy(engine, 'hosts.hub.tools_manager', 'get_tool_definitions', src)).toEqual([]);
  });

  it('reads only "- name (type): text" bullets; "optional" anywhere in the line makes it optional', () => {
    const src = `def tool_x(args):
    """Summary.

    - q (STR): optional filter
    - n (INT): count
    - p (path): a path
    - bad (List[str]): nested types never match
    x (int): no bullet, no match
    """
`;
    const [def] = callPy<HubItem['function'][]>(engine, 'hosts.hub.tools_manager', 'get_tool_definitions', src).map((t) => (t as unknown as HubItem).function);
    expect(Object.keys(def!.parameters.properties)).toEqual(['q', 'n', 'p']);
    expect(def!.parameters.properties).toEqual({
      q: { type: 'string', description: 'optional filter' },
      n: { type: 'integer', description: 'count' },
      p: { type: 'string', description: 'a path' },
    });
    expect(def!.parameters.required).toEqual(['n', 'p']);
  });

  it('sees only top-level plain defs: not async, nested, methods or defs inside if blocks', () => {
    const src = `async def tool_async(args): pass
class C:
    def tool_method(self, args): pass
def tool_outer(args):
    def tool_inner(args): pass
if True:
    def tool_in_if(args): pass
`;
    expect(callPy<HubItem[]>(engine, 'hosts.hub.tools_manager', 'get_tool_definitions', src).map((t) => t.function.name)).toEqual(['tool_outer']);
  });
});

describe('hub_inspect and libraries', () => {
  it('gives ToolInfo with the def line, the title, the hub item verbatim and its parameters', () => {
    const dir = tempDir(engine, 'ltp-inspect');
    writeFiles(engine, dir, {
      'lib.py': `TOOL_LIBRARY_NAME = 'Lib'\nTOOL_TITLES = {"tool_a": "🅰️ Doing A", "tool_b": ""}\n\n\ndef tool_a(args):\n    """Does A.\n\n    - path (str): where\n    """\n\ndef tool_b(args):\n    pass\n`,
    });
    const tools = callPy<ToolInfo[]>(engine, 'hosts.hub.host', 'inspect', [dir], {});
    expect(tools.map((t) => [t.name, t.file, t.line, t.title, t.description])).toEqual([
      ['tool_a', `${dir}/lib.py`, 5, '🅰️ Doing A', 'Does A.'],
      ['tool_b', `${dir}/lib.py`, 11, null, 'No description provided.'],
    ]);
    expect(tools[0]!.spec).toEqual(hub([dir])[0]);
    expect(tools[0]!.inputSchema).toEqual({ type: 'object', properties: { path: { type: 'string', description: 'where' } }, required: ['path'] });
    expect(callPy<LibraryInfo[]>(engine, 'hosts.hub.host', 'libraries', [dir])).toEqual([
      { file: `${dir}/lib.py`, name: 'Lib', description: 'No description provided.', icon: '🔧', titles: { tool_a: '🅰️ Doing A', tool_b: '' } },
    ]);
  });
});

describe('status line edge cases', () => {
  let paths: string[];
  beforeAll(() => {
    const dir = tempDir(engine, 'ltp-status');
    writeFiles(engine, dir, {
      'a_first.py': 'TOOL_TITLES = {"tool_dup": "First title"}\n' + tool('tool_dup'),
      'b_second.py': 'TOOL_TITLES = {"tool_dup": "Second title"}\n' + tool('tool_dup'),
    });
    paths = [dir];
  });
  const line = (toolName: string, args: unknown) => engine.call('status', { paths, tool: toolName, args }).line;

  it('takes the title from the first file that defines the tool', () => {
    expect(line('tool_dup', { query: 'q' })).toBe('First title: "q"\n');
  });

  it("uses the hub's fallback title with Python str.title()", () => {
    expect(line('tool_get_2fa_code', { url: 'u' })).toBe('🛠️ Get 2Fa Code: "u"\n');
    expect(line('tool_tool_x', {})).toBe('🛠️ X: ""\n');
  });

  it('treats missing arguments as {} and counts code points when cutting', () => {
    expect(line('tool_dup', null)).toBe('First title: ""\n');
    expect(line('tool_dup', { query: 'é'.repeat(61) })).toBe(`First title: "${'é'.repeat(57)}..."\n`);
    expect(line('tool_dup', { query: 'é'.repeat(60) })).toBe(`First title: "${'é'.repeat(60)}"\n`);
  });

  it('reports the hub crash for JSON strings that do not hold an object', () => {
    expect(usageError(() => line('tool_dup', '[1, 2]'))).toMatch(/^AttributeError: 'list' object has no attribute 'get'\. lollms_hub's agent crashes here/);
    expect(usageError(() => line('tool_dup', 5))).toMatch(/^AttributeError: 'int' object has no attribute 'get'\. /);
  });

  it('is also available for a given definitions list (the LCP runtime uses it)', () => {
    const defs = [{ function: { name: 'tool_k' }, pretty_name: 'K!' }];
    expect(callPy(engine, 'hosts.hub.status', 'status_line_for', 'tool_k', '{"path": "p"}', defs)).toBe('K!: "p"\n');
  });
});

describe('the inspect door', () => {
  it('returns hub libraries and tools exactly as hub_inspect and libraries give them', () => {
    const dir = tempDir(engine, 'ltp-door');
    writeFiles(engine, dir, { 'lib.py': 'TOOL_LIBRARY_NAME = "Door"\nTOOL_TITLES = {"tool_a": "A!"}\n' + tool('tool_a') });
    const result = engine.call('inspect', { paths: [dir], profile: 'hub' });
    expect(result.profile).toBe('hub');
    expect(result.libraries).toEqual(callPy(engine, 'hosts.hub.host', 'libraries', [dir]));
    expect(result.tools).toEqual(callPy(engine, 'hosts.hub.host', 'inspect', [dir], {}));
    expect(result.tools.map((t) => [t.name, t.title, t.line])).toEqual([['tool_a', 'A!', 3]]);
    const standard = engine.call('inspect', { paths: [dir], profile: 'standard' });
    expect(standard.tools).toEqual(callPy(engine, 'hosts.standard.host', 'inspect', [dir], {}));
    // def tool_a(args) with no "- key (type):" bullets: a hub-style tool whose keys nobody documented.
    expect(standard.tools[0]!.inputSchema).toEqual({ type: 'object', properties: {}, required: [] });
  });
});

/**
 * Which functions the standard profile calls tools, and descriptions from Google, NumPy and reST
 * docstrings (parameters section only; summary = first paragraph).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import type { ToolInfo } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { callPy, tempDir, writeFiles } from './ltp_support.ts';
import { schemaOf, standardTools } from './standard_support.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const descriptions = (s: { properties: Record<string, { description?: unknown }> }) =>
  Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, v.description ?? null]));

describe('which functions are tools', () => {
  it('takes module-level tool_* (also inside if/try), not async, methods, nested or parameterless *_prompt helpers', () => {
    const tools = standardTools(engine, {
      'lib.py': `async def tool_async(x: int): ...
class Box:
    def tool_method(self, x: int): ...
def tool_outer(x: int):
    def tool_inner(y: int): ...
try:
    def tool_in_try(a: str): ...
except ImportError:
    pass
def tool_outer_prompt() -> str: ...
def tool_library_prompt() -> str: ...
def tool_render_prompt(topic: str): ...
def helper(x): ...
def run(x: int): ...
`,
    });
    expect(tools.map((t) => t.name)).toEqual(['tool_outer', 'tool_in_try', 'tool_render_prompt']);
  });

  it('uses the last definition of a name (the one Python runs) and the first file for a name', () => {
    const tools = standardTools(engine, {
      'a.py': 'def tool_twice(a: str): ...\ndef tool_other(): ...\ndef tool_twice(b: int): ...\n',
      'b.py': 'def tool_other(z: int):\n    """From b."""\n',
    });
    expect(tools.map((t) => [t.name, Object.keys(t.input_schema.properties)])).toEqual([
      ['tool_twice', ['b']],
      ['tool_other', []],
    ]);
  });

  it("names a Loki file's run after the file stem the way Loki does", () => {
    const tools = standardTools(engine, { 'My-Tool.v2.py': 'def run(x: int):\n    """Odd name."""\n' });
    expect(tools.map((t) => [t.name, t.description])).toEqual([['my_tool_v2', 'Odd name.']]);
  });

  it('gives ToolInfo with line, TOOL_TITLES title and the spec', () => {
    const dir = tempDir(engine, 'standard-inspect');
    writeFiles(engine, dir, { 'lib.py': 'TOOL_TITLES = {"tool_a": "🅰️ A"}\n\n@decorated\ndef tool_a(q: str):\n    """Does A."""\n' });
    const [info] = callPy<ToolInfo[]>(engine, 'hosts.standard.host', 'inspect', [dir], {});
    expect(info).toEqual({
      name: 'tool_a', file: `${dir}/lib.py`, line: 4, description: 'Does A.', title: '🅰️ A',
      spec: { name: 'tool_a', description: 'Does A.', input_schema: info!.inputSchema },
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
    });
  });

  it('skips a file Python cannot parse instead of failing the whole folder', () => {
    expect(standardTools(engine, { 'bad.py': 'def tool_x(:\n', 'good.py': 'def tool_y(): ...\n' }).map((t) => t.name)).toEqual(['tool_y']);
  });
});

describe('summary', () => {
  it('is the first paragraph, lines joined; a docstring that opens with a section has none', () => {
    const tools = standardTools(engine, {
      'lib.py': `def tool_a():
    """Search the web
    for pages.

    Longer text that is not the summary.
    """
def tool_b(x: int):
    """Args:
        x: The x.
    """
def tool_c(x: int):
    """Short summary.
    Args:
        x: The x.
    """
def tool_d(): ...
`,
    });
    expect(tools.map((t) => t.description)).toEqual(['Search the web for pages.', '', 'Short summary.', '']);
    expect(tools[1]!.input_schema.properties).toEqual({ x: { type: 'integer', description: 'The x.' } });
  });
});

describe('Google style', () => {
  it('reads Args: entries with types, optional flags and continuation lines, not Returns:', () => {
    const s = schemaOf(engine, `def tool_g(query: str, limit: int = 5, *tags: str, verbose: bool = False):
    """Search.

    Args:
        query (str): The search query
            that continues here.
        limit (int, optional): Maximum results.
        *tags: ignored, not a parameter.

    Keyword Args:
        verbose: Print more.

    Returns:
        query: echoed back, not a parameter description.
    """
`);
    expect(descriptions(s)).toEqual({ query: 'The search query that continues here.', limit: 'Maximum results.', verbose: 'Print more.' });
  });
});

describe('docstring types for unannotated parameters', () => {
  it('reads Sphinx roles, "X or None", "list of X" and plain words', () => {
    const s = schemaOf(engine, `def tool_d(a, b, c, d, e):
    """D.

    Args:
        a (:obj:\`int\`, optional): Role-wrapped.
        b (str or None): Maybe a string.
        c (list of ints): Numbers.
        d (string): A word.
        e (whatever): Unknown.
    """
`);
    expect(s.properties).toEqual({
      a: { type: 'integer', description: 'Role-wrapped.' },
      b: { type: ['string', 'null'], description: 'Maybe a string.' },
      c: { type: 'array', items: { type: 'integer' }, description: 'Numbers.' },
      d: { type: 'string', description: 'A word.' },
      e: { type: 'string', description: 'Unknown.' },
    });
    expect(s.required).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('NumPy style', () => {
  it('reads Parameters / ---------- entries, several names on one line, and {..} value sets', () => {
    const s = schemaOf(engine, `def tool_n(a, b, c, mode):
    """Compute.

    Parameters
    ----------
    a, b : int
        Two numbers
        to add.
    c : float, optional
        A scale.
    mode : {'fast', 'slow'}
        How.

    Returns
    -------
    a : int
        Not this one.
    """
`);
    expect(s.properties).toEqual({
      a: { type: 'integer', description: 'Two numbers to add.' },
      b: { type: 'integer', description: 'Two numbers to add.' },
      c: { type: 'number', description: 'A scale.' },
      mode: { type: 'string', enum: ['fast', 'slow'], description: 'How.' },
    });
  });
});

describe('reST style', () => {
  it('reads :param:, :param type name: and :type:, continuation lines, not :returns:', () => {
    const s = schemaOf(engine, `def tool_r(path, count, flag=False):
    """Walk.

    :param path: Where to start
        walking.
    :param int count: How many.
    :param flag: A flag.
    :type path: str
    :returns: path: not a parameter.
    """
`);
    expect(s.properties).toEqual({
      path: { type: 'string', description: 'Where to start walking.' },
      count: { type: 'integer', description: 'How many.' },
      flag: { type: 'boolean', description: 'A flag.', default: false },
    });
  });

  it('reports which style it recognised', () => {
    const style = (doc: string): string | null => {
      engine.py.globals.set('_toolplay_doc', doc);
      return (engine.py.runPython('from toolplay.hosts.standard import docstrings\ndocstrings.parse(_toolplay_doc).style') as string | undefined) ?? null;
    };
    expect(style('S.\n\nArgs:\n    x: X.')).toBe('google');
    expect(style('S.\n\nParameters\n----------\nx : int\n    X.')).toBe('numpy');
    expect(style('S.\n\n:param x: X.')).toBe('rest');
    expect(style('Just prose: with a colon.')).toBeNull();
  });
});

/** The schema diff on crafted pairs: every kind of change, breaking or not, in each profile's native shape. */
import { describe, expect, it } from 'vitest';
import { diffShapes, type SchemaChange } from '../../src/diff/diff.ts';
import { formatDiff } from '../../src/diff/format.ts';
import { shapesOf, typeText } from '../../src/diff/shape.ts';

/** An LCP `discover_tools()` item. */
const lcp = (name: string, properties: Record<string, unknown>, required: string[], description = 'Does things.') => ({
  name,
  description,
  input_schema: { type: 'object', properties, required },
  _python_file_path: 'x.py',
});

const diff = (a: unknown[], b: unknown[]) => diffShapes(shapesOf(a), shapesOf(b));
const only = (a: unknown[], b: unknown[]): Pick<SchemaChange, 'kind' | 'breaking' | 'message'> => {
  const { changes } = diff(a, b);
  expect(changes).toHaveLength(1);
  const [c] = changes;
  return { kind: c!.kind, breaking: c!.breaking, message: c!.message };
};

const base = [
  lcp(
    'tool_a',
    { q: { type: 'string', description: 'the query' }, n: { type: 'integer', description: 'how many', default: 5 } },
    ['q'],
  ),
];
const withParam = (name: string, schema: unknown, required: boolean) => [
  lcp('tool_a', { ...base[0]!.input_schema.properties, [name]: schema }, required ? ['q', name] : ['q']),
];

describe('tools', () => {
  it('no change: nothing to report, nothing breaking', () => {
    expect(diff(base, structuredClone(base))).toEqual({ changes: [], breaking: 0 });
  });
  it('a tool removed is breaking, a tool added is not', () => {
    expect(only(base, [])).toEqual({ kind: 'tool-removed', breaking: true, message: 'tool removed' });
    expect(only([], base)).toEqual({
      kind: 'tool-added',
      breaking: false,
      message: 'tool added (q: string, n?: integer)',
    });
  });
  it("a description gone (or only LCP's placeholder left) is breaking; changed or added is not", () => {
    expect(
      only(base, [lcp('tool_a', base[0]!.input_schema.properties, ['q'], 'No description provided.')]),
    ).toMatchObject({ kind: 'tool-description', breaking: true, message: 'description gone' });
    expect(only(base, [lcp('tool_a', base[0]!.input_schema.properties, ['q'], 'Does more.')])).toMatchObject({
      breaking: false,
      message: 'description changed: "Does more."',
    });
    expect(only([lcp('tool_a', base[0]!.input_schema.properties, ['q'], '')], base)).toMatchObject({
      breaking: false,
      message: 'description added',
    });
  });
});

describe('parameters', () => {
  it('removed: breaking', () => {
    expect(only(base, [lcp('tool_a', { q: { type: 'string', description: 'the query' } }, ['q'])])).toEqual({
      kind: 'param-removed',
      breaking: true,
      message: 'parameter `n` removed',
    });
  });
  it('added: breaking when required, not when optional', () => {
    expect(only(base, withParam('x', { type: 'string' }, true))).toEqual({
      kind: 'param-added',
      breaking: true,
      message: 'parameter `x` added (required, string)',
    });
    expect(only(base, withParam('x', { type: 'boolean', default: false }, false))).toMatchObject({
      kind: 'param-added',
      breaking: false,
    });
  });
  it('newly required: breaking; newly optional: not', () => {
    const stricter = diff(base, [
      lcp(
        'tool_a',
        { q: { type: 'string', description: 'the query' }, n: { type: 'integer', description: 'how many' } },
        ['q', 'n'],
      ),
    ]);
    expect(stricter.changes.map((c) => [c.kind, c.breaking, c.message])).toEqual([
      ['param-required', true, 'parameter `n`: now required'],
      ['param-default', false, 'parameter `n`: default 5 removed'],
    ]);
    expect(stricter.breaking).toBe(1);
    const relaxed = diff(base, [
      lcp(
        'tool_a',
        { ...base[0]!.input_schema.properties, q: { type: 'string', description: 'the query', default: '' } },
        [],
      ),
    ]);
    expect(relaxed.changes.map((c) => [c.kind, c.breaking, c.message])).toEqual([
      ['param-required', false, 'parameter `q`: now optional'],
      ['param-default', false, 'parameter `q`: default "" added'],
    ]);
  });
  it('a type changed: breaking (also the item type of an array, and a union)', () => {
    expect(only(base, withParam('q', { type: 'integer', description: 'the query' }, true))).toEqual({
      kind: 'param-type',
      breaking: true,
      message: 'parameter `q`: type string → integer',
    });
    const arr = (items: string) => [lcp('tool_a', { v: { type: 'array', items: { type: items } } }, [])];
    expect(only(arr('string'), arr('integer')).message).toBe('parameter `v`: type array of string → array of integer');
    expect(typeText({ type: ['integer', 'null'] })).toBe('integer | null');
    expect(typeText({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'number' } }] })).toBe(
      'string | array of number',
    );
  });
  it('allowed values: narrowed or newly limited is breaking; widened or unlimited is not', () => {
    const choice = (values: string[] | null) => [
      lcp('tool_a', { m: { type: 'string', ...(values ? { enum: values } : {}) } }, []),
    ];
    expect(only(choice(['a', 'b']), choice(['a']))).toEqual({
      kind: 'param-choices',
      breaking: true,
      message: 'parameter `m`: allowed values narrowed: "b" no longer allowed',
    });
    expect(only(choice(['a', 'b']), choice(['a', 'c']))).toMatchObject({
      breaking: true,
      message: 'parameter `m`: allowed values narrowed: "b" no longer allowed; "c" added',
    });
    expect(only(choice(null), choice(['a']))).toMatchObject({
      breaking: true,
      message: 'parameter `m`: now limited to "a"',
    });
    expect(only(choice(['a']), choice(['a', 'b']))).toMatchObject({
      breaking: false,
      message: 'parameter `m`: allowed values widened: "b" added',
    });
    expect(only(choice(['a']), choice(null))).toMatchObject({ breaking: false });
  });
  it("a description gone (LCP's \"Parameter 'q'\" counts as none) is breaking; changed is not", () => {
    expect(only(base, withParam('q', { type: 'string', description: "Parameter 'q'" }, true))).toEqual({
      kind: 'param-description',
      breaking: true,
      message: 'parameter `q`: description gone',
    });
    expect(only(base, withParam('q', { type: 'string', description: 'the words' }, true))).toMatchObject({
      breaking: false,
      message: 'parameter `q`: description changed: "the words"',
    });
  });
  it('a default changed: reported, not breaking', () => {
    expect(only(base, withParam('n', { type: 'integer', description: 'how many', default: 10 }, false))).toEqual({
      kind: 'param-default',
      breaking: false,
      message: 'parameter `n`: default 5 → 10',
    });
  });
});

describe('profiles', () => {
  it("reads the hub's definitions, with their TOOL_TITLES title", () => {
    const hub = (title: string | null, required: string[]) => [
      {
        type: 'function',
        pretty_name: title,
        function: {
          name: 'tool_a',
          description: 'A.',
          parameters: { type: 'object', properties: { query: { type: 'string', description: 'q' } }, required },
        },
      },
    ];
    expect(diff(hub('📖 A', ['query']), hub('📖 B', [])).changes.map((c) => [c.kind, c.breaking])).toEqual([
      ['tool-title', false],
      ['param-required', false],
    ]);
  });
  it('reads Loki declarations; a file Loki can no longer build is breaking', () => {
    const decl = {
      name: 'get_weather',
      description: 'W.',
      parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    };
    const broken = { error: 'Missing or empty description on function: run', file: '/w/functions/tools/x.py' };
    const d = diff([decl], [decl, broken]);
    expect(d.changes).toEqual([
      {
        kind: 'build-error',
        tool: '/w/functions/tools/x.py',
        breaking: true,
        message: 'the host cannot build this file: Missing or empty description on function: run',
      },
    ]);
    expect(diff([decl, broken], [decl, broken]).changes).toEqual([]);
  });
  it('ignores what is not a tool spec', () => {
    expect(shapesOf([null, 3, 'x', { description: 'no name' }]).tools).toEqual([]);
    expect(shapesOf({ not: 'a list' }).tools).toEqual([]);
  });
});

describe('text', () => {
  it('lists breaking changes first, then the others, and counts them', () => {
    const text = formatDiff(
      diff(base, [
        lcp(
          'tool_a',
          {
            q: { type: 'integer', description: 'the query' },
            n: { type: 'integer', description: 'how many', default: 5 },
          },
          ['q'],
        ),
        lcp('tool_b', {}, []),
      ]),
      'lcp',
    );
    expect(text).toBe(
      'Breaking changes (lcp):\n  tool_a: parameter `q`: type string → integer\n\nOther changes (lcp):\n  tool_b: tool added\n\n1 breaking change, 1 other change.\n',
    );
    expect(formatDiff({ changes: [], breaking: 0 }, 'hub')).toBe(
      'No change in what the hub profile tells the model.\n',
    );
  });
});

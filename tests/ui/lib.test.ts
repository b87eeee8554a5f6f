import { describe, expect, it } from 'vitest';
import { buildTree, cleanPath, folderOf } from '../../src/ui/lib/tree.ts';
import { asText, diffLines } from '../../src/app/lib/diff.ts';
import { toggleVisibleTool, writeVisibleTools } from '../../src/ui/lib/lokiconfig.ts';
import { fieldsOf, initialArgs, kindOf } from '../../src/app/lib/schema.ts';
import { toolsFolderOf } from '../../src/workspace/engine-paths.ts';

describe('file tree', () => {
  it('nests paths, keeps empty folders, lists folders first', () => {
    const tree = buildTree(['tools/b.py', 'README.md', 'tools/a.py', 'data/x/y.json'], ['empty']);
    const show = (nodes: ReturnType<typeof buildTree>): unknown =>
      nodes.map((n) => (n.kind === 'folder' ? { [n.name]: show(n.children) } : n.name));
    expect(show(tree)).toEqual([
      { data: [{ x: ['y.json'] }] },
      { empty: [] },
      { tools: ['a.py', 'b.py'] },
      'README.md',
    ]);
    expect(tree[2]?.children[0]?.path).toBe('tools/a.py');
  });
  it('cleans typed paths and refuses to leave the workspace', () => {
    expect(cleanPath(' /tools//x.py ')).toBe('tools/x.py');
    expect(cleanPath('../etc/passwd')).toBeNull();
    expect(cleanPath('  ')).toBeNull();
    expect(folderOf('tools/x.py', 'file')).toBe('tools');
    expect(folderOf('tools', 'folder')).toBe('tools');
  });
});

describe('line diff', () => {
  it('marks added and removed lines around common ones', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect(diffLines('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
  });
  it('tells text from binary', () => {
    expect(asText(new TextEncoder().encode('héllo'))).toBe('héllo');
    expect(asText(new Uint8Array([0x89, 0x50, 0, 1]))).toBeNull();
    expect(asText(new Uint8Array([0xff, 0xfe, 0x41]))).toBeNull();
  });
});

describe("editing Loki's visible_tools from the checkboxes", () => {
  const yaml = 'model: x\nvisible_tools:\n  - a.py   # first\n  # - off.sh\n  - "b.sh"\n\nfunction_calling: true\n';
  it('rewrites only the list and keeps the rest of the file', () => {
    expect(writeVisibleTools(yaml, ['a.py', 'c.py'])).toBe(
      'model: x\nvisible_tools:\n  - a.py\n  - c.py\n\nfunction_calling: true\n',
    );
    expect(writeVisibleTools('model: x', ['z.sh'])).toBe('model: x\nvisible_tools:\n  - z.sh\n');
  });
  it('adds and removes one entry on the current text, in block and flow spelling', () => {
    expect(toggleVisibleTool(yaml, 'c.py', true)).toBe(
      'model: x\nvisible_tools:\n  - a.py\n  - b.sh\n  - c.py\n\nfunction_calling: true\n',
    );
    expect(toggleVisibleTool(yaml, 'a.py', false)).toBe(
      'model: x\nvisible_tools:\n  - b.sh\n\nfunction_calling: true\n',
    );
    expect(toggleVisibleTool('visible_tools: [a.py, "b.sh"]\n', 'a.py', false)).toBe('visible_tools:\n  - b.sh\n');
    // Two quick clicks: the second works on the first one's text.
    expect(toggleVisibleTool(toggleVisibleTool(yaml, 'c.py', true), 'd.sh', true)).toMatch(/- c\.py\n {2}- d\.sh\n/);
    expect(toggleVisibleTool(yaml, 'a.py', true)).toBe(yaml);
  });
});

describe('schema reading for the call form', () => {
  it('picks a control per host dialect', () => {
    expect(kindOf({ type: 'integer' })).toBe('integer');
    expect(kindOf({ type: 'string', enum: ['a'] })).toBe('enum');
    expect(kindOf({ type: ['string', 'null'] })).toBe('string');
    expect(kindOf({ anyOf: [{ type: 'array', items: {} }, { type: 'null' }] })).toBe('array');
    expect(kindOf({})).toBe('json');
  });
  it('lists fields with required/nullable and prefills the defaults of required ones only', () => {
    const schema = {
      type: 'object',
      properties: { q: { type: 'string' }, n: { type: ['integer', 'null'], default: null } },
      required: ['q'],
    };
    expect(fieldsOf(schema).map((f) => [f.name, f.kind, f.required, f.nullable])).toEqual([
      ['q', 'string', true, false],
      ['n', 'integer', false, true],
    ]);
    expect(initialArgs(schema)).toEqual({});
    expect(
      initialArgs({ ...schema, properties: { ...schema.properties, q: { type: 'string', default: 'x' } } }),
    ).toEqual({ q: 'x' });
  });
});

describe('layout', () => {
  it('is Loki when functions/tools/ exists, LCP otherwise', () => {
    expect(toolsFolderOf(['functions/tools/a.py', 'config.yaml'])).toEqual({
      kind: 'loki',
      toolsDir: 'functions/tools',
      enginePaths: ['/workspace/functions/tools'],
    });
    expect(toolsFolderOf([], ['functions/tools']).kind).toBe('loki');
    expect(toolsFolderOf(['tools/a.py']).enginePaths).toEqual(['/workspace/tools']);
  });
});

import { describe, expect, it } from 'vitest';
import { buildTree, cleanPath, folderOf } from '../../src/ui/lib/tree.ts';
import { asText, diffLines } from '../../src/ui/lib/diff.ts';
import { readVisibleTools, writeVisibleTools } from '../../src/ui/lib/lokiconfig.ts';
import { fieldsOf, initialArgs, kindOf } from '../../src/ui/lib/schema.ts';
import { layoutOf } from '../../src/ui/lib/layout.ts';

describe('file tree', () => {
  it('nests paths, keeps empty folders, lists folders first', () => {
    const tree = buildTree(['tools/b.py', 'README.md', 'tools/a.py', 'data/x/y.json'], ['empty']);
    const show = (nodes: ReturnType<typeof buildTree>): unknown => nodes.map((n) => (n.kind === 'folder' ? { [n.name]: show(n.children) } : n.name));
    expect(show(tree)).toEqual([{ data: [{ x: ['y.json'] }] }, { empty: [] }, { tools: ['a.py', 'b.py'] }, 'README.md']);
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
      { kind: 'same', text: 'a' }, { kind: 'removed', text: 'b' }, { kind: 'added', text: 'B' }, { kind: 'same', text: 'c' }, { kind: 'added', text: 'd' },
    ]);
    expect(diffLines('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
  });
  it('tells text from binary', () => {
    expect(asText(new TextEncoder().encode('héllo'))).toBe('héllo');
    expect(asText(new Uint8Array([0x89, 0x50, 0, 1]))).toBeNull();
    expect(asText(new Uint8Array([0xff, 0xfe, 0x41]))).toBeNull();
  });
});

describe("Loki's visible_tools", () => {
  const yaml = 'model: x\nvisible_tools:\n  - a.py   # first\n  # - off.sh\n  - "b.sh"\n\nfunction_calling: true\n';
  it('reads block and flow lists, ignoring comments', () => {
    expect(readVisibleTools(yaml)).toEqual(['a.py', 'b.sh']);
    expect(readVisibleTools('visible_tools: [a.py, "b.sh"]\n')).toEqual(['a.py', 'b.sh']);
    expect(readVisibleTools('model: x\n')).toBeNull();
  });
  it('rewrites only the list and keeps the rest of the file', () => {
    const out = writeVisibleTools(yaml, ['a.py', 'c.py']);
    expect(out).toBe('model: x\nvisible_tools:\n  - a.py\n  - c.py\n\nfunction_calling: true\n');
    expect(readVisibleTools(writeVisibleTools('model: x', ['z.sh']))).toEqual(['z.sh']);
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
  it('lists fields with required/nullable and prefills defaults', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' }, n: { type: ['integer', 'null'], default: null } }, required: ['q'] };
    expect(fieldsOf(schema).map((f) => [f.name, f.kind, f.required, f.nullable])).toEqual([['q', 'string', true, false], ['n', 'integer', false, true]]);
    expect(initialArgs(schema)).toEqual({ n: null });
  });
});

describe('layout', () => {
  it('is Loki when functions/tools/ exists, LCP otherwise', () => {
    expect(layoutOf(['functions/tools/a.py', 'config.yaml'])).toEqual({ kind: 'loki', toolsDir: 'functions/tools', enginePaths: ['/workspace/functions/tools'] });
    expect(layoutOf([], ['functions/tools']).kind).toBe('loki');
    expect(layoutOf(['tools/a.py']).enginePaths).toEqual(['/workspace/tools']);
  });
});

describe('what Loki does with visible_tools at start-up', () => {
  it('refuses to start for a missing file, a bad extension or a builder error; is silent without run; flags two runs', async () => {
    const { lokiEntries } = await import('../../src/ui/lib/loki.ts');
    const err = { code: 'LOKI001', severity: 'error' as const, file: 'x', line: 1, column: 1, endLine: 1, endColumn: 2, message: 'Missing or empty description on function: run', profiles: [] };
    const entries = lokiEntries({
      files: ['ok.py', 'nodoc.py', 'norun.py', 'twice.py', 'notes.txt', 'Odd-Name.py', 'extra.sh'],
      visible: ['ok.py', 'gone.py', 'nodoc.py', 'norun.py', 'twice.py', 'notes.txt', 'Odd-Name.py'],
      declarations: new Map([['ok.py', ['ok']], ['twice.py', ['twice', 'twice']], ['Odd-Name.py', ['odd_name']]]),
      errors: new Map([['nodoc.py', [err]]]),
    });
    const by = Object.fromEntries(entries.map((e) => [e.file, [e.verdict, e.says]]));
    expect(by['ok.py']).toEqual(['builds', 'Builds "ok".']);
    expect(by['gone.py']).toEqual(['refuses', 'Loki refuses to start: Tool definition file not found: functions/tools/gone.py']);
    expect(by['nodoc.py']).toEqual(['refuses', 'Loki refuses to start: Missing or empty description on function: run']);
    expect(by['norun.py']?.[0]).toBe('silent');
    expect(by['twice.py']?.[1]).toMatch(/declares "twice" twice/);
    expect(by['notes.txt']?.[1]).toMatch(/Unsupported tool file extension/);
    expect(by['Odd-Name.py']?.[1]).toMatch(/bin\/Odd-Name but the model calls odd_name/);
    expect(by['extra.sh']?.[0]).toBe('unlisted');
  });
});

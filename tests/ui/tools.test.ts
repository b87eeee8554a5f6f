import { describe, expect, it } from 'vitest';
import { ToolsView } from '../../src/app/state/tools.svelte.ts';
import type { Inspection, ToolInfo } from '../../src/protocol/engine.ts';
import type { Diagnostic } from '../../src/protocol/diagnostics.ts';

const tool = (name: string, file: string, spec: unknown = { name }): ToolInfo => ({
  name,
  file,
  line: 3,
  description: 'd',
  title: null,
  spec,
  inputSchema: { type: 'object', properties: {} },
});
const syntax: Diagnostic = {
  code: 'PY001',
  severity: 'error',
  file: '/workspace/tools/a.py',
  line: 4,
  column: 1,
  endLine: 4,
  endColumn: 2,
  message: "SyntaxError: '(' was never closed.",
  profiles: [],
};
const inspection = (profile: Inspection['profile'], tools: ToolInfo[], diagnostics: Diagnostic[] = []): Inspection => ({
  profile,
  libraries: [],
  tools,
  diagnostics,
});

describe('ToolsView', () => {
  it('keeps the last good tools of a file that stops parsing, marked stale with the error', () => {
    const view = new ToolsView();
    view.apply(inspection('lcp', [tool('tool_a', '/workspace/tools/a.py'), tool('tool_b', '/workspace/tools/b.py')]));
    view.apply(inspection('lcp', [tool('tool_b', '/workspace/tools/b.py')], [syntax]));
    expect(view.tools.map((t) => [t.name, t.stale])).toEqual([
      ['tool_b', null],
      ['tool_a', "line 4: SyntaxError: '(' was never closed."],
    ]);
    view.apply(inspection('lcp', [tool('tool_a2', '/workspace/tools/a.py'), tool('tool_b', '/workspace/tools/b.py')]));
    expect(view.tools.map((t) => [t.name, t.stale])).toEqual([
      ['tool_a2', null],
      ['tool_b', null],
    ]);
  });

  it('takes only the syntax-error code PY001 as "does not parse", whatever other errors say', () => {
    const view = new ToolsView();
    view.apply(inspection('lcp', [tool('tool_a', '/workspace/tools/a.py')]));
    const other: Diagnostic = {
      ...syntax,
      code: 'BASH-DECL',
      message: 'Loki refuses to start: failed to parse the argc comments',
    };
    view.apply(inspection('lcp', [], [other]));
    expect(view.tools).toEqual([]);
  });

  it('does not carry a stale tool across a profile switch, and remembers the old specs for the diff', () => {
    const view = new ToolsView();
    view.apply(inspection('lcp', [tool('tool_a', '/workspace/tools/a.py', { lcp: true })]));
    view.apply(inspection('hub', [], [syntax]));
    expect(view.tools).toEqual([]);
    expect(view.previous('tool_a')).toEqual({ profile: 'lcp', spec: { lcp: true } });
  });

  it('finds the tool under a hovered line and groups tools by file', () => {
    const view = new ToolsView();
    view.apply(
      inspection('lcp', [
        tool('tool_a', '/workspace/tools/a.py'),
        tool('tool_c', '/workspace/tools/a.py'),
        tool('tool_b', '/workspace/tools/b.py'),
      ]),
    );
    expect(view.at('/workspace/tools/a.py', 3)?.name).toBe('tool_a');
    expect(view.at('/workspace/tools/a.py', 4)).toBeUndefined();
    expect(view.byFile.map((g) => [g.file, g.tools.length])).toEqual([
      ['/workspace/tools/a.py', 2],
      ['/workspace/tools/b.py', 1],
    ]);
  });

  it("keeps the entry of a tool the engine handed over again as the same object, and its file's group", () => {
    const view = new ToolsView();
    const a = tool('tool_a', '/workspace/tools/a.py');
    const b = tool('tool_b', '/workspace/tools/b.py');
    view.apply(inspection('lcp', [a, b]));
    const [entryA, entryB] = view.tools;
    const [groupA, groupB] = view.byFile;
    view.apply(inspection('lcp', [a, tool('tool_b', '/workspace/tools/b.py', { changed: true })]));
    expect(view.tools[0]).toBe(entryA);
    expect(view.tools[1]).not.toBe(entryB);
    expect(view.byFile[0]).toBe(groupA);
    expect(view.byFile[1]).not.toBe(groupB);
  });

  it('knows by name which tools are listed, and the first one', () => {
    const view = new ToolsView();
    expect([view.has('tool_a'), view.firstName]).toEqual([false, null]);
    view.apply(inspection('lcp', [tool('tool_b', '/workspace/tools/b.py'), tool('tool_a', '/workspace/tools/a.py')]));
    expect([view.has('tool_a'), view.has('tool_c'), view.firstName]).toEqual([true, false, 'tool_b']);
    view.apply(inspection('lcp', [tool('tool_c', '/workspace/tools/c.py')]));
    expect([view.has('tool_a'), view.has('tool_c'), view.firstName]).toEqual([false, true, 'tool_c']);
  });
});

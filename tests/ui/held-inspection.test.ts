// The page's side of the rescan by generation: a whole reply is held, a patch of the generation held
// replaces only the files it names (every other entry the very same object), and a patch of another
// generation is refused so the page asks for the whole.
import { describe, expect, it } from 'vitest';
import { HeldInspection } from '../../src/app/held-inspection.ts';
import type { InspectionPatch, LibraryInfo, ToolInfo } from '../../src/protocol/engine.ts';
import type { Diagnostic } from '../../src/protocol/diagnostics.ts';

const tool = (name: string, file: string, line = 3): ToolInfo => ({
  name,
  file,
  line,
  description: name,
  title: null,
  spec: { name },
  inputSchema: { type: 'object', properties: {} },
});
const library = (file: string): LibraryInfo => ({ file, name: file, description: '', icon: '🔧', titles: {} });
const problem = (file: string, code: string): Diagnostic => ({
  code,
  severity: 'warning',
  file,
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
  message: code,
  profiles: [],
});
const whole = (generation: number | null) => ({
  profile: 'lcp' as const,
  generation,
  libraries: [library('a.py'), library('b.py'), library('c.py')],
  tools: [tool('tool_a1', 'a.py'), tool('tool_a2', 'a.py'), tool('tool_b', 'b.py'), tool('tool_c', 'c.py')],
  diagnostics: [problem('a.py', 'LCP001'), problem('c.py', 'LCP002')],
});
const patch = (
  base: number,
  generation: number,
  parts: Partial<Pick<InspectionPatch, 'libraries' | 'tools' | 'diagnostics'>> = {},
): InspectionPatch => ({
  profile: 'lcp',
  base,
  generation,
  libraries: { changed: [] },
  tools: { changed: [] },
  diagnostics: { changed: [] },
  ...parts,
});

describe('HeldInspection', () => {
  it('holds a whole reply by its generation, and patches only the files a patch names', () => {
    const held = new HeldInspection();
    const first = held.take(whole(7))!;
    expect(held.generation).toBe(7);
    expect(first).not.toHaveProperty('generation');
    const next = held.take(patch(7, 8, { tools: { changed: [['a.py', [tool('tool_a1', 'a.py', 9)]]] } }))!;
    expect(held.generation).toBe(8);
    expect(next.tools.map((t) => [t.name, t.line])).toEqual([
      ['tool_a1', 9],
      ['tool_b', 3],
      ['tool_c', 3],
    ]);
    expect(next.tools[1]).toBe(first.tools[2]);
    expect(next.libraries).toBe(first.libraries); // an untouched list is the very same array
    expect(next.diagnostics).toBe(first.diagnostics);
  });

  it('takes a new order: a file no longer in it has no entries, a new one comes in its place', () => {
    const held = new HeldInspection();
    const first = held.take(whole(1))!;
    const next = held.take(
      patch(1, 2, {
        tools: { changed: [['d.py', [tool('tool_d', 'd.py')]]], order: ['a.py', 'd.py', 'c.py'] },
        diagnostics: { changed: [], order: ['c.py'] },
      }),
    )!;
    expect(next.tools.map((t) => t.name)).toEqual(['tool_a1', 'tool_a2', 'tool_d', 'tool_c']);
    expect(next.tools[3]).toBe(first.tools[3]);
    expect(next.diagnostics).toEqual([first.diagnostics[1]]);
  });

  it('a patch that changes nothing gives the very inspection held', () => {
    const held = new HeldInspection();
    const first = held.take(whole(3))!;
    expect(held.take(patch(3, 3))).toBe(first);
  });

  it('refuses a patch of another generation, and holds nothing after a whole reply without one', () => {
    const held = new HeldInspection();
    expect(held.take(patch(1, 2))).toBeNull();
    const first = held.take(whole(5))!;
    expect(held.take(patch(4, 6))).toBeNull();
    expect(held.generation).toBe(5);
    expect(held.take(patch(5, 6))?.tools).toBe(first.tools);
    held.take(whole(null));
    expect(held.generation).toBeNull();
    expect(held.take(patch(6, 7))).toBeNull();
  });
});

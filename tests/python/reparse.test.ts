/**
 * core/reparse.py builds an edited file's tree from the previous tree and a parse of the changed
 * statements only. Whenever it answers, its tree must be exactly `ast.parse`'s (every field, every
 * position), and it must not answer for a text that does not parse. Thousands of seeded random edits,
 * chained, over realistic tool files and files full of seams (decorators, `;`, backslashes, strings).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { librarySource } from '../../bench/generate.ts';
import { getEngine } from './engine.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const SEAMS = `"""Module docstring."""
import os
x = 1; y = 2
z = (1,
     2)
w = 3 + \\
    4


@decorator
@other(
    arg)
def tool_a(p: int = 1) -> dict:
    """Doc.

    Args:
        p (int): A number.
    """
    s = """a
multi-line string"""
    return {"p": p}
# a comment between
    # an indented comment


class Holder:
    def tool_m(self):
        pass

if os.name:
    def tool_b(q: str):
        """B."""
        return q
else:
    pass

try:
    import json
except ImportError:
    json = None
t = '''text
    with lines'''
a = 1; \\
b = 2
def tool_c(): return 1
async def tool_d(): pass
`;

const TOKENS = ['\n', '\n\n', ' ', '    ', '\\', '\\\n', '(', ')', '[', ']', '"""', "'''", '"', "'", '#', '# c\n', 'x', 'def f():\n',
  '    pass\n', '@d\n', ';', ':', '=', 'class C:\n', 'if x:\n', 'else:\n', '\t', '\f', 'return 1\n', 'y = 2; z = 3\n',
  'from __future__ import annotations\n', 'é', 'async ', 'lambda: 0', "f'{x}'", '\n    x = 1\n', 'def tool_z(a: int):\n    return a\n'];

const check = (bases: string[], edits: number, seed: number): { answered: number; wrong: string[] } =>
  JSON.parse(engine.py.runPython(`
import ast, json, random, warnings
from toolplay.core.reparse import reparsed

def _run(bases, edits, seed, tokens):
    rnd = random.Random(seed)
    answered, wrong = 0, []
    def dump(tree):
        return ast.dump(tree, include_attributes=True)
    for base in bases:
        text, tree = base, ast.parse(base)
        for _ in range(edits):
            kind = rnd.random()
            at = rnd.randrange(len(text) + 1)
            if kind < 0.45:
                new = text[:at] + rnd.choice(tokens) + text[at:]
            elif kind < 0.7:
                new = text[:at] + text[at + rnd.randint(1, 20):]
            elif kind < 0.9:
                new = text[:at] + rnd.choice(tokens) + text[at + rnd.randint(1, 8):]
            else:
                lines = text.split("\\n")
                i = rnd.randrange(len(lines))
                new = "\\n".join(lines[:i] + [lines[i]] + lines[i:])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                got = reparsed(new, text, tree)
                try:
                    want = ast.parse(new)
                except Exception as exc:
                    want = exc
            if got is not None:
                answered += 1
                if isinstance(want, Exception):
                    wrong.append(f"answered for a text that fails ({want!r}): {new!r}")
                elif dump(got) != dump(want):
                    wrong.append(f"differs from ast.parse: {text!r} -> {new!r}")
            if not isinstance(want, Exception) and rnd.random() < 0.8:
                text, tree = new, want  # go on from the edited text (else try another edit of this one)
    return {"answered": answered, "wrong": wrong[:5]}

json.dumps(_run(json.loads(${JSON.stringify(JSON.stringify(bases))}), ${edits}, ${seed}, json.loads(${JSON.stringify(JSON.stringify(TOKENS))})))`) as string) as { answered: number; wrong: string[] };

describe('reparse', () => {
  it('equals ast.parse after random edits of generated tool libraries', () => {
    const result = check([librarySource(3), librarySource(7), librarySource(11)], 250, 1);
    expect(result.wrong).toEqual([]);
    expect(result.answered).toBeGreaterThan(100);
  });

  it('equals ast.parse after random edits of a file full of seams', () => {
    const result = check([SEAMS], 1500, 2);
    expect(result.wrong).toEqual([]);
    expect(result.answered).toBeGreaterThan(150);
  });

  it('leaves the seams it cannot be sure of to the full parse', () => {
    const filler = 'c = 3\nd = 4\ne = 5\nf = 6\ng = 7\n';
    const pairs: [string, string][] = [
      // a backslash joins the line before the edit to it: `a = 1; if b: pass` does not parse
      [`a = 1; \\\nb = 2\n${filler}`, `a = 1; \\\nif b: pass\n${filler}`],
      // a backslash at the end of the edited lines joins them to the next statement
      [`a = 1\nb = 2\n${filler}`, `a = 1\nb = 2 \\\n${filler}`],
      // an indented line after a def belongs to its body
      [`def h():\n    return 1\nb = 2\n${filler}`, `def h():\n    return 1\n    b = 2\n${filler}`],
      // a decorator at the end of the edited lines applies to the next def
      [`b = 2\ndef h():\n    pass\n${filler}`, `@b\ndef h():\n    pass\n${filler}`],
    ];
    for (const [before, after] of pairs) {
      const same = engine.py.runPython(`
import ast
from toolplay.core.reparse import reparsed
def _same(before, after):
    got = reparsed(after, before, ast.parse(before))
    try:
        want = ast.dump(ast.parse(after), include_attributes=True)
    except SyntaxError:
        return got is None
    return got is None or ast.dump(got, include_attributes=True) == want
_same(${JSON.stringify(before)}, ${JSON.stringify(after)})`) as boolean;
      expect(same, after).toBe(true);
    }
  });

  it('equals ast.parse for the edits of the rescan bench', () => {
    const result = check([librarySource(20)], 0, 3);
    expect(result.wrong).toEqual([]);
    const tree = engine.py.runPython(`
import ast
from toolplay.core.reparse import reparsed
_old = ${JSON.stringify(librarySource(20))}
_new = _old.replace("Perform action 0 of library 20", "Edited 1: action 0 of library 20")
_got = reparsed(_new, _old, ast.parse(_old))
_got is not None and ast.dump(_got, include_attributes=True) == ast.dump(ast.parse(_new), include_attributes=True)`) as boolean;
    expect(tree).toBe(true);
  });
});

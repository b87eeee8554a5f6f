/**
 * hosts/lcp/annotation_text.py writes out the common annotation and default shapes itself, for
 * speed: its text must be exactly `ast.unparse`'s, for the shapes it handles and the ones it hands
 * back. Each case is compared on Pyodide's Python, plus every combination of a few building blocks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const SHAPES = [
  'int', 'str', 'None', 'typing.List', 'a.b.c.d', 'List[int]', 'Dict[str, Any]', 'typing.Dict[str, typing.Any]',
  'Optional[List[Dict[str, int]]]', 'Union[int, str, None]', 'Literal["fast", "slow"]', "Literal['a', \"b\"]",
  'Literal[1, 2]', 'Literal[True]', 'Literal[None]', 'Literal[-1]', 'Literal[b"x"]', 'Annotated[int, "meta"]',
  '"Point"', "'Point'", '"it\'s"', '"a\\"b"', '"tab\\there"', '"new\\nline"', '"\\\\"', '"é"', '"💥"', 'u"x"',
  '"List[int]"', '""', 'r"raw\\d"', 'b"bytes"', 'x[a,]', 'x[()]', 'x[(a, b)]', 'x[*a]', 'x[a, *b]', 'x[1:2]',
  'x[::2]', 'x[...]', 'Callable[..., int]', 'Callable[[int, str], bool]', 'tuple[int, ...]', 'int | None',
  'None | int', 'a | b | c', 'a | (b | c)', '(a | b) | c', '(a | b)[x]', '(a + b) | c', 'a | b + c',
  'List[int | None]', 'Optional[int | str]', 'f(x)', 'f(x).y', 'f(x)[y]', '"x".y', '(1).real', '1 .real',
  'lambda: 1', 'a if b else c', '[int, str]', '{"a": 1}', '(int, str)', '()', '1', '-1', '0.5', '1e400', '1j',
  'True', 'False', '...', 'not a', 'a and b', 'a.b[c.d, e[f]]', 'set()', 'frozenset({1})', '{1, 2}', '[1, [2]]',
  'x[a][b]', 'x[a, b][c]', 'Literal["x\'y"]', 'Literal["\\x00"]', 'Literal["\\u2028"]', 'await x', 'f"{a}"',
  '"\\ud800"', 'x[a:b, c]', 'x[lambda: 1]', 'x[a := 1]', 'x[(yield)]', 'type[int]', 'list[list[list[int]]]',
];

const compare = (sources: string[]): string[] =>
  JSON.parse(
    engine.py.runPython(`
import ast, json, warnings
from toolplay.hosts.lcp.annotation_text import annotation_text
def _differences(sources):
    out = []
    for source in sources:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                node = ast.parse(f"def f():\\n    ({source})", mode="exec").body[0].body[0].value
        except SyntaxError:
            node = ast.parse(source, mode="eval").body
        if annotation_text(node) != ast.unparse(node):
            out.append(f"{source}: {annotation_text(node)!r} != {ast.unparse(node)!r}")
    return out
json.dumps(_differences(json.loads(${JSON.stringify(JSON.stringify(sources))})))`) as string,
  ) as string[];

describe('annotation_text', () => {
  it('is ast.unparse for every listed shape', () => {
    expect(compare(SHAPES)).toEqual([]);
  });

  it('is ast.unparse for every combination of a few building blocks', () => {
    const atoms = ['int', 'a.b', 'None', '"s"', '1', 'x[a,]', 'f(x)'];
    const wrap = (a: string, b: string): string[] => [`L[${a}]`, `L[${a}, ${b}]`, `${a} | ${b}`, `(${a} | ${b})`, `m.L[${a}, *${b}]`];
    const level1 = atoms.flatMap((a) => atoms.flatMap((b) => wrap(a, b)));
    const level2 = level1.flatMap((a, i) => wrap(a, level1[(i * 7) % level1.length] ?? 'int'));
    expect(level2.length).toBeGreaterThan(1000);
    expect(compare([...level1, ...level2])).toEqual([]);
  });
});

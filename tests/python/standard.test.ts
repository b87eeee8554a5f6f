/**
 * The standard profile's type rules, through `schema(profile: standard)`. Every schema produced
 * here is also compiled as draft 2020-12 (ajv strict) and checked against sample arguments.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { compile, schemaOf } from './standard_support.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const HEAD = 'from typing import *\nfrom enum import Enum, IntEnum, StrEnum, auto\n';
const props = (sig: string, body = '') => schemaOf(engine, `${HEAD}${body}\ndef tool_t(${sig}):\n    """T."""\n`);

describe('scalar types and required', () => {
  it('maps str/int/float/bool and keeps signature order; no default ⇒ required', () => {
    const s = props('a: str, b: int, c: float, d: bool');
    expect(s).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'number' }, d: { type: 'boolean' } },
      required: ['a', 'b', 'c', 'd'],
      additionalProperties: false,
    });
    expect(Object.keys(s.properties)).toEqual(['a', 'b', 'c', 'd']);
    const ok = compile(s);
    expect(ok({ a: 'x', b: 1, c: 1.5, d: true })).toBe(true);
    expect(ok({ a: 'x', b: 1.5, c: 1, d: true })).toBe(false);
    expect(ok({ a: 'x', b: 1, c: 1, d: true, extra: 1 })).toBe(false);
  });

  it('reads forward references and Annotated descriptions', () => {
    const s = props('a: "int", b: Annotated[str, "the b value"]');
    expect(s.properties).toEqual({ a: { type: 'integer' }, b: { type: 'string', description: 'the b value' } });
  });
});

describe('Literal and Enum', () => {
  it('turns Literal into enum with the values’ JSON type', () => {
    const s = props('a: Literal["fast", "slow"], b: Literal[1, 2], c: Literal[True], d: Literal["x", 1]');
    expect(s.properties).toEqual({
      a: { type: 'string', enum: ['fast', 'slow'] },
      b: { type: 'integer', enum: [1, 2] },
      c: { type: 'boolean', enum: [true] },
      d: { type: ['string', 'integer'], enum: ['x', 1] },
    });
    expect(compile(s)({ a: 'fast', b: 2, c: true, d: 1 })).toBe(true);
    expect(compile(s)({ a: 'medium', b: 2, c: true, d: 1 })).toBe(false);
  });

  it('uses the values of Enum classes defined in the file (auto() numbered like Python)', () => {
    const body = `class Color(str, Enum):\n    RED = "red"\n    BLUE = "blue"\nclass Level(IntEnum):\n    LOW = auto()\n    HIGH = auto()\n` +
      `class Mode(StrEnum):\n    FAST = auto()\nclass Odd(Enum):\n    A = object()\n    B = object()\n`;
    const s = props('c: Color = Color.BLUE, l: Level = Level.HIGH, m: Mode = "fast", o: Odd = None', body);
    expect(s.properties).toEqual({
      c: { type: 'string', enum: ['red', 'blue'], default: 'blue' },
      l: { type: 'integer', enum: [1, 2], default: 2 },
      m: { type: 'string', enum: ['fast'], default: 'fast' },
      o: { type: ['string', 'null'], enum: ['A', 'B', null], default: null },
    });
    expect(s.required).toEqual([]);
    compile(s);
  });
});

describe('containers', () => {
  it('gives arrays items (List, list, Sequence), sets uniqueItems, bare list no items', () => {
    const s = props('a: List[str], b: list[int], c: Sequence[float], d: list, e: set[str]');
    expect(s.properties).toEqual({
      a: { type: 'array', items: { type: 'string' } },
      b: { type: 'array', items: { type: 'integer' } },
      c: { type: 'array', items: { type: 'number' } },
      d: { type: 'array' },
      e: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    });
    expect(compile(s)({ a: ['x'], b: [1], c: [1.5], d: [1, 'x'], e: ['a', 'b'] })).toBe(true);
    expect(compile(s)({ a: ['x'], b: ['1'], c: [], d: [], e: [] })).toBe(false);
  });

  it('maps Tuple to prefixItems (fixed) or items (Tuple[X, ...])', () => {
    const s = props('a: Tuple[int, str], b: tuple[float, ...]');
    expect(s.properties).toEqual({
      a: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], minItems: 2, maxItems: 2 },
      b: { type: 'array', items: { type: 'number' } },
    });
    expect(compile(s)({ a: [1, 'x'], b: [] })).toBe(true);
    expect(compile(s)({ a: ['x', 1], b: [] })).toBe(false);
  });

  it('maps Dict[str, X] to additionalProperties and plain dicts to object', () => {
    const s = props('a: Dict[str, int], b: dict[str, list[str]], c: dict, d: Dict[str, Any]');
    expect(s.properties).toEqual({
      a: { type: 'object', additionalProperties: { type: 'integer' } },
      b: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      c: { type: 'object' },
      d: { type: 'object' },
    });
    expect(compile(s)({ a: { k: 1 }, b: { k: ['v'] }, c: {}, d: { x: null } })).toBe(true);
    expect(compile(s)({ a: { k: 'one' }, b: {}, c: {}, d: {} })).toBe(false);
  });

  it('reads TypedDicts of the file as objects (total=False ⇒ nothing required)', () => {
    const body = 'class Opts(TypedDict, total=False):\n    depth: int\n    name: str\nclass Point(TypedDict):\n    x: int\n    y: NotRequired[int]\n';
    const s = props('o: Opts, p: Point', body);
    expect(s.properties).toEqual({
      o: { type: 'object', properties: { depth: { type: 'integer' }, name: { type: 'string' } }, required: [], additionalProperties: false },
      p: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x'], additionalProperties: false },
    });
    compile(s);
  });
});

describe('unions, Optional and Any', () => {
  it('makes Optional[X], X | None and Union[X, None] nullable and not required', () => {
    const s = props('a: Optional[int], b: str | None, c: Union[List[str], None], d: Optional[Literal["x", "y"]]');
    expect(s.properties).toEqual({
      a: { type: ['integer', 'null'] },
      b: { type: ['string', 'null'] },
      c: { type: ['array', 'null'], items: { type: 'string' } },
      d: { type: ['string', 'null'], enum: ['x', 'y', null] },
    });
    expect(s.required).toEqual([]);
    expect(compile(s)({ a: null, b: null, c: null, d: null })).toBe(true);
    expect(compile(s)({ d: 'z' })).toBe(false);
  });

  it('turns other unions into anyOf (with null when Optional) and Any into {}', () => {
    const s = props('a: Union[int, str], b: int | List[str] | None, c: Any');
    expect(s.properties).toEqual({
      a: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      b: { anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'string' } }, { type: 'null' }] },
      c: {},
    });
    expect(s.required).toEqual(['a', 'c']);
    expect(compile(s)({ a: 1, b: ['x'], c: { any: 'thing' } })).toBe(true);
    expect(compile(s)({ a: 1.5, c: 1 })).toBe(false);
  });
});

describe('nested unions and odd enums', () => {
  it('flattens unions to one null branch and keeps Optional[Any] optional', () => {
    const s = props('a: Union[int, Optional[str]], b: Optional[Optional[int]], c: Optional[Any], d: "None | int"');
    expect(s.properties).toEqual({
      a: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] },
      b: { type: ['integer', 'null'] },
      c: {},
      d: { type: ['integer', 'null'] },
    });
    expect(s.required).toEqual([]);
  });

  it('types enum values that are tuples as arrays', () => {
    const s = props('p: Corner', 'class Corner(Enum):\n    TOP = (0, 1)\n    BOTTOM = (0, -1)\n');
    expect(s.properties).toEqual({ p: { type: 'array', enum: [[0, 1], [0, -1]] } });
    expect(compile(s)({ p: [0, -1] })).toBe(true);
    expect(compile(s)({ p: [1, 1] })).toBe(false);
  });
});

describe('defaults', () => {
  it('keeps real JSON defaults and makes the parameter optional', () => {
    const s = props('a: int = 5, b: str = "x", c: List[int] = [1, 2], d: Tuple[int, int] = (1, 2), e: float = -1e3, f: Optional[str] = None');
    expect(s.properties).toEqual({
      a: { type: 'integer', default: 5 },
      b: { type: 'string', default: 'x' },
      c: { type: 'array', items: { type: 'integer' }, default: [1, 2] },
      d: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }], minItems: 2, maxItems: 2, default: [1, 2] },
      e: { type: 'number', default: -1000 },
      f: { type: ['string', 'null'], default: null },
    });
    expect(s.required).toEqual([]);
    compile(s);
  });

  it('drops non-literal and non-JSON defaults (still optional); a None default makes the type nullable', () => {
    const s = props('a: int = LIMIT, b: str = os.sep, c: set = {1, 2}, d: bytes = b"raw", e: int = None', 'import os\nLIMIT = 3\n');
    expect(s.properties).toEqual({
      a: { type: 'integer' },
      b: { type: 'string' },
      c: { type: 'array', uniqueItems: true },
      d: { type: 'string' },
      e: { type: ['integer', 'null'], default: null },
    });
    expect(s.required).toEqual([]);
  });

  it('infers an unannotated type from the docstring, then the default, else string', () => {
    const s = schemaOf(engine, 'def tool_t(a, b=3, c=True, d=None, e="x"):\n    """T.\n\n    Args:\n        a (int): An int.\n    """\n');
    expect(s.properties).toEqual({
      a: { type: 'integer', description: 'An int.' },
      b: { type: 'integer', default: 3 },
      c: { type: 'boolean', default: true },
      d: { type: ['string', 'null'], default: null },
      e: { type: 'string', default: 'x' },
    });
    expect(s.required).toEqual(['a']);
  });
});

describe('which parameters count', () => {
  it('includes keyword-only ones; skips /-only, *args, **kwargs and host-injected names', () => {
    const s = props('p: int, /, a: str, *rest, k: int, kd: int = 1, discussion_instance=None, lollms_client_instance=None, **kw');
    expect(Object.keys(s.properties)).toEqual(['a', 'k', 'kd']);
    expect(s.required).toEqual(['a', 'k']);
    expect(s.additionalProperties).toBeUndefined(); // **kw accepts other keys
  });

  it('reads a hub-style def tool_x(args) from its "- name (type): text" bullets', () => {
    const s = schemaOf(engine, 'def tool_h(args: dict):\n    """H.\n\n    Args:\n        args: dict with keys:\n            - query (str): The term\n            - n (int, optional): How many\n            - tags (List[str]): Labels\n    """\n');
    expect(s).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'The term' },
        n: { type: 'integer', description: 'How many' },
        tags: { type: 'array', items: { type: 'string' }, description: 'Labels' },
      },
      required: ['query', 'tags'],
    });
  });
});

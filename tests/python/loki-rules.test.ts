/**
 * Loki builder rules that no recorded case reaches, derived from reading src/parsers/python.rs
 * (Loki v0.3.0): where Rust's standard library and Python disagree (f64 printing, what `trim`
 * strips, what parses as f64), Loki's declarations follow Rust.
 */
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { lokiLayout } from './loki.fixtures.ts';

interface Decl {
  name: string;
  description: string;
  parameters: { properties: Record<string, { type: string; enum?: string[]; items?: unknown }>; required?: string[] };
}

async function loki(source: string, at = 'tools/t.py'): Promise<Decl[] | { error: string }> {
  const engine = await getEngine();
  const file = lokiLayout(engine, 'rules').write(at, source);
  const out = engine.call('schema', { paths: [file], profile: 'loki', format: 'native' }) as (Decl | { error: string })[];
  const first = out[0];
  return first && 'error' in first ? first : (out as Decl[]);
}

describe('Loki rules from python.rs', () => {
  it("prints Literal members the way Rust's Display does", async () => {
    const decls = (await loki(
      'from typing import Literal\n\ndef run(a: Literal[1e20, 0.5, -2.0, -x, None, ..., b"raw", 2j, (1, 2)]):\n    """L."""\n',
    )) as Decl[];
    // f64 Display never uses an exponent; `-` applies only to something that parses as a number;
    // a tuple inside is joined with `,`; anything else is "any".
    expect(decls[0]?.parameters.properties.a?.enum).toEqual(['100000000000000000000', '0.5', '-2', 'any', 'None', '...', 'raw', '0+2j', '1,2']);
  });

  it("trims descriptions with Rust's whitespace set (U+001F is not whitespace there)", async () => {
    const decls = (await loki('def run():\n    """\\x1fDoc.\\u3000"""\n')) as Decl[];
    expect(decls[0]?.description).toBe('\u001fDoc.');
  });

  it('degrades every other annotation to string, but keeps List[...] recursion and Optional', async () => {
    const src = [
      'import typing',
      'from typing import List, Optional',
      '',
      'def run(a: List[List[int]], b: Optional[List[float]], c: typing.List[int], d: List, e: "int", *rest: Optional[int], **kw: int):',
      '    """Types."""',
      '',
    ].join('\n');
    const decls = (await loki(src)) as Decl[];
    expect(decls[0]?.parameters).toEqual({
      type: 'object',
      properties: {
        a: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
        b: { type: 'array', items: { type: 'number' } },
        c: { type: 'string' },
        d: { type: 'string' },
        e: { type: 'string' },
        rest: { type: 'array', items: { type: 'integer' } },
        kw: { type: 'string' },
      },
      required: ['a', 'c', 'd', 'e'],
    });
  });

  it('names agent functions with underscore() and keeps _instructions', async () => {
    const decls = (await loki('def _instructions():\n    """Hi."""\n\ndef Fetch_URL_v2():\n    """F."""\n\ndef _hidden():\n    """H."""\n', 'agents/a/tools.py')) as Decl[];
    expect(decls.map((d) => d.name)).toEqual(['instructions', 'fetch_url_v2']);
  });

  it('names the syntax error the way rustpython does when CPython says "invalid syntax"', async () => {
    expect(await loki('def run(a: str:\n    """Broken."""\n')).toEqual({
      error: "failed to parse python: invalid syntax. Got unexpected token ':' at byte offset 14: invalid syntax. Got unexpected token ':'",
      file: expect.stringMatching(/\/tools\/t\.py$/) as unknown,
    });
  });
});

/**
 * The OpenAI strict-mode validator catches each broken rule, and every strict export the engine
 * produces from the conformance fixtures and Loki declarations passes it (or the export fails).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import type { JsonSchema } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { callPy, readConformance, tempDir, writeFiles } from './ltp_support.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const problems = (schema: unknown) => callPy<string[]>(engine, 'exports.strict_check', 'strict_problems', schema);
const closed = (properties: Record<string, unknown>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });

describe('strict_problems', () => {
  it('accepts a schema that follows every rule', () => {
    expect(problems(closed({
      q: { type: 'string', description: 'd', pattern: '^a', format: 'email' },
      n: { type: ['integer', 'null'], minimum: 0 },
      e: { type: 'string', enum: ['a', 'b'] },
      u: { anyOf: [{ type: 'string' }, closed({ x: { type: 'number' } })] },
      l: { type: 'array', items: { type: 'boolean' }, minItems: 1 },
    }))).toEqual([]);
  });

  it('names each broken rule at its path', () => {
    expect(problems({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([
      'parameters: object must set additionalProperties: false',
      'parameters: every property must be required (missing: a)',
    ]);
    expect(problems(closed({ a: { type: 'integer', default: 3 } }))).toEqual(['properties.a: uses a default, which strict mode does not support']);
    expect(problems(closed({ a: { type: 'string', minLength: 1 } }))).toEqual(["properties.a: uses 'minLength', which strict mode does not support"]);
    expect(problems(closed({ a: {} }))).toEqual(["properties.a: has no 'type' (strict mode cannot express 'any value')"]);
    expect(problems(closed({ a: { type: 'object', additionalProperties: { type: 'integer' } } }))).toEqual([
      'properties.a: free-form object: strict mode needs its properties listed (no Dict[str, …] / bare dict)',
    ]);
    expect(problems(closed({ a: { type: 'array' } }))).toEqual(["properties.a: array without an 'items' schema"]);
    expect(problems(closed({ a: { type: 'string', format: 'url' } }))).toEqual(["properties.a: format 'url' is not one strict mode supports"]);
    expect(problems(closed({ a: { type: 'text' } }))).toEqual(["properties.a: type 'text' is not one of array, boolean, integer, null, number, object, string"]);
    expect(problems(closed({ a: { type: 'array', items: { type: 'string' }, uniqueItems: true } }))).toEqual([
      "properties.a: uses 'uniqueItems', which strict mode does not support",
    ]);
    expect(problems(closed({ a: { type: 'string', enum: [] } }))).toEqual(["properties.a: 'enum' must be a non-empty list"]);
  });

  it('checks the root, nesting depth and the enum budget', () => {
    expect(problems({ anyOf: [closed({})] })[0]).toBe("parameters: the root must be a plain object schema (type 'object', not anyOf)");
    let deep: JsonSchema = closed({ leaf: { type: 'string' } });
    for (let i = 0; i < 10; i += 1) deep = closed({ n: deep });
    expect(problems(deep)).toEqual([`${'properties.n.'.repeat(10).slice(0, -1)}: nests deeper than 10 levels`]);
    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
    expect(problems(closed({ a: { type: 'string', enum: values } }))).toEqual(['parameters: 1001 enum values in all; strict mode allows 1000']);
  });
});

describe('to_strict', () => {
  it('converts tuples, nested objects, anyOf and $ref-free unions faithfully', () => {
    const strict = callPy<JsonSchema>(engine, 'exports.strict', 'to_strict', {
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], minItems: 2, maxItems: 2 },
        opts: { type: 'object', properties: { depth: { type: 'integer', default: 1 } }, required: [] },
        either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      },
      required: ['pair'],
    });
    expect(strict).toEqual({
      type: 'object',
      properties: {
        pair: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'string' }] }, minItems: 2, maxItems: 2 },
        opts: { type: ['object', 'null'], properties: { depth: { type: ['integer', 'null'] } }, required: ['depth'], additionalProperties: false },
        either: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] },
      },
      required: ['pair', 'opts', 'either'],
      additionalProperties: false,
    });
    expect(problems(strict)).toEqual([]);
  });

  it('makes every strict export of the standard profile over the conformance fixtures valid, or refuses it', () => {
    const dir = tempDir(engine, 'strict-sweep');
    const fixtures = ['types/annotations_cases.py', 'docs/doc_cases.py', 'exec/exec_cases.py', 'ltp/ltp_wiki.py'];
    writeFiles(engine, dir, Object.fromEntries(fixtures.map((f) => [f.replace('/', '_'), readConformance(`lcp_fixtures/${f}`)])));
    const native = engine.call('schema', { paths: [dir], profile: 'standard', format: 'native' }) as { name: string }[];
    expect(native.length).toBeGreaterThan(20);
    let exported = 0;
    for (const tool of native) {
      let out: { function: { parameters: JsonSchema } }[];
      try {
        out = callPy(engine, 'exports.vendors', 'export_tools', 'standard', [tool], 'openai-strict');
      } catch (e) {
        expect(String(e)).toMatch(/cannot export the standard tools as openai-strict:\n- /);
        continue;
      }
      exported += 1;
      expect(problems(out[0]!.function.parameters)).toEqual([]);
      expect(JSON.stringify(out)).not.toMatch(/"default"|"prefixItems"|"uniqueItems"/);
    }
    expect(exported).toBeGreaterThan(15);
  });
});

/**
 * Every Python declaration case (conformance/loki_cases/python*, loki_expected/decl/*.json)
 * through engine.call('schema', {profile: 'loki' | 'llm-functions', format: 'native'}),
 * compared with both references' recorded outputs: member `loki` (Loki's Rust builder) and
 * member `llm_functions` (its build-declarations.py, replayed unchanged on Python 3.14).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { CONFORMANCE, lokiLayout, readConformance, readJson } from './loki.fixtures.ts';

interface DeclCase {
  expected: string;
  source: string;
  /** Where the builder sees the file: `tools/<stem>.py` (tool mode) or `agents/oracle/tools.py`. */
  at: string;
}

const toolCases: DeclCase[] = readdirSync(new URL('loki_cases/python/', CONFORMANCE))
  .filter((f) => f.endsWith('.py'))
  .sort()
  .map((f) => ({ expected: f.slice(0, -3), source: `loki_cases/python/${f}`, at: `tools/${f}` }));

const agentCases: DeclCase[] = [
  { expected: 'agent_tools_py', source: 'loki_cases/python-agent/tools.py', at: 'agents/oracle/tools.py' },
  { expected: 'agent_tools_missing_doc_py', source: 'loki_cases/python-agent/tools_missing_doc.py', at: 'agents/oracle/tools.py' },
];

const profiles = [
  ['loki', 'loki'],
  ['llm-functions', 'llm_functions'],
] as const;

/** Canonical form of the recorded files: sorted keys. Our item adds `file`; the recorded error has none. */
function canon(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

describe('Loki / llm-functions Python declarations', () => {
  it('covers every recorded Python case', () => {
    expect(toolCases.length).toBe(40);
  });

  for (const c of [...toolCases, ...agentCases]) {
    for (const [profile, member] of profiles) {
      it(`${c.expected} (${profile})`, async () => {
        const engine = await getEngine();
        const layout = lokiLayout(engine, 'decl');
        const file = layout.write(c.at, readConformance(c.source));
        const got = engine.call('schema', { paths: [file], profile, format: 'native' }) as unknown[];
        const want = (readJson(`loki_expected/decl/${c.expected}.json`) as Record<string, unknown>)[member];
        if (Array.isArray(want)) {
          expect(canon(got)).toBe(canon(want));
        } else {
          // A builder failure: one item carrying the reference's text, plus the file it is about.
          expect(got).toHaveLength(1);
          expect(canon(got[0])).toBe(canon({ ...(want as object), file }));
        }
      });
    }
  }

  it("keeps serde's key order, so the JSON shown is the JSON Loki sends", async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'decl');
    const file = layout.write('tools/c25_list_of_literal.py', readConformance('loki_cases/python/c25_list_of_literal.py'));
    const [decl] = engine.call('schema', { paths: [file], profile: 'loki', format: 'native' }) as Record<string, unknown>[];
    expect(Object.keys(decl ?? {})).toEqual(['name', 'description', 'parameters']);
    const params = decl?.parameters as { properties: Record<string, Record<string, unknown>> };
    expect(Object.keys(params)).toEqual(['type', 'properties', 'required']);
    expect(Object.keys(Object.values(params.properties)[0] ?? {})).toEqual(['type', 'description', 'items']);
  });

  it('reads a folder: its .py files in code-point order, .sh left to the Bash side', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'decl');
    layout.write('tools/b_tool.py', 'def run():\n    """B."""\n');
    layout.write('tools/B_upper.py', 'def run():\n    """Upper."""\n');
    layout.write('tools/a_tool.py', 'def run():\n    """A."""\n');
    layout.write('tools/shell.sh', '# @describe Shell\nmain() { :; }\n');
    layout.write('tools/notes.txt', 'not a tool');
    const got = engine.call('schema', { paths: [layout.tools], profile: 'loki', format: 'native' }) as { name: string }[];
    expect(got.map((d) => d.name)).toEqual(['b_upper', 'a_tool', 'b_tool']);
  });

  it('reports a missing path as one usage error', async () => {
    const engine = await getEngine();
    expect(() => engine.call('schema', { paths: ['/tmp/loki-nope/tools'], profile: 'loki', format: 'native' })).toThrow(
      'no such file or folder: /tmp/loki-nope/tools',
    );
  });
});

/**
 * Vendor exports of every profile's native shape: the hub's real ToolsManager output (H golden),
 * LCP's real discover_tools output (I golden), Loki's real declarations, and the standard profile.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { EngineError } from '../../src/engine/engine.ts';
import type { ExportFormat, JsonSchema } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { callPy, readConformance, tempDir, writeFiles } from './ltp_support.ts';
import { compile } from './standard_support.ts';

interface HubDef { pretty_name: string | null; function: { name: string; description: string; parameters: JsonSchema } }
type Native = Record<string, unknown>[];

const hubGolden = JSON.parse(readConformance('lcp_golden/H/ltp_hub.json')) as { files: Record<string, { tool_definitions: HubDef[] }> };
const lcpGolden = JSON.parse(readConformance('lcp_golden/I/docs.json')) as { discover_tools: Native };
const lcpTypes = JSON.parse(readConformance('lcp_golden/I/types.json')) as { discover_tools: Native };
const lokiDecl = (name: string) => (JSON.parse(readConformance(`loki_expected/decl/${name}.json`)) as { loki: Native; llm_functions: Native });

let engine: Engine;
let wiki: string;
beforeAll(async () => {
  engine = await getEngine();
  const dir = tempDir(engine, 'exports');
  writeFiles(engine, dir, { 'ltp_wiki.py': readConformance('lcp_fixtures/ltp/ltp_wiki.py') });
  wiki = `${dir}/ltp_wiki.py`;
});

const exportVia = (profile: string, native: unknown, fmt: ExportFormat) => callPy(engine, 'exports.vendors', 'export_tools', profile, native, fmt);

function usage(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof EngineError) return e.kind === 'usage' ? e.message : `internal: ${e.message}`;
    if (e instanceof Error && /UsageError/.test(e.message)) return e.message;
    throw e;
  }
  throw new Error('expected a usage error');
}

describe('hub tools (the H golden) in each vendor shape', () => {
  const defs = hubGolden.files['ltp_wiki.py']!.tool_definitions;

  it('OpenAI: type/function with name, description, parameters', () => {
    const out = engine.call('schema', { paths: [wiki], profile: 'hub', format: 'openai' });
    expect(out).toEqual(defs.map((d) => ({ type: 'function', function: d.function })));
  });

  it('Anthropic: name, description, input_schema', () => {
    const out = engine.call('schema', { paths: [wiki], profile: 'hub', format: 'anthropic' });
    expect(out).toEqual(defs.map((d) => ({ name: d.function.name, description: d.function.description, input_schema: d.function.parameters })));
  });

  it('MCP: a tools/list result, the TOOL_TITLES entry as the display title', () => {
    const out = engine.call('schema', { paths: [wiki], profile: 'hub', format: 'mcp' });
    expect(out).toEqual({
      tools: defs.map((d) => ({
        name: d.function.name,
        ...(d.pretty_name ? { title: d.pretty_name } : {}),
        description: d.function.description,
        inputSchema: d.function.parameters,
      })),
    });
  });

  it("OpenAI strict: refuses the hub's free-form args placeholder, naming each tool", () => {
    const message = usage(() => engine.call('schema', { paths: [wiki], profile: 'hub', format: 'openai-strict' }));
    expect(message).toBe(
      'cannot export the hub tools as openai-strict:\n' +
        '- tool_run_shell_command: properties.args: free-form object: strict mode needs its properties listed (no Dict[str, …] / bare dict)\n' +
        '- tool_typed_signature: properties.args: free-form object: strict mode needs its properties listed (no Dict[str, …] / bare dict)\n' +
        "(the hub gives a tool whose docstring has no '- name (type): text' bullets a single free-form 'args' object;" +
        ' document its keys as bullets to export it in strict mode)',
    );
  });

  it('OpenAI strict: documented hub tools become closed, all-required, nullable-optional schemas', () => {
    // From the engine, not the golden: the golden's keys are sorted, and required follows property order here.
    const native = engine.call('schema', { paths: [wiki], profile: 'hub', format: 'native' }) as Native;
    const out = exportVia('hub', native.slice(0, 2), 'openai-strict');
    expect(out).toEqual([
      {
        type: 'function',
        function: {
          name: 'tool_search_wikipedia', description: 'Search Wikipedia for articles.', strict: true,
          parameters: {
            type: 'object',
            properties: { query: { type: 'string', description: 'The search term' }, max_results: { type: ['integer', 'null'], description: 'Max results (default: 3)' } },
            required: ['query', 'max_results'],
            additionalProperties: false,
          },
        },
      },
      {
        type: 'function',
        function: {
          name: 'tool_read_file', description: 'Read a file.', strict: true,
          parameters: { type: 'object', properties: { path: { type: 'string', description: 'File path' } }, required: ['path'], additionalProperties: false },
        },
      },
    ]);
  });
});

describe('LCP tools (the I golden discover_tools output)', () => {
  it('drops the binding’s private keys and defaults JSON cannot hold', () => {
    const defaults = lcpTypes.discover_tools.filter((t) => t.name === 'tool_defaults');
    const [tool] = exportVia('lcp', defaults, 'anthropic') as { name: string; input_schema: { properties: Record<string, JsonSchema> } }[];
    expect(Object.keys(tool!)).toEqual(['name', 'description', 'input_schema']);
    expect(tool!.input_schema.properties['i']).toEqual({ description: "Parameter 'i'", type: 'string' });
    expect(tool!.input_schema.properties['j']).toEqual({ description: "Parameter 'j'", type: 'string' });
    expect(tool!.input_schema.properties['d']).toEqual({ default: [1, 2], description: "Parameter 'd'", type: 'string' });
  });

  it('exports every documented LCP tool to OpenAI, and to strict mode with no default left', () => {
    const openai = exportVia('lcp', lcpGolden.discover_tools, 'openai') as { function: { name: string } }[];
    expect(openai.map((t) => t.function.name)).toEqual(lcpGolden.discover_tools.map((t) => t['name']));
    const strict = exportVia('lcp', lcpGolden.discover_tools, 'openai-strict') as { function: { parameters: JsonSchema } }[];
    for (const t of strict) expect(callPy(engine, 'exports.strict_check', 'strict_problems', t.function.parameters)).toEqual([]);
    expect(JSON.stringify(strict)).not.toContain('"default"');
  });
});

describe('Loki / llm-functions declarations', () => {
  it('wraps real Loki declarations (enum, items) for every vendor', () => {
    const native = [...lokiDecl('c01_basic_types').loki, ...lokiDecl('b02_defaults_choices').loki];
    const mcp = exportVia('loki', native, 'mcp') as { tools: { name: string; inputSchema: JsonSchema }[] };
    expect(mcp.tools.map((t) => t.name)).toEqual(['c01_basic_types', 'b02_defaults_choices']);
    expect(mcp.tools[1]!.inputSchema).toEqual(native[1]!['parameters']);
    const strict = exportVia('loki', native, 'openai-strict') as { function: { parameters: JsonSchema } }[];
    expect(strict[1]!.function.parameters['properties']).toMatchObject({ format: { type: ['string', 'null'], enum: ['json', 'text', null] } });
  });

  it("refuses names a vendor would reject (llm-functions keeps the raw stem), but MCP allows dots", () => {
    const native = lokiDecl('My-Tool.v2').llm_functions;
    expect(usage(() => exportVia('llm-functions', native, 'openai'))).toContain(
      "OpenAI does not accept the tool name 'My-Tool.v2' (names must match ^[a-zA-Z0-9_-]{1,64}$)",
    );
    expect((exportVia('llm-functions', native, 'mcp') as { tools: { name: string }[] }).tools[0]!.name).toBe('My-Tool.v2');
  });
});

describe('vendor rules common to all profiles', () => {
  it('leaves empty descriptions out and gives parameterless tools an empty object', () => {
    const native = [{ name: 'tool_now', description: '', input_schema: { type: 'object', properties: {}, required: [] } }];
    expect(exportVia('standard', native, 'openai')).toEqual([{ type: 'function', function: { name: 'tool_now', parameters: { type: 'object', properties: {}, required: [] } } }]);
    expect(exportVia('standard', native, 'openai-strict')).toEqual([
      { type: 'function', function: { name: 'tool_now', strict: true, parameters: { type: 'object', properties: {}, required: [], additionalProperties: false } } },
    ]);
    expect(exportVia('loki', [{ name: 'x', description: 'X.', parameters: null }], 'anthropic')).toEqual([
      { name: 'x', description: 'X.', input_schema: { type: 'object', properties: {} } },
    ]);
  });

  it('refuses duplicate names', () => {
    const native = [{ name: 'run', parameters: {} }, { name: 'run', parameters: {} }];
    expect(usage(() => exportVia('loki', native, 'anthropic'))).toContain("two tools are named 'run'; Anthropic needs unique names");
  });
});

describe('standard profile exports', () => {
  const source = `from typing import Literal, Optional, List
def tool_find(query: str, mode: Literal["fast", "slow"] = "fast", tags: Optional[List[str]] = None, limit: int = 10):
    """Find things.

    Args:
        query: What to find.
        mode: How hard to look.
    """
`;
  it('strict mode keeps meaning: optional parameters accept null, enums keep their values', () => {
    const dir = tempDir(engine, 'exports-standard');
    writeFiles(engine, dir, { 'find.py': source });
    const [tool] = engine.call('schema', { paths: [dir], profile: 'standard', format: 'openai-strict' }) as { function: { parameters: JsonSchema } }[];
    const params = tool!.function.parameters;
    expect(params).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to find.' },
        mode: { type: ['string', 'null'], enum: ['fast', 'slow', null], description: 'How hard to look.' },
        tags: { type: ['array', 'null'], items: { type: 'string' } },
        limit: { type: ['integer', 'null'] },
      },
      required: ['query', 'mode', 'tags', 'limit'],
      additionalProperties: false,
    });
    const ok = compile(params);
    expect(ok({ query: 'x', mode: null, tags: null, limit: null })).toBe(true);
    expect(ok({ query: 'x', mode: 'medium', tags: null, limit: null })).toBe(false);
    for (const fmt of ['openai', 'anthropic', 'mcp'] as const) engine.call('schema', { paths: [dir], profile: 'standard', format: fmt });
  });
});

describe('through the engine door for the other profiles', () => {
  it('exports what lcp and loki discover, and refuses files the Loki builder rejects', () => {
    const dir = tempDir(engine, 'exports-door');
    writeFiles(engine, dir, {
      'docs/doc_cases.py': readConformance('lcp_fixtures/docs/doc_cases.py'),
      'tools/c01_basic_types.py': readConformance('loki_cases/python/c01_basic_types.py'),
      'bad/tools/c05_no_docstring.py': readConformance('loki_cases/python/c05_no_docstring.py'),
    });
    const lcpNative = engine.call('schema', { paths: [`${dir}/docs`], profile: 'lcp', format: 'native' }) as { name: string }[];
    const lcpMcp = engine.call('schema', { paths: [`${dir}/docs`], profile: 'lcp', format: 'mcp' }) as { tools: Record<string, unknown>[] };
    expect(lcpMcp.tools.map((t) => t['name'])).toEqual(lcpNative.map((t) => t.name));
    expect(lcpMcp.tools.every((t) => Object.keys(t).every((k) => ['name', 'description', 'inputSchema'].includes(k)))).toBe(true);

    const loki = engine.call('schema', { paths: [`${dir}/tools`], profile: 'loki', format: 'anthropic' });
    expect(loki).toEqual(lokiDecl('c01_basic_types').loki.map((d) => ({ name: d['name'], description: d['description'], input_schema: d['parameters'] })));
    const message = usage(() => engine.call('schema', { paths: [`${dir}/bad/tools`], profile: 'loki', format: 'openai' }));
    expect(message).toMatch(/^cannot export the loki tools as openai:\n- .*c05_no_docstring\.py: the host rejects it: /);
  });
});

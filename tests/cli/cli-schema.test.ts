// `toolplay schema` for every profile and export format, compared with the references' recorded outputs.
import { describe, expect, it } from 'vitest';
import { readJson, sandbox, toolplay } from './run.ts';

const HUB = `TOOL_LIBRARY_NAME = "Search"
TOOL_TITLES = {"tool_search": "🔎 Searching"}


def tool_search(args: dict):
    """Search the notes.

    - query (str): What to look for
    - limit (int, optional): How many results
    """
    return "ok"
`;
const root = sandbox(
  { 'work/.keep': '', 'hub/search.py': HUB },
  {
    'types/annotations_cases.py': 'lcp_fixtures/types/annotations_cases.py',
    'ltp/ltp_wiki.py': 'lcp_fixtures/ltp/ltp_wiki.py',
    'functions/tools/c02_literal_enums.py': 'loki_cases/python/c02_literal_enums.py',
    'mixed/tools/c02_literal_enums.py': 'loki_cases/python/c02_literal_enums.py',
    'mixed/tools/b01_basic.sh': 'loki_cases/bash/b01_basic.sh',
  },
);
const cwd = `${root}/work`;
const schema = async (...args: string[]): Promise<unknown> => {
  const run = await toolplay(['schema', ...args], cwd);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as unknown;
};
type Tool = { name: string; input_schema: unknown; description: string };

describe('toolplay schema', () => {
  it(
    'lcp (native): the discover_tools list of reference I for the annotation cases',
    { timeout: 300_000 },
    async () => {
      const got = (await schema(`${root}/types`)) as Tool[];
      const golden = (readJson('lcp_golden/I/types.json') as { discover_tools: Tool[] }).discover_tools;
      expect(got.map((t) => t.name)).toEqual(golden.map((t) => t.name));
      // Sets and bytes defaults are Python objects in the golden ({"$py": ...}); every other schema is JSON and must match.
      for (const want of golden.filter((t) => !JSON.stringify(t.input_schema).includes('$py'))) {
        const tool = got.find((t) => t.name === want.name);
        expect(tool?.input_schema, want.name).toEqual(want.input_schema);
        expect(tool?.description, want.name).toBe(want.description);
      }
    },
  );

  it("hub (native): the hub parser's definitions for ltp_wiki.py", { timeout: 300_000 }, async () => {
    const golden = readJson('lcp_golden/H/ltp_hub.json') as { files: Record<string, { tool_definitions: unknown[] }> };
    expect(await schema(`${root}/ltp/ltp_wiki.py`, '--profile', 'hub')).toEqual(
      golden.files['ltp_wiki.py']?.tool_definitions,
    );
  });

  it(
    "hub --libraries: each file's library metadata next to its definitions, as the hub keeps them",
    { timeout: 300_000 },
    async () => {
      const golden = readJson('lcp_golden/H/ltp_hub.json') as {
        files: Record<string, { metadata: unknown; tool_definitions: unknown[] }>;
      };
      const wiki = golden.files['ltp_wiki.py'];
      expect(await schema(`${root}/ltp`, '--profile', 'hub', '--libraries')).toEqual([
        { file: `${root}/ltp/ltp_wiki.py`, metadata: wiki?.metadata, tool_definitions: wiki?.tool_definitions },
      ]);
    },
  );

  it(
    'loki and llm-functions (native): the recorded declarations of c02_literal_enums',
    { timeout: 300_000 },
    async () => {
      const golden = readJson('loki_expected/decl/c02_literal_enums.json') as { loki: unknown; llm_functions: unknown };
      expect(await schema(`${root}/functions/tools`, '--profile', 'loki')).toEqual(golden.loki);
      expect(await schema(`${root}/functions/tools/c02_literal_enums.py`, '--profile', 'llm-functions')).toEqual(
        golden.llm_functions,
      );
    },
  );

  it(
    "loki with Bash tools: .sh declarations from src/bash merged in Loki's code-point order",
    { timeout: 300_000 },
    async () => {
      const bash = readJson('loki_expected/decl/b01_basic.json') as { loki: unknown[] };
      const python = readJson('loki_expected/decl/c02_literal_enums.json') as { loki: unknown[] };
      expect(await schema(`${root}/mixed/tools`, '--profile', 'loki')).toEqual([...bash.loki, ...python.loki]);
    },
  );

  it('standard (native): intent kept — Literal becomes an enum of the real values', { timeout: 300_000 }, async () => {
    const [tool] = (await schema(`${root}/functions/tools`, '--profile', 'standard')) as Tool[];
    const props = (tool?.input_schema as { properties: Record<string, { type: string; enum: unknown[] }> }).properties;
    expect(props.unit).toMatchObject({ type: 'string', enum: ['celsius', 'fahrenheit'] });
    expect(props.level).toMatchObject({ type: 'integer', enum: [1, 2, 3] });
  });

  it('openai, openai-strict, anthropic and mcp wrap the same hub tool', { timeout: 300_000 }, async () => {
    const file = `${root}/hub/search.py`;
    // One after the other: each run loads its own Pyodide, and the machine may have 2 cores.
    const openai = await schema(file, '--profile', 'hub', '--format', 'openai');
    const strict = await schema(file, '--profile', 'hub', '--format', 'openai-strict');
    const anthropic = await schema(file, '--profile', 'hub', '--format', 'anthropic');
    const mcp = await schema(file, '--profile', 'hub', '--format', 'mcp');
    const first = (openai as { type: string; function: { name: string; parameters: { required: string[] } } }[])[0];
    expect(first).toMatchObject({
      type: 'function',
      function: { name: 'tool_search', parameters: { required: ['query'] } },
    });
    const strictFirst = (
      strict as { function: { strict: boolean; parameters: { additionalProperties: boolean } } }[]
    )[0];
    expect(strictFirst?.function.strict).toBe(true);
    expect(strictFirst?.function.parameters.additionalProperties).toBe(false);
    expect((anthropic as Tool[])[0]).toMatchObject({ name: 'tool_search', description: 'Search the notes.' });
    expect((mcp as { tools: { name: string; inputSchema: unknown }[] }).tools[0]?.name).toBe('tool_search');
  });
});

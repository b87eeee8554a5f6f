/**
 * Every gallery example opens (its set-up included: database_ops.py gets a real shop.db) and its
 * first call runs in the real engine, with the result its note promises; and what each rule
 * example is about shows in the host's own output.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { ScratchWorkspace } from '../../src/course/scratch-workspace.ts';
import { EXAMPLES, findExample } from '../../src/examples/index.ts';
import { exampleFiles } from '../../src/examples/setup.ts';
import type { ScratchCallResult } from '../../src/scratch/scratch.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const bytes = (files: Record<string, string | Uint8Array>) =>
  new Map(Object.entries(files).map(([p, c]) => [p, typeof c === 'string' ? new TextEncoder().encode(c) : c]));

async function open(id: string) {
  const ex = findExample(id);
  if (!ex) throw new Error(`no example ${id}`);
  const files = await exampleFiles(ex, host);
  return {
    ex,
    files,
    ws: await ScratchWorkspace.open(host, bytes(files), ex.host === 'loki' ? 'loki' : 'lcp', 'gallery'),
  };
}

const result = (r: ScratchCallResult): Record<string, unknown> => {
  if (!('result' in r)) throw new Error(`no result: ${JSON.stringify(r)}`);
  return r.result as Record<string, unknown>;
};

describe('the gallery', () => {
  it('has every seed example and one example per surprising rule, each with a card text, a note and files', () => {
    const ids = EXAMPLES.map((e) => e.id);
    for (const id of [
      'lcp-database-ops',
      'ltp-protocol',
      'loki-demo',
      'ltp-library',
      'lcp-type-substring',
      'lcp-string-defaults',
      'lcp-duplicate-names',
      'lcp-package-siblings',
      'lcp-regex-fallback',
      'lcp-result-shapes',
      'ltp-titles-not-literal',
      'loki-file-stem',
    ])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const ex of EXAMPLES) {
      expect(ex.summary, ex.id).toMatch(/\S/);
      expect(ex.look, ex.id).toMatch(/\S/);
      expect(Object.keys(ex.files), ex.id).toContain(ex.openPath);
    }
    expect(findExample('loki-tools')?.files['functions/.env']).toContain('GREETING=');
  });

  it.each(EXAMPLES.map((e) => e.id))('%s: opens and its first call runs', async (id) => {
    const { ex, ws } = await open(id);
    try {
      const inspection = await ws.inspect(ex.host === 'loki' ? 'loki' : 'lcp');
      expect(
        inspection.tools.map((t) => t.name),
        'the first call names a listed tool',
      ).toContain(ex.run.tool);
      const run = await ws.call({ tool: ex.run.tool, args: ex.run.args, confirm: 'allow' });
      const r = result(run);
      if (ex.host === 'loki') expect(r.exit_code, JSON.stringify(r)).toBe(0);
      else if (ex.run.fails) expect(String(r.error)).toMatch(/^Tool initialization failed: /);
      else expect(r.success, JSON.stringify(r)).toBe(true);
    } finally {
      await ws.close();
    }
  });
});

describe('what the examples show', () => {
  it('database_ops.py (as written in the LCP guide) queries a real shop.db built from shop.sql on open', async () => {
    const { ex, files, ws } = await open('lcp-database-ops');
    expect(files['shop.db']).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode((files['shop.db'] as Uint8Array).slice(0, 15))).toBe('SQLite format 3');
    expect(Object.keys(ex.files)).not.toContain('shop.db');
    expect(result(await ws.call({ tool: ex.run.tool, args: ex.run.args }))).toEqual({
      success: true,
      status_code: 200,
      output: {
        columns: ['name', 'city'],
        rows: [
          ['Ada Lovelace', 'London'],
          ['Grace Hopper', 'New York'],
          ['Alan Turing', 'Manchester'],
        ],
        total_rows: 3,
      },
    });
    const lcp = await ws.inspect('lcp');
    expect(lcp.tools.map((t) => t.name)).toEqual(['tool_database_ops_prompt', 'tool_execute_query']);
    await ws.close();
  });

  it('the LTP protocol example: the hub shows each tool with its title, and status lines preview query and path', async () => {
    const { ws } = await open('ltp-protocol');
    const hub = await ws.inspect('hub');
    expect(hub.tools.filter((t) => t.file === 'tools/ltp_demo.py').map((t) => [t.name, t.title])).toEqual([
      ['tool_get_weather', '🌤️ Checking local weather'],
      ['tool_search_wikipedia', '📖 Consulting Wikipedia'],
      ['tool_write_file', '✍️ Saving data to disk'],
    ]);
    expect(await ws.status('tool_search_wikipedia', { query: 'Quantum Computing' })).toBe(
      '📖 Consulting Wikipedia: "Quantum Computing"\n',
    );
    expect(await ws.status('tool_write_file', { path: 'notes/today.md', text: 'hi' })).toBe(
      '✍️ Saving data to disk: "notes/today.md"\n',
    );
    expect(result(await ws.call({ tool: 'tool_get_weather', args: { query: 'Paris' } }))).toMatchObject({
      success: true,
      output: 'Paris: sunny, 24 °C',
    });
    await ws.close();
  });

  it("the LTP protocol example's other rules: a helper without tool_ is no tool; url and command are previewed", async () => {
    const { ws } = await open('ltp-protocol');
    const names = (await ws.inspect('hub')).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['tool_fetch_page', 'tool_run_command']));
    expect(names).not.toContain('summarise');
    expect((await ws.inspect('lcp')).tools.map((t) => t.name)).not.toContain('summarise');
    expect(await ws.status('tool_fetch_page', { url: 'https://example.org/a' })).toBe(
      '🌐 Reading a web page: "https://example.org/a"\n',
    );
    expect(await ws.status('tool_run_command', { command: 'ls -la' })).toBe('💻 Running a command: "ls -la"\n');
    expect(result(await ws.call({ tool: 'tool_run_command', args: { command: 'ls -la' } }))).toMatchObject({
      success: true,
      output: 'would run: ls -la',
    });
    await ws.close();
  });

  it("Loki's demo_py (as written in its guide) sees the LLM_ variables; demo_sh declares every option kind", async () => {
    const { ex, ws } = await open('loki-demo');
    const py = result(await ws.call({ tool: 'demo_py', args: ex.run.args }));
    expect((py.model_value as { output: string }).output).toMatch(
      /^string: hello\nstring_enum: foo\n[\s\S]*\nLLM_TOOL_NAME: demo_py/,
    );
    const loki = await ws.inspect('loki');
    const sh = loki.tools.find((t) => t.name === 'demo_sh');
    expect(sh?.inputSchema).toMatchObject({
      required: ['string', 'string_enum', 'integer', 'number', 'array'],
      properties: {
        string_enum: { enum: ['foo', 'bar'] },
        boolean: { type: 'boolean' },
        integer: { type: 'integer' },
        array: { type: 'array' },
      },
    });
    const run = result(
      await ws.call({
        tool: 'demo_sh',
        args: { string: 'hi', string_enum: 'bar', integer: 1, number: 2.5, array: ['x', 'y'], boolean: true },
      }),
    );
    expect(run.exit_code).toBe(0);
    expect((run.model_value as { output: string }).output).toMatch(
      /^string: hi\nstring_enum: bar\nstring_optional: \nboolean: 1\ninteger: 1\nnumber: 2.5\narray: x y\n/,
    );
    await ws.close();
  });

  it('each rule example shows its rule in the host output', async () => {
    const types = await open('lcp-type-substring');
    const lcp = await types.ws.inspect('lcp');
    const typeOf = (tool: string, p: string) =>
      (lcp.tools.find((t) => t.name === tool)?.inputSchema.properties as Record<string, { type: string }>)[p]?.type;
    expect([typeOf('tool_export', 'mode'), typeOf('tool_total', 'values'), typeOf('tool_move', 'to')]).toEqual([
      'integer',
      'integer',
      'integer',
    ]);
    await types.ws.close();

    const defaults = await open('lcp-string-defaults');
    expect(result(await defaults.ws.call({ tool: 'tool_report', args: {} })).output).toMatchObject({
      limit: 'DEFAULT_LIMIT',
      limit_type: 'str',
      separator: 'os.sep',
    });
    await defaults.ws.close();

    const dup = await open('lcp-duplicate-names');
    const dupLcp = await dup.ws.inspect('lcp');
    expect(dupLcp.tools.map((t) => [t.name, t.file])).toEqual([['tool_convert', 'tools/a_current.py']]);
    expect(dupLcp.diagnostics.some((d) => d.code === 'LCP013' && d.file === 'tools/b_legacy.py')).toBe(true);
    await dup.ws.close();

    const pkg = await open('lcp-package-siblings');
    expect((await pkg.ws.inspect('lcp')).tools.map((t) => t.name).sort()).toEqual([
      'tool_forecast',
      'tool_to_fahrenheit',
      'tool_utc_now',
    ]);
    await pkg.ws.close();

    const regex = await open('lcp-regex-fallback');
    const fallback = (await regex.ws.inspect('lcp')).tools[0];
    expect(fallback?.spec).toMatchObject({
      name: 'tool_add_note',
      _parsed_via_regex_fallback: true,
      input_schema: { properties: { limit: { default: '5' } } },
    });
    await regex.ws.close();

    const shapes = await open('lcp-result-shapes');
    expect(result(await shapes.ws.call({ tool: 'tool_extra_keys', args: {} }))).toEqual({
      output: 'Tool executed successfully (no output).',
      status_code: 200,
      success: true,
    });
    expect(result(await shapes.ws.call({ tool: 'tool_silent_failure', args: {} }))).toMatchObject({
      success: false,
      status_code: 500,
    });
    await shapes.ws.close();

    const titles = await open('ltp-titles-not-literal');
    expect((await titles.ws.inspect('hub')).tools).toEqual([]);
    expect((await titles.ws.inspect('lcp')).tools.map((t) => t.name)).toEqual(['tool_search', 'tool_lookup']);
    expect(await titles.ws.status('tool_search', { query: 'tea' })).toBe('🛠️ Search: "tea"\n');
    await titles.ws.close();

    const stem = await open('loki-file-stem');
    expect((await stem.ws.inspect('loki')).tools.map((t) => t.name)).toContain('get_weather_v2');
    const renamed = await stem.ws.call({ tool: 'get_weather_v2', args: { city: 'Oslo' } });
    expect('refused' in renamed && renamed.refused).toMatch(/^Loki cannot run 'get_weather_v2'/);
    await stem.ws.close();
  });
});

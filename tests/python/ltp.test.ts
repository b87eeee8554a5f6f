/**
 * The H golden: lollms_hub's real ToolsManager output and agent status lines, byte for byte,
 * through the engine's public door (`schema` with profile hub, `status`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import type { HubLibrary } from '../../src/protocol/engine.ts';
import { EngineError } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { callPy, readConformance, tempDir, writeFiles } from './ltp_support.ts';

interface GoldenCall {
  tool: string;
  arguments: unknown;
  emitted: string[];
  escaped_exception?: string;
}
interface Golden {
  files: Record<string, { metadata: Record<string, unknown>; tool_definitions: unknown[] }>;
  calls: GoldenCall[];
}

const golden = JSON.parse(readConformance('lcp_golden/H/ltp_hub.json')) as Golden;
// The oracle's file order: status lines look titles up in all four files' definitions.
const FIXTURES: Record<string, string> = {
  'ltp_wiki.py': 'lcp_fixtures/ltp/ltp_wiki.py',
  'ltp_nometa.py': 'lcp_fixtures/ltp/ltp_nometa.py',
  'ltp_bad_titles.py': 'lcp_fixtures/ltp/ltp_bad_titles.py',
  'doc_cases.py': 'lcp_fixtures/docs/doc_cases.py',
};

let engine: Engine;
let dir: string;
let paths: string[];

beforeAll(async () => {
  engine = await getEngine();
  dir = tempDir(engine, 'ltp-golden');
  writeFiles(engine, dir, Object.fromEntries(Object.entries(FIXTURES).map(([name, rel]) => [name, readConformance(rel)])));
  paths = Object.keys(FIXTURES).map((name) => `${dir}/${name}`);
});

describe('H golden: ToolsManager per file', () => {
  it('covers every file the golden recorded', () => {
    expect(Object.keys(golden.files).sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  for (const name of Object.keys(FIXTURES)) {
    it(`${name}: tool definitions via schema(profile hub)`, () => {
      const native = engine.call('schema', { paths: [`${dir}/${name}`], profile: 'hub', format: 'native' });
      expect(native).toEqual(golden.files[name]!.tool_definitions);
    });

    it(`${name}: metadata via ltp.parse_metadata`, () => {
      const source = readConformance(FIXTURES[name]!);
      expect(callPy(engine, 'hosts.hub.tools_manager', 'parse_metadata', source)).toEqual(golden.files[name]!.metadata);
    });
  }
});

describe('H golden: the agent status line', () => {
  golden.calls.forEach((call, i) => {
    it(`call ${i}: ${call.tool} ${JSON.stringify(call.arguments)}`, () => {
      const run = () => engine.call('status', { paths, tool: call.tool, args: call.arguments });
      if (call.escaped_exception === undefined) {
        expect(call.emitted).toHaveLength(1);
        expect(run().line).toBe(call.emitted[0]);
        return;
      }
      expect(call.emitted).toEqual([]);
      let caught: unknown;
      try {
        run();
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(EngineError);
      expect((caught as EngineError).kind).toBe('usage');
      expect((caught as EngineError).message.startsWith(`${call.escaped_exception}. `)).toBe(true);
      expect((caught as EngineError).message).toContain("lollms_hub's agent crashes here");
    });
  });
});

describe('hub reading order', () => {
  it('keeps docstring order for properties (the golden sorts keys, so check it here)', () => {
    const native = engine.call('schema', { paths: [`${dir}/ltp_wiki.py`], profile: 'hub', format: 'native' }) as {
      function: { parameters: { properties: Record<string, unknown> } };
    }[];
    expect(Object.keys(native[0]!.function.parameters.properties)).toEqual(['query', 'max_results']);
  });
});

describe('H golden: library metadata next to the definitions (schema with libraries)', () => {
  it('gives every file, in the hub order, as ToolsManager keeps it', () => {
    const files = engine.call('schema', { paths, profile: 'hub', format: 'native', libraries: true }) as HubLibrary[];
    expect(files.map((f) => f.file)).toEqual(paths);
    for (const f of files) {
      const name = f.file.slice(f.file.lastIndexOf('/') + 1);
      expect(f.metadata).toEqual(golden.files[name]!.metadata);
      expect(f.tool_definitions).toEqual(golden.files[name]!.tool_definitions);
    }
  });

  it('keeps the hub defaults and its fail-silently reading, and skips a file it cannot read', () => {
    const libs = tempDir(engine, 'ltp-libraries');
    writeFiles(engine, libs, {
      'a_stops.py': 'TOOL_LIBRARY_NAME = "N"\nTOOL_LIBRARY_ICON = make_icon()\nTOOL_LIBRARY_DESC = "never read"\n',
      'b_settings.py': 'TOOL_SETTINGS_METADATA = {"k": {"type": "int", "default": 1}}\n\ndef tool_x(args):\n    """X."""\n',
    });
    engine.fs.writeFile(`${libs}/c_latin1.py`, new Uint8Array([0x23, 0xe9, 0x0a]));
    expect(engine.call('schema', { paths: [libs], profile: 'hub', format: 'native', libraries: true })).toEqual([
      { file: `${libs}/a_stops.py`, metadata: { name: 'N', description: 'No description provided.', icon: '🔧' }, tool_definitions: [] },
      {
        file: `${libs}/b_settings.py`,
        metadata: { name: 'Unnamed Tool Library', description: 'No description provided.', icon: '🔧', settings_metadata: { k: { type: 'int', default: 1 } } },
        tool_definitions: engine.call('schema', { paths: [`${libs}/b_settings.py`], profile: 'hub', format: 'native' }),
      },
    ]);
  });

  it('is the hub\'s own output only: another profile or format is a usage error', () => {
    for (const params of [{ profile: 'lcp' as const, format: 'native' as const }, { profile: 'hub' as const, format: 'openai' as const }]) {
      expect(() => engine.call('schema', { paths, ...params, libraries: true })).toThrow(
        "libraries is the hub's library metadata: ask for it with profile hub and format native",
      );
    }
  });
});

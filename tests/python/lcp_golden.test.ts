/**
 * Reference I goldens (lcp_golden/I/*.json, recorded by lcp_oracle.py from the real LCPBinding at
 * f952faea): toolplay's LcpBinding must give the same discover_tools() items in the same order,
 * the same property order, the same to_chat_tool_specs(), the same discovery log lines and the
 * same execute_tool results (and params mutation, and log lines) for every recorded call.
 * No py314/ variant exists for these files: the oracle's 3.14 replay matched the 3.11 recording.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { CASES } from './lcp_cases.ts';
import { copyConformance, lcpTempDir, readGolden, runOracleCase } from './lcp_support.ts';

interface GoldenExec {
  tool: string;
  params: unknown;
  params_after_call?: unknown;
  result?: unknown;
  stdout?: string;
  log?: unknown[];
}
interface Golden {
  discover_tools: { name: string; _python_file_path: string }[];
  property_order: Record<string, string[]>;
  chat_tool_specs: Record<string, unknown>;
  tools_folders: string[];
  discovery_log?: unknown[] | null;
  exec?: GoldenExec[];
}

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

/** A private copy of lcp_fixtures per case: calls run tools and must not share module state. */
function fixtureRoot(): string {
  const root = lcpTempDir(engine, 'lcp-golden');
  copyConformance(engine, 'lcp_fixtures', root);
  return root;
}

describe('reference I goldens through LcpBinding', () => {
  for (const [name, c] of Object.entries(CASES)) {
    describe(name, () => {
      const golden = readGolden<Golden>(`lcp_golden/I/${name}.json`);
      let got: Record<string, unknown>;
      beforeAll(() => {
        got = runOracleCase(engine, fixtureRoot(), c);
      });

      it('discover_tools(): same items, same order', () => {
        expect(got['discover_tools']).toEqual(golden.discover_tools);
        expect(got['tools_folders']).toEqual(golden.tools_folders);
      });
      it('keeps the signature order of properties', () => {
        expect(got['property_order']).toEqual(golden.property_order);
      });
      it('to_chat_tool_specs() matches', () => {
        expect(got['chat_tool_specs']).toEqual(golden.chat_tool_specs);
      });
      if (golden.discovery_log) {
        it('logs what the reference logs at discovery', () => {
          expect(got['discovery_log']).toEqual(golden.discovery_log);
        });
      }
      if (golden.exec) {
        it(`execute_tool: ${golden.exec.length} calls in order give the recorded results`, () => {
          const calls = got['exec'] as GoldenExec[];
          expect(calls).toHaveLength(golden.exec!.length);
          golden.exec!.forEach((want, i) => {
            const { log, ...rest } = calls[i]!;
            const { log: wantLog, ...wantRest } = want;
            expect(rest, `call ${i} ${want.tool}`).toEqual(wantRest);
            // Only recorded with --log (the init case): the binding's own log lines per call.
            if (wantLog) expect(log, `log of call ${i} ${want.tool}`).toEqual(wantLog);
          });
        });
      }
    });
  }
});

describe('reference I goldens through the engine door (schema, profile lcp)', () => {
  for (const name of ['types', 'docs', 'layout', 'tool_files', 'init', 'prompts', 'samestem_a']) {
    it(`${name}: native schema = discover_tools() with paths relative to the scanned folder`, () => {
      const c = CASES[name]!;
      const root = fixtureRoot();
      const paths = [...c.folders, ...(c.files ?? [])].map((p) => `${root}/${p}`);
      const native = engine.call('schema', { paths, profile: 'lcp', format: 'native', hostConfig: c.host });
      const golden = readGolden<Golden>(`lcp_golden/I/${name}.json`);
      const want = golden.discover_tools.map((t) => ({
        ...t,
        _python_file_path: t._python_file_path.replace(/^\$(TOOLS|FILEDIR)\d+\//, ''),
      }));
      expect(native).toEqual(want);
    });
  }
});

describe('toolplay facts beyond the reference log', () => {
  it('layout: says which duplicate won and why', () => {
    const got = runOracleCase(engine, fixtureRoot(), CASES['layout']!);
    expect(got['toolplay_warnings']).toEqual([
      "tool_broken_ok listed from the regex fallback only: 'broken.py' still cannot be imported, so every call returns " +
        '"Tool initialization failed: …". Fix the error (line 11) first.',
      "Skipping 'tool_same' (already registered from $TOOLS0/dupe1.py): the first file in scan order wins " +
        '(folders in name order, then tool_files).',
    ]);
  });

  it('samestem: warns that two files share one module slot', () => {
    const got = runOracleCase(engine, fixtureRoot(), CASES['samestem_a']!);
    expect(got['toolplay_warnings']).toEqual([
      "'samestem.py' shares the module slot 'lollms_client.tools_bindings.lcp.persistent_samestem' with " +
        "$TOOLS0/samestem.py: whichever file runs first is imported, and the other file's tools then fail " +
        "with \"Function '…' not found in module.\"",
    ]);
  });
});

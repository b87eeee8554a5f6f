// A Python restored from the engine's memory snapshot (src/engine/snapshot.ts, made as the build
// makes it) is indistinguishable from a plain start: the same process (environment,
// sys.executable, sys.argv, sys.path, no build marks), fresh per-process state (random, the
// engine's nonce), the engine's files back on disk (traceback source lines), and the same reply
// to every engine request over the conformance suite's fixtures (inspect, lint and schema for
// each profile, the hub's and Loki's status line of every tool, every Loki run case, every LCP
// call of the reference-I golden cases, in their order).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.ts';
import { installEngine } from '../../src/engine/install.ts';
import { readEngineSources } from '../../src/engine/sources.node.ts';
import { makeEngineSnapshot } from '../../src/engine/snapshot.node.ts';
import { startPython } from '../../src/engine/start.ts';
import { PROFILES } from '../../src/protocol/vocabulary.ts';
import { nodePyodide } from '../../src/engine/pyodide.node.ts';
import { TEST_PYTHON } from '../python/engine.ts';
import { conformancePath, readConformance } from '../conformance.ts';
import { CASES } from '../python/lcp_cases.ts';

const quiet = { stdout: () => {}, stderr: () => {} };
// TOOLPLAY_TEST_PYTHON=3.13 checks that Python's snapshot the same way (tests/python/engine.ts).
const pyodide = nodePyodide(TEST_PYTHON);
const loadPyodide = (options: object) => pyodide.load(options as Record<string, unknown>);
const files = { sources: readEngineSources(), bytecode: {} };

/** Copies tests/conformance into Pyodide's filesystem at /conformance. */
function copyConformance(engine: Engine, from = conformancePath('.'), to = '/conformance'): void {
  engine.fs.mkdirTree(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyConformance(engine, path, `${to}/${name}`);
    else engine.fs.writeFile(`${to}/${name}`, readFileSync(path));
  }
}

/** What a tool or a person could see of the process itself. */
const PROCESS = `
import json, os, sys
json.dumps({"executable": sys.executable, "base_executable": sys._base_executable, "argv": sys.argv,
            "orig_argv": sys.orig_argv, "path": sys.path, "env": dict(os.environ), "cwd": os.getcwd(),
            "flags": str(sys.flags), "meta_path": [type(f).__name__ for f in sys.meta_path]})
`;

/** Durations and times differ from run to run, whichever the start. */
const timeless = (text: string): string => text.replace(/"(durationMs|t|duration_ms)": ?[\d.e+-]+/g, '"$1": 0');

type Method = 'inspect' | 'lint' | 'schema' | 'call' | 'status';

/** Every engine request of the conformance suite, as [label, method, params]; `toolsOf` lists a folder's tools for a profile. */
function conformanceRequests(toolsOf: (paths: string[], profile: string) => string[]): Array<[string, Method, object]> {
  const out: Array<[string, Method, object]> = [];
  const folders = [
    ...readdirSync(conformancePath('lcp_fixtures')).map((f) => `lcp_fixtures/${f}`),
    ...['python', 'python-agent', 'bash', 'bash-agent'].map((f) => `loki_cases/${f}`),
  ];
  for (const folder of folders) {
    const paths = [`/conformance/${folder}`];
    out.push([`lint ${folder}`, 'lint', { paths }]);
    for (const profile of PROFILES) {
      out.push([`inspect ${profile} ${folder}`, 'inspect', { paths, profile }]);
      for (const format of ['native', 'openai-strict'] as const)
        out.push([`schema ${profile} ${format} ${folder}`, 'schema', { paths, profile, format }]);
    }
    for (const profile of ['hub', 'loki', 'llm-functions'])
      for (const tool of toolsOf(paths, profile))
        out.push([
          `status ${profile} ${folder} ${tool}`,
          'status',
          { paths, profile, tool, args: { query: 'Quantum Computing', n: 2 } },
        ]);
  }
  // LCP calls: each golden case's calls in order, on its own copy of the fixtures (calls keep module state).
  for (const [name, c] of Object.entries(CASES)) {
    const paths = [...c.folders, ...(c.files ?? [])].map((f) => `/conformance/lcp_fixtures/${f}`);
    for (const [i, [tool, argsJson]] of (c.exec ?? []).entries())
      out.push([
        `call lcp ${name} ${i} ${tool}`,
        'call',
        {
          profile: 'lcp',
          paths,
          tool,
          argsJson,
          hostConfig: c.host ?? {},
          workspace: `/conformance/lcp_fixtures/${c.cwd ?? '.'}`,
          callId: `${name}-${i}`,
        },
      ]);
  }
  for (const line of readConformance('loki_cases/run/cases.txt').split('\n')) {
    const [name = '', file = '', json = '', options = ''] = line.split('|');
    if (!line.trim() || line.startsWith('#') || !file.endsWith('.py')) continue;
    const stem = file.slice(file.lastIndexOf('/') + 1, -'.py'.length);
    const flavour = options.includes('--ref llm-functions') ? 'llm-functions' : 'loki';
    out.push([
      `call loki ${name}`,
      'call',
      {
        profile: 'loki',
        paths: [`/conformance/${file}`],
        tool: stem,
        argsJson: json || '{}',
        workspace: '/tmp',
        flavour,
        callId: name,
      },
    ]);
  }
  return out;
}

let plain: Engine;
let restored: Engine;
let again: Engine;

beforeAll(async () => {
  const snapshot = await makeEngineSnapshot(files, TEST_PYTHON);
  const load = (extra: object) => loadPyodide({ ...quiet, ...extra });
  const fromSnapshot = async (): Promise<Engine> => {
    const { py, start } = await startPython(load, { bytes: Promise.resolve(snapshot) }, Promise.resolve(files));
    expect(start.path).toBe('snapshot');
    return new Engine(py);
  };
  const py = await loadPyodide(quiet);
  installEngine(py, files.sources);
  plain = new Engine(py);
  restored = await fromSnapshot();
  again = await fromSnapshot();
}, 240_000);

describe('a Python restored from the snapshot', () => {
  it("is the process a plain start gives, without the build's marks", () => {
    const seen = (e: Engine) => JSON.parse(e.py.runPython(PROCESS) as string) as { env: Record<string, string> };
    expect(seen(restored)).toEqual(seen(plain));
    expect(seen(restored).env['TOOLPLAY_SNAPSHOT_BUILD']).toBeUndefined();
    expect(restored.py.runPython('import sys; sys.executable')).not.toBe('/toolplay-build/python');
  });

  it("draws its own random numbers and nonce; hash() keeps the build's secret (Python cannot draw it again)", () => {
    const draw = (e: Engine) => e.py.runPython('import random; random.random()') as number;
    expect(draw(restored)).not.toBe(draw(again));
    const nonce = (e: Engine) => e.py.runPython('from toolplay.core import json_text; json_text._NONCE') as string;
    expect(nonce(restored)).not.toBe(nonce(again));
    expect(nonce(restored)).toMatch(/^[0-9a-f]{16}$/);
    expect(restored.py.runPython('import sys; sys.flags.hash_randomization')).toBe(
      plain.py.runPython('import sys; sys.flags.hash_randomization'),
    );
  });

  it("has the engine's files back: its modules import, tracebacks show source lines", () => {
    expect(restored.fs.readFile('/toolplay-engine/toolplay/api.py', { encoding: 'utf8' })).toBe(
      files.sources['toolplay/api.py'],
    );
    const trace = (e: Engine) =>
      e.py.runPython(`
import traceback
from toolplay.core import usage
try:
    usage.paths_param({})
except Exception as exc:
    text = "".join(traceback.format_exception(exc))
text`) as string;
    expect(trace(restored)).toBe(trace(plain));
    expect(trace(restored)).toMatch(/usage\.py", line \d+, in paths_param\n {4}\S/);
  });

  it('answers every engine request of the conformance suite as a plain start does', () => {
    copyConformance(plain);
    copyConformance(restored);
    const toolsOf = (paths: string[], profile: string): string[] => {
      const api = plain.py.pyimport('toolplay.api') as { dispatch(m: string, p: string): string; destroy(): void };
      try {
        const reply = JSON.parse(api.dispatch('inspect', JSON.stringify({ paths, profile }))) as {
          ok?: { tools?: Array<{ name: string }> };
        };
        return (reply.ok?.tools ?? []).map((t) => t.name);
      } finally {
        api.destroy();
      }
    };
    const requests = conformanceRequests(toolsOf);
    expect(
      requests.filter(([, m, p]) => m === 'call' && (p as { profile: string }).profile === 'lcp').length,
    ).toBeGreaterThan(40);
    expect(requests.filter(([, m]) => m === 'status').length).toBeGreaterThan(30);
    expect(requests.length).toBeGreaterThan(250);
    const answered = new Set<string>();
    const failedRequests: string[] = [];
    for (const [label, method, params] of requests) {
      const reply = (e: Engine) => {
        const api = e.py.pyimport('toolplay.api') as { dispatch(m: string, p: string): string; destroy(): void };
        try {
          return timeless(api.dispatch(method, JSON.stringify(params)));
        } finally {
          api.destroy();
        }
      };
      const mine = reply(restored);
      expect(mine, label).toBe(reply(plain));
      if (mine.startsWith('{"ok"')) answered.add(method);
      else failedRequests.push(label);
    }
    // The requests reach the engine's real paths (a wrong parameter would only compare two errors).
    expect([...answered].sort()).toEqual(['call', 'inspect', 'lint', 'schema', 'status']);
    expect(failedRequests.filter((l) => l.startsWith('call lcp') || l.startsWith('status'))).toEqual([]);
  });
});

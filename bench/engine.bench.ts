/**
 * Engine benchmark: LCP schema extraction of a 200-file tools folder in Pyodide (Node), measured
 * through the engine's own `schema` method, each next to its floor — bare `ast.parse` of the same
 * sources in the same Pyodide, timed inside Python. Targets: full extraction ≤ 2× floor,
 * rescan after editing one file ≤ 15 ms. The rescans are timed twice: inside Pyodide (the engine's
 * work, up to its reply's JSON text; what the target is for, like the floor it is shown against)
 * and from JavaScript (what Engine.call costs, the reply's transfer and JSON.parse included). The
 * editor's `rescan` (a patch by generation over the files its look at MEMFS saw change) is timed inside.
 */
import { loadNodeEngine } from '../src/engine/node.ts';
import { engineFs } from '../src/engine/fs.ts';
import { FolderDiff } from '../src/cli/workspace-diff.ts';
import { median, middle, type BenchRow } from './bench.ts';
import { librarySource, writeLibraries } from './generate.ts';

const FILES = 200;
const DIR = '/bench/tools';

export default async function engineBench(): Promise<BenchRow[]> {
  const engine = await loadNodeEngine();
  const { py } = engine;
  const paths = writeLibraries(py, DIR, FILES);
  const schema = (): unknown => engine.call('schema', { paths: [DIR], profile: 'lcp', format: 'native' });
  const clearCache = (): void => void py.runPython('import toolplay.core.file_cache as c; c.reset()');
  py.runPython(`
import ast, time
def _bench_parse_floor(paths, runs):
    # The same sources, already read, parsed with nothing else around: ms per run.
    sources = [open(p, encoding="utf-8").read() for p in paths]
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for s in sources:
            ast.parse(s)
        out.append((time.perf_counter() - t0) * 1000)
    return out
`);
  const floorFn = py.globals.get('_bench_parse_floor') as (
    paths: unknown,
    runs: number,
  ) => { toJs(): number[]; destroy(): void };
  const floor = (subset: string[], runs: number): number => {
    const proxy = floorFn(subset, runs);
    const times = proxy.toJs();
    proxy.destroy();
    return middle(times);
  };

  // The engine's own share of a `schema` call: api.dispatch timed inside Pyodide, up to the reply's
  // JSON text. The round trip adds handing that text to JavaScript and JSON.parse (Engine.call).
  py.runPython(`
import json as _bench_json, time as _bench_time
from toolplay import api as _bench_api
_bench_inside = []
def _bench_dispatch(method, params):
    t0 = _bench_time.perf_counter()
    reply = _bench_api.dispatch(method, params)
    _bench_inside.append((_bench_time.perf_counter() - t0) * 1000)
    return reply
`);
  const dispatchFn = py.globals.get('_bench_dispatch') as (method: string, params: string) => string;
  const inside = (): number => {
    const proxy = py.runPython('_bench_inside[:]') as { toJs(): number[]; destroy(): void };
    const times = proxy.toJs();
    proxy.destroy();
    py.runPython('_bench_inside.clear()');
    return middle(times);
  };
  const schemaParams = JSON.stringify({ paths: [DIR], profile: 'lcp', format: 'native' });
  const roundTrip = (): unknown => JSON.parse(dispatchFn('schema', schemaParams));

  const tools = (schema() as unknown[]).length; // also warms up every engine module
  // The floor is timed between the cold runs (not in a block after them): on a shared, noisy
  // machine both then see the same load, so their ratio means something.
  const floors: number[] = [];
  const full = await median(7, schema, () => {
    floors.push(floor(paths, 1));
    clearCache();
  });
  const fullFloor = middle(floors);
  inside();
  const rescan = await median(15, roundTrip);
  const rescanInside = inside();
  const target = paths[FILES / 2] ?? '';
  let edit = 0;
  const oneFile = await median(15, roundTrip, () => engineFs(py).writeFile(target, librarySource(FILES / 2, ++edit)));
  const oneFileInside = inside();
  const oneFloor = floor([target], 15);
  // What every `schema` call pays however much the engine caches: the reply's JSON text for all
  // 799 tools (joined from the LCP file cache's per-tool text), handed to JavaScript and parsed there.
  py.runPython(`
from toolplay.hosts.lcp.tool_paths import binding_for_paths as _bench_binding_for
_bench_binding = _bench_binding_for([${JSON.stringify(DIR)}])
def _bench_reply():
    return _bench_binding.json_tools_text().text
`);
  const replyFn = py.globals.get('_bench_reply') as () => string;
  const transfer = await median(15, () => JSON.parse(replyFn()) as unknown);

  // Lint runs beside the schema on every edit (the tools panel's `inspect`): same folder, same floors.
  const lint = (): unknown => engine.call('lint', { paths: [DIR] });
  const clearLint = (): void => void py.runPython('import toolplay.core.file_cache as c; c.reset()');
  const lintFull = await median(5, lint, clearLint);
  const lintOne = await median(15, lint, () => engineFs(py).writeFile(target, librarySource(FILES / 2, ++edit)));

  // What the tools panel pays after every edit (`inspect`: libraries, hub tools, lint) and what
  // every tool call pays before the tool runs (the hub status line) and around it (the call wrapper's
  // one diff of a 20 MB workspace as the CLI makes it; the files are let settle past its racy window first).
  const inspect = (): unknown => engine.call('inspect', { paths: [DIR], profile: 'hub' });
  const inspectSame = await median(9, inspect);
  const inspectOne = await median(9, inspect, () => engineFs(py).writeFile(target, librarySource(FILES / 2, ++edit)));
  // The editor's rescan (`rescan`, lcp): the engine's look at MEMFS says which file changed, the
  // reply is a patch of the generation before. Timed inside Pyodide, up to the reply's JSON text.
  let generation: number | null = null;
  const tracked = (): void => {
    const reply = JSON.parse(
      dispatchFn('rescan', JSON.stringify({ paths: [DIR], profile: 'lcp', base: generation })),
    ) as { ok: { generation: number } };
    generation = reply.ok.generation;
  };
  tracked();
  inside();
  await median(9, tracked);
  const rescanSame = inside();
  await median(15, tracked, () => engineFs(py).writeFile(target, librarySource(FILES / 2, ++edit)));
  const rescanOne = inside();
  const status = await median(15, () =>
    engine.call('status', { paths: [DIR], tool: 'tool_lib1_action0', args: { query: 'q' } }),
  );
  const WS = '/bench/workspace';
  engineFs(py).mkdirTree(WS);
  const blob = new Uint8Array(200 * 1024).fill(97);
  for (let i = 0; i < 100; i++) engineFs(py).writeFile(`${WS}/data${i}.bin`, blob);
  await new Promise((done) => setTimeout(done, 2100));
  const diff = new FolderDiff(engineFs(py), WS);
  const workspaceDiff = await median(9, () => {
    diff.begin();
    diff.end();
  });

  const row = (name: string, value: number, floorMs: number, targetMs?: number): BenchRow => ({
    name,
    value,
    unit: 'ms',
    floor: floorMs,
    ...(targetMs === undefined ? {} : { target: targetMs, pass: value <= targetMs }),
  });
  return [
    row(
      `full extraction, ${FILES} files / ${tools} tools, cold cache (target 2× floor)`,
      full,
      fullFloor,
      2 * fullFloor,
    ),
    row('full rescan, nothing changed: in the engine', rescanInside, fullFloor),
    row('  round trip from JavaScript (+ reply text to JS, JSON.parse)', rescan, fullFloor),
    row('rescan after editing one file: in the engine (target 15 ms)', oneFileInside, oneFloor, 15),
    row('  round trip from JavaScript (+ reply text to JS, JSON.parse; no target)', oneFile, oneFloor),
    row('  the reply alone, 799 tools (cached JSON text joined, to JS, JSON.parse)', transfer, oneFloor),
    row('lint, cold cache (no target)', lintFull, fullFloor),
    row('lint after editing one file (no target)', lintOne, oneFloor),
    row('inspect (hub), nothing changed (no target)', inspectSame, oneFloor),
    row('inspect (hub) after editing one file (no target)', inspectOne, oneFloor),
    row("editor's rescan (lcp), nothing changed: in the engine (no target)", rescanSame, oneFloor),
    row("editor's rescan (lcp) after editing one file: in the engine (no target)", rescanOne, oneFloor),
    row('status line, nothing changed (no target)', status, oneFloor),
    row('call: the workspace diff (before + after), 100 files / 20 MB unchanged (no target)', workspaceDiff, oneFloor),
  ];
}

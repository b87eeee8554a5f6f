/**
 * Packages benchmark: a package set installed once, then installed again from the cache alone in a
 * new Python (a reload, an offline visit, the next CLI command). Target: ≤ 1 s.
 *
 * The set is four wheels the bench builds (no package source is reachable here), about 2 MB unpacked
 * like requests with its dependencies: two from a Pyodide lock (one requiring the other) and two from an
 * index (micropip's resolution is kept, so the cached install does not run micropip), served on
 * 127.0.0.1 for the first install and gone for the timed ones. The floor, measured in the same
 * fresh Python right after: unzipping the same wheels with `zipfile` — the least any install does.
 */
import { loadNodeEngine } from '../src/engine/node.ts';
import { attachPackages } from '../src/packages/attach.ts';
import { MemoryPlanStore } from '../src/packages/plans.ts';
import { MemoryWheelStore, WheelCache } from '../src/packages/wheel-cache.ts';
import { servePackages } from '../tests/support/package-server.ts';
import { micropipStandIn } from '../tests/support/micropip-stand-in.ts';
import { buildWheel, type BuiltWheel } from '../tests/support/wheels.ts';
import { middle, type BenchRow } from './bench.ts';

const RUNS = 5;
const TARGET_MS = 1000;

/** A pure-Python wheel of `modules` modules of ~6 KB each. */
function libraryWheel(name: string, modules: number, requires: string[] = []): BuiltWheel {
  const files: Record<string, string> = { [`${name}/__init__.py`]: `VERSION = "1.0.0"\n` };
  for (let m = 0; m < modules; m++) {
    const body = Array.from(
      { length: 60 },
      (_, i) => `def f${m}_${i}(x, y=${i}):\n    """Adds ${i}."""\n    return x + y * ${m}\n`,
    ).join('\n');
    files[`${name}/mod${m}.py`] = body;
  }
  return buildWheel({ name, version: '1.0.0', requires, files });
}

export default async function packagesBench(): Promise<BenchRow[]> {
  const base = libraryWheel('benchbase', 80);
  const http = libraryWheel('benchhttp', 120, ['benchbase']);
  const codec = libraryWheel('benchcodec', 60);
  const client = libraryWheel('benchclient', 100, ['benchcodec']);
  const wheels = [base, http, codec, client];
  const requirements = ['benchhttp', 'benchclient'];
  const server = await servePackages({
    packages: [
      { wheel: base, inLock: true },
      { wheel: http, inLock: true, depends: ['benchbase'] },
      { wheel: micropipStandIn(), inLock: true },
      { wheel: codec },
      { wheel: client },
    ],
  });
  const lockText = await (await fetch(server.lockUrl)).text();
  const packageBase = `${server.url}/files/`;
  const stores = { cache: new WheelCache(new MemoryWheelStore()), plans: new MemoryPlanStore() };
  const python = async () => {
    const engine = await loadNodeEngine({ packageSource: { lockFileContents: lockText, packageBaseUrl: packageBase } });
    engine.packages = attachPackages(engine.py, {
      ...stores,
      origin: null,
      sources: { indexUrls: [server.indexUrl], timeoutMs: 10_000, packageBase },
    });
    return engine;
  };

  const first = await python();
  const report = await first.packages!.installer.install(requirements, { event: () => {} });
  if (report.failed.length)
    throw new Error(
      `the first install failed (${server.requests.join(', ')}): ${report.failed.map((f) => `${f.requirement}: ${f.message}`).join('; ')}`,
    );
  await server.close();

  const times: number[] = [];
  const floors: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const engine = await python();
    const downloaded: string[] = [];
    const t0 = performance.now();
    const again = await engine.packages!.installer.install(requirements, {
      event: (e) => {
        if (e.type === 'package.installed' && !e.cached) downloaded.push(e.name);
      },
    });
    times.push(performance.now() - t0);
    if (again.failed.length)
      throw new Error(`the cached install failed: ${again.failed.map((f) => f.message).join('; ')}`);
    if (downloaded.length) throw new Error(`the cached install downloaded ${downloaded.join(', ')}`);
    engine.py.globals.set(
      '_bench_wheels',
      wheels.map((w) => w.bytes),
    );
    floors.push(
      engine.py.runPython(`
import io, time, zipfile
t0 = time.perf_counter()
for i, data in enumerate(_bench_wheels):
    zipfile.ZipFile(io.BytesIO(data.to_py())).extractall(f"/tmp/bench-unzip/{i}")
(time.perf_counter() - t0) * 1000
`) as number,
    );
  }
  const kb = Math.round(wheels.reduce((n, w) => n + w.bytes.byteLength, 0) / 1024);
  const value = middle(times);
  return [
    {
      name: `cached package set installs (4 wheels, ${kb} KB)`,
      value,
      unit: 'ms',
      floor: middle(floors),
      target: TARGET_MS,
      pass: value <= TARGET_MS,
    },
  ];
}

// Packages from local sources (no package source is reachable here): wheels the test builds, a lock
// file and a simple index served on 127.0.0.1, real Pyodide installing them. Tests that go through
// micropip use a stand-in for it (tests/support/micropip-stand-in.ts) and say so in their names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { buildWheel } from '../support/wheels.ts';
import { servePackages, type PackageServer } from '../support/package-server.ts';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import {
  callIn,
  memoryStores,
  ofType,
  pythonWith,
  sourceOf,
  tool,
  workspace,
  type Stores,
  type TestSource,
} from './support.ts';
import { textfmt, greeter } from './fixtures.ts';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const T = { timeout: 120_000 };

const broken = buildWheel({ name: 'broken', version: '0.1.0', files: { 'broken/__init__.py': 'OK = True\n' } });
const stale = buildWheel({ name: 'stale', version: '0.1.0', files: { 'stale/__init__.py': 'OK = True\n' } });
const slowpkg = buildWheel({ name: 'slowpkg', version: '0.1.0', files: { 'slowpkg/__init__.py': 'OK = True\n' } });
const polite = buildWheel({
  name: 'polite',
  version: '3.0.0',
  files: { 'polite/__init__.py': 'def please(s):\n    return s + ", please"\n' },
});
const farewell = buildWheel({
  name: 'farewell',
  version: '1.2.0',
  requires: ['polite'],
  files: { 'farewell/__init__.py': 'from polite import please\n\ndef bye(n):\n    return please("bye " + n)\n' },
});
const fastlib = buildWheel({
  name: 'fastlib',
  version: '1.0.0',
  tag: 'cp314-cp314-manylinux_2_28_x86_64',
  files: { 'fastlib/__init__.py': 'X = 1\n' },
});
const pairB = buildWheel({ name: 'pair-b', version: '1.0.0', files: { 'pair_b/__init__.py': 'B = 2\n' } });
const newlib = buildWheel({ name: 'newlib', version: '2.0.0', files: { 'newlib/__init__.py': 'X = 2\n' } });
const pairA = buildWheel({
  name: 'pair-a',
  version: '1.0.0',
  requires: ['pair-b'],
  files: { 'pair_a/__init__.py': 'A = 1\n' },
});

// A wheel whose data files aim at a workspace on the real disk (`<name>.data/data/` is copied to
// sys.prefix, which is '/' in Pyodide): python/toolplay/packages/data_files.py keeps them under /usr/local.
const TARGET = join(tmpdir(), `toolplay-datafiles-${process.pid}`);
const datafiles = buildWheel({
  name: 'datafiles',
  version: '1.0.0',
  files: {
    'datafiles/__init__.py': 'OK = True\n',
    [`datafiles-1.0.0.data/data${TARGET}/tools/evil.py`]: 'def tool_evil():\n    return "planted"\n',
  },
});

let server: PackageServer;
let source: TestSource;
let engine: Engine;
let stores: Stores;

beforeAll(async () => {
  server = await servePackages({
    packages: [
      { wheel: textfmt, inLock: true },
      { wheel: greeter, inLock: true, depends: ['textfmt'] },
      { wheel: broken, inLock: true, corrupt: true },
      { wheel: stale, inLock: true, corrupt: true },
      { wheel: slowpkg, inLock: true },
      { wheel: micropipStandIn(), inLock: true },
      { wheel: polite },
      { wheel: farewell },
      { wheel: fastlib },
      { wheel: pairA },
      { wheel: pairB, corrupt: true },
      { wheel: newlib },
      { wheel: datafiles, inLock: true },
    ],
    slow: { [`/files/${slowpkg.fileName}`]: 3000 },
    sdists: [{ name: 'oldwiki', version: '1.4.0' }],
  });
  stores = memoryStores();
  source = await sourceOf(server);
  engine = await pythonWith(source, stores, 1500);
}, 120_000);
afterAll(() => server.close());

describe('packages a call needs are installed before the tool runs', () => {
  it("a wheel's data files install under /usr/local, never into the mounted workspace on the disk", T, async () => {
    rmSync(TARGET, { recursive: true, force: true });
    mkdirSync(join(TARGET, 'tools'), { recursive: true });
    writeFileSync(
      join(TARGET, 'tools/use.py'),
      tool('tool_use', 'return {"output": str(datafiles.OK)}', 'import datafiles'),
    );
    engine.fs.mkdirTree(TARGET);
    engine.py.mountNodeFS(TARGET, TARGET);
    try {
      const run = await callIn(engine, TARGET, 'tool_use', {});
      expect(run.result).toMatchObject({ output: 'True', success: true });
      expect(existsSync(join(TARGET, 'tools/evil.py'))).toBe(false);
      expect(engine.fs.analyzePath(`${TARGET}/tools/evil.py`).exists).toBe(false);
      expect(engine.fs.analyzePath(`/usr/local${TARGET}/tools/evil.py`).exists).toBe(true);
    } finally {
      engine.fs.unmount(TARGET);
      rmSync(TARGET, { recursive: true, force: true });
    }
  });

  it(
    "an import the Pyodide distribution has: its wheel and its dependency are fetched, checked and installed by Pyodide's loader; the next call installs nothing",
    T,
    async () => {
      const root = workspace(engine, {
        'tools/greet.py': tool('tool_greet', 'return {"output": greeter.hello("ada")}', 'import greeter'),
      });
      const first = await callIn(engine, root, 'tool_greet', {});
      expect(first.result).toMatchObject({ output: 'HELLO ADA!', success: true });
      const installed = ofType(first.events, 'package.installed');
      expect(installed.map((e) => [e.name, e.version, e.source, e.cached]).sort()).toEqual([
        ['greeter', '2.1.0', 'pyodide', false],
        ['textfmt', '1.0.0', 'pyodide', false],
      ]);
      expect(installed.every((e) => e.bytes > 0 && e.url.startsWith(server.url))).toBe(true);
      const types = first.events.map((e) => e.type);
      expect(types.indexOf('package.installing')).toBeGreaterThan(types.indexOf('call.started'));
      expect(types.lastIndexOf('package.installing')).toBeLessThan(types.indexOf('call.finished'));
      const again = await callIn(engine, root, 'tool_greet', {});
      expect(again.result).toMatchObject({ output: 'HELLO ADA!' });
      expect(ofType(again.events, 'package.installing')).toEqual([]);
    },
  );

  it(
    'a requirements.txt line with a specifier goes to micropip (stand-in), which installs it and its dependency from the index',
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'farewell>=1.0\n',
        'tools/bye.py': tool('tool_bye', 'import farewell\nreturn {"output": farewell.bye("bob")}'),
      });
      const { result, events } = await callIn(engine, root, 'tool_bye', {});
      expect(result).toMatchObject({ output: 'bye bob, please' });
      const installed = ofType(events, 'package.installed').map((e) => [e.name, e.source]);
      expect(installed).toContainEqual(['farewell', 'index']);
      expect(installed).toContainEqual(['polite', 'index']);
      expect(installed).toContainEqual(['micropip', 'pyodide']);
    },
  );

  it(
    'a wheel whose bytes are not the ones the lock names installs nothing and says so in one line; Python runs the next call',
    T,
    async () => {
      const root = workspace(engine, { 'tools/b.py': tool('tool_b', 'import broken\nreturn {"output": "imported"}') });
      const { result, events } = await callIn(engine, root, 'tool_b', {});
      const failed = ofType(events, 'package.failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]?.message).toMatch(
        /^broken 0\.1\.0 could not be had from the Pyodide distribution: the wheel at http:\/\/127\.0\.0\.1:\d+\/files\/broken-0\.1\.0-py3-none-any\.whl is not the one the lock file names: its sha256 is [0-9a-f]{64}, the lock says [0-9a-f]{64}$/,
      );
      expect(JSON.stringify(result)).toContain("No module named 'broken'");
      expect(engine.py.runPython('import importlib.util; importlib.util.find_spec("broken") is None')).toBe(true);
    },
  );

  it(
    'a package that could not be installed is not tried again by the calls of this Python, until an install asked for again or another source',
    T,
    async () => {
      const root = workspace(engine, { 'tools/st.py': tool('tool_st', 'import stale\nreturn {"output": "x"}') });
      const first = await callIn(engine, root, 'tool_st', {});
      expect(ofType(first.events, 'package.installing')).toHaveLength(2);
      const why = ofType(first.events, 'package.failed')[0]?.message ?? '';
      expect(why).toMatch(/^stale 0\.1\.0 could not be had from the Pyodide distribution: /);
      // The next call (of any tool asking for it) fails it at once, saying why and how to try again.
      const second = await callIn(engine, root, 'tool_st', {});
      expect(second.status).toBe('finished');
      expect(ofType(second.events, 'package.installing')).toEqual([]);
      expect(ofType(second.events, 'package.failed').map((e) => e.message)).toEqual([
        `${why} (not tried again: it failed earlier in this Python; Retry in the Packages view, another package source or Restart Python tries again)`,
      ]);
      // Asked for by the person (the Packages view's Install or Retry): tried.
      const asked: string[] = [];
      await engine.packages!.installer.install(['stale'], { event: (e) => asked.push(e.type) }, { again: true });
      expect(asked).toContain('package.installing');
      expect((await callIn(engine, root, 'tool_st', {})).events.some((e) => e.type === 'package.installing')).toBe(
        false,
      );
      // Another package source: tried again by the next call.
      const installer = engine.packages!.installer;
      const sources = installer.sources;
      installer.sources = { ...sources, indexUrls: [`${sources.indexUrls[0]}/other`] };
      installer.sources = sources;
      expect(ofType((await callIn(engine, root, 'tool_st', {})).events, 'package.installing')).toHaveLength(2);
    },
  );

  it('a source that does not answer in time: one line naming it, and the call still runs', T, async () => {
    const root = workspace(engine, { 'tools/s.py': tool('tool_s', 'import slowpkg\nreturn {"output": "x"}') });
    const { events, status } = await callIn(engine, root, 'tool_s', {});
    expect(status).toBe('finished');
    expect(ofType(events, 'package.failed')[0]?.message).toMatch(
      /^slowpkg 0\.1\.0 could not be had from the Pyodide distribution: no answer from http:\/\/127\.0\.0\.1:\d+ within 1\.5 s/,
    );
  });

  it(
    'a package with only a compiled wheel for another platform (stand-in): no pure-Python or WebAssembly wheel, naming it',
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'fastlib\n',
        'tools/f.py': tool('tool_f', 'return {"output": "x"}'),
      });
      const failed = ofType((await callIn(engine, root, 'tool_f', {})).events, 'package.failed');
      expect(failed.map((f) => f.requirement)).toEqual(['fastlib']);
      expect(failed[0]?.message).toMatch(
        /^fastlib 1\.0\.0 has wheels only for other platforms \(fastlib-1\.0\.0-cp314-cp314-manylinux_2_28_x86_64\.whl\): it needs a compiled extension that Pyodide has not built, so it cannot run in a browser\. micropip: Can't find a pure Python 3 wheel for 'fastlib'/,
      );
    },
  );

  it(
    "a package published only as a source archive the index gives no sha256 for, and a version no release matches (stand-in): the index's files say which",
    T,
    async () => {
      const said: Record<string, string> = {};
      for (const requirement of ['oldwiki>=1.4.0', 'newlib>=3']) {
        const root = workspace(engine, {
          'requirements.txt': `${requirement}\n`,
          'tools/w.py': tool('tool_w', 'return {"output": "x"}'),
        });
        for (const f of ofType((await callIn(engine, root, 'tool_w', {})).events, 'package.failed'))
          said[f.requirement] = f.message;
      }
      // An archive is built only when the index gives its sha256 (tests/packages/sdist.test.ts builds some).
      expect(said['oldwiki>=1.4.0']).toBe(
        'oldwiki 1.4.0 is published only as a source archive (oldwiki-1.4.0.tar.gz) and the index gives no sha256 for it: toolplay builds only an archive it can check',
      );
      expect(said['newlib>=3']).toMatch(
        /^no release of newlib matches >=3 \(the index has 2\.0\.0\)\. micropip: Can't find a pure Python 3 wheel for 'newlib>=3'/,
      );
    },
  );

  it('a version that conflicts with one already installed (stand-in): says which, and how out', T, async () => {
    const root = workspace(engine, {
      'requirements.txt': 'farewell>=1.0\n',
      'tools/a.py': tool('tool_a', 'import farewell\nreturn {"output": farewell.bye("x")}'),
    });
    expect((await callIn(engine, root, 'tool_a', {})).status).toBe('finished'); // polite 3.0.0 comes with farewell
    const clash = workspace(engine, {
      'requirements.txt': 'polite<3\n',
      'tools/b.py': tool('tool_b', 'return {"output": "x"}'),
    });
    const failed = ofType((await callIn(engine, clash, 'tool_b', {})).events, 'package.failed');
    expect(failed[0]?.message).toMatch(
      /^polite<3 conflicts with polite 3\.0\.0, already installed in this Python \(another file or package asked for it\): make the requirements agree, or Restart Python to install another version\. micropip: /,
    );
  });

  it('an unknown name (stand-in): no package of that name on the index', T, async () => {
    const root = workspace(engine, {
      'requirements.txt': 'nosuchpkg==1.0\n',
      'tools/n.py': tool('tool_n', 'return {"output": "x"}'),
    });
    const failed = ofType((await callIn(engine, root, 'tool_n', {})).events, 'package.failed');
    expect(failed[0]?.message).toMatch(
      /^no package of that name on the package index\. micropip: .*Can't fetch metadata for 'nosuchpkg'/,
    );
  });

  it(
    'a micropip install whose dependency has a bad checksum (stand-in) installs nothing of it: micropip downloads every wheel before it installs one',
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'pair-a>=1\n',
        'tools/p.py': tool('tool_p', 'import pair_a\nreturn {"output": "x"}'),
      });
      const failed = ofType((await callIn(engine, root, 'tool_p', {})).events, 'package.failed');
      expect(failed[0]?.message).toMatch(
        // Checked against the index page's sha256 as it arrives, before micropip's own check sees it.
        /^the wheel at http:\/\/127\.0\.0\.1:\d+\/files\/pair_b-1\.0\.0-py3-none-any\.whl is not the one the package index names: its sha256 is [0-9a-f]{64}, the index says [0-9a-f]{64}$/,
      );
      expect(
        engine.py.runPython(
          'import importlib.util; [importlib.util.find_spec(m) for m in ("pair_a", "pair_b")] == [None, None]',
        ),
      ).toBe(true);
    },
  );
});

describe('a cached package set', () => {
  it(
    "installs again in a new Python with its sources gone: the lock's wheels and micropip's plan come from the cache (stand-in)",
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'farewell>=1.0\n',
        'tools/g.py': tool(
          'tool_g',
          'import greeter, farewell\nreturn {"output": greeter.hello("x") + farewell.bye("y")}',
        ),
      });
      expect((await callIn(engine, root, 'tool_g', {})).result).toMatchObject({ output: 'HELLO X!bye y, please' });
      await server.close(); // from here on nothing answers at the lock's base or the index
      const fresh = await pythonWith(source, stores);
      try {
        const root2 = workspace(fresh, {
          'requirements.txt': 'farewell>=1.0\n',
          'tools/g.py': tool(
            'tool_g',
            'import greeter, farewell\nreturn {"output": greeter.hello("x") + farewell.bye("y")}',
          ),
        });
        const { result, events } = await callIn(fresh, root2, 'tool_g', {});
        expect(result).toMatchObject({ output: 'HELLO X!bye y, please' });
        expect(ofType(events, 'package.failed')).toEqual([]);
        expect(ofType(events, 'package.installed').every((e) => e.cached)).toBe(true);
      } finally {
        server = await servePackages({ packages: [] }); // for afterAll
      }
    },
  );
});

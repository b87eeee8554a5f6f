// Releases published only as a source archive (as wikipedia 1.4.0 is), built into a wheel by their
// own PEP 517 backend and installed by micropip (the stand-in: tests/support/micropip-stand-in.ts).
// Everything is served on 127.0.0.1: the archives the test builds (their pyproject.toml names a
// backend in their own tree, `backend-path = ["."]`), the wheels they depend on, the index. The
// setuptools path (a setup.py archive) needs setuptools' wheel from the Pyodide distribution, out
// of reach here: `npm run test:online` builds wikipedia for real.
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
import { buildSdist, tarGz, TINY_BACKEND } from './sdists.ts';
import { helperdep } from './fixtures.ts';

const T = { timeout: 120_000 };

const buildhelp = buildWheel({
  name: 'buildhelp',
  version: '1.0.0',
  files: { 'buildhelp/__init__.py': 'READY = True\n' },
});
const srcpkg = buildSdist({
  name: 'srcpkg',
  version: '1.0.0',
  requires: ['helperdep>=1.0'],
  files: { 'srcpkg/__init__.py': 'from helperdep import twice\n\ndef value():\n    return twice(21)\n' },
});
const brokensrc = buildSdist({
  name: 'brokensrc',
  version: '1.0.0',
  buildRequires: ['buildhelp'],
  files: { 'brokensrc/__init__.py': 'OK = True\n' },
  backend:
    'import buildhelp\n\ndef build_wheel(wheel_directory, config_settings=None, metadata_directory=None):\n' +
    '    print("compiling brokensrc/_speedups.c")\n    raise RuntimeError("command \'gcc\' failed: No such file or directory")\n',
});
const wikisrc = buildSdist({
  name: 'wikisrc',
  version: '1.4.0',
  requires: ['helperdep'],
  files: {
    'wikisrc/__init__.py':
      'from helperdep import twice\n\ndef summary(q):\n    return f"{q} is a topic ({twice(1)} sentences)."\n',
  },
});
// lollms_hub's wikipedia_search.py, with a package published (as wikipedia is) only as a source archive.
const HUB_LIBRARY = `TOOL_LIBRARY_NAME = "Wiki from source"
import pipmaster as pm


def init_tool_library():
    pm.ensure_packages({"wikisrc": ">=1.4.0"})


def tool_search(args: dict, lollms=None):
    """Search.

    Parameters:
    - query (str): what to look up
    """
    import wikisrc
    return wikisrc.summary(args.get("query", ""))
`;
// A backend installed as a build requirement that, as setuptools does, puts its vendored packages on
// sys.path when first imported and needs them in a later hook (setuptools: `wheel`, in build_wheel).
const vendorback = buildWheel({
  name: 'vendorback',
  version: '1.0.0',
  files: {
    'vendorback/__init__.py':
      'import os, sys\nsys.path.append(os.path.join(os.path.dirname(__file__), "_vendor"))\n\n' +
      'def get_requires_for_build_wheel(config_settings=None):\n    return []\n\n' +
      'def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):\n    import vhelper\n    return vhelper.build_wheel(wheel_directory)\n',
    'vendorback/_vendor/vhelper.py': TINY_BACKEND,
  },
});
const vendored = buildSdist({
  name: 'vendored',
  version: '1.0.0',
  files: { 'vendored/__init__.py': 'OK = "vendored"\n' },
  pyproject: '[build-system]\nrequires = ["vendorback"]\nbuild-backend = "vendorback"\n',
});
const compiled = buildSdist({
  name: 'compiled',
  version: '2.0.0',
  files: { 'compiled/__init__.py': 'OK = True\n' },
  backend: TINY_BACKEND.replaceAll('py3-none-any', 'cp314-cp314-linux_x86_64'),
});
const badhash = buildSdist({ name: 'badhash', version: '1.0.0', files: { 'badhash/__init__.py': 'OK = True\n' } });
// A setup.py project with no pyproject.toml: PEP 517's default backend, setuptools, which only the Pyodide distribution has.
const legacy = {
  name: 'legacy',
  version: '1.0.0',
  bytes: tarGz({
    'legacy-1.0.0/PKG-INFO': 'Name: legacy\n',
    'legacy-1.0.0/setup.py':
      'from setuptools import setup\nsetup(name="legacy", version="1.0.0", packages=["legacy"])\n',
    'legacy-1.0.0/legacy/__init__.py': 'OK = True\n',
  }),
};
const escape = {
  name: 'escape',
  version: '1.0.0',
  bytes: tarGz({ 'escape-1.0.0/PKG-INFO': 'Name: escape\n', 'escape-1.0.0/../../../outside.py': 'X = 1\n' }),
};

let server: PackageServer;
let source: TestSource;
let engine: Engine;
let stores: Stores;

beforeAll(async () => {
  server = await servePackages({
    packages: [
      { wheel: micropipStandIn(), inLock: true },
      { wheel: helperdep },
      { wheel: buildhelp },
      { wheel: vendorback },
    ],
    sdists: [srcpkg, wikisrc, vendored, brokensrc, compiled, { ...badhash, sha256: '0'.repeat(64) }, escape, legacy],
  });
  stores = memoryStores();
  source = await sourceOf(server);
  engine = await pythonWith(source, stores);
}, 120_000);
afterAll(() => server.close());

const importable = (e: Engine, module: string): boolean =>
  e.py.runPython(
    `import importlib, importlib.util; importlib.invalidate_caches(); importlib.util.find_spec(${JSON.stringify(module)}) is not None`,
  ) as boolean;

describe('a release published only as a source archive', () => {
  it(
    'is built by its in-tree backend and the wheel goes to micropip (stand-in), which installs it and its dependency from the index',
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'srcpkg>=1.0\n',
        'tools/s.py': tool('tool_s', 'import srcpkg\nreturn {"output": srcpkg.value()}'),
      });
      const { result, events } = await callIn(engine, root, 'tool_s', {});
      expect(ofType(events, 'package.failed')).toEqual([]);
      expect(result).toMatchObject({ output: 42 });
      const installed = ofType(events, 'package.installed');
      const built = installed.find((e) => e.name === 'srcpkg');
      expect(built).toMatchObject({
        version: '1.0.0',
        source: 'index',
        cached: false,
        sdist: `${server.url}/files/srcpkg-1.0.0.tar.gz`,
      });
      expect(built?.buildMs).toEqual(expect.any(Number));
      expect(built?.url).toMatch(
        /\/srcpkg-1\.0\.0\.tar\.gz\/toolplay-built-[0-9a-f]{64}\/srcpkg-1\.0\.0-py3-none-any\.whl$/,
      );
      // The dependency the built wheel's METADATA names came from the index through micropip, as for any wheel.
      expect(installed.find((e) => e.name === 'helperdep')).toMatchObject({
        version: '1.1.0',
        source: 'index',
        cached: false,
      });
      expect(
        engine.py.runPython(
          'from importlib import metadata; metadata.distribution("srcpkg").read_text("INSTALLER").strip()',
        ),
      ).toBe('micropip');
      // The backend ran in the unpacked tree, which is gone, and is not importable afterwards; its output is not the call's.
      expect(importable(engine, 'tinybackend')).toBe(false);
      expect(
        engine.py.runPython(
          'import os; sum(len(os.listdir(d)) for d in ("/tmp/toolplay-sdist", "/tmp/toolplay-built") if os.path.isdir(d))',
        ),
      ).toBe(0);
      expect(JSON.stringify(events)).not.toContain('tinybackend: wrote');
      expect(server.requests).toContain('GET /files/srcpkg-1.0.0.tar.gz');
    },
  );

  it(
    'a hub library unchanged: pipmaster in init_tool_library asks for it while Python waits (stand-in); it is built and installed, and the tool runs',
    T,
    async () => {
      expect(engine.suspends).toBe(true);
      const root = workspace(engine, { 'tools/wiki.py': HUB_LIBRARY });
      const init = await callIn(
        engine,
        root,
        'init_tool_library',
        {},
        { profile: 'hub', init: true, library: `${root}/tools/wiki.py` },
      );
      expect(init.result).toMatchObject({ status: 200, body: { success: true } });
      expect(ofType(init.events, 'package.failed')).toEqual([]);
      expect(ofType(init.events, 'package.installed').find((e) => e.name === 'wikisrc')).toMatchObject({
        version: '1.4.0',
        sdist: `${server.url}/files/wikisrc-1.4.0.tar.gz`,
      });
      const after = await callIn(engine, root, 'tool_search', { query: 'Python' }, { profile: 'hub' });
      expect(after.result).toMatchObject({ model_content: 'Python is a topic (2 sentences).' });
    },
  );

  it(
    'a backend installed as a build requirement keeps what it put on sys.path between its hooks (as setuptools needs its vendored wheel)',
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'vendored\n',
        'tools/v.py': tool('tool_v', 'import vendored\nreturn {"output": vendored.OK}'),
      });
      const { result, events } = await callIn(engine, root, 'tool_v', {});
      expect(ofType(events, 'package.failed')).toEqual([]);
      expect(result).toMatchObject({ output: 'vendored' });
      expect(ofType(events, 'package.installed').map((e) => e.name)).toEqual(
        expect.arrayContaining(['vendorback', 'vendored']),
      );
    },
  );

  it(
    "a backend that fails: one line (package, version, the backend's last line), and nothing of the install stays importable",
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'brokensrc\n',
        'tools/b.py': tool('tool_b', 'return {"output": "x"}'),
      });
      const failed = ofType((await callIn(engine, root, 'tool_b', {})).events, 'package.failed');
      expect(failed.map((f) => f.requirement)).toEqual(['brokensrc']);
      expect(failed[0]?.message).toBe(
        'brokensrc 1.0.0 could not be built from its source archive (brokensrc-1.0.0.tar.gz) by tinybackend: ' +
          "RuntimeError: command 'gcc' failed: No such file or directory (buildhelp rolled back: nothing of this install stays importable)",
      );
      expect(failed[0]?.message).not.toContain('\n');
      for (const module of ['brokensrc', 'buildhelp', 'tinybackend'])
        expect(importable(engine, module), module).toBe(false);
      // …and the loader no longer counts the build requirement as loaded, so the next build installs it again.
      expect(Object.keys(engine.py.loadedPackages)).not.toContain('buildhelp');
    },
  );

  it(
    'a backend that writes a wheel for one platform (a compiled extension) is refused in one line, and nothing is installed',
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'compiled\n',
        'tools/c.py': tool('tool_c', 'return {"output": "x"}'),
      });
      const failed = ofType((await callIn(engine, root, 'tool_c', {})).events, 'package.failed');
      expect(failed[0]?.message).toBe(
        'compiled 2.0.0 could not be built from its source archive (compiled-2.0.0.tar.gz) by tinybackend: it built compiled-2.0.0-cp314-cp314-linux_x86_64.whl, ' +
          'a wheel for one platform: it has a compiled extension, which cannot be built for a browser here',
      );
      expect(importable(engine, 'compiled')).toBe(false);
    },
  );

  it('an archive whose bytes are not the ones the index names is refused before anything is built', T, async () => {
    const root = workspace(engine, {
      'requirements.txt': 'badhash>=1\n',
      'tools/h.py': tool('tool_h', 'return {"output": "x"}'),
    });
    const failed = ofType((await callIn(engine, root, 'tool_h', {})).events, 'package.failed');
    expect(failed[0]?.message).toMatch(
      /^badhash 1\.0\.0's source archive \(badhash-1\.0\.0\.tar\.gz\) is not the one the index names: its sha256 is [0-9a-f]{64}, the index says 0{64}; nothing was built$/,
    );
    expect(importable(engine, 'badhash')).toBe(false);
  });

  it(
    'an archive with a member that would land outside its folder is refused, and nothing is written there',
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'escape\n',
        'tools/e.py': tool('tool_e', 'return {"output": "x"}'),
      });
      const failed = ofType((await callIn(engine, root, 'tool_e', {})).events, 'package.failed');
      expect(failed[0]?.message).toBe(
        "escape 1.0.0 could not be built from its source archive (escape-1.0.0.tar.gz): the archive's member 'escape-1.0.0/../../../outside.py' would be written outside its folder",
      );
      expect(
        engine.py
          .runPython(
            'import os; [p for p in ("/tmp/outside.py", "/outside.py", "/tmp/toolplay-sdist/outside.py") if os.path.exists(p)]',
          )
          .toJs(),
      ).toEqual([]);
    },
  );

  it(
    "a setup.py archive without pyproject.toml asks for PEP 517's default, setuptools, from the Pyodide distribution (here out of reach: one line says so)",
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'legacy\n',
        'tools/l.py': tool('tool_l', 'return {"output": "x"}'),
      });
      const failed = ofType((await callIn(engine, root, 'tool_l', {})).events, 'package.failed');
      expect(failed.map((f) => f.requirement)).toEqual(['setuptools', 'legacy']);
      expect(failed[1]?.message).toMatch(
        /^legacy 1\.0\.0 could not be built from its source archive \(legacy-1\.0\.0\.tar\.gz\) by setuptools\.build_meta:__legacy__: its build requirement setuptools could not be installed: (setuptools|pyparsing) [\d.]+ could not be had from the Pyodide distribution: http:\/\/127\.0\.0\.1:\d+\/files\/\S+\.whl answered 404/,
      );
      expect(failed[1]?.message).not.toContain('\n');
      expect(importable(engine, 'legacy')).toBe(false);
    },
  );

  it(
    "[build-system] is read as PEP 517 says: requires without a backend means setuptools' legacy backend; a backend-path out of the tree or bad TOML is refused in one line",
    T,
    () => {
      const prepare = (name: string, pyproject: string | null): Record<string, unknown> => {
        const files: Record<string, string> = { [`${name}-1.0/PKG-INFO`]: `Name: ${name}\n` };
        if (pyproject !== null) files[`${name}-1.0/pyproject.toml`] = pyproject;
        engine.fs.mkdirTree('/tmp/prepare-test');
        engine.fs.writeFile(`/tmp/prepare-test/${name}.tar.gz`, tarGz(files));
        const sdist = engine.py.pyimport('toolplay.packages.sdist') as {
          prepare(a: string, w: string): string;
          clean(w: string): void;
        };
        try {
          return JSON.parse(sdist.prepare(`/tmp/prepare-test/${name}.tar.gz`, `/tmp/prepare-test/${name}`)) as Record<
            string,
            unknown
          >;
        } finally {
          sdist.clean('/tmp/prepare-test');
        }
      };
      expect(prepare('plain', null)).toMatchObject({
        root: '/tmp/prepare-test/plain/plain-1.0',
        requires: ['setuptools>=40.8.0'],
        backend: 'setuptools.build_meta:__legacy__',
        backend_path: [],
      });
      expect(prepare('noback', '[build-system]\nrequires = ["setuptools>=61", "cython"]\n')).toMatchObject({
        requires: ['setuptools>=61', 'cython'],
        backend: 'setuptools.build_meta:__legacy__',
      });
      expect(
        prepare('flit', '[build-system]\nrequires = ["flit_core>=3.2"]\nbuild-backend = "flit_core.buildapi"\n'),
      ).toMatchObject({ requires: ['flit_core>=3.2'], backend: 'flit_core.buildapi', backend_path: [] });
      expect(prepare('out', '[build-system]\nrequires = []\nbuild-backend = "b"\nbackend-path = ["../.."]\n')).toEqual({
        error: "its pyproject.toml's backend-path '../..' leaves the project's folder",
      });
      expect(prepare('bad', '[build-system\n')).toMatchObject({
        error: expect.stringMatching(/^its pyproject\.toml is not TOML \(/),
      });
    },
  );

  it(
    'asked for in other words in a new Python, the archive is not downloaded nor built again: the wheel built before comes from the cache',
    T,
    async () => {
      const fresh = await pythonWith(source, stores);
      const downloads = (): number => server.requests.filter((r) => r === 'GET /files/srcpkg-1.0.0.tar.gz').length;
      const before = downloads();
      expect(before).toBe(1);
      const root = workspace(fresh, {
        'requirements.txt': 'srcpkg\n',
        'tools/s.py': tool('tool_s', 'import srcpkg\nreturn {"output": srcpkg.value()}'),
      });
      const { result, events } = await callIn(fresh, root, 'tool_s', {});
      expect(result).toMatchObject({ output: 42 });
      const built = ofType(events, 'package.installed').find((e) => e.name === 'srcpkg');
      expect(built).toMatchObject({ cached: true, sdist: `${server.url}/files/srcpkg-1.0.0.tar.gz` });
      expect(built?.buildMs).toBeUndefined();
      expect(downloads()).toBe(before);
    },
  );

  it(
    'installs again in a new Python with the index gone: the built wheel and its dependency come from the cache, nothing is built',
    T,
    async () => {
      await server.close(); // from here on nothing answers: no index, no archive
      const fresh = await pythonWith(source, stores);
      try {
        const root = workspace(fresh, {
          'requirements.txt': 'srcpkg>=1.0\n',
          'tools/s.py': tool('tool_s', 'import srcpkg\nreturn {"output": srcpkg.value()}'),
        });
        const { result, events } = await callIn(fresh, root, 'tool_s', {});
        expect(ofType(events, 'package.failed')).toEqual([]);
        expect(result).toMatchObject({ output: 42 });
        const installed = ofType(events, 'package.installed').filter((e) => e.name !== 'micropip');
        expect(installed.map((e) => [e.name, e.cached, e.sdist ?? null]).sort()).toEqual([
          ['helperdep', true, null],
          ['srcpkg', true, `${server.url}/files/srcpkg-1.0.0.tar.gz`],
        ]);
        expect(installed.some((e) => e.buildMs !== undefined)).toBe(false);
      } finally {
        server = await servePackages({ packages: [] }); // for afterAll
      }
    },
  );
});

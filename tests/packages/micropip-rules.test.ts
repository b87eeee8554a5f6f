// The real micropip's rules (pyodide/micropip 0.11: transaction.py, package_index.py, wheelinfo.py),
// as the stand-in keeps them (tests/support/micropip_stand_in.py names each), and what toolplay makes
// of them: where a package really came from (read from the installed distribution: issue 32 item 1),
// and a requirement the lock satisfies installed by Pyodide's loader, without micropip, where
// micropip would take it from the lock (item 7). Every package here is built by the test and served
// on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWheel, type BuiltWheel } from '../support/wheels.ts';
import { servePackages, type PackageServer, type ServedPackage } from '../support/package-server.ts';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import { memoryStores, pythonWith, sourceOf, tool, workspace } from './support.ts';
import type { Engine } from '../../src/engine/engine.ts';
import type { PackageEvent } from '../../src/packages/installer.ts';
import { PYPI_SIMPLE } from '../../src/packages/provenance.ts';
import { packagesView } from '../../src/packages/view.ts';
import { whence } from '../../src/packages/whence.ts';

const T = { timeout: 120_000 };

const wheel = (name: string, version: string, requires: string[] = []): BuiltWheel =>
  buildWheel({
    name,
    version,
    requires,
    files: { [`${name.replace(/-/g, '_')}/__init__.py`]: `VERSION = ${JSON.stringify(version)}\n` },
  });

// In the lock at 2.33.1; the index has 2.34.2 (and the lock's very file, as a mirror of PyPI would).
const reqLock = wheel('reqlib', '2.33.1');
const reqNew = wheel('reqlib', '2.34.2');
// In the lock and, the same file, in the index.
const same = wheel('samefile', '1.0.0');
// In the lock only.
const lockonly = wheel('lockonly', '0.3.1');
const tilde = ['1.4.0', '1.5.2', '2.0.0'].map((v) => wheel('tilde', v));
// Listed newest first: the page's order is not the version's.
const order = ['3.0.0', '1.0.0', '2.0.0'].map((v) => wheel('order', v));
const marked = wheel('marked', '1.0.0', [
  'never-dep; sys_platform != "emscripten"',
  'always-dep; python_version >= "3.8"',
]);
const alwaysDep = wheel('always-dep', '1.0.0');

const packages: ServedPackage[] = [
  { wheel: micropipStandIn(), inLock: true },
  { wheel: reqLock, inLock: true },
  { wheel: reqNew },
  { wheel: same, inLock: true, inIndex: true },
  { wheel: lockonly, inLock: true },
  ...tilde.map((w) => ({ wheel: w })),
  ...order.map((w) => ({ wheel: w })),
  { wheel: marked },
  { wheel: alwaysDep },
];

let server: PackageServer;
beforeAll(async () => {
  server = await servePackages({ packages });
}, 120_000);
afterAll(() => server.close());

async function install(engine: Engine, requirements: string[]): Promise<{ events: PackageEvent[]; failed: string[] }> {
  const events: PackageEvent[] = [];
  const report = await engine.packages!.installer.install(requirements, { event: (e) => events.push(e) });
  return { events, failed: report.failed.map((f) => `${f.requirement}: ${f.message}`) };
}

const installed = (events: PackageEvent[]): Array<Extract<PackageEvent, { type: 'package.installed' }>> =>
  events.filter((e): e is Extract<PackageEvent, { type: 'package.installed' }> => e.type === 'package.installed');

const version = (engine: Engine, module: string): unknown =>
  engine.py.runPython(`import importlib; importlib.import_module(${JSON.stringify(module)}).VERSION`);

describe("micropip's order: a custom index before the lock (stand-in)", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await pythonWith(await sourceOf(server), memoryStores());
  }, 120_000);

  it(
    'ORDER: a requirement the lock satisfies comes from the custom index when it has a wheel; the event, the view and the installed metadata say index, its URL, the version and the file',
    T,
    async () => {
      const root = workspace(engine, {
        'requirements.txt': 'reqlib>=2.0.0\n',
        'tools/r.py': tool('tool_r', 'return {"output": "x"}', 'import reqlib'),
      });
      const status = await engine.callAsync('packages', { paths: [`${root}/tools`], workspace: root });
      const installer = engine.packages!.installer;
      const where = { indexUrls: installer.sources.indexUrls, listed: (u: string) => installer.listing(u) };
      const viewOf = (s: typeof status) =>
        packagesView(
          s,
          engine.packages!.lock,
          (p) => installer.wheelOf(p),
          () => null,
          where,
        ).rows.find((r) => r.key === 'reqlib');
      const before = viewOf(status);
      expect(before?.prediction).toEqual({ first: 'index', lockVersion: '2.33.1', index: server.indexUrl });
      expect(before?.installedFrom).toBeNull();
      expect(whence(before!)).toBe(
        `Predicted: from the package index ${server.indexUrl}, the version micropip picks; the Pyodide distribution's 2.33.1 only if the index has no wheel for it (micropip asks a custom index first)`,
      );

      const { events, failed } = await install(engine, ['reqlib>=2.0.0']);
      expect(failed).toEqual([]);
      expect(version(engine, 'reqlib')).toBe('2.34.2');
      expect(installed(events).find((e) => e.name === 'reqlib')).toMatchObject({
        version: '2.34.2',
        source: 'index',
        index: server.indexUrl,
        file: reqNew.fileName,
        url: `${server.url}/files/${reqNew.fileName}`,
      });
      // FILES: what micropip wrote beside the METADATA is what the view reads.
      const after = viewOf(await engine.callAsync('packages', { paths: [`${root}/tools`], workspace: root }));
      expect(after?.installedFrom).toEqual({
        source: 'index',
        version: '2.34.2',
        url: `${server.url}/files/${reqNew.fileName}`,
        file: reqNew.fileName,
        index: server.indexUrl,
        installer: 'micropip',
      });
      expect(whence(after!)).toBe(
        `Installed from the package index ${server.indexUrl}, version 2.34.2, ${reqNew.fileName}`,
      );
    },
  );

  it(
    "ORDER: a wheel the index lists under the lock's own file name is reported from the index, not the lock",
    T,
    async () => {
      const { events, failed } = await install(engine, ['samefile']);
      expect(failed).toEqual([]);
      expect(installed(events).find((e) => e.name === 'samefile')).toMatchObject({
        source: 'index',
        index: server.indexUrl,
        file: same.fileName,
      });
      expect(
        engine.py.runPython('from importlib import metadata; metadata.distribution("samefile").read_text("INSTALLER")'),
      ).toBe('micropip');
    },
  );

  it('SPECIFIERS: ~=1.4 takes the highest 1.x, not 2.0.0', T, async () => {
    const { events, failed } = await install(engine, ['tilde~=1.4']);
    expect(failed).toEqual([]);
    expect(installed(events).find((e) => e.name === 'tilde')?.version).toBe('1.5.2');
  });

  it("HIGHEST: the highest matching version wins, whatever the page's order", T, async () => {
    const { failed } = await install(engine, ['order>=1']);
    expect(failed).toEqual([]);
    expect(version(engine, 'order')).toBe('3.0.0');
  });

  it('MARKERS: a dependency whose marker is false in Pyodide is not asked for', T, async () => {
    const asked = server.requests.length;
    const { events, failed } = await install(engine, ['marked>=1']);
    expect(failed).toEqual([]);
    expect(
      installed(events)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['always-dep', 'marked']);
    expect(server.requests.slice(asked).some((r) => r.includes('never-dep'))).toBe(false);
  });
});

describe('a requirement the lock satisfies, where micropip would take the lock', () => {
  it(
    "custom index without a wheel for it: Pyodide's loader installs it, micropip is never loaded; the event says the Pyodide distribution",
    T,
    async () => {
      const engine = await pythonWith(await sourceOf(server), memoryStores());
      const { events, failed } = await install(engine, ['lockonly>=0.3']);
      expect(failed).toEqual([]);
      expect(version(engine, 'lockonly')).toBe('0.3.1');
      expect(installed(events)).toEqual([
        expect.objectContaining({ name: 'lockonly', version: '0.3.1', source: 'pyodide', file: lockonly.fileName }),
      ]);
      expect(engine.py.loadedPackages.micropip).toBeUndefined();
    },
  );

  it('the default index (PyPI): the lock first, the index never asked, micropip never loaded', T, async () => {
    const source = await sourceOf(server);
    const engine = await pythonWith({ ...source, indexUrl: PYPI_SIMPLE }, memoryStores());
    const asked = server.requests.length;
    const { failed } = await install(engine, ['reqlib~=2.33', 'samefile']);
    expect(failed).toEqual([]);
    expect(version(engine, 'reqlib')).toBe('2.33.1');
    expect(server.requests.slice(asked).filter((r) => r.includes('/simple/'))).toEqual([]);
    expect(engine.py.loadedPackages.micropip).toBeUndefined();
  });

  it('ORDER (the stand-in itself): with the default index list, micropip takes the lock first', T, async () => {
    const engine = await pythonWith(await sourceOf(server), memoryStores());
    await engine.py.loadPackage('micropip');
    const asked = server.requests.length;
    await engine.py.runPythonAsync('import micropip\nawait micropip.install(["reqlib>=2.0"])');
    expect(version(engine, 'reqlib')).toBe('2.33.1');
    expect(server.requests.slice(asked).filter((r) => r.includes('/simple/'))).toEqual([]);
  });
});

// One install of several requirements, one of which cannot be had (issue 32 item 2): micropip fails
// the whole install for it, toolplay tries each on its own, so each failure is told for the
// requirement it belongs to and the others install (micropip here is the stand-in).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildWheel } from '../support/wheels.ts';
import { servePackages, type PackageServer } from '../support/package-server.ts';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import { memoryStores, pythonWith, sourceOf } from './support.ts';
import type { PackageEvent } from '../../src/packages/installer.ts';

const goodpkg = buildWheel({ name: 'goodpkg', version: '1.0.0', files: { 'goodpkg/__init__.py': 'OK = 1\n' } });
const rusty = buildWheel({
  name: 'rusty',
  version: '0.9.0',
  tag: 'cp38-abi3-manylinux_2_17_x86_64',
  files: { 'rusty/__init__.py': 'X = 1\n' },
});
const needsRusty = buildWheel({
  name: 'needs-rusty',
  version: '1.0.0',
  requires: ['rusty>=0.9'],
  files: { 'needs_rusty/__init__.py': 'import rusty\n' },
});

let server: PackageServer;
beforeAll(async () => {
  server = await servePackages({
    packages: [{ wheel: micropipStandIn(), inLock: true }, { wheel: goodpkg }, { wheel: rusty }, { wheel: needsRusty }],
  });
}, 120_000);
afterAll(() => server.close());

it(
  'each requirement that cannot be had gets its own reason, and the ones that can install (stand-in)',
  { timeout: 120_000 },
  async () => {
    const engine = await pythonWith(await sourceOf(server), memoryStores());
    const events: PackageEvent[] = [];
    const report = await engine.packages!.installer.install(['goodpkg>=1', 'needs-rusty>=1', 'nosuchthing>=1'], {
      event: (e) => events.push(e),
    });
    expect(report.installed).toEqual(['goodpkg>=1']);
    expect(report.failed).toEqual([
      {
        requirement: 'needs-rusty>=1',
        message: expect.stringMatching(
          /^rusty 0\.9\.0 has wheels only for other platforms \(rusty-0\.9\.0-cp38-abi3-manylinux_2_17_x86_64\.whl\)/,
        ),
      },
      {
        requirement: 'nosuchthing>=1',
        message: expect.stringMatching(/^no package of that name on the package index\. micropip: .*'nosuchthing'/),
      },
    ]);
    expect(engine.py.runPython('import goodpkg; goodpkg.OK')).toBe(1);
    expect(
      events.filter((e) => e.type === 'package.installed').map((e) => e.type === 'package.installed' && e.name),
    ).toEqual(['micropip', 'goodpkg']);
  },
);

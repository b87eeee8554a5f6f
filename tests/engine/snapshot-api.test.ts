// The private Pyodide API src/engine/snapshot.ts relies on, checked so an upgrade that changes it
// fails here, loudly, instead of every visitor silently falling back to the plain start: the pinned
// version, the loadPyodide options and makeMemorySnapshot, the header layout and build id, the
// heap limit a restore accepts, and the fallback when a restore fails.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadPyodide, version } from 'pyodide';
import { describe, expect, it } from 'vitest';
import { pyodideInitialMemory } from '../../src/engine/snapshot.node.ts';
import {
  heapProblem,
  MAKE_SNAPSHOT_OPTIONS,
  makeSnapshot,
  readSnapshotHeader,
  restoreOptions,
  SNAPSHOT_PYODIDE_VERSION,
  WASM_PAGE,
} from '../../src/engine/snapshot.ts';
import { startPython } from '../../src/engine/start.ts';
import { installEngine } from '../../src/engine/install.ts';
import { readEngineSources } from '../../src/engine/sources.node.ts';

const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
const quiet = { stdout: () => {}, stderr: () => {} };
const files = { sources: readEngineSources(), bytecode: {} };

describe("Pyodide's private snapshot API", () => {
  it('is the pinned release: package.json pins exactly the version snapshot.ts was written against', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(
      pkg.dependencies['pyodide'],
      'pin pyodide exactly; a new release must be checked against src/engine/snapshot.ts',
    ).toBe(SNAPSHOT_PYODIDE_VERSION);
    expect(version).toBe(SNAPSHOT_PYODIDE_VERSION);
  });

  it(
    'still makes a snapshot with the header snapshot.ts reads, restores it, and refuses a heap larger than the wasm memory',
    { timeout: 120_000 },
    async () => {
      const maker = await loadPyodide({ ...quiet, ...MAKE_SNAPSHOT_OPTIONS });
      expect(
        typeof (maker as unknown as { makeMemorySnapshot?: unknown }).makeMemorySnapshot,
        'pyodide.makeMemorySnapshot is gone',
      ).toBe('function');
      installEngine(maker, files.sources);
      const bytes = makeSnapshot(maker);
      const header = readSnapshotHeader(bytes);
      // The build id a restore compares with is the one pyodide.mjs carries.
      expect(readFileSync(join(pyodideDir, 'pyodide.mjs'), 'utf8')).toContain(`BUILD_ID:"${header.buildId}"`);
      expect(header.heapBytes % WASM_PAGE).toBe(0);
      expect(pyodideInitialMemory()).toBeGreaterThanOrEqual(header.heapBytes);
      expect(heapProblem(header, pyodideInitialMemory())).toBeNull();

      const restored = await loadPyodide({ ...quiet, ...restoreOptions(bytes) });
      expect(restored.runPython('import sys; "toolplay.api" in sys.modules')).toBe(true);

      // A heap one page larger than the wasm's initial memory: the build's check names it, and a
      // restore indeed fails (Pyodide copies the heap without growing the memory first).
      const grown = new Uint8Array(bytes.byteLength + WASM_PAGE);
      grown.set(bytes);
      expect(heapProblem(readSnapshotHeader(grown), pyodideInitialMemory())).toMatch(/initial memory/);
      await expect(loadPyodide({ ...quiet, ...restoreOptions(grown) })).rejects.toThrow(/out of bounds/);
    },
  );

  it(
    'falls back to the plain start, with the reason, when a snapshot is missing or does not restore',
    { timeout: 120_000 },
    async () => {
      const load = (extra: object) => loadPyodide({ ...quiet, ...extra });
      const broken = new Uint8Array(4096);
      const bad = await startPython(load, { bytes: Promise.resolve(broken) }, Promise.resolve(files));
      expect(bad.start).toMatchObject({
        path: 'plain',
        reason: expect.stringMatching(/did not restore: .*magic/) as unknown,
      });
      expect(
        bad.py.runPython(
          'import toolplay.api, json; json.loads(toolplay.api.dispatch("ping", "{}"))["ok"]["python"][:4]',
        ),
      ).toBe('3.14');
      const none = await startPython(load, { missing: 'no snapshot here' }, Promise.resolve(files));
      expect(none.start).toMatchObject({ path: 'plain', reason: 'no snapshot here' });
    },
  );

  it('reads only Pyodide snapshots', () => {
    expect(() => readSnapshotHeader(new Uint8Array(10))).toThrow(/too short/);
    expect(() => readSnapshotHeader(new Uint8Array(64))).toThrow(/magic/);
  });
});

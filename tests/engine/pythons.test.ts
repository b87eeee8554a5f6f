// Each Python of src/protocol/pythons.ts is the Pyodide release the table says, pinned exactly in
// package.json, with its runtime files in the npm package (no network), and starts the engine in
// Node from a memory snapshot of its own (made into a temp cache), or plain with the reason.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeEngine } from '../../src/engine/node.ts';
import { nodePyodide } from '../../src/engine/pyodide.node.ts';
import { SNAPSHOT_RELEASES } from '../../src/engine/snapshot.ts';
import { PYTHON_RUNTIMES, PYTHON_VERSIONS, pythonVersionOf } from '../../src/protocol/pythons.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const cacheDir = mkdtempSync(join(tmpdir(), 'toolplay-pythons-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('the Pythons toolplay runs', () => {
  it.each(PYTHON_VERSIONS)('%s is its Pyodide release, pinned exactly, with its runtime in the package', (python) => {
    const runtime = PYTHON_RUNTIMES[python];
    const pinned = pkg.dependencies[runtime.npm];
    expect(pinned).toBe(runtime.npm === 'pyodide' ? runtime.pyodide : `npm:pyodide@${runtime.pyodide}`);
    const { dir } = nodePyodide(python);
    const installed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(runtime.pyodide);
    for (const file of [runtime.asm, 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'])
      expect(existsSync(join(dir, file)), `${runtime.npm}/${file}`).toBe(true);
    const lock = JSON.parse(readFileSync(join(dir, 'pyodide-lock.json'), 'utf8')) as { info: { python: string } };
    expect(lock.info.python).toBe(runtime.cpython);
    expect(SNAPSHOT_RELEASES[runtime.pyodide], 'every Python here snapshots').toBeDefined();
  });

  it('names only its own versions', () => {
    expect(pythonVersionOf('3.13')).toBe('3.13');
    expect(pythonVersionOf('3.11')).toBeNull();
    expect(pythonVersionOf(3.13)).toBeNull();
  });

  it.each(PYTHON_VERSIONS.filter((v) => v !== '3.14'))(
    '%s starts the engine from its own snapshot (made on the first start), and plain when told not to',
    { timeout: 120_000 },
    async (python) => {
      const first = await startNodeEngine({ python, cacheDir });
      expect(first.start.path).toBe('snapshot');
      expect(readdirSync(cacheDir).filter((f) => f.startsWith(`engine-py${python.replace('.', '')}-`))).toHaveLength(1);
      expect(first.engine.call('ping', {}).python).toBe(PYTHON_RUNTIMES[python].cpython);
      const plain = await startNodeEngine({ python, cacheDir, env: { TOOLPLAY_SNAPSHOT: 'off' } });
      expect(plain.start).toMatchObject({ path: 'plain', reason: 'TOOLPLAY_SNAPSHOT=off' });
      expect(plain.engine.call('ping', {}).python).toBe(PYTHON_RUNTIMES[python].cpython);
    },
  );
});

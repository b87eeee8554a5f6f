// The workaround src/engine/heap-offsets.ts makes for Pyodide 314: a Python string of 64+ ASCII
// characters above 2 GiB of the heap reached JavaScript as other bytes, because Pyodide hands its
// address to subarray as a negative number. The end-to-end case (a tool that runs out of memory,
// then every later reply) is tests/e2e/worker.e2e.ts › out of memory…; here, the view itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadPyodide } from 'pyodide';
import { describe, expect, it } from 'vitest';
import { unsignedHeapOffsets } from '../../src/engine/heap-offsets.ts';

const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
const heapOf = (py: unknown): Uint8Array => (py as { _module: { HEAPU8: Uint8Array } })._module.HEAPU8;

describe('heap offsets above 2 GiB', () => {
  it('are still handed to subarray signed by this Pyodide (when this fails, a release fixed it: drop heap-offsets.ts)', () => {
    const glue = readFileSync(join(pyodideDir, 'pyodide.asm.mjs'), 'utf8');
    expect(glue).toContain('decoder.decode(Module.HEAPU8.subarray(ptr,ptr+len))');
    expect(glue).toContain('_python2js_ascii.sig="eii"'); // `i`: the pointer arrives as a signed 32-bit number
  });

  it(
    'are read as the unsigned addresses they are, on the heap view and on each view its growth makes',
    { timeout: 120_000 },
    async () => {
      const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
      const end = heapOf(py).length;
      // Unpatched, a negative offset counts from the end of the heap: bytes that belong to something else.
      expect(heapOf(py).subarray(-4).length).toBe(4);
      unsignedHeapOffsets(py);
      // 2^32 - 4 is far past this small heap: nothing, rather than the heap's last four bytes.
      expect(heapOf(py).subarray(-4).length).toBe(0);
      expect(() => heapOf(py).set([1], -4)).toThrow(RangeError);
      expect(heapOf(py).subarray(8, 12)).toEqual(new Uint8Array(heapOf(py).buffer, 8, 4));
      py.runPython('grown = bytearray(64 * 2**20)');
      expect(heapOf(py).length).toBeGreaterThan(end);
      expect(heapOf(py).subarray(-4).length).toBe(0);
    },
  );
});

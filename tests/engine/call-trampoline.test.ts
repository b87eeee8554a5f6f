// src/engine/call-trampoline.ts: a restored snapshot calls C the way the restoring runtime can.
// The browser half (Chromium makes the wasm trampoline; the build's snapshot, made by Node 20, had
// none) is tests/e2e/packages.e2e.ts › network: its first request suspends Python from a restored
// snapshot. Here, the facts the repair relies on, in this Node, and the repair itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { beforeAll, describe, expect, it } from 'vitest';
import { heapTrampoline, restoreTrampoline, runtimeTrampoline } from '../../src/engine/call-trampoline.ts';

const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
type Table = { wasmTable: WebAssembly.Table };
const tableOf = (py: PyodideAPI): WebAssembly.Table => (py as unknown as { _module: Table })._module.wasmTable;

describe('the call trampoline after a restore', () => {
  let py: PyodideAPI;
  beforeAll(async () => {
    py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  }, 120_000);

  it('is set by Pyodide as the runtime starts, in the heap, where a restore overwrites it (when this fails, recheck call-trampoline.ts)', () => {
    const glue = readFileSync(join(pyodideDir, 'pyodide.asm.mjs'), 'utf8');
    expect(glue).toMatch(
      /addOnPreRun\(function setEmscriptenTrampoline\(\)\{const ptr=getPyEMTrampolinePtr\(\);const offset=HEAP32\[__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET\/4>>>0\];HEAP32\[\(__PyRuntime\+offset\)\/4>>>0\]=ptr\}\)/,
    );
    expect(glue).toContain('return addFunction(trampolineInstance.exports.trampoline_call)');
  });

  it('is found where the plain start put it: the last function in the table when it has five parameters, else none (0)', () => {
    // Node 20 has no WebAssembly GC, so no trampoline: 0, and the table's last function is the module's own.
    // Where the runtime makes one (Chromium, Node 22+), it is the last function added as Python starts.
    expect(heapTrampoline(py)).toBe(runtimeTrampoline(py));
    const table = tableOf(py);
    const last = table.get(table.length - 1) as unknown as (...a: unknown[]) => unknown;
    expect(runtimeTrampoline(py) === 0).toBe(last.length !== 5);
  });

  it("replaces the slot a snapshot brought from another runtime by this runtime's", async () => {
    const mine = runtimeTrampoline(py);
    const m = (
      py as unknown as {
        _module: { HEAP32: Int32Array; __PyRuntime: number; __PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET: number };
      }
    )._module;
    const at = (m.__PyRuntime + m.HEAP32[m.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4]!) / 4;
    m.HEAP32[at] = mine === 0 ? tableOf(py).length + 3 : 0; // what a runtime with (or without) a trampoline left
    expect(heapTrampoline(py)).not.toBe(mine);
    restoreTrampoline(py);
    expect(heapTrampoline(py)).toBe(mine);
    expect(py.runPython('sum(map(len, ["a", "bc"]))')).toBe(3); // calls through C function pointers work
  });
});

/**
 * A restored snapshot must call C the way *this* runtime can (Pyodide 314.0.7, which
 * src/engine/snapshot.ts pins).
 *
 * CPython calls C functions through pointers by way of a "trampoline". As the runtime starts,
 * Pyodide compiles a small wasm one when the runtime has WebAssembly GC (Chromium, Node ≥ 22), adds
 * it to the function table, and writes its table slot into `_PyRuntime`; where it cannot (Node 20)
 * the slot stays 0 and every such call goes through a JavaScript function instead. A memory snapshot
 * holds the slot of the runtime that made it, and the restore writes it over the one this runtime
 * just set. So a browser restoring the build's snapshot (made by Node 20) would call C through
 * JavaScript, and stack switching refuses to suspend across JavaScript frames: the first
 * `run_sync` (pipmaster installing, urllib waiting for fetch) fails with "trying to suspend JS
 * frames". The other way round, a snapshot made with a trampoline would point a runtime without one
 * at a slot it does not have.
 *
 * The runtime's own trampoline, when it made one, is the last function added to the table as Python
 * started (nothing adds one between the start and this repair): a function of five parameters (the
 * pointer, three arguments, their count), where the last of Pyodide's own takes one.
 * tests/engine/call-trampoline.test.ts pins those facts for Node; tests/e2e/packages.e2e.ts runs
 * the browser path (a request from a restored snapshot).
 */
import type { PyodideAPI } from 'pyodide';

interface TrampolineModule {
  HEAP32: Int32Array;
  wasmTable: WebAssembly.Table;
  __PyRuntime: number;
  /** Absent before Pyodide 314. */
  __PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET?: number;
}

const TRAMPOLINE_PARAMS = 5;

/** Where `_PyRuntime` keeps the trampoline's table slot (a byte address in the heap). */
function slotAddress(m: TrampolineModule): number {
  return m.__PyRuntime + m.HEAP32[(m.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET ?? 0) / 4]!;
}

/** The table slot of this runtime's own trampoline, or 0 when it calls C through JavaScript. */
export function runtimeTrampoline(py: PyodideAPI): number {
  const m = (py as unknown as { _module: TrampolineModule })._module;
  const last = m.wasmTable.length - 1;
  const fn: unknown = m.wasmTable.get(last);
  return typeof fn === 'function' && fn.length === TRAMPOLINE_PARAMS ? last : 0;
}

/** The slot the heap says Python calls C through (0: through JavaScript). */
export function heapTrampoline(py: PyodideAPI): number {
  const m = (py as unknown as { _module: TrampolineModule })._module;
  return m.HEAP32[slotAddress(m) / 4]!;
}

/** After a restore: Python calls C through this runtime's trampoline (or JavaScript, without one). */
export function restoreTrampoline(py: PyodideAPI): void {
  const m = (py as unknown as { _module: TrampolineModule })._module;
  // Pyodide 0.29 and 0.27 (Python 3.13, 3.12) keep no trampoline slot in the heap (CPython calls C
  // through JavaScript's own trampoline there): nothing of this runtime's to put back.
  if (typeof m.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET !== 'number') return;
  m.HEAP32[slotAddress(m) / 4] = runtimeTrampoline(py);
}

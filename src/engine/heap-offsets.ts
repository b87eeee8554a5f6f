/**
 * A workaround for Pyodide 314.0.7 (the version src/engine/snapshot.ts pins): Python hands a string
 * of 64 or more ASCII characters to JavaScript as `Module.HEAPU8.subarray(ptr, ptr + len)`, decoded
 * (`_python2js_ascii`), and copies a JavaScript buffer out of Python with `subarray(ptr, …)` too
 * (`JsvBuffer_assignFromPtr`), with `ptr` a signed 32-bit number. Above 2 GiB of the 4 GiB heap — where
 * new objects land once a tool has used that much memory, say until MemoryError — `ptr` is negative,
 * which subarray counts from the end of the heap: the engine's reply (or an event) then reads as other
 * bytes, zeros or another string's, and JSON.parse fails on it. No heap address is negative, so the
 * heap's byte view reads a negative offset as what it stands for: that address plus 2^32.
 * tests/engine/heap-offsets.test.ts says when a Pyodide release no longer needs this.
 */
import type { PyodideAPI } from 'pyodide';

const unsigned = (offset: number | undefined): number | undefined =>
  offset !== undefined && offset < 0 ? offset + 2 ** 32 : offset;

/** Makes `subarray` and `set` of one heap view take negative offsets as the unsigned addresses they are. */
function withUnsignedOffsets(view: Uint8Array): Uint8Array {
  Object.defineProperties(view, {
    subarray: {
      configurable: true,
      value: (begin?: number, end?: number) => Uint8Array.prototype.subarray.call(view, unsigned(begin), unsigned(end)),
    },
    set: {
      configurable: true,
      value: (source: ArrayLike<number>, offset?: number) =>
        Uint8Array.prototype.set.call(view, source, unsigned(offset)),
    },
  });
  return view;
}

/** Applies the workaround to `py`'s byte view of the heap, now and on every view the heap's growth makes. */
export function unsignedHeapOffsets(py: PyodideAPI): void {
  const module = (py as unknown as { _module: { HEAPU8: Uint8Array } })._module;
  let heap = withUnsignedOffsets(module.HEAPU8);
  Object.defineProperty(module, 'HEAPU8', {
    configurable: true,
    enumerable: true,
    get: () => heap,
    // Emscripten makes new views as the heap grows (updateMemoryViews assigns Module.HEAPU8).
    set: (view: Uint8Array) => {
      heap = withUnsignedOffsets(view);
    },
  });
}

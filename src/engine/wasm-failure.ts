/**
 * A workaround for Pyodide 314.0.7 (the version src/engine/snapshot.ts pins): when its runtime,
 * `pyodide.asm.wasm`, fails to download or compile, loadPyodide() logs
 * `console.warn("wasm instantiation failed!")`, then the error, and its promise never settles — the
 * page would say "Loading…" for ever. This turns that warning into a failed start with the error's
 * own words, so the worker reports it like any other failed start.
 * tests/engine/wasm-failure.test.ts says when a Pyodide release no longer needs this.
 */

/** The words Pyodide warns with (pyodide.mjs, getInstantiateWasmFunc). */
export const WASM_FAILED = 'wasm instantiation failed!';

/** `load()`, rejected with the runtime's error if Pyodide reports (and swallows) a failed instantiation. */
export function failOnSwallowedWasmError<T>(
  load: () => Promise<T>,
  warnings: { warn: (...args: unknown[]) => void } = console,
): Promise<T> {
  const original = warnings.warn;
  let failing = false;
  return new Promise<T>((resolve, reject) => {
    warnings.warn = (...args: unknown[]) => {
      if (failing) {
        const cause = args[0];
        reject(
          new Error(
            `Python's runtime (pyodide.asm.wasm) could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`,
            { cause },
          ),
        );
        failing = false;
      } else if (args[0] === WASM_FAILED) failing = true;
      original.apply(warnings, args);
    };
    load().then(resolve, reject);
  }).finally(() => {
    warnings.warn = original;
  });
}

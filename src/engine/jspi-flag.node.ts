/**
 * Node's switch for WebAssembly stack switching (JSPI), which lets Python wait for JavaScript's
 * promises (src/engine/engine.ts `callAsync`): a tool installing packages through pipmaster, an
 * `async def` hub tool, a synchronous HTTP request. Chromium has it on; Node up to 24 needs a V8
 * flag given at start, so the CLI starts itself again with it (bin/toolplay.mjs) and the test
 * runner passes it to its workers (vitest.config.ts).
 */

/** The V8 flag for this Node: V8 before 12 knows JSPI's first API under its old name. */
export function jspiFlag(v8Version: string = process.versions.v8): string {
  return Number(v8Version.split('.')[0]) < 12 ? '--experimental-wasm-stack-switching' : '--experimental-wasm-jspi';
}

/** Whether this process can suspend WebAssembly already (flag given, or a Node where JSPI is on). */
export function hasJspi(): boolean {
  const wasm = WebAssembly as unknown as Record<string, unknown>;
  return typeof wasm.Suspending === 'function' || typeof wasm.Suspender === 'function';
}

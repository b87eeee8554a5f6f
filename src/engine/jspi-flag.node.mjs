/**
 * Node's switch for WebAssembly stack switching (JSPI), which lets Python wait for JavaScript's
 * promises (src/engine/engine.ts `callAsync`): a tool installing packages through pipmaster, an
 * `async def` hub tool, a synchronous HTTP request. Chromium has it on; Node up to 24 needs a V8
 * flag given at start, so the CLI starts itself again with it (bin/toolplay.mjs) and the test
 * runner passes it to its workers (vitest.config.ts).
 *
 * Plain JavaScript (typed by jspi-flag.node.d.mts): bin/toolplay.mjs reads it before it loads
 * tsx, so a command that must start again with the flag pays for TypeScript only once.
 */

/**
 * The V8 flag for this Node: V8 before 12 knows JSPI's first API under its old name.
 * @param {string} [v8Version]
 * @returns {string}
 */
export function jspiFlag(v8Version = process.versions.v8) {
  return Number(v8Version.split('.')[0]) < 12 ? '--experimental-wasm-stack-switching' : '--experimental-wasm-jspi';
}

/**
 * Whether this process can suspend WebAssembly already (flag given, or a Node where JSPI is on).
 * @returns {boolean}
 */
export function hasJspi() {
  return typeof WebAssembly.Suspending === 'function' || typeof WebAssembly.Suspender === 'function';
}

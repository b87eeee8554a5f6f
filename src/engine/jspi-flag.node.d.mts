/** The V8 flag that turns WebAssembly stack switching on in this Node (jspi-flag.node.mjs). */
export function jspiFlag(v8Version?: string): string;
/** Whether this process can suspend WebAssembly already. */
export function hasJspi(): boolean;

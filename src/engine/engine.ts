import type { PyodideAPI } from 'pyodide';
import type { PyCallable } from 'pyodide/ffi';
import type { EngineMethods, EngineMethod, EngineHooks } from '../protocol/engine.ts';
import type { EngineErrorKind } from '../protocol/vocabulary.ts';
import { engineFs, type EngineFs } from './fs.ts';
import type { EnginePackages } from '../packages/attach.ts';

const OK_PREFIX = '{"ok": ';

/** JSON text of a `T` (typed, so it is parsed back into what it is). */
export type JsonText<T> = string & { readonly __json?: T };

/** A failure reported by the engine: `usage` is bad input (show the message), `internal` is a bug. */
export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    readonly pythonTraceback?: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/**
 * Whether this JavaScript runtime can suspend WebAssembly while it waits for a promise (JSPI:
 * Chromium by default, Node with `--experimental-wasm-stack-switching`, src/engine/jspi.node.ts).
 * With it, Python code run by `callAsync` can wait for JavaScript's async work (`run_sync`): a
 * package install asked for by pipmaster, `asyncio.run` in a tool, a fetch.
 */
export function canSuspend(): boolean {
  const wasm = WebAssembly as unknown as Record<string, unknown>;
  return typeof wasm.Suspending === 'function' || typeof wasm.Suspender === 'function';
}

/** Typed access to `toolplay.api.dispatch` in one Pyodide instance (Node or browser worker). */
export class Engine {
  readonly #dispatch: PyCallable;
  /** Pyodide's filesystem, typed. */
  readonly fs: EngineFs;
  /** `callAsync` runs Python on a stack that can wait for promises (JSPI), so `can_run_sync()` is true in tool code. */
  readonly suspends: boolean;
  /** Packages and the network (src/packages/attach.ts), when whoever started this Python attached them. */
  packages: EnginePackages | null = null;

  constructor(readonly py: PyodideAPI) {
    this.#dispatch = (py.pyimport('toolplay.api') as { dispatch: PyCallable }).dispatch;
    this.fs = engineFs(py);
    // callPromising came with Pyodide 0.27; every Python of src/protocol/pythons.ts has it.
    this.suspends = canSuspend() && typeof this.#dispatch.callPromising === 'function';
  }

  call<M extends EngineMethod>(
    method: M,
    params: EngineMethods[M]['params'],
    hooks?: EngineHooks,
  ): EngineMethods[M]['result'] {
    // Hooks go across as a JsProxy: Python calls hooks.emit(json) / hooks.confirm(json).
    return reply(this.#dispatch(method, JSON.stringify(params), hooks) as string);
  }

  /**
   * `call` on a stack that can wait for JavaScript promises where the runtime allows it (JSPI):
   * what runs tool code uses this, so a tool can install packages (pipmaster), await (`asyncio.run`)
   * and fetch synchronously, as it would in its host. Without JSPI it is `call`, resolved.
   */
  async callAsync<M extends EngineMethod>(
    method: M,
    params: EngineMethods[M]['params'],
    hooks?: EngineHooks,
  ): Promise<EngineMethods[M]['result']> {
    const text = JSON.stringify(params);
    const raw = this.suspends
      ? await (this.#dispatch.callPromising(method, text, hooks) as Promise<string>)
      : (this.#dispatch(method, text, hooks) as string);
    return reply(raw);
  }

  /**
   * The method's result as the engine's JSON text, not parsed: the worker passes a large reply on as
   * it is, so it is parsed once, by the page. Errors are thrown as `call` throws them.
   */
  callText<M extends EngineMethod>(
    method: M,
    params: EngineMethods[M]['params'],
  ): JsonText<EngineMethods[M]['result']> {
    const raw = this.#dispatch(method, JSON.stringify(params)) as string;
    // api.dispatch answers '{"ok": <result>}' or '{"error": {...}}'.
    if (raw.startsWith(OK_PREFIX)) return raw.slice(OK_PREFIX.length, -1);
    const { error } = JSON.parse(raw) as { error: { kind: EngineErrorKind; message: string; traceback?: string } };
    throw new EngineError(error.kind, error.message, error.traceback);
  }
}

/** The engine's reply text: its `ok` value, or its error thrown as an EngineError. */
function reply(raw: string): unknown {
  const parsed = JSON.parse(raw) as {
    ok?: unknown;
    error?: { kind: EngineErrorKind; message: string; traceback?: string };
  };
  if (parsed.error) throw new EngineError(parsed.error.kind, parsed.error.message, parsed.error.traceback);
  return parsed.ok;
}

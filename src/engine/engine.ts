import type { PyodideAPI } from 'pyodide';
import type { EngineMethods, EngineMethod, EngineHooks } from '../protocol/engine.ts';
import type { EngineErrorKind } from '../protocol/vocabulary.ts';
import { engineFs, type EngineFs } from './fs.ts';

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

/** Typed access to `toolplay.api.dispatch` in one Pyodide instance (Node or browser worker). */
export class Engine {
  readonly #dispatch: (method: string, params: string, hooks?: unknown) => string;
  /** Pyodide's filesystem, typed. */
  readonly fs: EngineFs;

  constructor(readonly py: PyodideAPI) {
    this.#dispatch = (py.pyimport('toolplay.api') as { dispatch: (method: string, params: string, hooks?: unknown) => string }).dispatch;
    this.fs = engineFs(py);
  }

  call<M extends EngineMethod>(method: M, params: EngineMethods[M]['params'], hooks?: EngineHooks): EngineMethods[M]['result'] {
    // Hooks go across as a JsProxy: Python calls hooks.emit(json) / hooks.confirm(json).
    const raw = this.#dispatch(method, JSON.stringify(params), hooks);
    const reply = JSON.parse(raw) as { ok?: unknown; error?: { kind: EngineErrorKind; message: string; traceback?: string } };
    if (reply.error) throw new EngineError(reply.error.kind, reply.error.message, reply.error.traceback);
    return reply.ok;
  }

  /**
   * The method's result as the engine's JSON text, not parsed: the worker passes a large reply on as
   * it is, so it is parsed once, by the page. Errors are thrown as `call` throws them.
   */
  callText<M extends EngineMethod>(method: M, params: EngineMethods[M]['params']): JsonText<EngineMethods[M]['result']> {
    const raw = this.#dispatch(method, JSON.stringify(params));
    // api.dispatch answers '{"ok": <result>}' or '{"error": {...}}'.
    if (raw.startsWith(OK_PREFIX)) return raw.slice(OK_PREFIX.length, -1);
    const { error } = JSON.parse(raw) as { error: { kind: EngineErrorKind; message: string; traceback?: string } };
    throw new EngineError(error.kind, error.message, error.traceback);
  }
}

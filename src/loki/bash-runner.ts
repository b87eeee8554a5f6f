/**
 * Loki's runner for Bash tools (`functions/tools/*.sh`): runBashTool (just-bash + the argc
 * emulation, src/bash/) over the engine's own filesystem, so a Bash tool and a Python tool see the
 * same workspace at the same paths (the worker's mirror, or the CLI's mounted folders). It only
 * runs the tool and streams its output; the lifecycle is the call wrapper's. Stop reaches it
 * through `interrupted`, polled here because no Python is running to notice it. just-bash is most
 * of the worker's code, so it is imported only when a Bash tool runs. Its opening line is Loki's
 * `Call <name> <JSON>`, the same for Bash and Python tools: the engine's `status` gives it.
 */
import type { Engine } from '../engine/engine.ts';
import type { CallOptions, ToolArguments } from '../protocol/engine.ts';
import type { HostRunner, RunnerReply } from '../protocol/runner.ts';

export interface BashRunnerOptions {
  /** The environment Loki's process was started with. */
  env: Record<string, string>;
  /** True once Stop was pressed. */
  interrupted: () => boolean;
}

export function bashRunner(
  engine: Engine,
  toolPath: string,
  params: ToolArguments & CallOptions,
  options: BashRunnerOptions,
): HostRunner['run'] {
  const args = params.argsJson ?? params.args;
  return async (emit): Promise<RunnerReply> => {
    const [{ PyodideFs }, { runBashTool }] = await Promise.all([
      import('../bash/pyodide-fs.ts'),
      import('../bash/run-tool.ts'),
    ]);
    const started = performance.now();
    const abort = new AbortController();
    const poll = setInterval(() => {
      if (options.interrupted()) abort.abort();
    }, 50);
    try {
      const result = await runBashTool({
        fs: new PyodideFs(engine.fs, engine.py.ERRNO_CODES),
        toolPath,
        args,
        cwd: params.workspace,
        env: options.env,
        signal: abort.signal,
        onStdout: (text) => emit({ type: 'call.stdout', text, t: Date.now() }),
        onStderr: (text) => emit({ type: 'call.stderr', text, t: Date.now() }),
      });
      if (abort.signal.aborted) throw Object.assign(new Error('KeyboardInterrupt'), { name: 'AbortError' });
      return { result, durationMs: Math.round((performance.now() - started) * 1000) / 1000 };
    } finally {
      clearInterval(poll);
    }
  };
}

/**
 * Loki Bash tools (`functions/tools/*.sh`) in the worker: run with runBashTool (just-bash + argc
 * emulation, src/bash/) over the same Pyodide filesystem the Python tools use, with the same
 * telemetry a Python call gets (the caller emits fs.changed and call.finished once it knows the
 * files). Stop reaches it through the interrupt buffer, polled here because no Python is running
 * to notice it. Imported on demand: just-bash is most of the worker's code.
 */
import type { PyodideAPI } from 'pyodide';
import type { LokiResult } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { WorkerCallParams } from '../protocol/worker.ts';
import { PyodideFs, type EmscriptenFsLike } from '../bash/pyodide-fs.ts';
import { runBashTool } from '../bash/run-tool.ts';

export async function runBashCall(
  py: PyodideAPI,
  params: WorkerCallParams,
  toolPath: string,
  emit: (e: TelemetryEvent) => void,
  interrupted: () => boolean,
): Promise<{ result: LokiResult; durationMs: number }> {
  const { callId } = params;
  const started = performance.now();
  emit({ type: 'call.started', callId, tool: params.tool, args: params.args, statusLine: '', t: Date.now() });
  const abort = new AbortController();
  const poll = setInterval(() => {
    if (interrupted()) abort.abort();
  }, 50);
  try {
    const result = await runBashTool({
      fs: new PyodideFs(py.FS as unknown as EmscriptenFsLike, py.ERRNO_CODES),
      toolPath,
      args: params.args,
      cwd: params.workspace,
      env: { HOME: '/home/pyodide', PATH: '/usr/bin:/bin', USER: 'pyodide' },
      signal: abort.signal,
      onStdout: (text) => emit({ type: 'call.stdout', callId, text, t: Date.now() }),
      onStderr: (text) => emit({ type: 'call.stderr', callId, text, t: Date.now() }),
    });
    if (abort.signal.aborted) throw Object.assign(new Error('KeyboardInterrupt'), { name: 'AbortError' });
    return { result, durationMs: Math.round(performance.now() - started) };
  } finally {
    clearInterval(poll);
  }
}

/**
 * Shared helpers of the loki*.test.ts files: the conformance cases (read from tests/conformance,
 * never written), a fresh Loki-shaped folder per test inside the Pyodide FS, and calls
 * through the real engine.
 */
import { resultOf } from './calls.ts';
import type { Engine } from '../../src/engine/engine.ts';
import type { EngineHooks, LokiResult, TelemetryEvent } from '../../src/protocol/engine.ts';

export { CONFORMANCE, conformanceExists, readConformance, readConformanceJson as readJson } from '../conformance.ts';

let counter = 0;

/** A fresh `<root>/functions/{tools,…}` + `<root>/cwd` layout, as the oracle lays it out. */
export interface LokiLayout {
  root: string;
  functions: string;
  tools: string;
  cwd: string;
  /** Writes `text` at `rel` (relative to `functions/`) and returns the absolute path. */
  write(rel: string, text: string): string;
}

export function lokiLayout(engine: Engine, area: string): LokiLayout {
  counter += 1;
  const root = `/tmp/loki-${area}-${counter}`;
  const functions = `${root}/functions`;
  const tools = `${functions}/tools`;
  const cwd = `${root}/cwd`;
  engine.fs.mkdirTree(tools);
  engine.fs.mkdirTree(cwd);
  return {
    root,
    functions,
    tools,
    cwd,
    write(rel, text) {
      const path = `${functions}/${rel}`;
      engine.fs.mkdirTree(path.slice(0, path.lastIndexOf('/')));
      engine.fs.writeFile(path, text);
      return path;
    },
  };
}

/** Hooks that record every telemetry event. */
export function recordingHooks(): { hooks: EngineHooks; events: TelemetryEvent[] } {
  const events: TelemetryEvent[] = [];
  return {
    events,
    hooks: {
      emit: (json) => void events.push(JSON.parse(json) as TelemetryEvent),
      confirm: () => JSON.stringify({ decision: 'reject' }),
    },
  };
}

export interface LokiCall {
  paths: string[];
  tool: string;
  args: unknown;
  workspace: string;
  envFile?: string;
  flavour?: 'loki' | 'llm-functions';
  callId?: string;
}

/** `engine.call('call', {profile: 'loki', …})`; `flavour` is the engine's extra llm-functions switch. */
export function callLoki(engine: Engine, call: LokiCall, hooks?: EngineHooks): LokiResult {
  const params = { profile: 'loki' as const, ...call };
  return resultOf(engine.call('call', params, hooks)) as LokiResult;
}

const FRAME = /^ {2}File (?:\x1b\[35m)?"([^"]*)"/;
/** The host's own wrapper: Loki's `functions/bin/<stem>`, llm-functions' `scripts/run-tool.py`. */
const isWrapper = (file: string): boolean => /\/functions\/bin\/[^/]+$/.test(file) || file.endsWith('/scripts/run-tool.py');

/**
 * A recorded traceback as toolplay shows it (conformance/README-loki.md, "Tracebacks: what is
 * compared"): the frames of the host's wrapper keep their `File "…", line N, in f` line and lose
 * the source line and markers under it, as for a file Python cannot read; all else stays.
 */
export function withoutWrapperSource(traceback: string): string {
  const out: string[] = [];
  let inWrapperFrame = false;
  for (const line of traceback.split('\n')) {
    const frame = FRAME.exec(line);
    if (frame) inWrapperFrame = isWrapper(frame[1] ?? '');
    else if (!line.startsWith('    ')) inWrapperFrame = false;
    else if (inWrapperFrame) continue;
    out.push(line);
  }
  return out.join('\n');
}

/** Runs Python in the shared interpreter (setting or reading process state around a call). */
export function py(engine: Engine, code: string): unknown {
  const value: unknown = engine.py.runPython(code);
  return value;
}

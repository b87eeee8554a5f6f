/** The course's engine port in Node (the CLI and the tests): the engine answers in this process. */
import type { Engine } from '../engine/engine.ts';
import type { EngineMethods, Inspection } from '../protocol/engine.ts';
import type { FileChange } from '../protocol/worker.ts';
import type { ScratchCallParams, ScratchCallResult, ScratchHost } from './scratch.ts';
import { writeScratch } from './scratch-fs.ts';
import { runScratchCall } from './scratch-run.ts';
import { clockOf } from '../engine/time-limit.node.ts';
import { inspectWorkspace } from '../loki/inspect.ts';
import { schemaOf } from '../loki/schema.ts';

/** A check's call may run this long (the browser's default time limit) before it is stopped. */
export const CHECK_TIMEOUT_MS = 30_000;

export class NodeScratchHost implements ScratchHost {
  constructor(
    readonly engine: Engine,
    readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  async writeScratch(root: string, files: FileChange[] | null): Promise<void> {
    writeScratch(this.engine.fs, root, files);
  }
  // The worker's own answers (src/loki: Loki's Bash tools beside the Python ones), so a check or a
  // diff sees in Node exactly what it sees in the browser.
  async inspect(params: EngineMethods['inspect']['params']): Promise<Inspection> {
    return inspectWorkspace(this.engine, params);
  }
  async schema(params: EngineMethods['schema']['params']): Promise<unknown> {
    return schemaOf(this.engine, params);
  }
  async status(params: EngineMethods['status']['params']): Promise<{ line: string }> {
    return this.engine.call('status', params);
  }
  async scratchCall(params: ScratchCallParams): Promise<ScratchCallResult> {
    const limit = params.timeoutMs ?? this.timeoutMs;
    const run = await clockOf(this.engine).limit(limit, () => runScratchCall(this.engine, params));
    if ('value' in run) return run.value;
    if (!run.timedOut) throw run.error;
    return { timedOut: limit / 1000, asked: [], exists: {}, created: [], output: '' };
  }
}

/** The course's engine port in Node (the CLI and the tests): the engine answers in this process. */
import type { Engine } from '../engine/engine.ts';
import type { EngineMethods, Inspection } from '../protocol/engine.ts';
import type { FileChange } from '../protocol/worker.ts';
import type { ScratchCallParams, ScratchCallResult, ScratchHost } from './scratch.ts';
import { writeScratch } from './scratch-fs.ts';
import { runScratchCall } from './scratch-run.ts';

export class NodeScratchHost implements ScratchHost {
  constructor(readonly engine: Engine) {}

  async writeScratch(root: string, files: FileChange[] | null): Promise<void> {
    writeScratch(this.engine.fs, root, files);
  }
  async inspect(params: EngineMethods['inspect']['params']): Promise<Inspection> {
    return this.engine.call('inspect', params);
  }
  async schema(params: EngineMethods['schema']['params']): Promise<unknown> {
    return this.engine.call('schema', params);
  }
  async status(params: EngineMethods['status']['params']): Promise<{ line: string }> {
    return this.engine.call('status', params);
  }
  scratchCall(params: ScratchCallParams): Promise<ScratchCallResult> {
    return runScratchCall(this.engine, params);
  }
}

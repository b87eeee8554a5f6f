/**
 * The eval runner's ports (run.ts's EvalPorts) over any ScratchHost: the browser's Python worker for
 * the Evals tab, or Node's (src/scratch/node-host.ts) in tests. The workspace is copied once under
 * /scratch; the specs and diagnostics are read there, and each run's tool calls run on a fresh copy
 * of it (scratch calls: the person's files are never touched). The files a call writes are carried
 * to the next call of the same run, as is the hub's `lollms` store; the next run starts from the
 * workspace again. Confirmations are rejected, as `toolplay eval` rejects them. No Node import here.
 */
import type { ModelPort, RequestedCall, ToolRunner } from '../agent/ports.ts';
import { lokiTools } from '../agent/hosts.ts';
import type { OpenAiTool, ToolOutcome } from '../agent/types.ts';
import type { NetworkPolicy } from '../protocol/packages.ts';
import type { HubStoreData } from '../protocol/runner.ts';
import { exactResult } from '../protocol/json-text.ts';
import type { FileChange } from '../protocol/worker.ts';
import { SCRATCH_ROOT, type ScratchCallResult, type ScratchHost } from '../scratch/scratch.ts';
import { toolsFolderOf } from '../workspace/engine-paths.ts';
import type { EvalProfile } from './format.ts';
import type { EvalPorts } from './run.ts';

/** A model's tool call may run this long in an eval, as in the agent and `toolplay eval`. */
export const EVAL_CALL_TIMEOUT_MS = 30_000;

export interface ScratchEvalOptions {
  host: ScratchHost;
  /** The workspace's files (path → bytes), copied once. */
  files: ReadonlyMap<string, Uint8Array>;
  model: ModelPort;
  /** The tools' network (on, without proxy, when absent), as Run uses it. */
  network?: NetworkPolicy;
  timeoutMs?: number;
}

export interface ScratchEvalPorts {
  ports: EvalPorts;
  /** Removes the scratch copy. */
  close(): Promise<void>;
}

const STOPPED: ToolOutcome = { status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: 0 };

/** A scratch call's answer as the agent loop takes a tool's outcome. */
export function outcomeOf(r: ScratchCallResult, ms: number): ToolOutcome {
  if ('result' in r) return { status: 'finished', result: exactResult(r), durationMs: ms };
  if ('escaped' in r) return { status: 'failed', reason: 'crashed', message: r.escaped, durationMs: ms };
  if ('refused' in r) return { status: 'failed', reason: 'error', message: r.refused, durationMs: ms };
  return { status: 'failed', reason: 'timeout', message: `Timed out after ${r.timedOut} s.`, durationMs: ms };
}

/** The files one call left changed, folded into the run's overlay (later calls see them). */
function carry(overlay: Map<string, Uint8Array | null>, r: ScratchCallResult): void {
  for (const f of r.created) overlay.set(f.path, f.content);
  for (const path of r.deleted ?? []) overlay.set(path, null);
}

export async function scratchEvalPorts(o: ScratchEvalOptions): Promise<ScratchEvalPorts> {
  const base = `${SCRATCH_ROOT}/evals`;
  const layout = toolsFolderOf([...o.files.keys()]);
  const toolsPath = `${base}/${layout.toolsDir}`;
  await o.host.writeScratch(
    base,
    [...o.files].map(([path, content]): FileChange => ({ path, content })),
  );
  const timeoutMs = o.timeoutMs ?? EVAL_CALL_TIMEOUT_MS;

  function runner(profile: EvalProfile): ToolRunner {
    const host = profile === 'standard' ? 'lcp' : profile;
    const overlay = new Map<string, Uint8Array | null>();
    let hubStore: HubStoreData = {};
    return {
      async statusLine(name, argsJson) {
        return (await o.host.status({ paths: [toolsPath], tool: name, argsJson })).line;
      },
      async run(call: RequestedCall, signal: AbortSignal): Promise<ToolOutcome> {
        if (signal.aborted) return STOPPED;
        const stop = (): void => o.host.stopScratch?.();
        signal.addEventListener('abort', stop);
        const started = performance.now();
        try {
          const r = await o.host.scratchCall({
            base,
            profile: host,
            toolsDir: host === 'loki' ? 'functions/tools' : layout.toolsDir,
            tool: call.name,
            args: {},
            // The model's own argument text reaches Python as written (contract 2).
            argsJson: call.argsJson,
            overlay: [...overlay].map(([path, content]) => ({ path, content })),
            collect: true,
            confirm: 'reject',
            timeoutMs,
            ...(o.network ? { network: o.network } : {}),
            ...(host === 'hub' ? { hubStore } : {}),
          });
          if (signal.aborted) return STOPPED;
          carry(overlay, r);
          if ('result' in r && r.hubStore) hubStore = r.hubStore;
          return outcomeOf(r, Math.round(performance.now() - started));
        } catch (e) {
          if (signal.aborted) return STOPPED;
          throw e;
        } finally {
          signal.removeEventListener('abort', stop);
        }
      },
    };
  }

  const ports: EvalPorts = {
    model: o.model,
    async specs(profile) {
      if (profile === 'loki') {
        const native = await o.host.schema({ paths: [toolsPath], profile: 'loki', format: 'native' });
        return lokiTools(Array.isArray(native) ? native : []);
      }
      return (await o.host.schema({ paths: [toolsPath], profile, format: 'openai' })) as OpenAiTool[];
    },
    async diagnostics() {
      return (await o.host.inspect({ paths: [toolsPath], profile: 'lcp' })).diagnostics;
    },
    tools: runner,
  };
  return { ports, close: () => o.host.writeScratch(base, null) };
}

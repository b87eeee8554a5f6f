/**
 * The call wrapper (contract 3): one call's lifecycle, the same for every host and both callers
 * (the browser worker and `toolplay call`). It opens the call with the host's own line, lets the
 * host's runner run the tool and stream its output and confirmations, diffs the workspace once,
 * and closes with `call.finished` or `call.failed`. Stop is the one ending it leaves to its
 * caller: the runner rejects, and whoever pressed Stop knows whether it was the time limit.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import type { CallOptions, ConfirmReply, ConfirmRequest, EngineHooks, ToolArguments } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { HostRunner, HubStoreData, PythonTiming, RunnerReply, ToolReturn } from '../protocol/runner.ts';
import type { InstallSink } from '../packages/installer.ts';
import { DEFAULT_POLICY } from '../net/policy.ts';
import {
  installNeeds,
  parseJson,
  readConfirmRequest,
  readRequirements,
  readRunnerEvent,
  throttled,
  toolArguments,
} from './engine-hooks.ts';
import type { FailReason } from '../protocol/vocabulary.ts';
import { bashRunner } from '../loki/bash-runner.ts';
import { bashToolFile, ToolFs } from '../loki/files.ts';

/** What a call created, modified and deleted (workspace-relative paths, sorted). */
export interface FsChanges {
  created: string[];
  modified: string[];
  deleted: string[];
}

/** The workspace as a caller knows it: the worker's mirror, or the CLI's folder as mounted in Pyodide. */
export interface WorkspaceDiff {
  /** Right before the tool runs. */
  begin(): void;
  /** What changed since begin(). */
  end(): FsChanges;
}

/** The environment a Bash tool starts with in the browser's worker, which has no process environment of its own. */
export const WORKER_BASH_ENV: Readonly<Record<string, string>> = {
  HOME: '/home/pyodide',
  PATH: '/usr/bin:/bin',
  USER: 'pyodide',
};

/** What the caller lends a call: where its events go, who answers, what to diff, how Bash starts. */
export interface CallHost {
  emit(event: TelemetryEvent): void;
  confirm(request: ConfirmRequest): ConfirmReply;
  workspace: WorkspaceDiff;
  /** The environment a Bash tool starts with (Loki's process environment). */
  bashEnv: Record<string, string>;
  /** True once Stop was pressed (Python notices Stop by itself; a Bash tool is polled). */
  interrupted(): boolean;
  /** Told as each step of the lifecycle ends, with Python's own share once the runner replied (hop timing; optional). */
  step?(name: CallStep, python?: PythonTiming): void;
}

/** The lifecycle's steps, in order: opening line sent, workspace readied, runner replied, workspace diffed and the call closed. */
export type CallStep = 'opened' | 'begun' | 'ran' | 'ended';

export type CallParams = ToolArguments & CallOptions & { callId: string };

export type CallEnd =
  | {
      callId: string;
      status: 'finished';
      result: unknown;
      resultJson?: string;
      durationMs: number;
      /** LCP: what the tool itself returned, beside LCP's result. */
      returned?: ToolReturn;
      hubStore?: HubStoreData;
      /** The store as Python's JSON text, its numbers as Python wrote them (src/cli/hub-store.ts keeps that). */
      hubStoreJson?: string;
    }
  | { callId: string; status: 'failed'; reason: FailReason; message: string; durationMs: number };

/** Runs one tool under its host. Resolves with how it ended; rejects on Stop and on bad input (after `call.failed`). */
export function callTool(engine: Engine, params: CallParams, host: CallHost): Promise<CallEnd> {
  return runCall(params, runnerFor(engine, params, host), host);
}

/** The host runner of a call: Loki's Bash tools run in TypeScript, every Python tool in the engine (which gives every opening line). */
function runnerFor(engine: Engine, params: CallParams, host: CallHost): HostRunner {
  const python = pythonRunner(engine, params, (request) => host.confirm(request));
  const sh = params.profile === 'loki' ? bashToolFile(new ToolFs(engine.fs), params.paths, params.tool) : null;
  if (!sh) return python;
  return {
    openingLine: () => python.openingLine(),
    run: bashRunner(engine, sh, params, { env: host.bashEnv, interrupted: () => host.interrupted() }),
  };
}

/** The lifecycle around any runner (exported for tests with scripted runners). */
export async function runCall(params: CallParams, runner: HostRunner, host: CallHost): Promise<CallEnd> {
  const { callId, tool } = params;
  const started = performance.now();
  // call.started with the host's opening line, then the workspace readied: before the tool runs,
  // either here or, for a runner that hands the line over as its run begins, from inside run().
  let opened = false;
  const failedToOpen: unknown[] = [];
  const open = (line: string): boolean => {
    opened = true;
    host.emit({
      type: 'call.started',
      callId,
      tool,
      args: argsOf(params),
      ...(params.argsJson !== undefined ? { argsJson: params.argsJson } : {}),
      statusLine: line,
      t: Date.now(),
    });
    host.step?.('opened');
    try {
      host.workspace.begin();
    } catch (error) {
      failedToOpen.push(error);
      return false;
    }
    host.step?.('begun');
    return true;
  };
  if (!runner.opensInRun && !open(runner.openingLine())) throw failedToOpen[0];
  let reply;
  try {
    reply = await runner.run((event) => host.emit({ ...event, callId }), runner.opensInRun ? open : undefined);
  } catch (e) {
    if (failedToOpen.length) throw failedToOpen[0]; // the workspace could not be readied: no call.failed, as before
    // Bad input or an engine bug: say so in the telemetry too, then let the caller report it.
    if (e instanceof EngineError) {
      if (!opened) open(runner.openingLine());
      host.emit({
        type: 'call.failed',
        callId,
        reason: 'error',
        message: e.message,
        durationMs: elapsed(started),
        t: Date.now(),
      });
    }
    throw e;
  }
  if (!opened) throw new Error(`the runner of ${tool} ran it without handing over its opening line`);
  host.step?.('ran', reply.timing);
  host.emit({ type: 'fs.changed', callId, ...host.workspace.end(), t: Date.now() });
  const { durationMs } = reply;
  if ('escaped' in reply) {
    host.emit({ type: 'call.failed', callId, reason: 'crashed', message: reply.escaped, durationMs, t: Date.now() });
    return { callId, status: 'failed', reason: 'crashed', message: reply.escaped, durationMs };
  }
  host.emit({ type: 'call.finished', callId, result: reply.result, durationMs, t: Date.now() });
  host.step?.('ended');
  return {
    callId,
    status: 'finished',
    result: reply.result,
    durationMs,
    ...(reply.resultJson !== undefined ? { resultJson: reply.resultJson } : {}),
    ...(reply.returned ? { returned: reply.returned } : {}),
    ...(reply.hubStore ? { hubStore: reply.hubStore } : {}),
    ...(reply.hubStoreJson !== undefined ? { hubStoreJson: reply.hubStoreJson } : {}),
  };
}

/** The arguments as the telemetry shows them: the parsed value (the text itself when it does not parse). */
function argsOf(params: ToolArguments): unknown {
  if (params.argsJson === undefined) return params.args;
  try {
    return JSON.parse(params.argsJson) as unknown;
  } catch {
    return params.argsJson;
  }
}

const elapsed = (since: number): number => Math.round((performance.now() - since) * 1000) / 1000;

/**
 * The Python hosts' runner: the engine's `status` gives the opening line, the engine's `call` runs the
 * tool (LCP's execute_tool, the hub's executor, Loki's run-tool.py) and streams its output and
 * confirmations through hooks; confirmations are answered through `confirm`.
 */
function pythonRunner(
  engine: Engine,
  params: ToolArguments & CallOptions,
  confirm: (request: ConfirmRequest) => ConfirmReply,
): HostRunner {
  // LCP and the hub open a call with the hub's LTP status line, Loki with its own line.
  const profile = params.profile === 'loki' ? (params.flavour ?? 'loki') : 'hub';
  return {
    opensInRun: true,
    openingLine() {
      try {
        return engine.call('status', { paths: params.paths, tool: params.tool, profile, ...toolArguments(params) })
          .line;
      } catch (e) {
        // The hub itself crashes on some arguments; the call still runs.
        if (e instanceof EngineError) return '';
        throw e;
      }
    },
    // The opening line comes from the same engine request as the call (one round trip, not two).
    async run(emit, opened): Promise<RunnerReply> {
      const packages = engine.packages;
      const sink: InstallSink = { event: (e) => emit({ ...e, t: Date.now() }), progress: throttled(emit) };
      const base: EngineHooks = {
        emit: (json) => {
          const event = readRunnerEvent(parseJson(json));
          if (event) emit(event);
        },
        confirm: (json) => JSON.stringify(confirm(readConfirmRequest(parseJson(json)))),
        ...(packages
          ? {
              install: (json: string) =>
                packages.installer.install(readRequirements(json), sink).then((r) => JSON.stringify(r)),
            }
          : {}),
      };
      const hooks: EngineHooks = opened ? { ...base, opening: (line: string) => opened(line) } : base;
      const network = packages?.guard.toolCall({
        policy: params.network ?? DEFAULT_POLICY,
        origin: packages.origin,
        report: (request) => emit({ type: 'net.request', ...request, t: Date.now() }),
      });
      try {
        const first = await engine.callAsync(
          'call',
          { ...params, ...(opened ? { opening: profile } : {}), ...(packages ? { installs: true } : {}) },
          hooks,
        );
        if (!('needs' in first)) return first;
        // The files ask for packages this Python has not: install them, then run the tool (opened already).
        await installNeeds(engine, first.needs, sink);
        const reply = await engine.callAsync('call', { ...params, installed: true }, base);
        if ('needs' in reply) throw new Error('the engine asked for packages again after they were installed');
        return reply;
      } finally {
        network?.end();
      }
    },
  };
}

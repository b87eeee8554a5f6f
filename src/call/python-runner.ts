/**
 * The Python hosts' runner as the call wrapper sees it: the engine's `status` gives the opening
 * line, the engine's `call` runs the tool (LCP's execute_tool, Loki's run-tool.py) and streams its
 * output and confirmations through hooks.emit; confirmations are answered through hooks.confirm.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import type { CallOptions, ConfirmReply, ConfirmRequest, EngineHooks, ToolArguments } from '../protocol/engine.ts';
import type { RunnerEvent } from '../protocol/events.ts';
import type { HostRunner, RunnerReply } from '../protocol/runner.ts';
import type { PackageNeed } from '../protocol/packages.ts';
import type { InstallProgress, InstallSink } from '../packages/installer.ts';
import { requirementsOf } from '../packages/needs.ts';
import { DEFAULT_POLICY } from '../net/policy.ts';
import { isOneOf, RUNNER_EVENT_TYPES } from '../protocol/vocabulary.ts';
import { isRecord } from '../protocol/records.ts';

function parse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/** An event the runner may stream (type checked; the rest is the engine's contract). Anything else is dropped. */
export function readRunnerEvent(value: unknown): RunnerEvent | null {
  return isRecord(value) && isOneOf(RUNNER_EVENT_TYPES, value.type) ? (value as unknown as RunnerEvent) : null;
}

/** A confirmation request from Python, narrowed (missing text fields read as empty). */
function readConfirmRequest(value: unknown): ConfirmRequest {
  const r = isRecord(value) ? value : {};
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return { tool: text(r.tool), label: text(r.label), content: text(r.content), raw: r.raw };
}

export function pythonRunner(engine: Engine, params: ToolArguments & CallOptions, confirm: (request: ConfirmRequest) => ConfirmReply): HostRunner {
  // LCP and the hub open a call with the hub's LTP status line, Loki with its own line.
  const profile = params.profile === 'loki' ? (params.flavour ?? 'loki') : 'hub';
  return {
    opensInRun: true,
    openingLine() {
      try {
        return engine.call('status', { paths: params.paths, tool: params.tool, profile, ...toolArguments(params) }).line;
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
          const event = readRunnerEvent(parse(json));
          if (event) emit(event);
        },
        confirm: (json) => JSON.stringify(confirm(readConfirmRequest(parse(json)))),
        ...(packages ? { install: (json: string) => packages.installer.install(readRequirements(json), sink).then((r) => JSON.stringify(r)) } : {}),
      };
      const hooks: EngineHooks = opened ? { ...base, opening: (line: string) => opened(line) } : base;
      const network = packages?.guard.toolCall({
        policy: params.network ?? DEFAULT_POLICY,
        origin: packages.origin,
        report: (request) => emit({ type: 'net.request', ...request, t: Date.now() }),
      });
      try {
        const first = await engine.callAsync('call', { ...params, ...(opened ? { opening: profile } : {}), ...(packages ? { installs: true } : {}) }, hooks);
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

/** Installs what a call's files ask for (the engine asks only a caller that installs: `installs`). */
async function installNeeds(engine: Engine, needs: PackageNeed[], sink: InstallSink): Promise<void> {
  const packages = engine.packages;
  if (packages) await packages.installer.install(requirementsOf(needs, packages.lock), sink);
}

function readRequirements(json: string): string[] {
  const value = parse(json);
  return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
}

/** Progress as `package.progress` events, at most one per wheel every 100 ms (and its last). */
function throttled(emit: (event: RunnerEvent) => void): (p: InstallProgress) => void {
  const last = new Map<string, number>();
  return (p) => {
    const now = performance.now();
    const done = p.total !== null && p.loaded >= p.total;
    if (!done && now - (last.get(p.name) ?? -Infinity) < 100) return;
    last.set(p.name, now);
    emit({ type: 'package.progress', name: p.name, loaded: p.loaded, total: p.total, t: Date.now() });
  };
}

/** Just the arguments of a call, as written (contract 2). */
function toolArguments(params: ToolArguments): ToolArguments {
  return params.argsJson === undefined ? { args: params.args } : { argsJson: params.argsJson };
}

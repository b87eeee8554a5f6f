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
import { isOneOf, RUNNER_EVENT_TYPES } from '../protocol/vocabulary.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
      const hooks: EngineHooks = {
        emit: (json) => {
          const event = readRunnerEvent(parse(json));
          if (event) emit(event);
        },
        confirm: (json) => JSON.stringify(confirm(readConfirmRequest(parse(json)))),
        ...(opened ? { opening: (line: string) => opened(line) } : {}),
      };
      return engine.callAsync('call', opened ? { ...params, opening: profile } : params, hooks);
    },
  };
}

/** Just the arguments of a call, as written (contract 2). */
function toolArguments(params: ToolArguments): ToolArguments {
  return params.argsJson === undefined ? { args: params.args } : { argsJson: params.argsJson };
}

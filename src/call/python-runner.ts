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
  return {
    openingLine() {
      const profile = params.profile === 'lcp' ? 'hub' : (params.flavour ?? 'loki');
      try {
        return engine.call('status', { paths: params.paths, tool: params.tool, profile, ...engineArguments(params) }).line;
      } catch (e) {
        // The hub itself crashes on some arguments; the call still runs.
        if (e instanceof EngineError) return '';
        throw e;
      }
    },
    async run(emit): Promise<RunnerReply> {
      // BRIDGE until engine-hosts lands: today's engine still emits the lifecycle and returns the bare result.
      let legacy: RunnerReply | null = null;
      const hooks: EngineHooks = {
        emit: (json) => {
          const value = parse(json);
          if (isRecord(value) && value.type === 'call.finished') legacy = { result: value.result as Record<string, unknown>, durationMs: Number(value.durationMs) };
          if (isRecord(value) && value.type === 'call.failed') legacy = { escaped: String(value.message), durationMs: Number(value.durationMs) };
          const event = readRunnerEvent(value);
          if (event) emit(event);
        },
        confirm: (json) => JSON.stringify(confirm(readConfirmRequest(parse(json)))),
      };
      try {
        const { args: _args, argsJson: _argsJson, ...options } = params;
        const reply = engine.call('call', { ...options, ...engineArguments(params) }, hooks);
        return legacy ?? reply;
      } catch (e) {
        const escaped: RunnerReply | null = legacy;
        if (escaped && 'escaped' in escaped) return escaped;
        throw e;
      }
    },
  };
}

/** The arguments as the engine takes them: the text as written (contract 2). */
function engineArguments(params: ToolArguments): ToolArguments {
  // BRIDGE until engine-hosts lands: today's engine takes `args` only.
  if (params.argsJson !== undefined) return { args: parse(params.argsJson) ?? params.argsJson };
  return { args: params.args };
}

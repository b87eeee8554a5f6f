/**
 * Every closed list of words the engine, the worker, the app and the CLI share, declared once.
 * The types are derived from the arrays, so a list and its type cannot drift apart; the CLI's
 * option checks, the worker's message narrowing and the UI's pickers read the same arrays.
 * The profile lists derive from the host table (hosts.ts). The Python engine answers `ping` with
 * its registry's profiles: tests/python/vocabulary.test.ts checks that they equal PROFILES.
 */
import {
  HOST_TABLE,
  profilesOf,
  profilesWith,
  type CallingProfile,
  type LintedProfile,
  type LokiProfile,
  type ProfileName,
} from './hosts.ts';

/** Which host's reading of the tools to show. */
export const PROFILES: readonly ProfileName[] = profilesOf(HOST_TABLE);
export type Profile = ProfileName;

/** The hosts diagnostics are about (python/toolplay/lint/hosts.py): the profiles but `standard`, toolplay's own schema. */
export const HOSTS: readonly LintedProfile[] = profilesWith(HOST_TABLE, 'linted');
export type Host = LintedProfile;

/** Export shapes for specs: `native` is the host's own output, `openai-strict` OpenAI with `strict: true`. */
export const EXPORT_FORMATS = ['native', 'openai', 'openai-strict', 'anthropic', 'mcp'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The hosts a call runs under: the LCP binding, lollms_hub's executor, or Loki's run-tool wrappers. */
export const CALL_PROFILES: readonly CallingProfile[] = profilesWith(HOST_TABLE, 'calls');
export type CallProfile = CallingProfile;

/** Whose Loki: Loki itself, or llm-functions' scripts (declaration rules and run-tool.py differ). */
export const LOKI_FLAVOURS: readonly LokiProfile[] = profilesWith(HOST_TABLE, 'loki');
export type LokiFlavour = LokiProfile;

/** The person's answer to a confirmation popup. */
export const CONFIRM_DECISIONS = ['allow', 'always', 'reject'] as const;
export type ConfirmDecision = (typeof CONFIRM_DECISIONS)[number];

/** Telemetry event types of one call, in the order a call emits them. */
export const TELEMETRY_EVENT_TYPES = [
  'call.started',
  'confirm.asked',
  'confirm.answered',
  'call.stdout',
  'call.stderr',
  'python.changed',
  'fs.changed',
  'call.finished',
  'call.failed',
  // What a call installed (or could not) and each request its tool made (src/packages, src/net).
  'package.installing',
  'package.installed',
  'package.failed',
  'package.progress',
  'net.request',
  // The agent loop's own (src/agent): a piece of the hub's stream, and which model tool call a call ran for.
  'agent.text',
  'agent.call',
] as const;
export type TelemetryEventType = (typeof TELEMETRY_EVENT_TYPES)[number];

/** The events a host runner streams while the tool runs (contract 3); the call wrapper emits the others. */
export const RUNNER_EVENT_TYPES = [
  'call.stdout',
  'call.stderr',
  'confirm.asked',
  'confirm.answered',
  'python.changed',
  'package.installing',
  'package.installed',
  'package.failed',
  'package.progress',
  'net.request',
] as const satisfies readonly TelemetryEventType[];
export type RunnerEventType = (typeof RUNNER_EVENT_TYPES)[number];

/**
 * Why a call failed: `error` the host could not run it, `stopped` the person pressed Stop,
 * `timeout` the time limit, `crashed` the host itself would have died (an exception escaped
 * it) or Python did.
 */
export const FAIL_REASONS = ['error', 'stopped', 'timeout', 'crashed'] as const;
export type FailReason = (typeof FAIL_REASONS)[number];

/** How the engine reports a failed method: `usage` bad input (show it), `internal` an engine bug. */
export const ENGINE_ERROR_KINDS = ['usage', 'internal'] as const;
export type EngineErrorKind = (typeof ENGINE_ERROR_KINDS)[number];

/**
 * Why a worker request failed: the engine's kinds, `interrupted` Stop or the time limit reached
 * Python (KeyboardInterrupt), `crashed` Pyodide is no longer usable (the worker must be restarted).
 */
export const WORKER_ERROR_KINDS = [...ENGINE_ERROR_KINDS, 'interrupted', 'crashed'] as const;
export type WorkerErrorKind = (typeof WORKER_ERROR_KINDS)[number];

/** The worker's request methods (their params and results: WorkerMethods in worker.ts). */
export const WORKER_METHODS = [
  'init',
  'sync',
  'ping',
  'inspect',
  'rescan',
  'lint',
  'schema',
  'status',
  'call',
  'setConfirmFallback',
  'writeScratch',
  'scratchCall',
  'packages',
  'install',
  'setPackageSources',
] as const;
export type WorkerMethod = (typeof WORKER_METHODS)[number];

/** Whether `value` is one of `list` (narrows untrusted strings to the list's type). */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

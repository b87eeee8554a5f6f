/**
 * Contract 3: a host runner only runs the tool and streams what it does; the call wrapper
 * (src/call/wrapper.ts) makes the lifecycle around it, the same for every host. The Python
 * hosts' runners are the engine's `call` method; Loki's Bash runner is src/loki/bash-runner.ts.
 */
import type { RunnerEvent } from './events.ts';
import type { PackageNeed } from './packages.ts';

/** Result of an LCP call: exactly what `execute_tool` returns. */
export type LcpResult = Record<string, unknown>;
/**
 * What an LCP tool itself returned, where `execute_tool`'s result hides part of it (keys of a dict LCP
 * drops, an output it replaces): the value (JSON-safe, as a result), the keys LCP dropped from it
 * (lcp.md §5: on success all but `output` and `success`; on `success: False` all but `output`,
 * `error` and `success`), and `valueJson` when JavaScript's numbers would change the value.
 */
export interface ToolReturn {
  value: unknown;
  dropped: string[];
  valueJson?: string;
}

/** Result of a Loki call. */
export interface LokiResult {
  exit_code: number;
  llm_output: string;
  /** What Loki hands to the model. */
  model_value: unknown;
  stdout: string;
  stderr: string;
}

/**
 * Result of a hub call (python/toolplay/hosts/hub/runner.py): what lollms_hub's executor returned —
 * `result` (JSON, with `{"$py", "repr"}` for what JSON cannot hold) and `logs` (its captured stdout
 * and logging; null when it returned a bare value, such as the "not found" string) — or what it
 * `raised`; what the hub's agent appends as the tool message (`model_content`), or the exception
 * that escaped the agent too (`agent_escaped`); and what the executor saw: the arguments it
 * received, the library, the user, what went to the hub's console, and what reached `trace_exception`.
 */
export interface HubCallResult {
  result: unknown;
  logs: string | null;
  raised?: { type: string; message: string };
  model_content?: string;
  agent_escaped?: { type: string; message: string };
  args?: unknown;
  library?: string;
  user_id?: number;
  console?: string;
  traced?: string[];
}

/** What the hub's Initialise button answers (`api_init_tool`): the HTTP status and its JSON body. */
export interface HubInitResult {
  status: number;
  body: Record<string, unknown>;
  /** What the library printed meanwhile: the hub captures none of it, its console shows it. */
  console?: string;
}

/** The `lollms` store of a workspace's hub libraries: library file name → key → value (lollms_system.py). */
export type HubStoreData = Record<string, Record<string, unknown>>;

/**
 * What a runner returns: the host's result, or the one-line message of an exception that escaped
 * the host's own handling (the host itself would have died). The time is the tool's own. A hub call
 * whose tool changed its `lollms` store returns the whole store as it is now (`hubStore`).
 */
/**
 * The engine's answer to `call`. `resultJson`: the result's JSON text as Python wrote it, present when
 * JavaScript's numbers would change it (`2.0` read as 2, `1e+20`, an integer past 2^53): what the
 * CLI prints and the result view shows, parsed with its numbers kept (src/protocol/json-text.ts).
 */
export type RunnerReply = (
  | {
      result: LcpResult | LokiResult | HubCallResult | HubInitResult;
      resultJson?: string;
      durationMs: number;
      /** LCP: what the tool itself returned, beside `result` (python/toolplay/hosts/lcp/runner.py). */
      returned?: ToolReturn;
      hubStore?: HubStoreData;
      /** With `hubStore`: the same store as Python's JSON text (`2.0`, big integers and `-0.0` kept). */
      hubStoreJson?: string;
    }
  | { escaped: string; durationMs: number }
) & { timing?: PythonTiming };

/** The engine's `call` before the tool ran: these needs of the files are not installed (JavaScript installs them and calls again). */
export interface NeedsReply {
  needs: PackageNeed[];
}

/** What an install did: the requirements installed, and each that failed with why. */
export interface InstallReport {
  installed: string[];
  failed: Array<{ requirement: string; message: string }>;
}

/**
 * Python's share of a call asked for with `timing: true`, in ms: the session (rescan, lazy load
 * bookkeeping), the tool itself, and the engine's integrity check around it (core/integrity.py).
 */
export interface PythonTiming {
  session: number;
  tool: number;
  integrity: number;
}

export interface HostRunner {
  /** The line the host prints as the call opens (engine `status` with the host's profile); '' when it has none. */
  openingLine(): string;
  /**
   * Runs the tool, streaming its output and confirmations. Rejects when Stop interrupts it. A runner
   * that `opensInRun` calls `opened` with the opening line before the tool starts (false: stop there).
   */
  run(emit: (event: RunnerEvent) => void, opened?: (line: string) => boolean): Promise<RunnerReply>;
  /** run() hands over the opening line itself (the engine's `call` with `opening`): no openingLine() first. */
  opensInRun?: boolean;
}

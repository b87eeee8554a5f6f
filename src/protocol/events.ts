/** Telemetry events of one tool call: plain data, so they can be logged, exported as NDJSON and replayed. */
import type { ConfirmDecision, FailReason, RunnerEventType, TelemetryEventType } from './vocabulary.ts';

export type TelemetryEvent =
  /** `args` parsed, for filters and exports; `argsJson` the text exactly as sent (`2.0` stays `2.0`: contract 2). */
  | {
      type: 'call.started';
      callId: string;
      tool: string;
      args: unknown;
      argsJson?: string;
      statusLine: string;
      t: number;
    }
  | { type: 'confirm.asked'; callId: string; tool: string; label: string; content: string; t: number }
  | { type: 'confirm.answered'; callId: string; decision: ConfirmDecision; reason?: string; auto?: boolean; t: number }
  | { type: 'call.stdout'; callId: string; text: string; t: number }
  | { type: 'call.stderr'; callId: string; text: string; t: number }
  /**
   * The engine's integrity check after the tool's code (python/toolplay/core/integrity.py): what the
   * tool changed in Python that the engine put back, what stays for later calls as in a real host
   * process (until Restart Python), and whether Python must be restarted because a repair failed.
   */
  | { type: 'python.changed'; callId: string; restored: string[]; kept: string[]; restart: boolean; t: number }
  | { type: 'fs.changed'; callId: string; created: string[]; modified: string[]; deleted: string[]; t: number }
  /** An install begins (`done: false`) or ends (`done: true`): the call's time limit waits meanwhile, as for a popup. */
  | { type: 'package.installing'; callId: string; requirements: string[]; done: boolean; t: number }
  /** A package the call installed (its wheel fetched or taken from the cache): src/packages/installer.ts. */
  | {
      type: 'package.installed';
      callId: string;
      name: string;
      version: string;
      source: 'pyodide' | 'index';
      url: string;
      /** The wheel's file name, as the installed distribution's installer recorded it. */
      file?: string;
      /** The index whose page listed the wheel, when known. */
      index?: string;
      bytes: number;
      cached: boolean;
      ms: number;
      t: number;
      /** Built from this source archive (an sdist) by its own build backend; `buildMs` when built in this install. */
      sdist?: string;
      buildMs?: number;
    }
  /** A requirement that could not be installed, and why in one line. */
  | { type: 'package.failed'; callId: string; requirement: string; message: string; t: number }
  /** A wheel's bytes arriving (the progress bar; not kept in the log). */
  | { type: 'package.progress'; callId: string; name: string; loaded: number; total: number | null; t: number }
  /** A request the tool made (src/net): URL with its secrets redacted, status 0 when no answer came. */
  | {
      type: 'net.request';
      callId: string;
      method: string;
      url: string;
      status: number;
      bytes: number;
      ms: number;
      proxied?: boolean;
      error?: string;
      t: number;
    }
  | { type: 'call.finished'; callId: string; result: unknown; durationMs: number; t: number }
  | { type: 'call.failed'; callId: string; reason: FailReason; message: string; durationMs: number; t: number }
  /** Agent loop (src/agent): a piece of text lollms_hub's agent streams; `callId` names the loop's round. */
  | { type: 'agent.text'; callId: string; round: number; text: string; t: number }
  /** Agent loop: the tool call `callId` ran for the model's tool call `toolCallId` in `round`. */
  | { type: 'agent.call'; callId: string; round: number; toolCallId: string; t: number };

export type { TelemetryEventType };

/** What a host runner streams while the tool runs (contract 3); the call wrapper tags it with the call's id and adds the rest. */
export type RunnerEvent = {
  [T in RunnerEventType]: Omit<Extract<TelemetryEvent, { type: T }>, 'callId'>;
}[RunnerEventType];

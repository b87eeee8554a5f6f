/**
 * The engine's method map: what `toolplay.api.dispatch(method, params)` accepts and returns.
 * Shared by the CLI, the browser worker and the tests. Python side: python/toolplay/api.py.
 */
import type { Diagnostic } from './diagnostics.ts';
import type { TelemetryEvent } from './events.ts';
import type { LokiStartup } from './loki.ts';
import type { HubStoreData, LcpResult, LokiResult, NeedsReply, RunnerReply } from './runner.ts';
import type { NetworkPolicy, PackagesStatus } from './packages.ts';
import type { CallProfile, ConfirmDecision, ExportFormat, LokiFlavour, Profile } from './vocabulary.ts';
import type { StatusProfile } from './hosts.ts';

export type { ConfirmDecision, ExportFormat, Profile };
/** Host configuration per library, keyed by file stem (lollms `host_tool_configs`). */
export type HostConfig = Record<string, Record<string, unknown>>;
/**
 * A tool's arguments (contract 2): `argsJson` is the JSON text as the person or model wrote it,
 * parsed by Python itself so `2.0`, `1e20`, `-0.0` and long integers stay what they are; `args`
 * is the same as a value (JavaScript numbers: `2.0` already became `2`).
 */
export type ToolArguments = { argsJson: string; args?: never } | { args?: unknown; argsJson?: never };

/** A JSON Schema object as the engine emits it (kept loose: each host emits its own dialect). */
export type JsonSchema = { [key: string]: unknown };

/** LTP library metadata of one file, as lollms_hub's ToolsManager reads it (defaults filled in). */
export interface LibraryInfo {
  file: string;
  name: string;
  description: string;
  icon: string;
  titles: Record<string, string>;
}

/** `schema` with `libraries`: one file as lollms_hub's ToolsManager keeps it. */
export interface HubLibrary {
  file: string;
  /** `parse_metadata`'s dict: name, description, icon (hub defaults when absent), settings_metadata when set. */
  metadata: Record<string, unknown>;
  /** The file's definitions, as `schema --profile hub` lists them. */
  tool_definitions: unknown[];
}

/** One tool as the tools panel shows it for the chosen profile. */
export interface ToolInfo {
  name: string;
  /** The file the tool comes from (absolute path in the engine's filesystem). */
  file: string;
  line: number;
  description: string;
  /** `TOOL_TITLES[name]` when the hub would show one. */
  title: string | null;
  /** What the profile's host emits for this tool, verbatim. */
  spec: unknown;
  /** A JSON Schema for the call form (the profile's own parameters schema). */
  inputSchema: JsonSchema;
}

/** Everything the tools panel needs for one profile. */
export interface Inspection {
  profile: Profile;
  libraries: LibraryInfo[];
  tools: ToolInfo[];
  diagnostics: Diagnostic[];
}

/**
 * One list of a rescan's patch (`InspectionPatch`): the groups that changed (a group: every entry
 * of one file, in the list's order), and the files' new order when it changed; a file no longer in
 * the order has no entries now.
 */
export interface ListPatch<T> {
  changed: Array<[file: string, entries: T[]]>;
  order?: string[];
}

/** `rescan`'s reply when it patches the caller's generation (`base`) into `generation`. */
export interface InspectionPatch {
  generation: number;
  base: number;
  profile: Profile;
  libraries: ListPatch<LibraryInfo>;
  tools: ListPatch<ToolInfo>;
  diagnostics: ListPatch<Diagnostic>;
}

/** `rescan`'s whole reply: the inspection and its generation (null: none can be patched). */
export type TrackedInspection = Inspection & { generation: number | null };

/** Everything of a call but its arguments. */
export interface CallOptions {
  profile: CallProfile;
  paths: string[];
  tool: string;
  workspace: string;
  hostConfig?: HostConfig;
  envFile?: string;
  /** Answer every confirmation with this instead of asking through hooks.confirm. */
  confirm?: ConfirmDecision;
  /** Forget loaded tool modules first (lazy load happens again). */
  fresh?: boolean;
  /** Id that the runner's events carry (a uuid when absent). */
  callId?: string;
  /** Loki calls only: run llm-functions' own run-tool.py instead of Loki's. */
  flavour?: LokiFlavour;
  /** The workspace's network settings for the tool's requests (src/net/policy.ts); on, without proxy, when absent. */
  network?: NetworkPolicy;
  /** The caller installs packages: when the files ask for some this Python has not, answer `{needs}` before the tool runs. */
  installs?: boolean;
  /** The packages the call needs were installed (or tried): run the tool without checking again. */
  installed?: boolean;
  /** Hub calls only: the workspace's `lollms` store (library file name → key → value) the tool reads and writes. */
  hubStore?: HubStoreData;
  /** Hub calls only: the store as JSON text, numbers as Python wrote them (`2.0`, big integers); wins over `hubStore`. */
  hubStoreJson?: string;
  /**
   * Hub calls only: the tool is named by the person (`toolplay call`), as a hand-made definition
   * names it, so an `async def` the Tool Selector never lists is found and awaited.
   */
  byName?: boolean;
  /** Hub calls only: press the Initialise button of `library` (a file path) instead of calling a tool: `init_tool_library()`. */
  init?: boolean;
  library?: string;
  /** Time the round trip's hops (the bench): the runner's reply carries Python's share in `timing`. */
  timing?: boolean;
  /**
   * Hand the call's opening line (`status` with this profile) to `hooks.opening` before the call
   * runs, instead of a `status` request of its own (the call wrapper's one round trip).
   */
  opening?: StatusProfile;
  /**
   * Leave the engine's deeper integrity checks (its files, json and ast) for `deferredChecks`, run
   * once the call's answer is out: the browser worker answers first (python/toolplay/core/integrity.py).
   */
  deferChecks?: boolean;
}

/** What the engine's integrity check found after tool code: a `python.changed` event's findings. */
export type PythonChanges = Pick<Extract<TelemetryEvent, { type: 'python.changed' }>, 'restored' | 'kept' | 'restart'>;

export interface EngineMethods {
  /** Engine health: the Python version and the profiles it knows. */
  ping: { params: Record<string, never>; result: { python: string; profiles: Profile[] } };
  /**
   * Specs for the CLI's `schema` command (paths: folders and files). With `libraries` (profile
   * hub, format native): one `HubLibrary` per file instead.
   */
  schema: {
    params: { paths: string[]; profile: Profile; format: ExportFormat; hostConfig?: HostConfig; libraries?: boolean };
    result: unknown;
  };
  /** Libraries, tools and diagnostics for the UI. */
  inspect: { params: { paths: string[]; profile: Profile; hostConfig?: HostConfig }; result: Inspection };
  /**
   * `inspect` for the editor, by generation: a patch of `base` (the generation the caller holds)
   * when the engine's last rescan made it, else the whole inspection. The engine sees which files
   * changed since its last rescan itself (python/toolplay/core/unchanged_files.py).
   */
  rescan: {
    params: { paths: string[]; profile: Profile; hostConfig?: HostConfig; base: number | null };
    result: TrackedInspection | InspectionPatch;
  };
  /** Protocol diagnostics. */
  lint: { params: { paths: string[] }; result: Diagnostic[] };
  /**
   * The line a call opens with (with its trailing newline): `hub` (default) the LTP status line the
   * hub streams, `loki`/`llm-functions` Loki's own `Call <name> <compact JSON>`.
   */
  status: {
    params: { paths: string[]; tool: string; profile?: StatusProfile } & ToolArguments;
    result: { line: string };
  };
  /**
   * Run a tool as the host would, with `workspace` as CWD (contract 3: a runner). Only the tool's
   * output and its confirmations go through hooks.emit; the lifecycle around it is src/call's.
   */
  call: { params: ToolArguments & CallOptions; result: RunnerReply | NeedsReply };
  /** The top-level `async def` functions under `paths`: never listed by the hub, awaited by its executor when called by name. */
  hubAsyncTools: { params: { paths: string[] }; result: string[] };
  /** Loki's start-up verdict for a `functions/` folder and a config.yaml text. */
  lokiStartup: { params: { functionsDir: string; configText: string }; result: LokiStartup };
  /** What the files under `paths` and the requirements files of `workspace` ask for, and what this Python has. */
  packages: { params: { paths: string[]; workspace?: string }; result: PackagesStatus };
  /** Runs the checks a `call` with `deferChecks` left for later: what they found, or null when nothing. */
  deferredChecks: { params: Record<string, never>; result: PythonChanges | null };
}
export type EngineMethod = keyof EngineMethods;

/** A confirmation the tool asks for through the host's confirm handler. */
export interface ConfirmRequest {
  tool: string;
  label: string;
  content: string;
  /** Everything the tool passed, for display. */
  raw: unknown;
}
export interface ConfirmReply {
  decision: ConfirmDecision;
  reason?: string;
}

/** Callbacks Python calls during `call`: JSON strings both ways, so no proxies leak. */
export interface EngineHooks {
  emit(eventJson: string): void;
  confirm(requestJson: string): string;
  /** With `opening`: the call's opening line, before anything of the call runs; false stops the call (a usage error). */
  opening?(line: string): boolean;
  /** Installs requirements (a JSON list) for code that asks mid-call (pipmaster): a promise of the report's JSON. */
  install?(requirementsJson: string): Promise<string>;
}
export type { LcpResult, LokiResult, LokiStartup, TelemetryEvent };

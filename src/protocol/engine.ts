/**
 * The engine's method map: what `toolplay.api.dispatch(method, params)` accepts and returns.
 * Shared by the CLI, the browser worker and the tests. Python side: python/toolplay/api.py.
 */
import type { Diagnostic } from './diagnostics.ts';
import type { TelemetryEvent } from './events.ts';

/** Which host's reading of the tools to show. */
export type Profile = 'lcp' | 'hub' | 'loki' | 'llm-functions' | 'standard';
/** Export shapes for specs. `native` is the host's own output; `openai-strict` is OpenAI with `strict: true`. */
export type ExportFormat = 'native' | 'openai' | 'openai-strict' | 'anthropic' | 'mcp';
/** Host configuration per library, keyed by file stem (lollms `host_tool_configs`). */
export type HostConfig = Record<string, Record<string, unknown>>;
/** The person's answer to a confirmation popup. */
export type ConfirmDecision = 'allow' | 'always' | 'reject';

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

/** Result of an LCP call: exactly what `execute_tool` returns. */
export type LcpResult = Record<string, unknown>;
/** Result of a Loki call. */
export interface LokiResult {
  exit_code: number;
  llm_output: string;
  /** What Loki hands to the model. */
  model_value: unknown;
  stdout: string;
  stderr: string;
}

export interface EngineMethods {
  /** Engine health: the Python version and the profiles it knows. */
  ping: { params: Record<string, never>; result: { python: string; profiles: Profile[] } };
  /**
   * Specs for the CLI's `schema` command (paths: folders and files). With `libraries` (profile
   * hub, format native): one `HubLibrary` per file instead.
   */
  schema: { params: { paths: string[]; profile: Profile; format: ExportFormat; hostConfig?: HostConfig; libraries?: boolean }; result: unknown };
  /** Libraries, tools and diagnostics for the UI. */
  inspect: { params: { paths: string[]; profile: Profile; hostConfig?: HostConfig }; result: Inspection };
  /** Protocol diagnostics. */
  lint: { params: { paths: string[] }; result: Diagnostic[] };
  /**
   * The line a host prints as a call starts: profile `hub` (default) the LTP status line the hub
   * streams (with its trailing newline), `loki` / `llm-functions` Loki's `Call <name> <compact JSON>`.
   * `argsJson` (the arguments' JSON text as written) is parsed by Python, in place of `args`.
   */
  status: { params: { paths: string[]; tool: string; args?: unknown; argsJson?: string; profile?: 'hub' | 'loki' | 'llm-functions' }; result: { line: string } };
  /** Run a tool as the host would, with `workspace` as CWD. Telemetry goes through hooks.emit. */
  call: {
    params: {
      profile: 'lcp' | 'loki';
      paths: string[];
      tool: string;
      /** The arguments, parsed; or `argsJson`, their JSON text as written (Python parses it, so numbers stay exact). */
      args?: unknown;
      argsJson?: string;
      workspace: string;
      hostConfig?: HostConfig;
      envFile?: string;
      /** Answer every confirmation with this instead of asking through hooks.confirm. */
      confirm?: ConfirmDecision;
      /** Forget loaded tool modules first (lazy load happens again). */
      fresh?: boolean;
      /** Id that every telemetry event of this call carries (a uuid when absent). */
      callId?: string;
      /** Loki calls only: run llm-functions' own run-tool.py instead of Loki's. */
      flavour?: 'loki' | 'llm-functions';
    };
    result: LcpResult | LokiResult;
  };
  /** Loki's start-up verdict for a `functions/` folder and a config.yaml text. */
  lokiStartup: { params: { functionsDir: string; configText: string }; result: LokiStartup };
}
export type EngineMethod = keyof EngineMethods;

/** One `visible_tools` entry as Loki's start-up (`Functions::init`) treats it. */
export interface LokiStartupEntry {
  entry: string;
  path: string;
  exists: boolean;
  language: string | null;
  error?: string | null;
  declarations?: unknown[] | null;
  /** A quiet surprise (no `run`, two `run`s) that does not stop Loki. */
  note?: string | null;
}
/** What Loki builds from a workspace: the first error is the one Loki refuses to start with. */
export interface LokiStartup {
  visible: string[];
  entries: LokiStartupEntry[];
  files: string[];
  declarations: unknown[];
  startupError: string | null;
  unlisted: string[];
}

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
}
export type { TelemetryEvent };

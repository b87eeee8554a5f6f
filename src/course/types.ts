/** The course: lessons, their checks, and the port a check sees. */
import type { ConfirmDecision, HostConfig, Inspection, Profile } from '../protocol/engine.ts';
import type { CallProfile } from '../protocol/vocabulary.ts';
import type { NetworkPolicy } from '../protocol/packages.ts';
import type { ScratchCallResult } from '../scratch/scratch.ts';
import type { HubStoreData } from '../protocol/runner.ts';
import type { ScriptedStart } from '../agent/scripted-start.ts';
import type { Fence } from './fences.ts';

/** Which protocol a lesson teaches. LCP and LTP lessons use `tools/`, Loki ones `functions/tools/`. */
export type HostFamily = 'lcp' | 'ltp' | 'loki';

/** One requirement of a lesson, as the check found it. `at` points at the line to look at. */
export interface CheckItem {
  ok: boolean;
  /** The requirement, in plain words. */
  text: string;
  /** When it is not met: what was found instead, and why. */
  detail?: string;
  at?: { path: string; line: number };
}

/**
 * A tool call a check (or a tool test) makes, on a scratch copy of the person's files. A check's
 * installs nothing (an import of a package this Python has not fails, and pipmaster's installs
 * answer False); a tool test's installs as Run does (`install`).
 */
export interface LessonCall {
  tool: string;
  args: Record<string, unknown>;
  /** The arguments as JSON text, sent as written instead of `args` (a tool test's numbers stay as typed). */
  argsJson?: string;
  /**
   * The host that runs it: 'hub' is lollms_hub's executor, as its agent calls a tool (one dict); the
   * copy's layout decides when absent (Loki for `functions/tools/`, else LCP).
   */
  profile?: CallProfile;
  hostConfig?: HostConfig;
  /** How confirmations are answered (default reject), or answers in order; each question is reported. */
  confirm?: ConfirmDecision | ConfirmDecision[];
  /** Files written into (text or bytes) or removed from (null) the copy before the call. */
  overlay?: Record<string, string | Uint8Array | null>;
  /** Paths whose existence after the call is reported. */
  probe?: string[];
  /** Report the files the call created, changed and removed. */
  collect?: boolean;
  /** Stop the call after this long (ms); the host's default when absent. */
  timeoutMs?: number;
  /** The tool's network: on, without proxy, when absent. */
  network?: NetworkPolicy;
  /**
   * Hub calls: the `lollms` store the tool starts with (library file name → key → value), e.g. the
   * `hubStore` an earlier call returned; every call starts with an empty one otherwise.
   */
  hubStore?: HubStoreData;
  /** Install what the files import, as Run does (a tool test); a lesson check never does. */
  install?: boolean;
}

/** What a check can ask of the engine about the person's files; paths in answers are workspace paths. */
export interface LessonPort {
  inspect(profile: Profile): Promise<Inspection>;
  /** The hub's status line for a call, with its trailing newline. */
  status(tool: string, args: Record<string, unknown>): Promise<string>;
  call(request: LessonCall): Promise<ScratchCallResult>;
  /** Presses the hub's Initialise button of a library (a workspace path): `init_tool_library()`, its result a HubInitResult. */
  initialise(library: string): Promise<ScratchCallResult>;
}

/** A lesson's check: judges behaviour through the port, never the code's text. */
export type LessonCheck = (port: LessonPort) => Promise<CheckItem[]>;

/**
 * What a lesson folder's `check.ts` exports (as its default): the lesson's place in the course,
 * its host and the file it opens, and its check. The rest of the lesson is the folder's files.
 */
export interface LessonDefinition {
  /** The course lists lessons by this number, smallest first (hundreds per host, tens apart: room to insert). */
  order: number;
  host: HostFamily;
  /** The file the editor opens; it must be in start/ and solution/. */
  openPath: string;
  check: LessonCheck;
  /** The call selected when the lesson starts: it runs on the starting files (a lesson with no tool yet has none). */
  run?: Lesson['run'];
}

/**
 * A paragraph, a bulleted list or a fenced block of a lesson's text. Inline `code` is marked with
 * backticks; a fenced block is shown as it is, under its caption (fences.ts).
 */
export type TextBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'code'; text: string; caption: string; fence: Fence };

export interface Lesson {
  /** The lesson folder's name. */
  id: string;
  order: number;
  host: HostFamily;
  title: string;
  /** What the host does and why. */
  intro: TextBlock[];
  task: TextBlock[];
  hints: string[];
  /** Workspace files to start from (path → text). */
  start: Record<string, string>;
  /** One correct solution (the whole workspace). */
  solution: Record<string, string>;
  openPath: string;
  profile: Profile;
  check: LessonCheck;
  /** A scripted conversation the Agent panel starts with (from `agent.json`), to watch a host's model call the tools. */
  agent?: ScriptedStart;
  /** The call selected when the lesson starts, with arguments that run on the starting files. */
  run?: { tool: string; args: Record<string, unknown> };
}

/** The outcome of one check run: every item, and whether they all pass. */
export interface CheckReport {
  items: CheckItem[];
  passed: boolean;
}

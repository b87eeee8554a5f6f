/**
 * Loki's start-up as the engine reads it (Python entries) and as src/loki completes it (Bash
 * entries too), for the Loki view: which `visible_tools` entries Loki builds, and what it says.
 */

/** One `visible_tools` entry as Loki's start-up (`Functions::init`) treats it (engine `lokiStartup`). */
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

/** `builds`: declared; `refuses`: Loki stops here; `silent`: listed, builds nothing; `unlisted`: never read. */
export type LokiVerdict = 'builds' | 'refuses' | 'silent' | 'unlisted';

export interface LokiRow {
  /** The `visible_tools` entry, or the name of a file Loki does not list. */
  entry: string;
  listed: boolean;
  exists: boolean;
  verdict: LokiVerdict;
  /** What Loki does: its own error message when it refuses to start. */
  says: string;
}

/** The Loki view: every entry of config.yaml's `visible_tools` (Python and Bash), then the unlisted files. */
export interface LokiView {
  visible: string[];
  rows: LokiRow[];
  /** The first error in `visible_tools` order: the one Loki stops at. */
  startupError: string | null;
  /** Listed files Loki builds without an error. */
  builds: number;
}

/** Where a workspace keeps its Loki layout, for the worker's `inspect`. */
export interface LokiLayout {
  /** `<functions_dir>`; tools live in `<functions_dir>/tools`. */
  functionsDir: string;
  /** config.yaml's text; null when there is none (Loki then lists no tools). */
  configText: string | null;
}

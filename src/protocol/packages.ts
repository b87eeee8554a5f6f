/** Packages and the network as the engine, the worker, the app and the CLI exchange them. */

/** One need, with where it is asked (engine method `packages`, and a call's `needs`). */
export interface PackageNeed {
  kind: 'import' | 'requirement' | 'pipmaster';
  /** The import's top-level module, or the requirement as written ('' for a pipmaster call whose arguments are not literals). */
  text: string;
  file: string;
  line?: number;
  col?: number;
  endLine?: number;
  endCol?: number;
  /** The function it is in (`init_tool_library`, a tool, `<module>`), for imports and pipmaster calls. */
  where?: string;
  /** The pipmaster function called. */
  call?: string;
  /** An import inside `try … except ImportError`: the file does without it. */
  optional?: boolean;
  /** A pipmaster call whose requirements are not literals (toolplay cannot read them beforehand). */
  literal?: false;
  /** Installed before a call (engine method `packages` only). */
  first?: boolean;
}

/** What the engine says about a workspace's packages (python/toolplay/packages/status.py). */
export interface PackagesStatus {
  /** Every need, in reading order; `first`: installed before a call. */
  needs: PackageNeed[];
  /** Installed distributions: canonical name → version. */
  installed: Record<string, string>;
  /** Each imported module: can this Python import it now? */
  importable: Record<string, boolean>;
  /** This Python can pause for an install mid-call (pipmaster installs when the library runs). */
  suspends: boolean;
}

/** What a workspace allows its tools on the network (src/net/policy.ts applies it). */
export interface NetworkPolicy {
  /** Off: every request a tool makes fails at once. */
  enabled: boolean;
  /** A URL prefix the request's full URL is appended to (e.g. `http://127.0.0.1:8787/`), or null. */
  corsProxy: string | null;
}

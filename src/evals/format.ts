/**
 * Tool-call evals as a workspace keeps them (docs/evals.md): `evals/<name>.toolplay-eval.json`,
 * each a list of cases: a user message (or a short conversation), the profiles to run it under, and
 * what the model should do with the tools as that host describes them. The JSON Schema beside this
 * file is the format; read.ts reads a file into these types or says what is wrong.
 */
import type { TextCheck, ValueCheck } from '../expect/checks.ts';

/** Where a workspace keeps its evals, and how an eval file's name ends. */
export const EVALS_DIR = 'evals';
export const EVAL_FILE_SUFFIX = '.toolplay-eval.json';
/** The format's version (`toolplayEvals`). */
export const EVALS_VERSION = 1;
/** Runs per case unless the case, the file or the command says (models are not deterministic). */
export const DEFAULT_RUNS = 1;
/** The share of runs that must pass unless told otherwise. */
export const DEFAULT_MIN_PASS_RATE = 1;
/** Model turns per run unless told otherwise: enough to call and then answer. */
export const DEFAULT_EVAL_MAX_TURNS = 4;

/**
 * The hosts an eval runs under: the agent's three, and `standard`, where the model is told the tools
 * as toolplay's intent-preserving schema describes them (what the author meant) and they run as LCP runs them.
 */
export const EVAL_PROFILES = ['lcp', 'hub', 'loki', 'standard'] as const;
export type EvalProfile = (typeof EVAL_PROFILES)[number];

/** A message of a short conversation before the case's last user message. */
export interface EvalMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** How many tool calls a run makes: exactly, or between bounds. */
export type CallCount = number | { min?: number; max?: number };

export interface EvalExpect {
  /** The tool the first call names, one of several (a list), or null: the model calls no tool. */
  tool?: string | string[] | null;
  /** Per parameter, a check on the value the model sent in the first call of the expected tool. */
  args?: Record<string, ValueCheck>;
  /** A check on that call's whole arguments object (JSON paths, contains…). */
  allArgs?: ValueCheck;
  /** How many tool calls the run makes in all. */
  calls?: CallCount;
  /** A check on the model's final answer. */
  answer?: TextCheck;
}

export interface EvalCase {
  name: string;
  /** The user message (the last one, after `conversation`). */
  message: string;
  conversation?: EvalMessage[];
  profile?: EvalProfile | EvalProfile[];
  runs?: number;
  minPassRate?: number;
  maxTurns?: number;
  /** false: no tool runs; each call is answered with `results[tool]` (null when absent). */
  execute?: boolean;
  /** Recorded results by tool name, as the host returned them (LCP's dict…), for `execute: false`. */
  results?: Record<string, unknown>;
  expect: EvalExpect;
}

export interface EvalFile {
  toolplayEvals: typeof EVALS_VERSION;
  profile?: EvalProfile | EvalProfile[];
  runs?: number;
  minPassRate?: number;
  cases: EvalCase[];
}

/** Whether a workspace path is an eval file. */
export const isEvalFile = (path: string): boolean =>
  path.startsWith(`${EVALS_DIR}/`) && path.endsWith(EVAL_FILE_SUFFIX);

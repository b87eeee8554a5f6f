/**
 * Tool tests as a workspace keeps them (docs/tool-tests.md): `tests/<name>.toolplay-test.json`,
 * each a list of calls with what they should do. The JSON Schema beside this file is the format;
 * read.ts reads a file into these types (numbers kept as written) or says what is wrong.
 */
import type { HostConfig } from '../protocol/engine.ts';
import type { CallProfile, ConfirmDecision } from '../protocol/vocabulary.ts';
import type { Expectations } from '../expect/judge.ts';

export type { Expectations };

/** Where a workspace keeps its tests, and how a test file's name ends. */
export const TESTS_DIR = 'tests';
export const TEST_FILE_SUFFIX = '.toolplay-test.json';
/** The format's version (`toolplayTests`). */
export const TESTS_VERSION = 1;
/** How long a test's call may run unless it says (the browser's default call time limit). */
export const DEFAULT_TIME_LIMIT_S = 30;

export interface ToolTest {
  name: string;
  tool: string;
  profile?: CallProfile | CallProfile[];
  /** The Python it runs on (src/protocol/pythons.ts); the run's own when absent. */
  python?: string;
  /** Numbers are lossless-json's LosslessNumber: sent as written. */
  args?: Record<string, unknown>;
  argsJson?: string;
  hostConfig?: HostConfig;
  confirm?: ConfirmDecision | ConfirmDecision[];
  setup?: Record<string, string | null>;
  timeLimitSeconds?: number;
  expect: Expectations;
}

export interface ToolTestFile {
  toolplayTests: typeof TESTS_VERSION;
  tests: ToolTest[];
}

/** Whether a workspace path is a test file. */
export const isTestFile = (path: string): boolean =>
  path.startsWith(`${TESTS_DIR}/`) && path.endsWith(TEST_FILE_SUFFIX);

/**
 * Reads a test file: JSON with its numbers kept as written (lossless-json), checked against the
 * format's JSON Schema (ajv) and then for what a schema cannot say (a regular expression that does
 * not compile, a test name used twice, a path outside the workspace). A file that is wrong is
 * refused whole, with one line naming the file, the test and the field.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { parse } from 'lossless-json';
import type { HostConfig } from '../protocol/engine.ts';
import type { CallProfile, ConfirmDecision } from '../protocol/vocabulary.ts';
import { stringifyKeepingNumbers, toPlain } from '../protocol/json-text.ts';
import type { Expectations } from '../expect/judge.ts';
import { pythonVersionOf, type PythonVersion } from '../protocol/pythons.ts';
import { DEFAULT_TIME_LIMIT_S, type ToolTest } from './format.ts';
import { describeError } from './schema-errors.ts';
import { semanticProblem } from './read-checks.ts';
import type { TestFileProblem } from './problem.ts';
import schema from './toolplay-test.schema.json' with { type: 'json' };

/** One test as the runner takes it: the arguments as the JSON text sent, every other number plain. */
export interface ReadTest {
  index: number;
  name: string;
  tool: string;
  /** The profiles it names, or null: the workspace's layout decides. */
  profiles: CallProfile[] | null;
  /** The Python it names, or null: the run's own. */
  python: PythonVersion | null;
  argsJson: string;
  hostConfig?: HostConfig;
  confirm?: ConfirmDecision | ConfirmDecision[];
  setup?: Record<string, string | null>;
  timeLimitMs: number;
  expect: Expectations;
}

export interface ReadTestFile {
  path: string;
  tests: ReadTest[];
}

export { problemLine, type TestFileProblem } from './problem.ts';

// Compiled on first use: the page imports this module as it starts, and compiling takes ~35 ms.
let compiled: ValidateFunction | null = null;
const validator = (): ValidateFunction => (compiled ??= new Ajv({ allErrors: true, verbose: true }).compile(schema));

export function readTestFile(path: string, text: string): ReadTestFile | { path: string; problem: TestFileProblem } {
  const fail = (problem: Omit<TestFileProblem, 'path'>) => ({ path, problem: { path, ...problem } });
  let value: unknown;
  try {
    value = parse(text);
  } catch (e) {
    return fail({
      test: null,
      field: null,
      message: `not valid JSON: ${positioned(text, e instanceof Error ? e.message : String(e))}`,
    });
  }
  const validate = validator();
  if (!validate(toPlain(value))) {
    const described = describeError(validate.errors ?? ([] as ErrorObject[]), value);
    return fail(described);
  }
  const file = value as { tests: ToolTest[] };
  const semantic = semanticProblem(file.tests);
  if (semantic) return fail(semantic);
  return { path, tests: file.tests.map(normalised) };
}

function normalised(t: ToolTest, index: number): ReadTest {
  const profiles = t.profile === undefined ? null : Array.isArray(t.profile) ? t.profile : [t.profile];
  return {
    index,
    name: t.name,
    tool: t.tool,
    profiles,
    python: pythonVersionOf(t.python),
    argsJson: t.argsJson ?? stringifyKeepingNumbers(t.args ?? {}, 0),
    ...(t.hostConfig ? { hostConfig: toPlain(t.hostConfig) as HostConfig } : {}),
    ...(t.confirm ? { confirm: t.confirm } : {}),
    ...(t.setup ? { setup: t.setup } : {}),
    timeLimitMs: Math.round(Number(toPlain(t.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_S)) * 1000),
    expect: t.expect,
  };
}

/** lossless-json says "at position 41": a person looks for a line and a column. */
function positioned(text: string, message: string): string {
  const m = /at position (\d+)/.exec(message);
  if (!m) return message;
  const at = Number(m[1]);
  const before = text.slice(0, at).split('\n');
  return message.replace(m[0], `at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`);
}

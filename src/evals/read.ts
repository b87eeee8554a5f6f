/**
 * Reads an eval file as tool tests are read (src/tool-tests/read.ts): JSON with its numbers kept as
 * written (lossless-json), checked against the format's JSON Schema (ajv), then for what a schema
 * cannot say (a case name used twice, a `matches` that does not compile, `calls.min` over `max`,
 * recorded results without `execute: false`). A wrong file is refused whole, in one line naming the
 * file, the case and the field.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { parse } from 'lossless-json';
import { toPlain } from '../protocol/json-text.ts';
import { badRegex } from '../expect/checks.ts';
import { describeError, fieldText } from '../tool-tests/schema-errors.ts';
import { problemLine } from '../tool-tests/problem.ts';
import {
  DEFAULT_EVAL_MAX_TURNS,
  type CallCount,
  type EvalCase,
  type EvalExpect,
  type EvalFile,
  type EvalMessage,
  type EvalProfile,
} from './format.ts';
import schema from './toolplay-eval.schema.json' with { type: 'json' };

/** What is wrong with an eval file: the case (`case "name"`), the field, and what. */
export interface EvalFileProblem {
  path: string;
  test: string | null;
  field: string | null;
  message: string;
}

/** The one line a problem is told in (`toolplay eval`'s stderr). */
export const evalProblemLine = (p: EvalFileProblem): string => problemLine(p);

/** One case as the runner takes it; runs and rate are the file's or the case's (the command may override). */
export interface ReadEvalCase {
  index: number;
  name: string;
  conversation: EvalMessage[];
  message: string;
  /** The profiles it names (or the file names), or null: the workspace's layout decides. */
  profiles: EvalProfile[] | null;
  runs: number | null;
  minPassRate: number | null;
  maxTurns: number;
  execute: boolean;
  results: Record<string, unknown>;
  /** Numbers in the checks are kept as written (2 ≠ 2.0). */
  expect: EvalExpect;
}

export interface ReadEvalFile {
  path: string;
  cases: ReadEvalCase[];
}

let compiled: ValidateFunction | null = null;
const validator = (): ValidateFunction => (compiled ??= new Ajv({ allErrors: true, verbose: true }).compile(schema));

type Problem = Omit<EvalFileProblem, 'path'>;

const caseName = (file: unknown, index: number): string => {
  const name = (toPlain(file) as { cases?: Array<{ name?: unknown }> }).cases?.[index]?.name;
  return typeof name === 'string' && name ? `case ${JSON.stringify(name)}` : `cases[${index}]`;
};

/** A schema error located at its case: `cases[2].expect.tool` becomes case "name", field expect.tool. */
function schemaProblem(errors: ErrorObject[], value: unknown): Problem {
  const described = describeError(errors, value);
  const m = /^cases\[(\d+)\]\.?(.*)$/.exec(described.field ?? '');
  if (!m) return { test: null, field: described.field, message: described.message };
  return { test: caseName(value, Number(m[1])), field: m[2] || null, message: described.message };
}

/** Every `matches` below a check, with where it is (expected values are data, not patterns). */
function* patterns(value: unknown, at: Array<string | number>): Generator<[string, Array<string | number>]> {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* patterns(v, [...at, i]);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      if (k === 'equals' || k === 'contains') continue;
      if (k === 'matches' && typeof v === 'string') yield [v, [...at, k]];
      else yield* patterns(v, [...at, k]);
    }
}

function caseProblem(c: EvalCase, where: string): Problem | null {
  const at = (field: Array<string | number>, message: string): Problem => ({
    test: where,
    field: fieldText(field),
    message,
  });
  for (const [pattern, field] of patterns(toPlain(c.expect), ['expect'])) {
    const bad = badRegex(pattern);
    if (bad) return at(field, bad);
  }
  const calls = toPlain(c.expect.calls) as EvalExpect['calls'];
  if (typeof calls === 'object' && calls.min !== undefined && calls.max !== undefined && calls.min > calls.max)
    return at(['expect', 'calls'], `min (${calls.min}) is over max (${calls.max})`);
  if (c.expect.tool === null && (c.expect.args || c.expect.allArgs))
    return at(['expect', 'args'], 'the case expects no tool call ("tool": null), so there are no arguments to check');
  if (c.results !== undefined && c.execute !== false)
    return at(['results'], 'recorded results answer the calls only with "execute": false (else the tools run)');
  return null;
}

function semanticProblem(cases: EvalCase[]): Problem | null {
  const seen = new Map<string, number>();
  for (const [i, c] of cases.entries()) {
    const where = `case ${JSON.stringify(c.name)}`;
    const first = seen.get(c.name);
    if (first !== undefined)
      return { test: where, field: 'name', message: `cases[${first}] has this name too: each case's name is its own` };
    seen.set(c.name, i);
    const problem = caseProblem(c, where);
    if (problem) return problem;
  }
  return null;
}

const listOf = <T>(v: T | T[] | undefined): T[] | null => (v === undefined ? null : Array.isArray(v) ? v : [v]);
const numberOf = (v: unknown): number | null => (v === undefined ? null : Number(toPlain(v)));

export function readEvalFile(path: string, text: string): ReadEvalFile | { path: string; problem: EvalFileProblem } {
  const fail = (problem: Problem) => ({ path, problem: { path, ...problem } });
  let value: unknown;
  try {
    value = parse(text);
  } catch (e) {
    return fail({ test: null, field: null, message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` });
  }
  const validate = validator();
  if (!validate(toPlain(value))) return fail(schemaProblem(validate.errors ?? [], value));
  const file = value as EvalFile;
  const semantic = semanticProblem(file.cases);
  if (semantic) return fail(semantic);
  return {
    path,
    cases: file.cases.map((c, index): ReadEvalCase => ({
      index,
      name: c.name,
      conversation: c.conversation ?? [],
      message: c.message,
      profiles: listOf(c.profile) ?? listOf(file.profile),
      runs: numberOf(c.runs) ?? numberOf(file.runs),
      minPassRate: numberOf(c.minPassRate) ?? numberOf(file.minPassRate),
      maxTurns: numberOf(c.maxTurns) ?? DEFAULT_EVAL_MAX_TURNS,
      execute: c.execute !== false,
      results: (toPlain(c.results) as Record<string, unknown> | undefined) ?? {},
      // `calls` is counted against plain numbers; the checks keep theirs as written.
      expect: c.expect.calls === undefined ? c.expect : { ...c.expect, calls: toPlain(c.expect.calls) as CallCount },
    })),
  };
}

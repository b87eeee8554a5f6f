/**
 * What the JSON Schema cannot say about a test file: each test's name is its own, the arguments
 * are given once (an object, or JSON text that is one), every `matches` compiles, and every path
 * stays inside the workspace. The first problem, located like a schema error.
 */
import { badRegex } from '../expect/checks.ts';
import type { TestFileProblem } from './problem.ts';
import type { ToolTest } from './format.ts';
import { fieldText } from './schema-errors.ts';

type Problem = Omit<TestFileProblem, 'path'>;

/** Why a workspace path is not one ('a/b.txt' is; '/etc', '../x', 'a//b' are not), or null. */
export function badPath(path: string): string | null {
  const parts = path.split('/');
  if (path.startsWith('/') || parts.includes('..') || parts.includes('.') || parts.includes(''))
    return 'must be a path inside the workspace, like data/in.txt';
  return null;
}

/** Every `matches` below a value, with where it is. */
function* patterns(value: unknown, at: Array<string | number>): Generator<[string, Array<string | number>]> {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* patterns(v, [...at, i]);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      // Expected values are data: a key named "matches" inside `equals` is not a pattern.
      if (k === 'equals' || k === 'contains') continue;
      if (k === 'matches' && typeof v === 'string') yield [v, [...at, k]];
      else yield* patterns(v, [...at, k]);
    }
  }
}

function testProblem(t: ToolTest, where: string): Problem | null {
  const at = (field: Array<string | number>, message: string): Problem => ({
    test: where,
    field: fieldText(field),
    message,
  });
  if (t.args !== undefined && t.argsJson !== undefined)
    return at(['argsJson'], 'give the arguments once: args or argsJson, not both');
  if (t.argsJson !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(t.argsJson) as unknown;
    } catch (e) {
      return at(['argsJson'], `is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      return at(['argsJson'], 'must be the JSON text of an object, like {"query": "x"}');
  }
  for (const [pattern, field] of patterns(t.expect, ['expect'])) {
    const bad = badRegex(pattern);
    if (bad) return at(field, bad);
  }
  for (const [kind, paths] of [
    ['setup', Object.keys(t.setup ?? {})],
    ['files', Object.keys(t.expect.files ?? {})],
  ] as const) {
    const wrong = paths.find((p) => badPath(p));
    if (wrong !== undefined)
      return at(kind === 'setup' ? ['setup', wrong] : ['expect', 'files', wrong], badPath(wrong) ?? '');
  }
  return null;
}

export function semanticProblem(tests: ToolTest[]): Problem | null {
  const seen = new Map<string, number>();
  for (const [i, t] of tests.entries()) {
    const where = `test ${JSON.stringify(t.name)}`;
    const first = seen.get(t.name);
    if (first !== undefined)
      return { test: where, field: 'name', message: `tests[${first}] has this name too: each test's name is its own` };
    seen.set(t.name, i);
    const problem = testProblem(t, where);
    if (problem) return problem;
  }
  return null;
}

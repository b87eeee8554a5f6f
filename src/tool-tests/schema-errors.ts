/**
 * ajv's errors for a test file told as one line a person can act on: the test (by its name), the
 * field (`expect.result.equals`, `files["out/a.txt"]`) and what is wrong with it. Of all the errors
 * ajv gives, the one deepest in the file wins: inside an "a string or an object" field it is what
 * is wrong with the object, not that it is no string.
 */
import type { ErrorObject } from 'ajv';
import type { TestFileProblem } from './problem.ts';

type Segment = string | number;

/** Where a test file's field is: the test and the field inside it. */
export function located(segments: Segment[], value: unknown): Pick<TestFileProblem, 'test' | 'field'> {
  if (segments[0] !== 'tests' || typeof segments[1] !== 'number')
    return { test: null, field: segments.length ? fieldText(segments) : null };
  const index = segments[1];
  const tests = (value as { tests?: unknown[] }).tests;
  const name = (tests?.[index] as { name?: unknown } | undefined)?.name;
  const rest = segments.slice(2);
  return {
    test: typeof name === 'string' && name ? `test ${JSON.stringify(name)}` : `tests[${index}]`,
    field: rest.length ? fieldText(rest) : null,
  };
}

/** `expect.result.paths[0].path`, `setup["data/in.txt"]`. */
export function fieldText(segments: Segment[]): string {
  return segments
    .map((s, i) =>
      typeof s === 'number'
        ? `[${s}]`
        : /^[A-Za-z_$][\w$]*$/.test(s)
          ? `${i ? '.' : ''}${s}`
          : `[${JSON.stringify(s)}]`,
    )
    .join('');
}

const PREFERRED = [
  'additionalProperties',
  'required',
  'const',
  'enum',
  'pattern',
  'minLength',
  'minItems',
  'uniqueItems',
  'minProperties',
  'exclusiveMinimum',
  'maximum',
  'type',
];
const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'not']);

function segmentsOf(e: ErrorObject): Segment[] {
  const path: Segment[] = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const params = e.params as Record<string, unknown>;
  const extra =
    e.keyword === 'additionalProperties'
      ? params.additionalProperty
      : e.keyword === 'required'
        ? params.missingProperty
        : undefined;
  return typeof extra === 'string' ? [...path, extra] : path;
}

const got = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `${JSON.stringify(v)}`;
const a = (type: string): string =>
  (({ object: 'an object', array: 'a list', integer: 'an integer', null: 'null' }) as Record<string, string>)[type] ??
  `a ${type}`;

function message(e: ErrorObject, all: ErrorObject[]): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}).filter(
        (k) => k !== '$schema',
      );
      return `unknown field${known.length ? ` (expected one of: ${known.join(', ')})` : ''}`;
    }
    case 'required':
      return 'is missing';
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)} (got ${got(e.data)})`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')} (got ${got(e.data)})`;
    case 'pattern':
      return `must start with $ (got ${got(e.data)})`;
    case 'minLength':
    case 'minProperties':
      return 'must not be empty';
    case 'minItems':
      return 'must name at least one';
    case 'uniqueItems':
      return `names ${got((e.data as unknown[])[Number(p.i)])} twice`;
    case 'exclusiveMinimum':
      return `must be above ${String(p.limit)} (got ${got(e.data)})`;
    case 'maximum':
      return `must be at most ${String(p.limit)} (got ${got(e.data)})`;
    case 'type': {
      // "a string or an object": every type error at the same place, from each branch of an anyOf.
      const types = [
        ...new Set(
          all
            .filter((x) => x.keyword === 'type' && x.instancePath === e.instancePath)
            .flatMap((x) => [x.params.type as string | string[]].flat()),
        ),
      ];
      return `must be ${types.map(a).join(' or ')} (got ${Array.isArray(e.data) ? 'a list' : e.data === null ? 'null' : a(typeof e.data)})`;
    }
    default:
      return e.message ?? e.keyword;
  }
}

export function describeError(errors: ErrorObject[], value: unknown): Omit<TestFileProblem, 'path'> {
  const candidates = errors.filter((e) => !COMBINATORS.has(e.keyword));
  const rank = (e: ErrorObject) =>
    [
      -segmentsOf(e).length,
      PREFERRED.indexOf(e.keyword) === -1 ? PREFERRED.length : PREFERRED.indexOf(e.keyword),
    ] as const;
  const best = [...candidates].sort((x, y) => {
    const [dx, kx] = rank(x);
    const [dy, ky] = rank(y);
    return dx - dy || kx - ky;
  })[0];
  if (!best) return { test: null, field: null, message: 'does not follow the format (docs/tool-tests.md)' };
  return { ...located(segmentsOf(best), value), message: message(best, candidates) };
}

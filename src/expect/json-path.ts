/**
 * JSONPath (`$.items[0].name`, `$..id`, filters) over a value whose numbers are kept as written:
 * jsonpath-plus finds the places in a plain copy, and the values are read from the exact one, so
 * a selected `2.0` is still `2.0`. Filters run in jsonpath-plus's own evaluator ("safe"), never eval.
 */
import { JSONPath } from 'jsonpath-plus';
import { toPlain } from '../protocol/json-text.ts';

/** The values a path selects (none when it selects nothing), or why the path cannot be used. */
export function selectPath(value: unknown, path: string): { values: unknown[] } | { error: string } {
  if (!path.startsWith('$')) return { error: `a JSONPath starts with $ (got ${JSON.stringify(path)})` };
  let pointers: unknown;
  try {
    pointers = JSONPath({ path, json: toPlain(value) as null, resultType: 'pointer', wrap: true, eval: 'safe' });
  } catch (e) {
    return {
      error: `${JSON.stringify(path)} is not a JSONPath jsonpath-plus can read: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const list = Array.isArray(pointers) ? pointers.filter((p): p is string => typeof p === 'string') : [];
  return { values: list.map((pointer) => at(value, pointer)) };
}

/** The value at a JSON pointer (RFC 6901) of the exact value. */
function at(value: unknown, pointer: string): unknown {
  let here = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    here = Array.isArray(here)
      ? here[Number(key)]
      : typeof here === 'object' && here !== null
        ? (here as Record<string, unknown>)[key]
        : undefined;
  }
  return here;
}

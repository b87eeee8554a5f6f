/**
 * JSONPath (`$.items[0].name`, `$..id`, filters) over a value whose numbers are kept as written:
 * jsonpath-plus finds the places in a plain copy, and the values are read from the exact one, so
 * a selected `2.0` is still `2.0`. Filters run in jsonpath-plus's own evaluator ("safe"), never eval,
 * and may not run a regular expression (a literal, or a string's match/matchAll/search): that would be
 * JavaScript's backtracking engine, where `matches` runs in linear time (linear-regex.ts).
 */
import { JSONPath } from 'jsonpath-plus';
import { toPlain } from '../protocol/json-text.ts';

interface Script {
  runInNewContext(context: object): unknown;
}

/** jsonpath-plus's own safe evaluator (its parsed expression is `ast`), as its prototype carries it. */
const SafeScript = (JSONPath as unknown as { prototype: { safeVm: { Script: new (code: string) => Script } } })
  .prototype.safeVm.Script;

/** String methods that read their argument as a regular expression. */
const PATTERN_METHODS = new Set(['match', 'matchAll', 'search']);

/** Why a filter's expression would run a regular expression, or null. */
function regexUse(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = regexUse(item);
      if (found) return found;
    }
    return null;
  }
  if (typeof node !== 'object' || node === null) return null;
  const n = node as {
    type?: unknown;
    value?: unknown;
    callee?: { type?: unknown; computed?: unknown; property?: { name?: unknown } };
  };
  if (n.type === 'Literal' && n.value instanceof RegExp) return `a regular expression literal (${String(n.value)})`;
  if (n.type === 'CallExpression' && n.callee?.type === 'MemberExpression') {
    if (n.callee.computed === true) return 'a method called by a computed name';
    const name = n.callee.property?.name;
    if (typeof name === 'string' && PATTERN_METHODS.has(name)) return `.${name}()`;
  }
  for (const [key, value] of Object.entries(node))
    if (key !== 'value') {
      const found = regexUse(value);
      if (found) return found;
    }
  return null;
}

/** The safe evaluator, refusing a filter that would run a regular expression. */
class FilterScript implements Script {
  #script: Script;
  constructor(code: string) {
    this.#script = new SafeScript(code);
    const used = regexUse((this.#script as { ast?: unknown }).ast);
    if (used)
      throw new Error(
        `a filter may not run a regular expression (it uses ${used}): select the value and check it with "matches"`,
      );
  }
  runInNewContext(context: object): unknown {
    return this.#script.runInNewContext(context);
  }
}

/** The values a path selects (none when it selects nothing), or why the path cannot be used. */
export function selectPath(value: unknown, path: string): { values: unknown[] } | { error: string } {
  if (!path.startsWith('$')) return { error: `a JSONPath starts with $ (got ${JSON.stringify(path)})` };
  let pointers: unknown;
  try {
    pointers = JSONPath({ path, json: toPlain(value) as null, resultType: 'pointer', wrap: true, eval: FilterScript });
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

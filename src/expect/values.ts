/**
 * JSON values compared exactly, numbers as Python wrote them (contract 2): a value read with
 * lossless-json holds LosslessNumbers (the literal text), a result without `resultJson` plain
 * numbers, which then are exactly what Python wrote (the engine sends the text whenever JavaScript
 * would change a number: python/toolplay/core/json_text.py). An integer never equals a float:
 * `2` ≠ `2.0`, while `1e20`, `1e+20` and `100000000000000000000.0` are one float.
 */
import { isLosslessNumber } from 'lossless-json';
import { stringifyKeepingNumbers } from '../protocol/json-text.ts';

/** The JSON types a check can ask for; `number` is either of `integer` and `float`. */
export const VALUE_TYPES = ['string', 'integer', 'float', 'number', 'boolean', 'null', 'array', 'object'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

interface ExactNumber {
  float: boolean;
  text: string;
}

function numberOf(v: unknown): ExactNumber | null {
  if (isLosslessNumber(v)) return { float: /[.eE]/.test(v.value), text: v.value };
  // A plain number is what Python wrote: an integral one is an int (a float like 2.0 comes as text).
  if (typeof v === 'number') return { float: !Number.isInteger(v), text: String(v) };
  return null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isLosslessNumber(v);

/** The type of a JSON value, integers told from floats. */
export function typeOf(v: unknown): Exclude<ValueType, 'number'> {
  const n = numberOf(v);
  if (n) return n.float ? 'float' : 'integer';
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'boolean') return 'boolean';
  return 'string';
}

export function hasType(v: unknown, type: ValueType): boolean {
  const actual = typeOf(v);
  return type === actual || (type === 'number' && (actual === 'integer' || actual === 'float'));
}

function sameNumber(a: ExactNumber, b: ExactNumber): boolean {
  if (a.float !== b.float) return false;
  if (a.float) return Object.is(Number(a.text), Number(b.text));
  return BigInt(a.text) === BigInt(b.text);
}

/** Equal as JSON: same types (integer ≠ float), same keys (in any order), same items in the same order. */
export function sameValue(a: unknown, b: unknown): boolean {
  const na = numberOf(a);
  const nb = numberOf(b);
  if (na || nb) return na !== null && nb !== null && sameNumber(na, nb);
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return a === b;
}

/**
 * `expected` is found in `actual`: every key of an object with a value that is found in the actual
 * one's, every item of an array in the actual array in the same order (others may come between),
 * a string inside the actual string; numbers, booleans and null are equal.
 */
export function containsValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string') return typeof actual === 'string' && actual.includes(expected);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    let at = 0;
    for (const item of expected) {
      while (at < actual.length && !containsValue(item, actual[at])) at++;
      if (at === actual.length) return false;
      at++;
    }
    return true;
  }
  if (isObject(expected))
    return isObject(actual) && Object.entries(expected).every(([k, v]) => k in actual && containsValue(v, actual[k]));
  return sameValue(expected, actual);
}

/** A value as JSON text with its numbers as written: indented (for diffs) or compact (for one line). */
export function jsonText(value: unknown, indent = 2): string {
  return value === undefined ? 'nothing' : stringifyKeepingNumbers(value, indent);
}

/** A value in one line for a message: strings quoted, long text cut. */
export function shortText(value: unknown, max = 120): string {
  const text = jsonText(value, 0);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

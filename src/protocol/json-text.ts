/**
 * Tool arguments as JSON text that keeps every number as it was written (contract 2): `2.0`,
 * `1e20`, `-0.0` and `12345678901234567891` survive a round trip through the form, because the
 * arguments travel as text and Python parses them itself. Numbers are lossless-json's
 * LosslessNumber (the literal text) wherever the person wrote one; plain values go to the schema
 * check and to the form's fields.
 */
import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json';
import { isRecord } from './records.ts';

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** JSON text parsed with its numbers kept as written (throws SyntaxError like JSON.parse). */
export function parseKeepingNumbers(text: string): unknown {
  try {
    return parse(text);
  } catch {
    // lossless-json refuses what JSON.parse (and Python) accept, such as a key given twice.
    return JSON.parse(text) as unknown;
  }
}

/** JSON text of a value, its kept numbers written as they were (indented by 2, or compact with 0). */
export function stringifyKeepingNumbers(value: unknown, indent = 2): string {
  return stringify(value, null, indent || undefined) ?? 'null';
}

/** The value with plain JavaScript numbers, for the schema check and the form's fields. */
export function toPlain(value: unknown): unknown {
  if (isLosslessNumber(value)) return Number(value.value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  return value;
}

/** A number typed into a form field, kept as typed when it is a JSON number (`2.0`), else the number. */
export function numberAsTyped(text: string): unknown {
  const trimmed = text.trim();
  return JSON_NUMBER.test(trimmed) ? new LosslessNumber(trimmed) : Number(trimmed);
}

/**
 * `next` (from the form: plain values, and kept numbers where a field was just typed into) with
 * the numbers of `previous` kept as written wherever their value did not change.
 */
export function keepNumbers(previous: unknown, next: unknown): unknown {
  if (typeof next === 'number' && isLosslessNumber(previous) && Number(previous.value) === next) return previous;
  if (Array.isArray(next))
    return next.map((v: unknown, i) => keepNumbers(Array.isArray(previous) ? previous[i] : undefined, v));
  if (isRecord(next) && !isLosslessNumber(next))
    return Object.fromEntries(
      Object.entries(next).map(([k, v]) => [k, keepNumbers(isRecord(previous) ? previous[k] : undefined, v)]),
    );
  return next;
}

/**
 * A call's result as Python wrote it: parsed from `resultJson` with its numbers kept when the engine
 * sent that (its numbers would change in JavaScript: `2.0`, `1e+20`, an integer past 2^53), else the
 * result as it is.
 */
export function exactResult(end: { result: unknown; resultJson?: string }): unknown {
  return end.resultJson === undefined ? end.result : parseKeepingNumbers(end.resultJson);
}

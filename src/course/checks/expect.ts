/** Small helpers the lesson checks share: finding tools and parameters, pointing at lines, reading results. */
import stripAnsi from 'strip-ansi';
import type { Diagnostic } from '../../protocol/diagnostics.ts';
import type { Inspection, ToolInfo } from '../../protocol/engine.ts';
import type { ScratchCallResult } from '../../scratch/scratch.ts';
import type { CheckItem } from '../types.ts';
import { clip } from '../../expect/observe.ts';

export type Where = CheckItem['at'];

export const pass = (text: string): CheckItem => ({ ok: true, text });

export function fail(text: string, detail: string, at?: Where | null): CheckItem {
  return at ? { ok: false, text, detail, at } : { ok: false, text, detail };
}

/** One requirement: passes when `problem` is null, else fails with it. */
export function item(text: string, problem: { detail: string; at?: Where | null } | null): CheckItem {
  return problem ? fail(text, problem.detail, problem.at) : pass(text);
}

export const toolNamed = (inspection: Inspection, name: string): ToolInfo | undefined =>
  inspection.tools.find((t) => t.name === name);
export const at = (tool: ToolInfo | undefined): Where | null => (tool ? { path: tool.file, line: tool.line } : null);

export interface ParamSchema {
  type?: unknown;
  description?: unknown;
  default?: unknown;
  enum?: unknown;
  [key: string]: unknown;
}

/** The parameters a host gives a tool: properties and the required names. */
export function paramsOf(tool: ToolInfo | undefined): { properties: Record<string, ParamSchema>; required: string[] } {
  const schema = tool?.inputSchema ?? {};
  const properties = (
    typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}
  ) as Record<string, ParamSchema>;
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
  return { properties, required };
}

/** "tool_a, tool_b" or "none", for "LCP lists: …". */
export const listed = (inspection: Inspection): string => inspection.tools.map((t) => t.name).join(', ') || 'none';

/**
 * A diagnostic that explains a failure: the first one with one of `codes` whose message names
 * one of `subjects` (any, when none are given). Its message, fix and position become the detail.
 */
export function explain(
  diagnostics: Diagnostic[],
  codes: string[],
  subjects: string[] = [],
): { detail: string; at: Where } | null {
  const d = diagnostics.find(
    (x) => codes.includes(x.code) && (subjects.length === 0 || subjects.some((s) => x.message.includes(s))),
  );
  if (!d) return null;
  return { detail: `${d.message}${d.fix ? ` Fix: ${d.fix}` : ''} (${d.code})`, at: { path: d.file, line: d.line } };
}

type Explained = { detail: string; at: Where } | null;

/** A problem told by the diagnostic that explains it (its line, the rule, the fix), else by `detail`. */
export function because(
  detail: string,
  explained: Explained,
  fallback?: Where | null,
): { detail: string; at?: Where | null } {
  return explained ?? { detail, at: fallback ?? null };
}

/** A problem told by `detail`, followed by what a diagnostic adds when one explains it. */
export function andWhy(
  detail: string,
  explained: Explained,
  fallback?: Where | null,
): { detail: string; at?: Where | null } {
  return explained ? { detail: `${detail} ${explained.detail}`, at: explained.at } : { detail, at: fallback ?? null };
}

/** "LCP", "The hub": a host's name at the start of a sentence. */
export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A value as text: strings as they are, anything else as JSON. */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

/** The host's result of a scratch call, or null when the call did not get one. */
export const resultOf = (r: ScratchCallResult): Record<string, unknown> | null =>
  'result' in r && r.result !== null && typeof r.result === 'object' ? (r.result as Record<string, unknown>) : null;

// How a call ended and how long text is cut: the expectation engine's (src/expect), which tool
// tests use too, so a lesson check and a tool test tell the same ending in the same words.
export { clip, describeEnding as ending } from '../../expect/observe.ts';

/**
 * What a run printed, for a failed requirement: without terminal colour codes (Loki runs tools with
 * FORCE_COLOR=1, so Python 3.13+ colours a traceback even into its pipe), and, when long, cut in the
 * middle so the last line stays: a traceback's last line is the exception, the line that matters.
 */
export function printed(text: string, max = 300): string {
  const plain = stripAnsi(text).trim();
  if (plain.length <= max) return plain;
  const cut = plain.lastIndexOf('\n');
  const last = plain.slice(cut + 1);
  if (cut < 0 || last.length > max / 2) return clip(plain, max);
  return `${clip(plain.slice(0, cut), max - last.length - 1)}\n${last}`;
}

/** Quoted JSON of call arguments, for the requirement texts. */
export const json = (value: unknown): string => JSON.stringify(value);

/** Accepts an output that shows the number `n` on its own (`6`, `6.0`, "The sum is 6."), not inside another (`16`, `6.5`). */
export const shows =
  (n: number) =>
  (out: string): string | null =>
    new RegExp(`(^|[^\\d.])${n}(\\.0+)?(?!\\d|\\.\\d)`).test(out) ? null : `Its output does not contain ${n}.`;

/**
 * One eval run judged: the calls the model made and its final answer against the case's `expect`,
 * each expectation a verdict of the expectation engine (src/expect/checks.ts), so an argument check
 * says what a tool test says about the same difference. Pure.
 */
import { checkText, checkValue, type Verdict } from '../expect/checks.ts';
import { parseKeepingNumbers } from '../protocol/json-text.ts';
import { shortText } from '../expect/values.ts';
import type { LoopEnd } from '../agent/types.ts';
import type { CallCount, EvalExpect } from './format.ts';

/** A call as the model made it: the tool it named and its arguments as written. */
export interface MadeCall {
  name: string;
  argsJson: string;
}

/** A verdict about one argument names it, so a note can tie it to what the host told the model. */
export interface EvalVerdict extends Verdict {
  tool?: string;
  param?: string;
}

const wantedTools = (tool: EvalExpect['tool']): string[] | null =>
  tool === undefined || tool === null ? null : Array.isArray(tool) ? tool : [tool];

export const callText = (c: MadeCall): string => `${c.name}(${c.argsJson})`;

function countText(want: CallCount): string {
  if (typeof want === 'number') return `${want} tool call${want === 1 ? '' : 's'}`;
  const calls = (n: number): string => `tool call${n === 1 ? '' : 's'}`;
  if (want.min !== undefined && want.max !== undefined) return `${want.min} to ${want.max} ${calls(want.max)}`;
  return want.min !== undefined
    ? `at least ${want.min} ${calls(want.min)}`
    : `at most ${want.max ?? 0} ${calls(want.max ?? 0)}`;
}

function countOk(want: CallCount, n: number): boolean {
  if (typeof want === 'number') return n === want;
  return (want.min === undefined || n >= want.min) && (want.max === undefined || n <= want.max);
}

/** What `expect` says, in a few words (the report's "expected" line). */
export function expectedText(e: EvalExpect): string {
  const parts: string[] = [];
  const tools = wantedTools(e.tool);
  if (e.tool === null) parts.push('no tool call');
  else if (tools) parts.push(tools.length === 1 ? `a call of ${tools[0]}` : `a call of one of ${tools.join(', ')}`);
  for (const [param, check] of Object.entries(e.args ?? {})) parts.push(`${param}: ${shortText(check, 60)}`);
  if (e.allArgs) parts.push(`arguments ${shortText(e.allArgs, 60)}`);
  if (e.calls !== undefined) parts.push(countText(e.calls));
  if (e.answer !== undefined) parts.push(`an answer ${shortText(e.answer, 60)}`);
  return parts.join('; ') || 'a run that ends without an error';
}

export function judgeRun(expect: EvalExpect, calls: readonly MadeCall[], end: LoopEnd): EvalVerdict[] {
  const out: EvalVerdict[] = [];
  const tools = wantedTools(expect.tool);
  const made = calls.length ? calls.map(callText).join(', ') : 'no tool call';
  if (expect.tool === null) out.push(verdict(calls.length === 0, 'no tool is called', `it made ${made}`));
  else if (tools) {
    const first = calls[0];
    out.push(
      verdict(
        first !== undefined && tools.includes(first.name),
        `the first call is of ${tools.join(' or ')}`,
        first ? `it made ${made}` : 'it called no tool',
      ),
    );
  }
  if (expect.args || expect.allArgs) {
    const call = tools ? calls.find((c) => tools.includes(c.name)) : calls[0];
    let args: unknown;
    try {
      args = call ? parseKeepingNumbers(call.argsJson) : undefined;
    } catch {
      args = call?.argsJson;
    }
    for (const [param, check] of Object.entries(expect.args ?? {})) {
      const actual = args !== null && typeof args === 'object' ? (args as Record<string, unknown>)[param] : undefined;
      const subject = `argument ${param}`;
      for (const v of checkValue(subject, call ? actual : undefined, check))
        out.push({ ...v, param, ...(call ? { tool: call.name } : {}) });
    }
    if (expect.allArgs) out.push(...checkValue('the arguments', args, expect.allArgs));
  }
  if (expect.calls !== undefined)
    out.push(verdict(countOk(expect.calls, calls.length), countText(expect.calls), `it made ${calls.length}`));
  const answer = end.kind === 'final' ? end.answer : null;
  if (expect.answer !== undefined) out.push(...checkText('the final answer', answer, expect.answer));
  if (end.kind === 'error') out.push(verdict(false, 'the run ends without an error', end.message));
  return out;
}

function verdict(ok: boolean, text: string, detail: string): EvalVerdict {
  return ok ? { ok, text } : { ok, text, detail };
}

/**
 * A call's expectations judged against what it did (CallObservation): one verdict per clause, in
 * the order the format lists them (docs/tool-tests.md). A call is expected to finish unless the
 * expectations say otherwise, so a test that names only a result still fails on a crash.
 */
import { parseKeepingNumbers } from '../protocol/json-text.ts';
import { checkText, checkValue, diffOf, type TextCheck, type ValueCheck, type Verdict } from './checks.ts';
import { modelValueOf, type CallObservation, type Outcome } from './observe.ts';
import { shortText } from './values.ts';

/** A file after the call: how the call changed it, its text, its JSON. */
export interface FileCheck {
  change?: FileChangeKind;
  content?: TextCheck;
  json?: ValueCheck;
}
export const FILE_CHANGES = ['created', 'changed', 'deleted', 'unchanged'] as const;
export type FileChangeKind = (typeof FILE_CHANGES)[number];

/** The whole output, or its lines exactly (a last newline ends the last line). */
export type OutputCheck = (Exclude<TextCheck, string> & { lines?: string[] }) | string;

export interface Expectations {
  outcome?: Outcome;
  result?: ValueCheck;
  modelValue?: ValueCheck;
  statusLine?: TextCheck;
  output?: OutputCheck;
  files?: Record<string, FileCheck>;
  asked?: TextCheck[];
}

const ENDED: Record<Outcome, string> = { finished: 'finished', failed: 'failed', timeout: 'ran past its time limit' };
const decoder = new TextDecoder();

/** `before`: the copy's files as the call found them (the workspace and the test's setup). */
export function judge(expect: Expectations, seen: CallObservation, before: ReadonlyMap<string, Uint8Array>): Verdict[] {
  const want = expect.outcome ?? 'finished';
  const out: Verdict[] = [outcomeVerdict(want, seen)];
  if (expect.result) out.push(...checkValue('result', seen.result, expect.result));
  if (expect.modelValue) {
    if (seen.profile === 'lcp')
      out.push({
        ok: false,
        text: 'model value can be read',
        detail: 'LCP hands the model its result: check `result` instead',
      });
    else
      out.push(
        ...checkValue(
          'model value',
          seen.result === undefined ? undefined : modelValueOf(seen.profile, seen.result),
          expect.modelValue,
        ),
      );
  }
  if (expect.statusLine !== undefined) out.push(...checkText('status line', seen.statusLine, expect.statusLine));
  if (expect.output !== undefined) out.push(...outputVerdicts(seen.output, expect.output));
  for (const [path, check] of Object.entries(expect.files ?? {})) out.push(...fileVerdicts(path, check, seen, before));
  if (expect.asked) out.push(...askedVerdicts(seen, expect.asked));
  return out;
}

function outcomeVerdict(want: Outcome, seen: CallObservation): Verdict {
  const text = `the call ${ENDED[want]}`;
  if (seen.outcome === want) return { ok: true, text };
  return {
    ok: false,
    text,
    detail:
      seen.outcome === 'finished'
        ? `it finished, returning ${shortText(seen.result)}`
        : `it ${ENDED[seen.outcome]}: ${seen.message ?? ''}`.trim(),
  };
}

/** Lines of a text as a person counts them: a last newline ends the last line, it does not start another. */
export const linesOf = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

function outputVerdicts(output: string, check: OutputCheck): Verdict[] {
  if (typeof check === 'string') return checkText('output', output, check);
  const { lines, ...text } = check;
  const out = checkText('output', output, text);
  if (lines) {
    const actual = linesOf(output);
    const ok = actual.length === lines.length && actual.every((l, i) => l === lines[i]);
    out.push(
      ok
        ? { ok, text: `output lines are ${shortText(lines)}` }
        : {
            ok,
            text: `output lines are ${shortText(lines)}`,
            detail: `they are ${shortText(actual)}`,
            ...diffOfLines(lines, actual),
          },
    );
  }
  return out;
}

const diffOfLines = (expected: string[], actual: string[]) => {
  const diff = diffOf(expected.join('\n'), actual.join('\n'));
  return diff ? { diff } : {};
};

function fileVerdicts(
  path: string,
  check: FileCheck,
  seen: CallObservation,
  before: ReadonlyMap<string, Uint8Array>,
): Verdict[] {
  const change: FileChangeKind | 'absent' = seen.created.has(path)
    ? 'created'
    : seen.changed.has(path)
      ? 'changed'
      : seen.deleted.includes(path)
        ? 'deleted'
        : before.has(path)
          ? 'unchanged'
          : 'absent';
  const after =
    seen.created.get(path) ?? seen.changed.get(path) ?? (change === 'unchanged' ? before.get(path) : undefined);
  const out: Verdict[] = [];
  if (check.change) {
    const text = `${path} was ${check.change === 'unchanged' ? 'left unchanged' : check.change}`;
    out.push(
      check.change === change
        ? { ok: true, text }
        : {
            ok: false,
            text,
            detail:
              change === 'absent'
                ? 'there is no such file, before or after the call'
                : change === 'unchanged'
                  ? 'the call left it unchanged'
                  : `the call ${change} it`,
          },
    );
  }
  const text = after === undefined ? null : decoder.decode(after);
  if (check.content !== undefined) out.push(...checkText(`${path}`, text, check.content));
  if (check.json) {
    let value: unknown;
    let problem: string | null = null;
    try {
      value = text === null ? undefined : parseKeepingNumbers(text);
    } catch (e) {
      problem = e instanceof Error ? e.message : String(e);
    }
    if (problem !== null) out.push({ ok: false, text: `${path} holds JSON`, detail: `it does not parse: ${problem}` });
    else out.push(...checkValue(`${path} as JSON`, value, check.json));
  }
  return out;
}

function askedVerdicts(seen: CallObservation, asked: TextCheck[]): Verdict[] {
  const count = seen.asked.length;
  const text = `it asked ${asked.length} question${asked.length === 1 ? '' : 's'}`;
  const labels = seen.asked.map((a) => a.label);
  const out: Verdict[] = [
    count === asked.length
      ? { ok: true, text }
      : { ok: false, text, detail: `it asked ${count}${count ? `: ${shortText(labels)}` : ''}` },
  ];
  asked.forEach((check, i) => out.push(...checkText(`question ${i + 1}`, labels[i] ?? null, check)));
  return out;
}

/**
 * "Save as test": a call the person ran, turned into a test that expects what it did. Each thing
 * it did becomes one proposed expectation (how it ended, the result, the status line, the output,
 * each file it created, changed or deleted); the person keeps the ones that matter, and the test
 * is added to `tests/<tool>.toolplay-test.json` (created when missing, its other tests and their
 * numbers kept as written).
 */
import type { HostConfig } from '../protocol/engine.ts';
import type { CallProfile, ConfirmDecision } from '../protocol/vocabulary.ts';
import { parseKeepingNumbers, stringifyKeepingNumbers } from '../protocol/json-text.ts';
import type { Outcome } from '../expect/observe.ts';
import type { Expectations, FileCheck } from '../expect/judge.ts';
import { TEST_FILE_SUFFIX, TESTS_DIR, TESTS_VERSION } from './format.ts';
import { readTestFile } from './read.ts';
import { problemLine } from './problem.ts';

/** What the call did, as the result panel saw it. */
export interface SavedCall {
  tool: string;
  profile: CallProfile;
  /** The arguments as typed. */
  argsJson: string;
  hostConfig: HostConfig;
  outcome: Outcome;
  /** What the host returned, as a test judges it (src/expect/observe.ts resultAsShown); undefined when it did not finish. */
  result: unknown;
  statusLine: string;
  /** stdout and stderr, interleaved as they came (as a test run sees them). */
  output: string;
  files: { path: string; change: 'created' | 'changed' | 'deleted'; text: string | null }[];
  /** The confirmations it asked (their labels) and the answers given, in order. */
  asked: string[];
  answers: ConfirmDecision[];
  /** The time limit the call ran under, in seconds. */
  timeLimitSeconds: number;
}

/** One expectation the person may keep: its words, and what it adds to `expect`. */
export interface Proposal {
  key: string;
  label: string;
  add(expect: Expectations): void;
}

/** Where a tool's tests are saved. */
export const testFileFor = (tool: string): string =>
  `${TESTS_DIR}/${tool.replace(/[^\w.-]+/g, '_')}${TEST_FILE_SUFFIX}`;

const clipped = (text: string, max = 60): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function proposalsOf(call: SavedCall): Proposal[] {
  const out: Proposal[] = [
    {
      key: 'outcome',
      label: `it ${call.outcome === 'timeout' ? 'runs past its time limit' : call.outcome}`,
      add: (e) => void (e.outcome = call.outcome),
    },
  ];
  if (call.outcome === 'finished') {
    out.push({
      key: 'result',
      label: `the result equals ${clipped(stringifyKeepingNumbers(call.result, 0))}`,
      add: (e) => void (e.result = { equals: call.result }),
    });
  }
  if (call.statusLine)
    out.push({
      key: 'statusLine',
      label: `the status line is ${clipped(JSON.stringify(call.statusLine))}`,
      add: (e) => void (e.statusLine = call.statusLine),
    });
  if (call.output)
    out.push({
      key: 'output',
      label: `the output is ${clipped(JSON.stringify(call.output))}`,
      add: (e) => void (e.output = call.output),
    });
  for (const f of call.files) {
    const check: FileCheck = {
      change: f.change,
      ...(f.text !== null && f.change !== 'deleted' ? { content: f.text } : {}),
    };
    out.push({
      key: `file:${f.path}`,
      label: `${f.path} is ${f.change}${check.content !== undefined ? ' with its text' : ''}`,
      add: (e) => void (e.files = { ...e.files, [f.path]: check }),
    });
  }
  if (call.asked.length)
    out.push({
      key: 'asked',
      label: `it asks ${clipped(call.asked.map((l) => JSON.stringify(l)).join(', '))}`,
      add: (e) => void (e.asked = call.asked),
    });
  return out;
}

/** The test as it is written into the file: the arguments as typed, the expectations kept. */
export function testOf(call: SavedCall, name: string, kept: readonly Proposal[]): Record<string, unknown> {
  const expect: Expectations = {};
  for (const p of kept) p.add(expect);
  return {
    name,
    tool: call.tool,
    profile: call.profile,
    args: parseKeepingNumbers(call.argsJson),
    ...(Object.keys(call.hostConfig).length ? { hostConfig: call.hostConfig } : {}),
    ...(call.answers.length ? { confirm: call.answers } : {}),
    ...(call.outcome === 'timeout' ? { timeLimitSeconds: call.timeLimitSeconds } : {}),
    expect,
  };
}

/** A name the file does not use yet: `name`, else `name (2)`, … */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name} (${i})`)) return `${name} (${i})`;
}

/** The names of the tests a file holds (none when it is missing or unreadable). */
export function namesIn(text: string | null): Set<string> {
  if (text === null) return new Set();
  const read = readTestFile('', text);
  return new Set('problem' in read ? [] : read.tests.map((t) => t.name));
}

/**
 * The file's text with the test added at its end; `existing` null makes a new file. A file that
 * does not read is never rewritten (the person's text would be lost): the one line says why.
 */
export function withTestAdded(
  path: string,
  existing: string | null,
  test: Record<string, unknown>,
): { text: string } | { problem: string } {
  if (existing === null)
    return { text: `${stringifyKeepingNumbers({ toolplayTests: TESTS_VERSION, tests: [test] })}\n` };
  const read = readTestFile(path, existing);
  if ('problem' in read) return { problem: `${problemLine(read.problem)} (fix it, then save again)` };
  const file = parseKeepingNumbers(existing) as { tests: unknown[] };
  return { text: `${stringifyKeepingNumbers({ ...file, tests: [...file.tests, test] })}\n` };
}

/**
 * "Save as eval": an agent conversation made into an eval case (docs/evals.md). The last user message
 * is the case's message, the text turns before it its conversation, and what the model did after it
 * the expectation: the tool it called first, each argument it sent as an `equals` matcher (numbers
 * as the model wrote them), the number of calls; or no tool at all. The person edits the case before
 * it is added to an eval file; a file that does not read is never rewritten. Pure.
 */
import type { AgentMessage } from '../agent/types.ts';
import { parseKeepingNumbers, stringifyKeepingNumbers } from '../protocol/json-text.ts';
import { isRecord } from '../protocol/records.ts';
import { EVAL_FILE_SUFFIX, EVALS_DIR, EVALS_VERSION, type EvalProfile } from './format.ts';
import { evalProblemLine, readEvalFile } from './read.ts';

/** Where a saved case goes unless the person says otherwise. */
export const SAVED_EVALS_FILE = `${EVALS_DIR}/agent${EVAL_FILE_SUFFIX}`;

const shortName = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 50 ? `${one.slice(0, 49)}…` : one;
};

/** The argument matchers of a call: each argument the model sent, to be equal to what it sent. */
function argMatchers(argsJson: string): Record<string, unknown> | null {
  let args: unknown;
  try {
    args = parseKeepingNumbers(argsJson);
  } catch {
    return null;
  }
  if (!isRecord(args)) return null;
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, { equals: v }]));
}

/** The case a conversation makes (as JSON data, to be edited), or null when it has no user message. */
export function caseFromConversation(
  messages: readonly AgentMessage[],
  profile: EvalProfile,
): Record<string, unknown> | null {
  const last = messages.findLastIndex((m) => m.role === 'user');
  const asked = messages[last];
  if (!asked || asked.role !== 'user') return null;
  const conversation = messages
    .slice(0, last)
    .flatMap((m) =>
      m.role === 'user'
        ? [{ role: 'user', content: m.content }]
        : m.role === 'assistant' && m.content.trim()
          ? [{ role: 'assistant', content: m.content }]
          : [],
    );
  const calls = messages.slice(last + 1).flatMap((m) => (m.role === 'assistant' ? m.calls : []));
  const first = calls[0];
  const args = first ? argMatchers(first.argsJson) : null;
  const expect: Record<string, unknown> = first
    ? { tool: first.name, ...(args && Object.keys(args).length ? { args } : {}), calls: calls.length }
    : { tool: null };
  return {
    name: shortName(asked.content) || 'saved from the agent',
    ...(conversation.length ? { conversation } : {}),
    message: asked.content,
    profile,
    expect,
  };
}

/** The case as the person edits it: indented JSON with its numbers as written. */
export const caseText = (c: Record<string, unknown>): string => stringifyKeepingNumbers(c);

/**
 * The eval file's text with the case (JSON text, as edited) added at its end; `existing` null makes
 * a new file. The whole result must read (names unique, matchers valid), else the one line says why.
 */
export function withCaseAdded(
  path: string,
  existing: string | null,
  edited: string,
): { text: string } | { problem: string } {
  if (!path.startsWith(`${EVALS_DIR}/`) || !path.endsWith(EVAL_FILE_SUFFIX))
    return { problem: `an eval file is ${EVALS_DIR}/<name>${EVAL_FILE_SUFFIX}` };
  let added: unknown;
  try {
    added = parseKeepingNumbers(edited);
  } catch (e) {
    return { problem: `the case is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  let file: Record<string, unknown> & { cases: unknown[] };
  if (existing === null) file = { toolplayEvals: EVALS_VERSION, cases: [] };
  else {
    const read = readEvalFile(path, existing);
    if ('problem' in read) return { problem: `${evalProblemLine(read.problem)} (fix it, then save again)` };
    file = parseKeepingNumbers(existing) as typeof file;
  }
  const text = `${stringifyKeepingNumbers({ ...file, cases: [...file.cases, added] })}\n`;
  const read = readEvalFile(path, text);
  return 'problem' in read ? { problem: evalProblemLine(read.problem) } : { text };
}

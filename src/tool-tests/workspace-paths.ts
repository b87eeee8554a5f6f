/**
 * A test's call runs in a scratch copy (`/scratch/tests.call/…`), while Run runs the same tool in
 * the workspace (`/workspace/…`): a traceback, a printed path or a result naming a file would
 * differ between the two for no reason of the tool's. What a test judges names the copy's files
 * by their workspace paths, so a test saved from a Run passes when the tool does the same.
 */
import { isLosslessNumber } from 'lossless-json';
import { WORKSPACE_ROOT } from '../protocol/worker.ts';
import type { CallObservation } from '../expect/observe.ts';

/** `text` with the copy's folder written as the workspace's. */
export function workspaceText(text: string, copy: string): string {
  return text.replaceAll(copy, WORKSPACE_ROOT);
}

/** Every string inside a value rewritten; kept numbers (lossless-json's) stay as they are. */
function workspaceValue(value: unknown, copy: string): unknown {
  if (typeof value === 'string') return workspaceText(value, copy);
  if (Array.isArray(value)) return value.map((v) => workspaceValue(v, copy));
  if (typeof value === 'object' && value !== null && !isLosslessNumber(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, workspaceValue(v, copy)]));
  return value;
}

export function inWorkspacePaths(seen: CallObservation, copy: string): CallObservation {
  return {
    ...seen,
    result: workspaceValue(seen.result, copy),
    message: seen.message === null ? null : workspaceText(seen.message, copy),
    statusLine: workspaceText(seen.statusLine, copy),
    output: workspaceText(seen.output, copy),
    asked: seen.asked.map((a) => ({ label: workspaceText(a.label, copy), content: workspaceText(a.content, copy) })),
  };
}

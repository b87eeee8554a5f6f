/**
 * What a call on a scratch copy did, as the expectation engine judges it: how it ended, what it
 * returned (as `toolplay call` prints it, numbers as Python wrote them), what the model receives,
 * its opening line, its output, the questions it asked and the files it created, changed and
 * removed. Tool tests and lesson checks read a scratch call through these.
 */
import type { AskedConfirmation, ScratchCallResult } from '../protocol/worker.ts';
import type { HubCallResult } from '../protocol/runner.ts';
import type { CallProfile } from '../protocol/vocabulary.ts';
import { exactResult } from '../protocol/json-text.ts';
import { hubOutput } from '../call/hub-output.ts';
import { shortText } from './values.ts';

/** How a call ended: the host returned a result, the call failed (an exception escaped the host, or it was refused), or it ran past its time limit. */
export const OUTCOMES = ['finished', 'failed', 'timeout'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface CallObservation {
  profile: CallProfile;
  outcome: Outcome;
  /** Why it did not finish, in one line; null when it finished. */
  message: string | null;
  /** What the host returned (the hub: its executor's result and the model's text); undefined when it did not finish. */
  result: unknown;
  statusLine: string;
  /** What it printed, stdout and stderr in order. */
  output: string;
  asked: AskedConfirmation[];
  created: Map<string, Uint8Array>;
  changed: Map<string, Uint8Array>;
  deleted: string[];
}

/** How a scratch call ended, and why when it did not finish. */
export function outcomeOf(run: ScratchCallResult): { outcome: Outcome; message: string | null } {
  if ('timedOut' in run)
    return { outcome: 'timeout', message: `still running after ${run.timedOut} s, so it was stopped` };
  if ('refused' in run) return { outcome: 'failed', message: `the call was refused: ${run.refused}` };
  if ('escaped' in run) return { outcome: 'failed', message: `an exception escaped the host: ${run.escaped}` };
  return { outcome: 'finished', message: null };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The result as judged: exact numbers; a hub call's as `toolplay call --profile hub` prints it. */
export function resultAsShown(profile: CallProfile, end: { result: unknown; resultJson?: string }): unknown {
  const exact = exactResult(end);
  return profile === 'hub' && isRecord(exact) && 'logs' in exact ? hubOutput(exact as unknown as HubCallResult) : exact;
}

/** What the model receives: Loki's `model_value`, the hub's `model_content`; undefined under LCP (its result is all there is). */
export function modelValueOf(profile: CallProfile, result: unknown): unknown {
  if (!isRecord(result)) return undefined;
  if (profile === 'loki') return result.model_value;
  if (profile === 'hub') return result.model_content;
  return undefined;
}

/** A scratch call (run with `collect`) as observed; `existed` says whether a path was in the copy before the call. */
export function observeScratch(
  run: ScratchCallResult,
  profile: CallProfile,
  existed: (path: string) => boolean,
): CallObservation {
  const { outcome, message } = outcomeOf(run);
  const created = new Map<string, Uint8Array>();
  const changed = new Map<string, Uint8Array>();
  for (const f of run.created) if (f.content) (existed(f.path) ? changed : created).set(f.path, f.content);
  return {
    profile,
    outcome,
    message,
    result: 'result' in run ? resultAsShown(profile, run) : undefined,
    statusLine: run.statusLine ?? '',
    output: run.output,
    asked: run.asked,
    created,
    changed,
    deleted: run.deleted ?? [],
  };
}

/** One sentence on how a call ended, for a requirement it did not meet. */
export function describeEnding(run: ScratchCallResult): string {
  if ('refused' in run) return `The call was refused: ${run.refused}`;
  if ('escaped' in run) return `An exception escaped the host: ${run.escaped}`;
  if ('timedOut' in run)
    return `It was still running after ${run.timedOut} s, so it was stopped: does it wait or loop forever?`;
  const printed = run.output.trim() ? ` It printed: ${clip(run.output.trim())}` : '';
  const error = isRecord(run.result) ? run.result.error : undefined;
  if (typeof error === 'string' && error)
    return `The host's answer is the error ${JSON.stringify(clip(error))}.${printed}`;
  return `The host returned ${clip(typeof run.result === 'string' ? run.result : shortText(run.result, 300))}.${printed}`;
}

export const clip = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

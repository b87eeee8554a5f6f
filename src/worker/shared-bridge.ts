/**
 * The two halves of the blocking confirmation bridge over SharedArrayBuffer (toolchain.md §4, P8, P10).
 * Page: `answerConfirm` writes the reply and wakes the worker. Worker: `waitForConfirm` blocks Python
 * in 100 ms slices, checking the interrupt buffer between slices so Stop works while a popup is open.
 */
import type { ConfirmReply } from '../protocol/engine.ts';
import type { SharedBuffers } from '../protocol/worker.ts';
import { CONFIRM_DECISIONS, isOneOf } from '../protocol/vocabulary.ts';

const WAITING = 0;
const ANSWERED = 1;
/** Room for the reply JSON; a longer reason is cut, the decision always fits. */
const DATA_BYTES = 64 * 1024;

export function createSharedBuffers(): SharedBuffers {
  return {
    control: new SharedArrayBuffer(8),
    data: new SharedArrayBuffer(DATA_BYTES),
    interrupt: new SharedArrayBuffer(1),
  };
}

/** The answer as the worker reads it: UTF-8 JSON that fits the data buffer (a longer reason is dropped). */
export function confirmBytes(reply: ConfirmReply): Uint8Array {
  const bytes = new TextEncoder().encode(JSON.stringify(reply));
  return bytes.length > DATA_BYTES ? new TextEncoder().encode(JSON.stringify({ decision: reply.decision })) : bytes;
}

/** Page side: hand the worker its answer (the sandboxed worker's frame writes the same bytes: frame-document.ts). */
export function answerConfirm(shared: SharedBuffers, reply: ConfirmReply): void {
  const bytes = confirmBytes(reply);
  // encodeInto refuses shared views (P8): encode first, then copy in.
  new Uint8Array(shared.data).set(bytes);
  const control = new Int32Array(shared.control);
  Atomics.store(control, 1, bytes.length);
  Atomics.store(control, 0, ANSWERED);
  Atomics.notify(control, 0);
}

/** Page side: wake a worker waiting for an answer so it looks at the interrupt buffer now (Stop in the popup). */
export function wakeConfirm(shared: SharedBuffers): void {
  Atomics.notify(new Int32Array(shared.control), 0);
}

/** Worker side: arm the bridge before posting the question (so an instant answer is not lost). */
export function armConfirm(shared: SharedBuffers): void {
  Atomics.store(new Int32Array(shared.control), 0, WAITING);
}

/**
 * Worker side: block until the page answered. `checkInterrupt` raises KeyboardInterrupt into Python when
 * Stop was pressed (Atomics.wait itself never looks at the interrupt buffer, P10).
 */
export function waitForConfirm(shared: SharedBuffers, checkInterrupt: () => void): ConfirmReply {
  const control = new Int32Array(shared.control);
  const interrupt = new Uint8Array(shared.interrupt);
  while (Atomics.load(control, 0) === WAITING) {
    Atomics.wait(control, 0, WAITING, 100); // wakeConfirm ends a slice early
    if (interrupt[0] !== 0) checkInterrupt();
  }
  const length = Atomics.load(control, 1);
  // TextDecoder refuses shared views (P8): copy out first.
  const text = new TextDecoder().decode(new Uint8Array(shared.data).slice(0, length));
  return parseReply(text);
}

/** Narrows the page's answer; anything unreadable counts as a rejection, never as consent. */
export function parseReply(text: string): ConfirmReply {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && 'decision' in value) {
      const { decision, reason } = value as { decision: unknown; reason?: unknown };
      if (isOneOf(CONFIRM_DECISIONS, decision)) return typeof reason === 'string' ? { decision, reason } : { decision };
    }
  } catch {
    // fall through
  }
  return { decision: 'reject', reason: 'unreadable confirmation answer' };
}

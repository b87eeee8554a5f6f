/**
 * Confirmation popups a tool raises through its host's confirm handler. Python is blocked while
 * one is open, so requests queue and each gets exactly one reply.
 */
import type { ConfirmDecision, ConfirmReply, ConfirmRequest } from '../../protocol/engine.ts';

export interface PendingConfirm extends ConfirmRequest {
  callId: string;
}

interface Waiting {
  request: PendingConfirm;
  resolve: (reply: ConfirmReply) => void;
}

export class ConfirmQueue {
  #waiting = $state.raw<Waiting[]>([]);

  /** The request the dialog shows now, if any. */
  get current(): PendingConfirm | null {
    return this.#waiting[0]?.request ?? null;
  }

  get size(): number {
    return this.#waiting.length;
  }

  /** Called by the Python client when a tool asks; resolves when the person answers. */
  ask = (request: PendingConfirm): Promise<ConfirmReply> =>
    new Promise((resolve) => {
      this.#waiting = [...this.#waiting, { request, resolve }];
    });

  answer(decision: ConfirmDecision, reason?: string): void {
    const [first, ...rest] = this.#waiting;
    if (!first) return;
    this.#waiting = rest;
    const why = reason?.trim();
    first.resolve(why ? { decision, reason: why } : { decision });
  }

  /** A stopped or crashed call: nobody will read the answers, so the dialogs go away (as rejections). */
  dropCall(callId: string): void {
    const [drop, keep] = [
      this.#waiting.filter((w) => w.request.callId === callId),
      this.#waiting.filter((w) => w.request.callId !== callId),
    ];
    this.#waiting = keep;
    for (const w of drop) w.resolve({ decision: 'reject', reason: 'The call was stopped.' });
  }
}

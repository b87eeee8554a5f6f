/**
 * One question of the confined worker's, answered (src/protocol/sandbox.ts): the envelope the page
 * (page-services.ts) and the asset worker (assets.worker.ts) share. Tool code can send anything over
 * those ports, so a message that is no question gets no answer, and a failure is an answer too.
 */
import type { SandboxAnswer } from '../../protocol/sandbox.ts';
import { isRecord } from '../../protocol/records.ts';

/** A question's value and the buffers to transfer with it. */
export interface Valued {
  value: unknown;
  transfer: Transferable[];
}

export interface Answered {
  answer: SandboxAnswer;
  transfer: Transferable[];
}

export const plain = (value: unknown): Valued => ({ value, transfer: [] });

/** The answer to `message` by `valueOf`, or null for a message that is no question. */
export async function answerQuestion(
  message: unknown,
  valueOf: (question: Record<string, unknown>) => Promise<Valued>,
): Promise<Answered | null> {
  if (!isRecord(message) || message.kind !== 'ask' || typeof message.id !== 'number') return null;
  const id = message.id;
  try {
    const { value, transfer } = await valueOf(message);
    return { answer: { kind: 'answer', id, ok: true, value }, transfer };
  } catch (e) {
    return {
      answer: { kind: 'answer', id, ok: false, error: e instanceof Error ? e.message : String(e) },
      transfer: [],
    };
  }
}

/**
 * How the client reaches into a running worker past its message queue, which a busy or blocked
 * Python does not read: Pyodide's interrupt buffer (Stop), a confirmation's answer, and the wake-up
 * that ends a wait slice. The sandboxed worker's frame does it for the page (sandbox/sandboxed-worker.ts);
 * a worker the page shares memory with directly (tests, benches) gets it written here.
 */
import type { ConfirmReply } from '../protocol/engine.ts';
import type { SharedBuffers } from '../protocol/worker.ts';
import { answerConfirm, wakeConfirm } from './shared-bridge.ts';

export interface WorkerControl {
  interrupt(): void;
  clearInterrupt(): void;
  wake(): void;
  answerConfirm(reply: ConfirmReply): void;
}

export function sharedControl(shared: SharedBuffers): WorkerControl {
  return {
    interrupt: () => void (new Uint8Array(shared.interrupt)[0] = 2), // SIGINT → KeyboardInterrupt in Python
    clearInterrupt: () => void (new Uint8Array(shared.interrupt)[0] = 0),
    wake: () => wakeConfirm(shared),
    answerConfirm: (reply) => answerConfirm(shared, reply),
  };
}

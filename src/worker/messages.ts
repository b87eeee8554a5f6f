/**
 * Narrowing of what crosses postMessage. Both sides treat the other's data as untrusted `unknown`:
 * a malformed message is dropped here instead of surfacing as a TypeError deep inside a handler.
 */
import type { TelemetryEvent } from '../protocol/events.ts';
import type { WorkerMessage, WorkerRequest } from '../protocol/worker.ts';
import { isOneOf, TELEMETRY_EVENT_TYPES, WORKER_ERROR_KINDS, WORKER_METHODS } from '../protocol/vocabulary.ts';
import { isRecord } from '../protocol/records.ts';

/** A telemetry event as the engine emitted it (type and callId checked; the rest is the engine's contract). */
export function readTelemetryEvent(v: unknown): TelemetryEvent | null {
  return isRecord(v) && isOneOf(TELEMETRY_EVENT_TYPES, v.type) && typeof v.callId === 'string'
    ? (v as unknown as TelemetryEvent)
    : null;
}

export function readWorkerRequest(v: unknown): WorkerRequest | null {
  if (!isRecord(v) || v.kind !== 'request' || typeof v.id !== 'number' || typeof v.method !== 'string') return null;
  if (!isOneOf(WORKER_METHODS, v.method) || !isRecord(v.params)) return null;
  return v as unknown as WorkerRequest;
}

export function readWorkerMessage(v: unknown): WorkerMessage | null {
  if (!isRecord(v)) return null;
  switch (v.kind) {
    case 'progress':
      return typeof v.text === 'string' ? { kind: 'progress', text: v.text } : null;
    case 'event': {
      const event = readTelemetryEvent(v.event);
      return event ? { kind: 'event', event } : null;
    }
    case 'confirm':
      return typeof v.callId === 'string' && isRecord(v.request) ? (v as unknown as WorkerMessage) : null;
    case 'response':
      if (typeof v.id !== 'number') return null;
      if (v.ok === true)
        return typeof v.json === 'string'
          ? { kind: 'response', id: v.id, ok: true, json: v.json }
          : { kind: 'response', id: v.id, ok: true, result: v.result };
      if (isRecord(v.error) && isOneOf(WORKER_ERROR_KINDS, v.error.kind) && typeof v.error.message === 'string')
        return v as unknown as WorkerMessage;
      return null;
    default:
      return null;
  }
}

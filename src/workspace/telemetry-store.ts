/**
 * Each workspace's telemetry, kept across reloads: its own calls (the last ones, within a budget)
 * and the calls recorded by the sender of a link, which stay marked as theirs. One record per
 * workspace, key [id, 2], written after a call or a Clear.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { TelemetryEvent } from '../protocol/events.ts';
import { readEvents } from '../protocol/read-events.ts';
import { putIfListed } from './listed-put.ts';

export const TELEMETRY = 2;
/** JSON characters of events kept per workspace; older calls beyond it are dropped whole. */
export const TELEMETRY_BUDGET = 2_000_000;

export interface TelemetryRecord {
  events: TelemetryEvent[];
  /** Call ids whose events were recorded elsewhere (a shared link's), never run here. */
  recorded: string[];
}

export interface TelemetryStore {
  load(id: string): Promise<TelemetryRecord>;
  /** Skipped when the workspace is no longer listed (deleted in another tab); refused over a newer toolplay's data. */
  save(id: string, record: TelemetryRecord): Promise<void>;
}

export function createTelemetryStore(name = 'toolplay'): TelemetryStore {
  const use: UseStore = createStore(name, 'records');
  return {
    load: (id) => use('readonly', async (os) => readRecord(await promisifyRequest(os.get([id, TELEMETRY])))),
    save: (id, record) => use('readwrite', (os) => putIfListed(os, id, [id, TELEMETRY], record)),
  };
}

/** The stored record narrowed like a link's telemetry; anything unreadable reads as no telemetry. */
function readRecord(value: unknown): TelemetryRecord {
  if (typeof value !== 'object' || value === null) return { events: [], recorded: [] };
  const { events, recorded } = value as { events?: unknown; recorded?: unknown };
  try {
    return {
      events: readEvents(events ?? []),
      recorded: Array.isArray(recorded) ? recorded.filter((r): r is string => typeof r === 'string') : [],
    };
  } catch {
    return { events: [], recorded: [] };
  }
}

/** The newest calls whose events fit in `budget` JSON characters, in their order. */
export function lastCalls(events: readonly TelemetryEvent[], budget = TELEMETRY_BUDGET): TelemetryEvent[] {
  const byCall = new Map<string, TelemetryEvent[]>();
  for (const e of events) {
    const list = byCall.get(e.callId);
    if (list) list.push(e);
    else byCall.set(e.callId, [e]);
  }
  const kept: TelemetryEvent[][] = [];
  let used = 0;
  for (const call of [...byCall.values()].reverse()) {
    const size = call.reduce((n, e) => n + JSON.stringify(e).length, 0);
    if (used + size > budget) break;
    used += size;
    kept.unshift(call);
  }
  return kept.flat();
}

/**
 * The telemetry log: every event of every call, grouped per call (opening with the LTP status line),
 * filterable by tool and kind, exportable as NDJSON and viewable as the hub would stream it. Each
 * event is redacted as it comes in (src/net/redact.ts), so the panel, the export, the stored log and
 * a link's telemetry never hold a secret the rules know; the result panel shows the call's own output.
 */
import type { TelemetryEvent } from '../../protocol/events.ts';
import type { TelemetryEventType } from '../../protocol/vocabulary.ts';
import { frameCalls, type WireFormat } from '../../protocol/wire.ts';
import { redactEvent } from '../../net/redact-event.ts';

export interface CallEntry {
  callId: string;
  tool: string;
  statusLine: string;
  events: TelemetryEvent[];
  /** Recorded by the sender of a shared workspace, not run here. */
  recorded: boolean;
  /** Characters of output past MAX_OUTPUT_CHARS_PER_CALL, not kept in the log (the result panel's Download has them). */
  droppedChars: number;
}

/** Output chunks kept one by one per call; later ones join the chunk before them (text kept whole). */
export const MAX_CHUNKS_PER_CALL = 20_000;
/** Output text kept per call (the log is saved with the workspace): the rest is counted, not kept. */
export const MAX_OUTPUT_CHARS_PER_CALL = 2_000_000;

export class TelemetryLog {
  /** Appended in place (a tool printing in a loop sends thousands of events); `#version` tells readers. */
  readonly #events: TelemetryEvent[] = [];
  #version = $state(0);
  /** callId → output chunks kept so far (see MAX_CHUNKS_PER_CALL). */
  readonly #chunks = new Map<string, number>();
  /** callId → output characters kept so far, and those left out past the cap. */
  readonly #chars = new Map<string, number>();
  readonly #dropped = new Map<string, number>();
  #tool = $state('');
  #kind = $state<TelemetryEventType | ''>('');
  #view = $state<'events' | WireFormat>('events');
  /** Call ids of the recorded calls (a shared workspace's), shown as the sender's. */
  readonly #recorded = new Set<string>();
  /** Called after every change (the workspace keeps its telemetry). */
  onChange: () => void = () => {};

  get events(): readonly TelemetryEvent[] {
    void this.#version;
    return this.#events;
  }
  get toolFilter(): string {
    return this.#tool;
  }
  set toolFilter(v: string) {
    this.#tool = v;
  }
  get kindFilter(): TelemetryEventType | '' {
    return this.#kind;
  }
  set kindFilter(v: TelemetryEventType | '') {
    this.#kind = v;
  }
  get view(): 'events' | WireFormat {
    return this.#view;
  }
  set view(v: 'events' | WireFormat) {
    this.#view = v;
  }
  /** Call ids of the recorded calls present in the log. */
  get recordedCalls(): string[] {
    void this.#version;
    return [...this.#recorded];
  }

  add(e: TelemetryEvent): void {
    this.addAll([e]);
  }

  /** Appends events in order (one update for all of them). Past MAX_CHUNKS_PER_CALL output chunks in
   * a call, a chunk right after one of the same stream joins it: the text stays whole, memory bounded. */
  addAll(events: readonly TelemetryEvent[]): void {
    for (const received of events) {
      // Progress is for the bar while it lasts, not for the record.
      if (received.type === 'package.progress') continue;
      let e = redactEvent(received);
      if (e.type === 'call.stdout' || e.type === 'call.stderr') {
        const chars = this.#chars.get(e.callId) ?? 0;
        const room = MAX_OUTPUT_CHARS_PER_CALL - chars;
        if (e.text.length > room) {
          this.#dropped.set(e.callId, (this.#dropped.get(e.callId) ?? 0) + e.text.length - Math.max(0, room));
          if (room <= 0) continue;
          e = { ...e, text: e.text.slice(0, room) };
        }
        this.#chars.set(e.callId, chars + e.text.length);
        const kept = this.#chunks.get(e.callId) ?? 0;
        const last = this.#events.at(-1);
        if (kept >= MAX_CHUNKS_PER_CALL && last?.type === e.type && last.callId === e.callId) {
          this.#events[this.#events.length - 1] = { ...last, text: last.text + e.text };
          continue;
        }
        this.#chunks.set(e.callId, kept + 1);
      }
      this.#events.push(e);
    }
    if (events.length > 0) {
      this.#version++;
      this.onChange();
    }
  }

  /** Events kept or received earlier: those of `recorded` calls are the sender's, marked so wherever shown. */
  restore(events: readonly TelemetryEvent[], recorded: readonly string[]): void {
    for (const id of recorded) this.#recorded.add(id);
    this.addAll(events);
  }

  clear(): void {
    this.#events.length = 0;
    this.#chunks.clear();
    this.#chars.clear();
    this.#dropped.clear();
    this.#recorded.clear();
    this.#version++;
    this.onChange();
  }

  /** Every call in order, each with its own events. */
  get calls(): CallEntry[] {
    const byId = new Map<string, CallEntry>();
    for (const e of this.events) {
      let entry = byId.get(e.callId);
      if (!entry) {
        entry = {
          callId: e.callId,
          tool: '',
          statusLine: '',
          events: [],
          recorded: this.#recorded.has(e.callId),
          droppedChars: this.#dropped.get(e.callId) ?? 0,
        };
        byId.set(e.callId, entry);
      }
      if (e.type === 'call.started') {
        entry.tool = e.tool;
        entry.statusLine = e.statusLine;
      }
      entry.events.push(e);
    }
    return [...byId.values()];
  }

  /** Tool names seen so far, for the filter. */
  get tools(): string[] {
    return [...new Set(this.calls.map((c) => c.tool).filter(Boolean))].sort();
  }

  /** Calls passing the tool filter, their events passing the kind filter (calls left empty by it drop out). */
  get visible(): CallEntry[] {
    const out: CallEntry[] = [];
    for (const c of this.calls) {
      if (this.#tool && c.tool !== this.#tool) continue;
      const events = this.#kind ? c.events.filter((e) => e.type === this.#kind) : c.events;
      if (events.length > 0 || !this.#kind) out.push({ ...c, events });
    }
    return out;
  }

  /** The visible events, one JSON object per line. */
  toNdjson(): string {
    return this.visible
      .flatMap((c) => c.events)
      .map((e) => `${JSON.stringify(e)}\n`)
      .join('');
  }

  /** The visible calls as lollms_hub streams them to a chat client. */
  wire(format: WireFormat, model = 'toolplay'): string {
    return frameCalls(
      this.visible.flatMap((c) => c.events),
      format,
      { model },
    );
  }
}

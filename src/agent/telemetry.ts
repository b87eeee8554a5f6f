/** The loop's framing as telemetry: each piece an `agent.text` event of its round's group. */
import type { TelemetryEvent } from '../protocol/events.ts';

export type FramingSink = (text: string, round: number) => void;

/** `runId` names one run of the loop; each round's pieces share `<runId>-round-<N>` as their callId. */
export function framingEvents(runId: string, emit: (e: TelemetryEvent) => void): FramingSink {
  return (text, round) => emit({ type: 'agent.text', callId: `${runId}-round-${round}`, round, text, t: Date.now() });
}

/** A fresh id for one run of the loop. */
export function newRunId(): string {
  return `agent-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

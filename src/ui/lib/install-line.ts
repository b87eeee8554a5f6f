/**
 * The telemetry's line for `package.installing`: its start, and its end as it went — "done installing"
 * only when every requirement installed; otherwise which could not be (the `package.failed` lines
 * before it say why).
 */
import type { TelemetryEvent } from '../../protocol/events.ts';

type Installing = Extract<TelemetryEvent, { type: 'package.installing' }>;

/** `events`: the call's events, `e` among them. */
export function installLine(e: Installing, events: readonly TelemetryEvent[]): string {
  const asked = e.requirements.join(', ');
  if (!e.done) return `installing ${asked}`;
  // The failures of this install: those since its start.
  const at = events.indexOf(e);
  const failed = new Set<string>();
  for (let i = at - 1; i >= 0; i--) {
    const before = events[i];
    if (before?.type === 'package.installing' && !before.done) break;
    if (before?.type === 'package.failed') failed.add(before.requirement.trim());
  }
  if (!failed.size) return `done installing ${asked}`;
  const installed = e.requirements.filter((r) => !failed.has(r.trim()));
  const missed = e.requirements.filter((r) => failed.has(r.trim()));
  const named = missed.length ? missed.join(', ') : [...failed].join(', ');
  return `${installed.length ? `installed ${installed.join(', ')}; ` : ''}could not install ${named}`;
}

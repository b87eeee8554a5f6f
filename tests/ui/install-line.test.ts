// The telemetry's install lines: "done installing" only when everything installed; after a failure,
// which requirements could not be installed (and which were).
import { describe, expect, it } from 'vitest';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import { installLine } from '../../src/ui/lib/install-line.ts';

type Installing = Extract<TelemetryEvent, { type: 'package.installing' }>;
const start = (requirements: string[]): Installing => ({
  type: 'package.installing',
  callId: 'c',
  requirements,
  done: false,
  t: 1,
});
const end = (requirements: string[]): Installing => ({ ...start(requirements), done: true, t: 3 });
const failed = (requirement: string): TelemetryEvent => ({
  type: 'package.failed',
  callId: 'c',
  requirement,
  message: 'the package source could not be reached: https://pypi.org did not answer (Failed to fetch)',
  t: 2,
});

describe('installLine', () => {
  it('says done installing when nothing failed', () => {
    const events = [start(['requests']), end(['requests'])];
    expect(installLine(events[0] as Installing, events)).toBe('installing requests');
    expect(installLine(events[1] as Installing, events)).toBe('done installing requests');
  });

  it('never says done installing after a failure: names what could not be installed, and what was', () => {
    const events = [start(['requests', 'pyyaml']), failed('requests'), end(['requests', 'pyyaml'])];
    expect(installLine(events[2] as Installing, events)).toBe('installed pyyaml; could not install requests');
    const all = [start(['requests']), failed('requests'), end(['requests'])];
    expect(installLine(all[2] as Installing, all)).toBe('could not install requests');
  });

  it("counts only this install's failures, not an earlier one's in the same call", () => {
    const events = [start(['a']), failed('a'), end(['a']), start(['b']), end(['b'])];
    expect(installLine(events[4] as Installing, events)).toBe('done installing b');
  });
});

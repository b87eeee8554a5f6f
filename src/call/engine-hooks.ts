/**
 * What a Python call hands the engine and reads back: events and confirmation requests from Python,
 * narrowed; package installs as the engine asks for them (`hooks.install`, or the `needs` of a first
 * answer), with their progress throttled to events. Leaf helpers of the call wrapper's Python runner.
 */
import type { Engine } from '../engine/engine.ts';
import type { ConfirmRequest, ToolArguments } from '../protocol/engine.ts';
import type { RunnerEvent } from '../protocol/events.ts';
import type { PackageNeed } from '../protocol/packages.ts';
import type { InstallProgress, InstallSink } from '../packages/installer.ts';
import { guessedMessage, guessedOnly, requirementsOf } from '../packages/needs.ts';
import { isOneOf, RUNNER_EVENT_TYPES } from '../protocol/vocabulary.ts';
import { isRecord } from '../protocol/records.ts';

/** JSON text from Python, or null when it does not parse. */
export function parseJson(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/** An event the runner may stream (type checked; the rest is the engine's contract). Anything else is dropped. */
export function readRunnerEvent(value: unknown): RunnerEvent | null {
  return isRecord(value) && isOneOf(RUNNER_EVENT_TYPES, value.type) ? (value as unknown as RunnerEvent) : null;
}

/** A confirmation request from Python, narrowed (missing text fields read as empty). */
export function readConfirmRequest(value: unknown): ConfirmRequest {
  const r = isRecord(value) ? value : {};
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return { tool: text(r.tool), label: text(r.label), content: text(r.content), raw: r.raw };
}

/** Installs what a call's files ask for (the engine asks only a caller that installs: `installs`). */
export async function installNeeds(engine: Engine, needs: PackageNeed[], sink: InstallSink): Promise<void> {
  const packages = engine.packages;
  if (!packages) return;
  // An import whose package is only guessed is installed only when the person said so.
  const guessed = packages.installer.sources.installGuessed ? [] : guessedOnly(needs, packages.lock);
  for (const need of guessed)
    sink.event({ type: 'package.failed', requirement: need.text, message: guessedMessage(need) });
  const wanted = needs.filter((n) => !guessed.includes(n));
  if (wanted.length) await packages.installer.install(requirementsOf(wanted, packages.lock), sink);
}

export function readRequirements(json: string): string[] {
  const value = parseJson(json);
  return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
}

/** Progress as `package.progress` events, at most one per wheel every 100 ms (and its last). */
export function throttled(emit: (event: RunnerEvent) => void): (p: InstallProgress) => void {
  const last = new Map<string, number>();
  return (p) => {
    const now = performance.now();
    const done = p.total !== null && p.loaded >= p.total;
    if (!done && now - (last.get(p.name) ?? -Infinity) < 100) return;
    last.set(p.name, now);
    emit({ type: 'package.progress', name: p.name, loaded: p.loaded, total: p.total, t: Date.now() });
  };
}

/** Just the arguments of a call, as written (contract 2). */
export function toolArguments(params: ToolArguments): ToolArguments {
  return params.argsJson === undefined ? { args: params.args } : { argsJson: params.argsJson };
}

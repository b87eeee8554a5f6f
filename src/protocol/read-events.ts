/**
 * Recorded telemetry from a link or file, narrowed field by field into toolplay's event types (only
 * known fields are copied). Event types this version does not know are skipped, so a link from a
 * newer toolplay still opens; a known event with a wrong field is refused.
 */
import { CONFIRM_DECISIONS, FAIL_REASONS } from './vocabulary.ts';
import type { TelemetryEvent, TelemetryEventType } from './events.ts';

type Fields = Record<string, unknown>;

class Malformed extends Error {}

const text = (o: Fields, key: string): string => {
  const v = o[key];
  if (typeof v !== 'string') throw new Malformed(`"${key}" must be text`);
  return v;
};
const number = (o: Fields, key: string): number => {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Malformed(`"${key}" must be a number`);
  return v;
};
const paths = (o: Fields, key: string): string[] => {
  const v = o[key];
  if (!Array.isArray(v) || !v.every((p) => typeof p === 'string'))
    throw new Malformed(`"${key}" must be a list of paths`);
  return [...v];
};
function oneOf<T extends string>(o: Fields, key: string, allowed: readonly T[]): T {
  const v = o[key];
  const found = allowed.find((a) => a === v);
  if (found === undefined) throw new Malformed(`"${key}" must be one of ${allowed.join(', ')}`);
  return found;
}

const READERS: {
  [K in TelemetryEventType]: (o: Fields, base: { callId: string; t: number }) => Extract<TelemetryEvent, { type: K }>;
} = {
  'call.started': (o, b) => ({
    type: 'call.started',
    ...b,
    tool: text(o, 'tool'),
    args: o.args ?? null,
    ...(typeof o.argsJson === 'string' ? { argsJson: o.argsJson } : {}),
    statusLine: text(o, 'statusLine'),
  }),
  'confirm.asked': (o, b) => ({
    type: 'confirm.asked',
    ...b,
    tool: text(o, 'tool'),
    label: text(o, 'label'),
    content: text(o, 'content'),
  }),
  'confirm.answered': (o, b) => ({
    type: 'confirm.answered',
    ...b,
    decision: oneOf(o, 'decision', CONFIRM_DECISIONS),
    ...(o.reason === undefined ? {} : { reason: text(o, 'reason') }),
    ...(o.auto === undefined ? {} : { auto: o.auto === true }),
  }),
  'call.stdout': (o, b) => ({ type: 'call.stdout', ...b, text: text(o, 'text') }),
  'call.stderr': (o, b) => ({ type: 'call.stderr', ...b, text: text(o, 'text') }),
  'python.changed': (o, b) => ({
    type: 'python.changed',
    ...b,
    restored: paths(o, 'restored'),
    kept: paths(o, 'kept'),
    restart: o.restart === true,
  }),
  'fs.changed': (o, b) => ({
    type: 'fs.changed',
    ...b,
    created: paths(o, 'created'),
    modified: paths(o, 'modified'),
    deleted: paths(o, 'deleted'),
  }),
  'call.finished': (o, b) => ({
    type: 'call.finished',
    ...b,
    result: o.result ?? null,
    durationMs: number(o, 'durationMs'),
  }),
  'call.failed': (o, b) => ({
    type: 'call.failed',
    ...b,
    reason: oneOf(o, 'reason', FAIL_REASONS),
    message: text(o, 'message'),
    durationMs: number(o, 'durationMs'),
  }),
  'package.installing': (o, b) => ({
    type: 'package.installing',
    ...b,
    requirements: paths(o, 'requirements'),
    done: o.done === true,
  }),
  'package.installed': (o, b) => ({
    type: 'package.installed',
    ...b,
    name: text(o, 'name'),
    version: text(o, 'version'),
    source: oneOf(o, 'source', ['pyodide', 'index'] as const),
    url: text(o, 'url'),
    ...(o.file === undefined ? {} : { file: text(o, 'file') }),
    ...(o.index === undefined ? {} : { index: text(o, 'index') }),
    bytes: number(o, 'bytes'),
    cached: o.cached === true,
    ms: number(o, 'ms'),
    ...(o.sdist === undefined ? {} : { sdist: text(o, 'sdist') }),
    ...(o.buildMs === undefined ? {} : { buildMs: number(o, 'buildMs') }),
  }),
  'package.failed': (o, b) => ({
    type: 'package.failed',
    ...b,
    requirement: text(o, 'requirement'),
    message: text(o, 'message'),
  }),
  'package.progress': (o, b) => ({
    type: 'package.progress',
    ...b,
    name: text(o, 'name'),
    loaded: number(o, 'loaded'),
    total: o.total === null ? null : number(o, 'total'),
  }),
  'net.request': (o, b) => ({
    type: 'net.request',
    ...b,
    method: text(o, 'method'),
    url: text(o, 'url'),
    status: number(o, 'status'),
    bytes: number(o, 'bytes'),
    ms: number(o, 'ms'),
    ...(o.proxied === true ? { proxied: true } : {}),
    ...(o.error === undefined ? {} : { error: text(o, 'error') }),
  }),
  'agent.text': (o, b) => ({ type: 'agent.text', ...b, round: number(o, 'round'), text: text(o, 'text') }),
  'agent.call': (o, b) => ({ type: 'agent.call', ...b, round: number(o, 'round'), toolCallId: text(o, 'toolCallId') }),
};

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Recorded events that cannot be read: the message names the first bad event. */
export class UnreadableEvents extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableEvents';
  }
}

/** `value` as a list of telemetry events; throws one UnreadableEvents naming the first bad event. */
export function readEvents(value: unknown): TelemetryEvent[] {
  if (!Array.isArray(value)) throw new UnreadableEvents('"telemetry" must be a list of events');
  const out: TelemetryEvent[] = [];
  value.forEach((item: unknown, i) => {
    const where = `telemetry event ${i + 1}`;
    if (!isObject(item) || typeof item.type !== 'string')
      throw new UnreadableEvents(`${where} is not an event (an object with a "type")`);
    if (!Object.hasOwn(READERS, item.type)) return;
    const type = item.type as TelemetryEventType;
    try {
      out.push(READERS[type](item, { callId: text(item, 'callId'), t: number(item, 't') }));
    } catch (e) {
      if (e instanceof Malformed) throw new UnreadableEvents(`${where} (${type}) is malformed: ${e.message}`);
      throw e;
    }
  });
  return out;
}

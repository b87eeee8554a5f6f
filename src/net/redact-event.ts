/**
 * A telemetry event as it may be kept, shown, exported or shared: every text it carries read as free
 * text, every URL as a URL, and JSON values (arguments, results) member by member, a secret-named
 * member's value replaced (src/net/redact.ts). Ids, times, sizes and paths stay.
 */
import type { TelemetryEvent } from '../protocol/events.ts';
import { REDACTED, isSecretPair, redactText, redactUrl } from './redact.ts';

/** A JSON value with each string read as free text, and each value under a secret name replaced. */
export function redactJson(value: unknown, name?: string): unknown {
  if (typeof value === 'string') return name !== undefined && isSecretPair(name, value) ? REDACTED : redactText(value);
  if ((typeof value === 'number' || typeof value === 'bigint') && name !== undefined)
    return isSecretPair(name, String(value)) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, name));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJson(v, k)]));
  // A number kept as Python wrote it (lossless-json's LosslessNumber: its text in `value`).
  if (
    name !== undefined &&
    typeof value === 'object' &&
    value !== null &&
    'isLosslessNumber' in value &&
    'value' in value
  )
    return isSecretPair(name, String(value.value)) ? REDACTED : value;
  return value;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);

export function redactEvent(e: TelemetryEvent): TelemetryEvent {
  switch (e.type) {
    case 'call.started':
      return {
        ...e,
        args: redactJson(e.args),
        ...(e.argsJson === undefined ? {} : { argsJson: redactText(e.argsJson) }),
        statusLine: redactText(e.statusLine),
      };
    case 'confirm.asked':
      return { ...e, label: redactText(e.label), content: redactText(e.content) };
    case 'confirm.answered':
      return e.reason === undefined ? e : { ...e, reason: redactText(e.reason) };
    case 'call.stdout':
    case 'call.stderr':
    case 'agent.text':
      return { ...e, text: redactText(e.text) };
    case 'package.installing':
      return { ...e, requirements: e.requirements.map(redactText) };
    case 'package.installed':
      return { ...e, url: redactUrl(e.url) };
    case 'package.failed':
      return { ...e, requirement: redactText(e.requirement), message: redactText(e.message) };
    case 'net.request':
      return { ...e, url: redactUrl(e.url), ...(e.error === undefined ? {} : { error: redactText(e.error) }) };
    case 'call.finished':
      return { ...e, result: redactJson(e.result) };
    case 'call.failed':
      return { ...e, message: redactText(e.message) };
    case 'python.changed':
    case 'fs.changed':
    case 'package.progress':
    case 'agent.call':
      return e;
  }
}

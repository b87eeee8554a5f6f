/**
 * What a link or `.toolplay.json` may carry of what was printed and typed: the recorded telemetry,
 * the arguments as typed, the Agent panel (its conversation, script and endpoint) and the package
 * sources, each redacted by the one rule set (src/net/redact.ts); and every value the person keeps
 * back (src/share/secrets.ts: `secretValuesOf`) replaced wherever it appears in them, because a
 * tool may have printed it. Files and the host configuration are the person's choice in the dialog.
 */
import { agentSettings } from '../agent/settings.ts';
import { redactEvent, redactJson } from '../net/redact-event.ts';
import { REDACTED, redactText } from '../net/redact.ts';
import type { SharedWorkspace } from './payload.ts';

type Carried = Pick<SharedWorkspace, 'call' | 'telemetry'> & Partial<Pick<SharedWorkspace, 'agent' | 'packages'>>;

/** Shorter values are not searched for: they would match ordinary text. */
export const MIN_SECRET_CHARS = 6;

/** Each string of a JSON-like value through `f` (numbers kept as Python wrote them stay objects as they are). */
function mapStrings<T>(value: T, f: (s: string) => string): T {
  if (typeof value === 'string') return f(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, f)) as T;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)])) as T;
  return value;
}

/** Replaces each secret as written, percent-encoded (in a URL) and JSON-escaped (in JSON text). */
function replacer(secrets: readonly string[]): (text: string) => string {
  const forms = [
    ...new Set(
      secrets
        .filter((s) => s.length >= MIN_SECRET_CHARS)
        .flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]),
    ),
  ].sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((t, form) => (t.includes(form) ? t.split(form).join(REDACTED) : t), text);
}

export function scrubbed<T extends Carried>(ws: T, secrets: readonly string[] = []): T {
  const hide = replacer(secrets);
  const text = (s: string) => hide(redactText(s));
  return {
    ...ws,
    call: ws.call ? { tool: ws.call.tool, argsText: text(ws.call.argsText) } : null,
    telemetry: ws.telemetry.map((e) => ({ ...mapStrings(redactEvent(e), hide), type: e.type, callId: e.callId })),
    ...(ws.agent ? { agent: agentSettings(mapStrings(redactJson(ws.agent), hide)) } : {}),
    ...(ws.packages ? { packages: mapStrings(ws.packages, text) } : {}),
  };
}

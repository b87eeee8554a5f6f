/**
 * Why a model may have sent the wrong argument: what the profile's host told it about that parameter
 * against what the standard (intent-preserving) schema says, and the diagnostic that explains the
 * difference (e.g. LCP001: LCP describes `List[int]` as `integer`, so the model sends an integer).
 * Pure: the specs and the diagnostics come from the engine.
 */
import type { OpenAiTool } from '../agent/types.ts';
import type { Diagnostic } from '../protocol/diagnostics.ts';
import { concerns } from '../protocol/diagnostics.ts';
import { isRecord } from '../protocol/records.ts';
import type { EvalVerdict } from './judge.ts';
import type { EvalProfile } from './format.ts';

/** What the model was told to send for one parameter of one tool: its JSON type, or null. */
export function paramType(specs: readonly OpenAiTool[], tool: string, param: string): string | null {
  const spec = specs.find((s) => s.function.name === tool);
  const params = spec?.function.parameters;
  const props = isRecord(params) && isRecord(params.properties) ? params.properties : null;
  const prop = props?.[param];
  if (!isRecord(prop)) return null;
  if (typeof prop.type === 'string') return prop.type;
  if (Array.isArray(prop.type)) return prop.type.join(' or ');
  return null;
}

/** The lint host a profile's diagnostics are about (standard is no host: nothing to blame). */
const lintHost = (profile: EvalProfile): string | null => (profile === 'standard' ? null : profile);

/** A diagnostic about this parameter of this tool, for this host (LCP001 names `values: List[int]` in tool_sum). */
function diagnosticOf(
  diagnostics: readonly Diagnostic[],
  host: string,
  tool: string,
  param: string,
): Diagnostic | null {
  const named = (d: Diagnostic): boolean =>
    (d.message.includes(`\`${param}:`) || d.message.includes(`\`${param}\``)) && d.message.includes(tool);
  return diagnostics.find((d) => d.profiles.length > 0 && concerns(d, [host]) && named(d)) ?? null;
}

export interface NoteInput {
  profile: EvalProfile;
  /** The tools as this profile's host told the model. */
  sent: readonly OpenAiTool[];
  /** The tools as the standard schema describes them. */
  standard: readonly OpenAiTool[];
  diagnostics: readonly Diagnostic[];
}

/** One line per failed argument verdict that the host's description explains; none otherwise. */
export function argumentNotes(verdicts: readonly EvalVerdict[], o: NoteInput): string[] {
  const notes = new Set<string>();
  for (const v of verdicts) {
    if (v.ok || !v.tool || !v.param) continue;
    const told = paramType(o.sent, v.tool, v.param);
    const meant = paramType(o.standard, v.tool, v.param);
    const host = lintHost(o.profile);
    const d = host ? diagnosticOf(o.diagnostics, host, v.tool, v.param) : null;
    if (!d && (told === null || meant === null || told === meant)) continue;
    const types =
      told !== null && meant !== null && told !== meant
        ? `${o.profile} told the model \`${v.param}\` of ${v.tool} is ${told}, where the standard schema says ${meant}`
        : `${o.profile} told the model \`${v.param}\` of ${v.tool} is ${told ?? 'untyped'}`;
    notes.add(d ? `${types}: ${d.code} (docs/diagnostics.md#${d.code.toLowerCase()}) ${d.message}` : types);
  }
  return [...notes];
}

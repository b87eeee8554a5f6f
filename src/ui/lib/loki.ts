/**
 * What Loki does with each file of `visible_tools` at start-up (loki.md §1–2): it builds every
 * listed file, and one bad entry stops it from starting. Pure, so it is tested without a browser.
 */
import type { Diagnostic } from '../../protocol/diagnostics.ts';

export type Verdict = 'builds' | 'refuses' | 'silent' | 'unlisted';

export interface LokiEntry {
  file: string;
  listed: boolean;
  exists: boolean;
  verdict: Verdict;
  /** What Loki does, in its own words where it has them. */
  says: string;
}

export interface LokiInput {
  /** Files under functions/tools/, relative to that folder (e.g. "greet.sh"). */
  files: string[];
  /** `visible_tools` from config.yaml, null when the key (or the file) is missing. */
  visible: string[] | null;
  /** Declaration names the engine built per file (relative to functions/tools/). */
  declarations: Map<string, string[]>;
  /** Error diagnostics per file (relative to functions/tools/). */
  errors: Map<string, Diagnostic[]>;
}

export function lokiEntries(input: LokiInput): LokiEntry[] {
  const visible = input.visible ?? [];
  const names = [...new Set([...visible, ...input.files])];
  return names.map((file) => {
    const listed = visible.includes(file);
    const exists = input.files.includes(file);
    const base = { file, listed, exists };
    if (!listed) return { ...base, verdict: 'unlisted', says: 'Not in visible_tools: Loki never builds it, so it cannot be enabled.' };
    if (!exists) return { ...base, verdict: 'refuses', says: `Loki refuses to start: Tool definition file not found: functions/tools/${file}` };
    if (!file.endsWith('.py') && !file.endsWith('.sh')) return { ...base, verdict: 'refuses', says: `Loki refuses to start: Unsupported tool file extension (${file})` };
    const errors = input.errors.get(file) ?? [];
    if (errors.length > 0) return { ...base, verdict: 'refuses', says: `Loki refuses to start: ${errors.map((d) => d.message).join('; ')}` };
    const decls = input.declarations.get(file) ?? [];
    if (file.endsWith('.py') && decls.length === 0)
      return { ...base, verdict: 'silent', says: 'No top-level `def run`: Loki builds no declaration for this file and says nothing.' };
    if (decls.length > 1 && new Set(decls).size === 1)
      return { ...base, verdict: 'builds', says: `Two top-level \`def run\`: Loki declares "${decls[0]}" twice; Python runs the last one.` };
    const stem = file.replace(/\.(py|sh)$/, '');
    const note = /^[a-z0-9_]+$/.test(stem) ? '' : ` The wrapper is bin/${stem} but the model calls ${decls[0] ?? stem}: use a lower-case snake_case file name.`;
    return { ...base, verdict: 'builds', says: `Builds ${decls.map((d) => `"${d}"`).join(', ') || 'its declaration'}.${note}` };
  });
}

/** The schema diff as text for a terminal or a CI log: breaking changes first, each on its own line. */
import type { SchemaDiff } from './diff.ts';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatDiff(diff: SchemaDiff, profile: string): string {
  if (diff.changes.length === 0) return `No change in what the ${profile} profile tells the model.\n`;
  const line = (c: SchemaDiff['changes'][number]): string => `  ${c.tool}: ${c.message}\n`;
  const breaking = diff.changes.filter((c) => c.breaking);
  const other = diff.changes.filter((c) => !c.breaking);
  let out = '';
  if (breaking.length) out += `Breaking changes (${profile}):\n${breaking.map(line).join('')}`;
  if (other.length) out += `${out ? '\n' : ''}Other changes (${profile}):\n${other.map(line).join('')}`;
  return `${out}\n${plural(breaking.length, 'breaking change')}, ${plural(other.length, 'other change')}.\n`;
}

/** The case names an eval file holds (none when it is missing or does not read). */
import { readEvalFile } from './read.ts';

export function namesIn(text: string | null): Set<string> {
  if (text === null) return new Set();
  const read = readEvalFile('', text);
  return new Set('problem' in read ? [] : read.cases.map((c) => c.name));
}

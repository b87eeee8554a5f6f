/**
 * Requirement lines as pip and micropip read them (PEP 508, the parts tool libraries use): a name,
 * optional extras, an optional version specifier, an optional environment marker. Only split, never
 * evaluated: whether a version satisfies a specifier is micropip's business (and pipmaster's, in Python);
 * no-wheel.ts compares versions only to explain why micropip found nothing.
 */

/** A requirement split into its parts; `text` is the line as written (what micropip is given). */
export interface Requirement {
  text: string;
  /** As written (`Wikipedia`, `youtube_transcript_api`). */
  name: string;
  /** PEP 503's normal form (`wikipedia`, `youtube-transcript-api`): how the lock and indexes name it. */
  key: string;
  extras: string[];
  /** `>=1.4.0`, `==2.*`, '' for any version. */
  spec: string;
  /** After `;`: when it applies (`python_version < "3.12"`), '' for always. */
  marker: string;
}

/** PEP 503: lower case, runs of `-`, `_` and `.` as one `-`. */
export function canonicalName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

const LINE = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[([^\]]*)\])?\s*([^;]*?)\s*(?:;\s*(.*))?$/;

/** The requirement a line states, or null when it is not one (a URL, an option such as `-r`, garbage). */
export function parseRequirement(line: string): Requirement | null {
  const text = line.trim();
  const match = LINE.exec(text);
  if (!match || text.startsWith('-')) return null;
  const [, name = '', extras = '', spec = '', marker = ''] = match;
  if (spec !== '' && !/^(\(?\s*(===|==|!=|~=|<=|>=|<|>)\s*[A-Za-z0-9.*+!_-]+\s*,?\s*)+\)?$/.test(spec)) return null;
  return {
    text,
    name,
    key: canonicalName(name),
    extras: extras
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
    spec: spec.replace(/\s+/g, ''),
    marker: marker.trim(),
  };
}

/** One line of a requirements.txt: a requirement, nothing (blank, comment), or what toolplay cannot use. */
export type RequirementsLine = { line: number; requirement: Requirement } | { line: number; unsupported: string };

/** The requirements of a requirements.txt text, with their lines; options (`-r`, `--index-url`) and URLs are reported unsupported. */
export function parseRequirementsFile(text: string): RequirementsLine[] {
  const out: RequirementsLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') return;
    const requirement = parseRequirement(line);
    out.push(requirement ? { line: i + 1, requirement } : { line: i + 1, unsupported: line });
  });
  return out;
}

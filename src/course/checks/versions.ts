/**
 * A requirement judged by the versions it allows, not by its text: `humanize>=4.9.0,<5`,
 * `humanize~=4.9` and `humanize >= 4.9` all ask for "4.9.0 or newer in 4.x", as pip reads them
 * (PEP 440, through @renovatebot/pep440 as the package installer reads them).
 */
import { satisfies, validRange } from '@renovatebot/pep440';
import { canonicalName, parseRequirement } from '../../packages/requirement.ts';

/** Whether `version` meets `specifier` (clauses joined by commas); null when the specifier cannot be read. */
export function allows(specifier: string, version: string): boolean | null {
  if (specifier.trim() === '') return true;
  if (!validRange(specifier)) return null;
  return satisfies(version, specifier);
}

/**
 * Whether `requirement` is one for `name` that allows every version of `allowed` and none of
 * `refused` (a requirement for another package, or one that cannot be read, is not).
 */
export function asksFor(requirement: string, name: string, allowed: string[], refused: string[]): boolean {
  const r = parseRequirement(requirement);
  if (!r || canonicalName(r.name) !== canonicalName(name)) return false;
  return allowed.every((v) => allows(r.spec, v) === true) && refused.every((v) => allows(r.spec, v) === false);
}

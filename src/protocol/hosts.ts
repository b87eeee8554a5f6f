/**
 * Every host toolplay answers as, described once: the profile lists in vocabulary.ts, the CLI's
 * `--profile` choices (which read them) and the UI's host labels derive from this table. The
 * engine's side is python/toolplay/hosts/registry.py (which module answers for a profile);
 * tests/python/vocabulary.test.ts holds the two together. docs/architecture.md ("Adding a host")
 * gives the steps for a new one.
 *
 * Names: the profile is what requests and settings say (`hub`); the family is the protocol a host
 * speaks, as the examples and lessons group them (`ltp`: lollms_hub speaks LTP); `python` is the
 * engine's package (`hosts/hub`). Loki and llm-functions are two profiles of one family and package.
 */

/** What the rest of toolplay needs to know about a host. */
export interface HostDescription {
  readonly profile: string;
  /** The protocol it speaks: `lcp` (lollms_client), `ltp` (lollms_hub), `loki`, or `standard` (toolplay's own schema). */
  readonly family: string;
  /** How the Tools panel's profile picker names it. */
  readonly label: string;
  /** The engine's package answering for it (python/toolplay/…). */
  readonly python: string;
  /** It runs tools (`call`): a Run, the CLI's `call` and the agent can use it. */
  readonly calls: boolean;
  /** It prints a line as a call starts (the engine's `status`). */
  readonly statusLine: boolean;
  /** Diagnostics are about it (python/toolplay/lint/hosts.py); `standard` is no host's reading. */
  readonly linted: boolean;
  /** Which of Loki's flavours it is (src/loki answers it whole, with its Bash tools), or null. */
  readonly loki: boolean;
}

export const HOST_TABLE = [
  {
    profile: 'lcp',
    family: 'lcp',
    label: 'lcp — lollms_client LCP binding',
    python: 'hosts/lcp',
    calls: true,
    statusLine: false,
    linted: true,
    loki: false,
  },
  {
    profile: 'hub',
    family: 'ltp',
    label: 'hub — lollms_hub LTP',
    python: 'hosts/hub',
    calls: true,
    statusLine: true,
    linted: true,
    loki: false,
  },
  {
    profile: 'loki',
    family: 'loki',
    label: 'loki — Loki',
    python: 'hosts/loki',
    calls: true,
    statusLine: true,
    linted: true,
    loki: true,
  },
  {
    profile: 'llm-functions',
    family: 'loki',
    label: 'llm-functions',
    python: 'hosts/loki',
    calls: false,
    statusLine: true,
    linted: true,
    loki: true,
  },
  {
    profile: 'standard',
    family: 'standard',
    label: 'standard — what you meant',
    python: 'hosts/standard',
    calls: false,
    statusLine: false,
    linted: false,
    loki: false,
  },
] as const satisfies readonly HostDescription[];

type Entry = (typeof HOST_TABLE)[number];
/** A yes/no of the description. */
type Flag = 'calls' | 'statusLine' | 'linted' | 'loki';
/** The profiles of the table's entries that have `flag`. */
type With<F extends Flag> = Extract<Entry, Record<F, true>>['profile'];

/** Every profile of `table`, in its order. */
export const profilesOf = <T extends HostDescription>(table: readonly T[]): Array<T['profile']> =>
  table.map((h) => h.profile);

/** The profiles of `table` whose entry has `flag` set, in its order. */
export const profilesWith = <T extends HostDescription, F extends Flag>(
  table: readonly T[],
  flag: F,
): Array<Extract<T, Record<F, true>>['profile']> =>
  // TypeScript widens a generic entry's `profile` to string; the filter kept only entries with `flag`.
  table.filter((h) => h[flag]).map((h) => h.profile as Extract<T, Record<F, true>>['profile']);

export type ProfileName = Entry['profile'];
export type CallingProfile = With<'calls'>;
export type StatusProfile = With<'statusLine'>;
export type LintedProfile = With<'linted'>;
export type LokiProfile = With<'loki'>;

/** The table's entry of `profile`. */
export function hostOf(profile: ProfileName): Entry {
  const found = HOST_TABLE.find((h) => h.profile === profile);
  if (!found) throw new Error(`no host for profile ${profile}`);
  return found;
}

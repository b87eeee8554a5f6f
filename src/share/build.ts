/**
 * The link and file of a workspace as the Share dialog offers them. Binary files ride along while
 * the link stays under its limit; past it they are left out of the link (and named), the file keeps
 * everything. What it carries of output and typed text is redacted first (src/share/scrub.ts).
 */
import type { HostConfig, Profile } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import { encodeFile, encodeLink } from './codec.ts';
import { ShareError, type ShareProblem } from './errors.ts';
import type { SharedCall, SharedWorkspace } from './payload.ts';
import { scrubbed } from './scrub.ts';

/** What Share reads from the workspace on screen (after the person's choices were applied). */
export interface ShareSource {
  name: string | null;
  files: ReadonlyMap<string, Uint8Array>;
  folders: readonly string[];
  profile: Profile;
  open: string | null;
  call: SharedCall | null;
  host: HostConfig;
  telemetry: readonly TelemetryEvent[];
  agent?: SharedWorkspace['agent'];
  packages?: SharedWorkspace['packages'];
  /** Values kept back (src/share/secrets.ts: secretValuesOf), replaced wherever the carried output repeats them. */
  secrets?: readonly string[];
}

export interface ShareResult {
  /** The link, or why there is none. */
  link: { url: string; dataBytes: number } | { error: string };
  /** Binary files the link leaves out to stay under its limit (the file has them). */
  leftOut: string[];
  /** The `.toolplay.json` text, or why there is none. */
  file: { text: string } | { error: string };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function isBinary(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return false;
  } catch {
    return true;
  }
}

export function buildShare({ secrets, ...source }: ShareSource, base: string): ShareResult {
  // Redacted here, so whatever builds a share gets it (src/share/scrub.ts).
  const ws: SharedWorkspace = scrubbed(
    { ...source, files: new Map(source.files), folders: [...source.folders], telemetry: [...source.telemetry] },
    secrets,
  );
  const attempt = <T>(make: () => T): T | { error: string; problem: ShareProblem } => {
    try {
      return make();
    } catch (e) {
      if (e instanceof ShareError) return { error: e.message, problem: e.problem };
      throw e;
    }
  };
  const made = attempt(() => ({ text: encodeFile(ws) }));
  const file = 'error' in made ? { error: made.error } : made;
  const full = attempt(() => encodeLink(ws, base));
  if (!('error' in full) || full.problem !== 'too-large') return { link: asLink(full), leftOut: [], file };
  const leftOut = [...ws.files].filter(([, bytes]) => isBinary(bytes)).map(([path]) => path);
  if (leftOut.length === 0) return { link: { error: full.error }, leftOut: [], file };
  const textOnly = attempt(() =>
    encodeLink({ ...ws, files: new Map([...ws.files].filter(([path]) => !leftOut.includes(path))) }, base),
  );
  return 'error' in textOnly
    ? { link: { error: full.error }, leftOut: [], file }
    : { link: asLink(textOnly), leftOut: leftOut.sort(), file };
}

const asLink = (r: { link: string; dataBytes: number } | { error: string }) =>
  'error' in r ? { error: r.error } : { url: r.link, dataBytes: r.dataBytes };

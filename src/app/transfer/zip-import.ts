/**
 * A `.zip` unpacked into the workspace under the share links' rules: every member's path checked
 * first (src/share/paths.ts checkLayout: no "..", nothing absolute, no name twice…), then what it
 * would unpack to (src/packages/archive-check.ts: declared and real sizes, members counted, capped
 * at the share links' MAX_PAYLOAD_BYTES), and only then inflated, by fflate. Any problem refuses
 * the whole archive in one line (ImportRefusal); nothing is written.
 */
import { unzipSync } from 'fflate';
import { archiveProblem, type ArchiveLimits } from '../../packages/archive-check.ts';
import { checkLayout } from '../../share/paths.ts';
import { ShareError } from '../../share/errors.ts';
import { MAX_FILES, MAX_PAYLOAD_BYTES } from '../../share/limits.ts';
import { ImportRefusal } from './import-plan.ts';
import { incomingOfBytes, type IncomingFile } from './incoming.ts';

/** What a zip may unpack to: a share link's caps (folders count as members too). */
export const ZIP_IMPORT_LIMITS: ArchiveLimits = {
  maxBytes: MAX_PAYLOAD_BYTES,
  ratio: 1000,
  ratioFloor: MAX_PAYLOAD_BYTES,
  maxMembers: MAX_FILES * 2,
};

export function isZipName(name: string): boolean {
  return /\.zip$/i.test(name);
}

/** The archive's member names, read from its central directory without inflating anything. */
function memberNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch (e) {
    throw new ImportRefusal(`it is not a zip archive that toolplay can read (${(e as Error).message})`);
  }
  return names;
}

/** The zip's files (an empty folder is left out: folders appear with their files), or an ImportRefusal. */
export function filesOfZip(bytes: Uint8Array): IncomingFile[] {
  const names = memberNames(bytes);
  const folders = names.filter((n) => n.endsWith('/')).map((n) => n.slice(0, -1));
  const files = names.filter((n) => !n.endsWith('/'));
  try {
    checkLayout(files, folders);
  } catch (e) {
    if (e instanceof ShareError) throw new ImportRefusal(e.message.replace('the shared workspace', 'the archive'));
    throw e;
  }
  const problem = archiveProblem('archive.zip', bytes, ZIP_IMPORT_LIMITS);
  if (problem) throw new ImportRefusal(problem);
  const unpacked = unzipSync(bytes, { filter: (file) => !file.name.endsWith('/') });
  return files.map((name) => incomingOfBytes(name, unpacked[name] ?? new Uint8Array(0)));
}

/**
 * Files the person brings in — an upload, a folder upload, a drop, a `.zip` (unpacked) — written
 * into a folder of the workspace together, reported in one paragraph ("Added 32 files to
 * tools/weather/."), and undone like a tool call: each import is an entry of the call journal
 * (kind 'import'), so Undo puts back what it replaced and removes what it added.
 */
import type { FileChange } from '../../protocol/worker.ts';
import type { CallJournal } from '../../workspace/journal.svelte.ts';
import { ImportRefusal, planImport, reportOf, type ExistingTree } from './import-plan.ts';
import type { IncomingFile } from './incoming.ts';
import { filesOfZip, isZipName } from './zip-import.ts';

/** What an import needs of the workspace. */
export interface ImportWorkspace extends ExistingTree {
  readonly files: ReadonlyMap<string, Uint8Array>;
  applyChanges(changes: FileChange[], reason?: 'import'): void;
}

export interface ImportReport {
  text: string;
  /** The journal entry Undo reverts (null: nothing was written). */
  undoId: string | null;
  /** Nothing was written: the whole import was refused. */
  refused: boolean;
}

export class FileImport {
  readonly #ws: ImportWorkspace;
  readonly #journal: CallJournal;
  #report = $state<ImportReport | null>(null);
  #count = 0;

  constructor(ws: ImportWorkspace, journal: CallJournal) {
    this.#ws = ws;
    this.#journal = journal;
  }

  /** What the last import did, or why it was refused (null: nothing to say). */
  get report(): ImportReport | null {
    return this.#report;
  }

  dismiss(): void {
    this.#report = null;
  }

  /**
   * Writes `incoming` under `target` ('' for the top). A `.zip` picked or dropped by itself is
   * unpacked there (all or nothing); other files are added, each refused one said. Resolves with
   * the report, also kept in `report`.
   */
  async bring(incoming: readonly IncomingFile[], target: string, what = 'the upload'): Promise<ImportReport> {
    const zip = incoming.length === 1 && incoming[0] && isZipName(incoming[0].path) ? incoming[0] : null;
    try {
      if (zip) return await this.#unpack(zip, target);
      const plan = planImport(target, incoming, this.#ws);
      const changes = await Promise.all(
        plan.accepted.map(async ({ source, path }) => ({ path, content: await incoming[source]!.bytes() })),
      );
      return this.#write(changes, reportOf(plan), what);
    } catch (e) {
      if (!(e instanceof ImportRefusal)) throw e;
      const name = zip ? zip.path : capital(what);
      return this.#say({
        text: `${name} was not added: ${e.message}. Nothing was written.`,
        undoId: null,
        refused: true,
      });
    }
  }

  async #unpack(zip: IncomingFile, target: string): Promise<ImportReport> {
    const members = filesOfZip(await zip.bytes());
    const plan = planImport(target, members, this.#ws, true);
    const changes = await Promise.all(
      plan.accepted.map(async ({ source, path }) => ({ path, content: await members[source]!.bytes() })),
    );
    return this.#write(changes, reportOf(plan, `Unpacked ${zip.path}:`), zip.path);
  }

  #write(changes: FileChange[], text: string, what: string): ImportReport {
    if (changes.length === 0) return this.#say({ text, undoId: null, refused: false });
    const before = new Map(this.#ws.files);
    this.#ws.applyChanges(changes, 'import');
    const undoId = `import-${Date.now()}-${++this.#count}`;
    this.#journal.record(undoId, what, changes, (p) => before.get(p) ?? null, 'import');
    return this.#say({ text, undoId: this.#journal.canUndo(undoId) ? undoId : null, refused: false });
  }

  /** Undoes the last import; says what it did. */
  undo(): void {
    const id = this.#report?.undoId;
    if (id) this.#report = { text: this.#journal.undo(id), undoId: null, refused: false };
  }

  #say(report: ImportReport): ImportReport {
    this.#report = report;
    return report;
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

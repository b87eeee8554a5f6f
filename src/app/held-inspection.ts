/**
 * The inspection the page holds, by generation (the engine's `rescan`, python/toolplay/rescan/): a
 * whole reply replaces it; a patch of the generation held replaces only the groups it names (a
 * group: every entry of one file), and every other entry stays the very object it was, so the
 * panels' keyed blocks leave it alone (a patch that changes nothing gives the very inspection held).
 * A patch of another generation is refused (null): ask again with no base, for the whole.
 */
import type { Diagnostic } from '../protocol/diagnostics.ts';
import type { InspectionPatch, LibraryInfo, ListPatch, ToolInfo } from '../protocol/engine.ts';
import type { WorkspaceInspection, WorkspaceRescan } from '../protocol/worker.ts';

/** One list as groups of consecutive entries naming one file, in order. */
export class FileGroups<T extends { file: string }> {
  private constructor(
    readonly order: readonly string[],
    readonly byFile: ReadonlyMap<string, T[]>,
    readonly entries: T[],
  ) {}

  static of<T extends { file: string }>(entries: T[]): FileGroups<T> {
    const byFile = new Map<string, T[]>();
    for (const entry of entries) {
      const group = byFile.get(entry.file);
      if (group) group.push(entry);
      else byFile.set(entry.file, [entry]);
    }
    return new FileGroups([...byFile.keys()], byFile, entries);
  }

  /** The list with `patch`'s groups in place of their files' (the same object when it changes nothing). */
  patched(patch: ListPatch<T>): FileGroups<T> {
    if (!patch.changed.length && !patch.order) return this;
    const byFile = new Map(this.byFile);
    for (const [file, entries] of patch.changed) byFile.set(file, entries);
    const order = patch.order ?? this.order;
    if (patch.order) {
      const kept = new Set(order);
      for (const file of [...byFile.keys()]) if (!kept.has(file)) byFile.delete(file);
    }
    return new FileGroups(
      order,
      byFile,
      order.flatMap((file) => byFile.get(file) ?? []),
    );
  }
}

interface Held {
  generation: number;
  inspection: WorkspaceInspection;
  libraries: FileGroups<LibraryInfo>;
  tools: FileGroups<ToolInfo>;
  diagnostics: FileGroups<Diagnostic>;
}

const isPatch = (reply: WorkspaceRescan): reply is InspectionPatch => 'base' in reply;

export class HeldInspection {
  #held: Held | null = null;

  /** The generation held (the `base` of the next rescan); null: none, the next reply is whole. */
  get generation(): number | null {
    return this.#held?.generation ?? null;
  }

  /** The inspection after `reply`, now held; null when `reply` patches a generation not held. */
  take(reply: WorkspaceRescan): WorkspaceInspection | null {
    if (isPatch(reply)) return this.#patch(reply);
    const { generation, ...inspection } = reply;
    this.#held =
      typeof generation === 'number'
        ? {
            generation,
            inspection,
            libraries: FileGroups.of(inspection.libraries),
            tools: FileGroups.of(inspection.tools),
            diagnostics: FileGroups.of(inspection.diagnostics),
          }
        : null;
    return inspection;
  }

  /** Holds nothing: the next reply must be whole. */
  forget(): void {
    this.#held = null;
  }

  #patch(patch: InspectionPatch): WorkspaceInspection | null {
    const held = this.#held;
    if (!held || patch.base !== held.generation) return null;
    const libraries = held.libraries.patched(patch.libraries);
    const tools = held.tools.patched(patch.tools);
    const diagnostics = held.diagnostics.patched(patch.diagnostics);
    const same =
      libraries === held.libraries &&
      tools === held.tools &&
      diagnostics === held.diagnostics &&
      patch.profile === held.inspection.profile;
    const inspection: WorkspaceInspection = same
      ? held.inspection // nothing changed: the very inspection held
      : {
          profile: patch.profile,
          libraries: libraries.entries,
          tools: tools.entries,
          diagnostics: diagnostics.entries,
        };
    this.#held = { generation: patch.generation, inspection, libraries, tools, diagnostics };
    return inspection;
  }
}

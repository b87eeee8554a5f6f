/**
 * The workspace list's actions, as the page offers them: create, duplicate, rename, delete (undo for
 * a few seconds), open a link or file as a new workspace in review mode, Trust (and run) / Keep /
 * Discard, and keeping a workspace another tab deleted. See session-core.svelte.ts for switching.
 */
import { SessionCore, type SessionDeps } from './session-core.svelte.ts';
import { cleanName, freeName, newWorkspaceId, type Review, type WorkspaceEntry } from '../workspace/list-format.ts';
import type { RemovedWorkspace } from '../workspace/list-store.ts';
import { DEFAULT_SETTINGS } from '../workspace/store.ts';
import { lastCalls } from '../workspace/telemetry-store.ts';
import { decodeShared, hasShareMark } from '../share/codec.ts';
import { ShareError } from '../share/errors.ts';
import { contentOf, sharedName } from '../share/apply.ts';
import { acceptSources, offersOf, originOf, type SourceKey, type SourceOffer } from '../share/sources.ts';
import type { Earlier, OpenRequest } from './open-workspace.ts';
import { agentOfStart } from '../agent/scripted-start.ts';
import { messageOf } from './playground.svelte.ts';

export type { SessionDeps };
/** The notice of a link or file that could not be opened. */
const NOT_OPENED = 'The shared workspace was not opened';
/** How long a deleted workspace can be brought back. */
const UNDO_MS = 10_000;

export class Session extends SessionCore {
  #undo = $state.raw<{ removed: RemovedWorkspace; wasCurrent: boolean } | null>(null);
  #undoTimer: ReturnType<typeof setTimeout> | undefined;
  /** The workspace shown before a shared one was opened: Discard goes back to it. */
  #previous: string | null = null;

  static async start(deps: SessionDeps): Promise<Session> {
    const session = new Session(deps);
    await session.boot();
    return session;
  }

  /** The name of the workspace that Undo would bring back, or null. */
  get undoable(): string | null {
    return this.#undo?.removed.entry.name ?? null;
  }

  async create(name?: string): Promise<boolean> {
    const entry = this.#newEntry(cleanName(name ?? '') || `Workspace ${this.catalog.entries.length + 1}`);
    if (!(await this.#mayLeave())) return false;
    await this.deps.list.create(
      entry,
      { files: new Map(), folders: [], settings: structuredClone(DEFAULT_SETTINGS) },
      this.currentId,
    );
    await this.catalog.changed();
    return this.switchTo(entry.id);
  }

  /** A copy of `id` (files, settings, telemetry, review state), opened. */
  async duplicate(id = this.currentId): Promise<boolean> {
    const source = this.catalog.entry(id);
    if (!source || (id === this.currentId && !(await this.#mayLeave()))) return false;
    await this.saveTelemetry();
    const entry = this.#newEntry(`${source.name} (copy)`, source.review);
    await this.deps.list.duplicate(id, entry);
    await this.catalog.changed();
    return this.switchTo(entry.id);
  }

  async rename(id: string, name: string): Promise<boolean> {
    const clean = cleanName(name);
    if (!clean) return (this.tell('Not renamed', 'A workspace needs a name.'), false);
    await this.deps.list.change(id, { name: clean });
    await this.catalog.changed();
    return true;
  }

  /** Deletes `id` (the open one too: this tab moves to `goTo`, a neighbour, or a new workspace first); Undo brings it back. */
  async remove(id: string, goTo: string | null = null): Promise<boolean> {
    const wasCurrent = id === this.currentId;
    if (wasCurrent) {
      const entries = this.catalog.entries;
      const at = entries.findIndex((e) => e.id === id);
      const next = [goTo, entries[at + 1]?.id, entries[at - 1]?.id].find((n) => n && n !== id && this.catalog.entry(n));
      if (!(next ? await this.switchTo(next) : await this.create())) return false;
    }
    const removed = await this.deps.list.remove(id);
    void this.deps.kept?.forget(id);
    await this.catalog.changed();
    if (removed) {
      clearTimeout(this.#undoTimer);
      this.#undo = { removed, wasCurrent };
      this.#undoTimer = setTimeout(() => (this.#undo = null), UNDO_MS);
    }
    return true;
  }

  async undoRemove(): Promise<void> {
    const undo = this.#undo;
    if (!undo) return;
    clearTimeout(this.#undoTimer);
    this.#undo = null;
    await this.deps.list.restore(undo.removed);
    await this.catalog.changed();
    if (undo.wasCurrent) await this.switchTo(undo.removed.entry.id);
  }

  /**
   * A link or `.toolplay.json` as a new workspace in review mode; a refusal is one notice and changes
   * nothing. `fileName`: the file's name, when it came as a file (the workspace names where its sources came from).
   */
  async openShared(input: string | Uint8Array, fileName?: string): Promise<boolean> {
    const refuse = (why: string): false => {
      this.tell(NOT_OPENED, `${why.replace(/[.\s]+$/, '')}. Every workspace is as it was.`);
      return false;
    };
    let shared;
    try {
      shared = decodeShared(input);
    } catch (e) {
      // A ShareError says what is wrong with the link; anything else is toolplay's fault, said as plainly.
      return refuse(e instanceof ShareError ? e.message : `toolplay could not read it (${messageOf(e)})`);
    }
    if (!(await this.#mayLeave())) return false;
    const entry = this.#newEntry(cleanName(shared.name ?? '') || sharedName(this.now()), 'pending');
    try {
      await this.deps.list.create(entry, contentOf(shared, originOf(input, fileName)), this.currentId);
    } catch (e) {
      return refuse(`it could not be stored in this browser: ${messageOf(e)}`);
    }
    // What the link brought, for the schema diff ("the link it was opened from"); the workspace is fine without it.
    await this.deps.versions
      ?.save(entry.id, { savedAt: this.now().getTime(), files: new Map(shared.files) }, 'link')
      .catch(() => {});
    await this.catalog.changed();
    this.#previous = this.currentId;
    const opened = await this.switchTo(entry.id);
    // An earlier link's refusal is old news once a link has opened.
    if (opened && this.notice?.title === NOT_OPENED) this.dismissNotice();
    return opened;
  }

  /** Another workspace's files as stored (the schema diff compares with them). */
  async filesOf(id: string): Promise<Map<string, Uint8Array>> {
    return new Map((await this.deps.records.load(id)).files);
  }

  /** Uploaded files that were left out (a look-alike name), each with its one line. */
  tellNotAdded(lines: readonly string[]): void {
    this.tell('Not added', lines.join(' '));
  }

  /** A lesson or a gallery example as a new workspace of its own (named after it), opened: nothing is replaced. */
  readonly openAsNew = async (request: OpenRequest): Promise<boolean> => {
    if (!(await this.#mayLeave())) return false;
    const entry = { ...this.#newEntry(request.title), ...(request.origin ? { origin: request.origin } : {}) };
    const files = bytesOf(request);
    const settings = {
      ...structuredClone(DEFAULT_SETTINGS),
      profile: request.profile,
      openPath: request.openPath,
      args: request.args ?? {},
      tool: request.tool ?? null,
      ...(request.agent ? { agent: agentOfStart(request.agent) } : {}),
    };
    await this.deps.list.create(entry, { files, folders: [], settings }, this.currentId);
    await this.catalog.changed();
    return this.switchTo(entry.id);
  };

  /** Workspaces made by examples and lessons: opening one again offers to go back to it. */
  readonly earlier: Earlier = {
    find: (origin) => {
      const made = this.catalog.entries.filter((e) => e.origin === origin);
      const last = made.reduce<WorkspaceEntry | null>((a, e) => (!a || e.created >= a.created ? e : a), null);
      return last ? { id: last.id, name: last.name } : null;
    },
    goTo: (id) => this.switchTo(id),
  };

  /**
   * A lesson's starting files put back into the open workspace ("Reset to start"): each replaced file's
   * version goes to its History; files the person added are left alone; the lesson's file opens.
   */
  readonly putBack = (request: OpenRequest): void => {
    this.workspace.applyChanges(
      [...bytesOf(request)].map(([path, content]) => ({ path, content })),
      'restore',
    );
    this.playground.openPath = request.openPath;
  };

  /** A link in the address bar: taken out of it first (a reload must not open it twice), then opened. */
  async openFromAddress(
    location: Pick<Location, 'hash' | 'pathname' | 'search'>,
    history: Pick<History, 'replaceState'>,
  ): Promise<void> {
    if (!hasShareMark(location.hash)) return;
    const link = location.hash;
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    // The page is up by now: nothing a link does may take it down (boot() would replace the page).
    try {
      await this.openShared(link);
    } catch (e) {
      this.tell(NOT_OPENED, `toolplay could not open it (${messageOf(e)}). Every workspace is as it was.`);
    }
  }

  /** What the open workspace's link or file asks for (mirror, index, proxy, network, Python) and did not get yet. */
  get linkSources(): { from: string; offers: SourceOffer[] } | null {
    const sources = this.reviewing ? this.workspace.settings.linkSources : undefined;
    return sources ? { from: sources.from, offers: offersOf(sources.asked) } : null;
  }

  /**
   * Leaves review mode for good; nothing runs (the person presses Run when they choose). Of the link's
   * sources only those in `accepted` become the workspace's settings (marked as set by the link); the
   * others stay the person's own.
   */
  async trust(accepted: Iterable<SourceKey> = []): Promise<void> {
    if (!this.reviewing) return;
    const sources = this.workspace.settings.linkSources;
    if (sources) {
      this.playground.packages.replace(acceptSources(sources, accepted, this.playground.packages.settings));
      this.workspace.update({ linkSources: undefined });
    }
    await this.#setReview('trusted');
  }

  /** Trust, then the sender's call: the selected tool with the arguments in the form. */
  async trustAndRun(accepted: Iterable<SourceKey> = []): Promise<void> {
    if (!this.reviewing) return;
    await this.trust(accepted);
    // The link's tool is known once Python has listed the tools: a Trust pressed while it starts waits for that.
    await this.playground.refresh();
    if (this.playground.selectedTool) await this.playground.call();
  }

  async keep(): Promise<void> {
    await this.#setReview(null);
  }

  async discard(): Promise<void> {
    await this.remove(this.currentId, this.#previous);
  }

  /** The open workspace was deleted in another tab: its files, as this tab has them, become a new workspace. */
  async keepAsNew(): Promise<boolean> {
    const ws = this.workspace;
    const log = this.playground.telemetry;
    const entry = this.#newEntry(`${this.name || 'My workspace'} (kept)`);
    const settings = $state.snapshot(ws.settings);
    await this.deps.list.create(entry, {
      files: ws.files,
      folders: ws.folders,
      settings,
      telemetry: { events: lastCalls(log.events), recorded: log.recordedCalls },
    });
    await this.catalog.changed();
    return this.switchTo(entry.id);
  }

  async #setReview(review: Review): Promise<void> {
    await this.deps.list.change(this.currentId, { review });
    await this.catalog.changed();
  }

  async #mayLeave(): Promise<boolean> {
    const reason = await this.leaveBlocked();
    if (reason) this.tell('Still on this workspace', reason);
    return reason === null;
  }

  #newEntry(name: string, review: Review = null): WorkspaceEntry {
    return {
      id: newWorkspaceId(),
      name: freeName(
        name,
        this.catalog.entries.map((e) => e.name),
      ),
      created: this.now().getTime(),
      review,
    };
  }
}

const encoder = new TextEncoder();
const bytesOf = (request: OpenRequest): Map<string, Uint8Array> =>
  new Map(
    Object.entries(request.files).map(([path, content]) => [
      path,
      typeof content === 'string' ? encoder.encode(content) : content,
    ]),
  );

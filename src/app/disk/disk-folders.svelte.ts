/**
 * "Open folder on disk" for the whole page: the browser's folder picker (File System Access API,
 * Chromium and Edge), the folder read as a new workspace named after it, and each workspace's
 * link to its folder (disk-link.svelte.ts), made once per open workspace. Where the browser has
 * no picker it says so and points to the upload and zip paths.
 */
import type { OpenRequest } from '../open-workspace.ts';
import { ImportRefusal } from '../transfer/import-plan.ts';
import { directoryPicker, isAbort, type DiskDirectoryHandle } from './directory-handle.ts';
import { DiskLink, type LinkWorkspace, type LookTriggers } from './disk-link.svelte.ts';
import type { DiskLinkStore } from './link-store.ts';
import { readFolder } from './open-folder.ts';

export const UNSUPPORTED =
  'This browser cannot keep a folder on disk in step with toolplay: that needs the File System Access API, which Chromium-based browsers (Chrome, Edge) have and Firefox and Safari do not. Use Upload folder or a .zip instead, and Download zip to take the files back.';

export class DiskFolders {
  readonly #store: DiskLinkStore;
  readonly #triggers: () => LookTriggers;
  readonly #picker: (() => Promise<DiskDirectoryHandle>) | null;
  readonly #links = new WeakMap<LinkWorkspace, DiskLink>();
  #message = $state<string | null>(null);

  constructor(
    store: DiskLinkStore,
    triggers: () => LookTriggers,
    picker: (() => Promise<DiskDirectoryHandle>) | null = directoryPicker(),
  ) {
    this.#store = store;
    this.#triggers = triggers;
    this.#picker = picker;
  }

  get supported(): boolean {
    return this.#picker !== null;
  }
  /** Why a folder was not opened, or that this browser cannot (null: nothing to say). */
  get message(): string | null {
    return this.#message;
  }
  dismiss(): void {
    this.#message = null;
  }

  /** The workspace's link (loaded from storage the first time it is asked for). */
  linkFor(ws: LinkWorkspace): DiskLink {
    let link = this.#links.get(ws);
    if (!link) {
      link = new DiskLink(ws, this.#store, this.#triggers());
      this.#links.set(ws, link);
      void link.load();
    }
    return link;
  }

  /** Picks a folder and opens it as a new workspace kept in step with it; `current` is the workspace then open. */
  async open(openAsNew: (request: OpenRequest) => Promise<boolean>, current: () => LinkWorkspace): Promise<void> {
    this.#message = null;
    if (!this.#picker) return void (this.#message = UNSUPPORTED);
    let handle: DiskDirectoryHandle;
    try {
      handle = await this.#picker();
    } catch (e) {
      if (!isAbort(e)) this.#message = `The folder was not opened: ${(e as Error).message}`;
      return;
    }
    let contents;
    try {
      contents = await readFolder(handle);
    } catch (e) {
      if (!(e instanceof ImportRefusal)) throw e;
      return void (this.#message = `“${handle.name}” was not opened: ${e.message}.`);
    }
    const { files, base, openPath, refused } = contents;
    if (!(await openAsNew({ title: handle.name, files, openPath, profile: 'lcp' }))) return;
    await this.linkFor(current()).connect(handle, base);
    if (refused.length)
      this.#message = `Left out of “${handle.name}” (names toolplay cannot take): ${refused.join('; ')}.`;
  }
}

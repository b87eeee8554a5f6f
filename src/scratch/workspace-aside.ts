/**
 * While a scratch call runs, its copy IS /workspace: the real workspace is set aside where no path
 * reaches it, so a tool that writes `/workspace/tools/x.py` (or anything under /workspace by an
 * absolute path) changes the copy, never the person's files (issue 29). A fresh in-memory
 * filesystem is mounted over /workspace (the mirror's files stay below it, untouched and
 * unreachable) and gets the copy; the folders a CLI mounted from the disk (NODEFS, at their own
 * absolute paths) are taken down for the call, an empty folder in their place. `restore()` puts
 * everything back, whatever the call did (finished, raised, timed out, stopped); LCP's sessions of
 * the files under /workspace wait apart meanwhile, so the scratch call's imported modules never
 * serve a later normal call. What this cannot stop: a tool that reaches the runtime's JavaScript
 * (`import js`) can unmount or write anything in this process (docs/security/caps.md).
 */
import type { Engine } from '../engine/engine.ts';
import type { EngineMount } from '../engine/fs.ts';
import { WORKSPACE_ROOT } from '../protocol/worker.ts';

export interface WorkspaceAside {
  /** Takes the copy down and puts the real /workspace (and any disk folders) back. */
  restore(): void;
}

const pyString = (text: string): string => JSON.stringify(text);

/** Sets the real /workspace (and the disk folders) aside and mounts an empty one in its place. */
export function setWorkspaceAside(engine: Engine): WorkspaceAside {
  const fs = engine.fs;
  const { MEMFS, NODEFS } = fs.filesystems;
  const disk: EngineMount[] = fs
    .getMounts(fs.root.mount)
    .filter((m) => m.type === NODEFS && m.mountpoint !== WORKSPACE_ROOT)
    .sort((a, b) => b.mountpoint.length - a.mountpoint.length); // inner ones first
  const made = !fs.analyzePath(WORKSPACE_ROOT).exists;
  const workspaceMount = fs.getMounts(fs.root.mount).find((m) => m.mountpoint === WORKSPACE_ROOT) ?? null;
  const undo: Array<() => void> = [];
  const restore = (): void => {
    let failure: unknown = null;
    for (const step of undo.reverse())
      try {
        step();
      } catch (e) {
        failure ??= e;
      }
    undo.length = 0;
    if (failure)
      throw failure instanceof Error ? failure : new Error('the workspace could not be put back', { cause: failure });
  };
  try {
    engine.py.runPython(`from toolplay.hosts.lcp import runner; runner.sessions_aside(${pyString(WORKSPACE_ROOT)})`);
    undo.push(() => {
      engine.py.runPython(`from toolplay.hosts.lcp import runner; runner.sessions_back(${pyString(WORKSPACE_ROOT)})`);
    });
    for (const m of disk) {
      fs.unmount(m.mountpoint);
      undo.push(() => fs.mount(m.type, m.opts, m.mountpoint));
      fs.mount(MEMFS, {}, m.mountpoint);
      undo.push(() => fs.unmount(m.mountpoint));
    }
    if (made) {
      fs.mkdirTree(WORKSPACE_ROOT);
      undo.push(() => fs.rmdir(WORKSPACE_ROOT));
    }
    if (workspaceMount) {
      // /workspace is itself a mount (a disk folder): down for the call, back after.
      fs.unmount(WORKSPACE_ROOT);
      undo.push(() => fs.mount(workspaceMount.type, workspaceMount.opts, WORKSPACE_ROOT));
    }
    fs.mount(MEMFS, {}, WORKSPACE_ROOT);
    undo.push(() => fs.unmount(WORKSPACE_ROOT));
  } catch (e) {
    restore();
    throw e;
  }
  return { restore };
}

/**
 * Which tools folder a workspace uses: a Loki `functions/tools/` folder, or an LCP/LTP `tools/` folder.
 * The worker mounts the workspace at /workspace, so engine paths are workspace paths under it.
 */
export const MOUNT = '/workspace';

export interface ToolsFolder {
  kind: 'lcp' | 'loki';
  /** The tools folder, relative to the workspace root. */
  toolsDir: string;
  /** What the engine scans. */
  enginePaths: string[];
}

export function toolsFolderOf(paths: readonly string[], folders: readonly string[] = []): ToolsFolder {
  const loki =
    paths.some((p) => p.startsWith('functions/tools/')) ||
    folders.some((f) => f === 'functions/tools' || f.startsWith('functions/tools/'));
  const toolsDir = loki ? 'functions/tools' : 'tools';
  return { kind: loki ? 'loki' : 'lcp', toolsDir, enginePaths: [toEnginePath(toolsDir)] };
}

export function toEnginePath(rel: string): string {
  return `${MOUNT}/${rel}`;
}

/** The workspace path of an engine path, or null when it lies outside the workspace. */
export function fromEnginePath(abs: string): string | null {
  return abs.startsWith(`${MOUNT}/`) ? abs.slice(MOUNT.length + 1) : null;
}

/** `tools/notes.py` → `notes`: lollms keys host configuration by file stem. */
export function stemOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
